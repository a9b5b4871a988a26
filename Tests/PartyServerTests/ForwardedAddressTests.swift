import NIOCore
import NIOEmbedded
@testable import PartyServer
import Testing

/// A party server behind a trusted proxy: each visitor's connections count toward the visitor's
/// own per-address limit, not the proxy's (which has none).
@Suite("Visitors behind a trusted proxy")
struct ForwardedAddressTests {
    @Test("a proxy's connections move to their visitors' counts; a visitor at its limit is refused; the proxy itself is unlimited")
    func reassign() {
        let registry = ConnectionRegistry(maxConnections: 100, maxPerAddress: 2, acceptsPerSecond: nil, acceptBurst: 1,
                                          unlimited: ["10.0.0.1"])
        var ids: [Int] = []
        for _ in 0..<5 {
            let (id, admission) = registry.admit(EmbeddedChannel(), address: "10.0.0.1", now: .now())
            #expect(admission == .admitted)
            ids.append(id)
        }
        #expect(registry.reassign(ids[0], to: "203.0.113.9"))
        #expect(registry.reassign(ids[1], to: "203.0.113.9"))
        #expect(!registry.reassign(ids[2], to: "203.0.113.9"))
        #expect(registry.reassign(ids[2], to: "198.51.100.4"))
        // A visitor's connection closing makes room for the next one.
        registry.closed(ids[0])
        #expect(registry.reassign(ids[3], to: "203.0.113.9"))
        // A connection that says it comes from the proxy (or loopback) is the proxy's own.
        #expect(registry.reassign(ids[4], to: "10.0.0.1"))
    }
}
