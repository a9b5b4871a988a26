import FuzzChecks

/// libFuzzer's entry point: one input, checked as one frame body.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMessages(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    MessageChecks.check(body: Array(UnsafeBufferPointer(start: data, count: count)))
    return 0
}
