import FuzzChecks

/// libFuzzer's entry point: one input, checked as a byte stream of frames.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFrames(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    FrameChecks.check(stream: Array(UnsafeBufferPointer(start: data, count: count)))
    return 0
}
