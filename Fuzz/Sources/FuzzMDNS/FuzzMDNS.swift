import FuzzChecks

/// libFuzzer's entry point: one input, checked as one mDNS packet.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMDNS(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    PacketChecks.check(packet: Array(UnsafeBufferPointer(start: data, count: count)))
    return 0
}
