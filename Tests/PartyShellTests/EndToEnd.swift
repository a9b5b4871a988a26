import Testing

/// Every test that runs the executables against each other, one at a time: they share `lo`, its
/// mDNS names ("Alice's Four in a Row") and its ports, and the latency figures need a quiet machine.
@Suite("Executables end to end", .serialized)
enum EndToEnd {}
