import Foundation
import Testing

extension EndToEnd {
    /// Discovery on a machine whose only network besides loopback is IPv6 (issue 21: every mDNS
    /// socket failed there with "Bad multicast group address family").
    @Suite("Discovery on a machine with IPv6 but no IPv4 network", .timeLimit(.minutes(1)))
    struct IPv6OnlyLinkTests {
        @Test("a host advertising on lo is listed by a client on lo, and warns of nothing",
              .enabled(if: TestTools.namespaces, "needs root with ip and unshare (network namespaces), as in CI"))
        func listedOnLoopback() async throws {
            let run = try LiveProcess("sh", ["\(TestTools.scripts)/ipv6_only_link.sh", Executables.path("partyhost"), Executables.path("partyclient")],
                                      label: "ipv6_only_link.sh")
            #expect(await run.waitForExit(timeout: .seconds(40)) == 0, "\(run.transcript)")
            let lines = run.output.split(separator: "\n").map(String.init)
            #expect(lines.contains("STATUS: 0"), "\(run.transcript)")
            #expect(lines.contains { $0.hasPrefix("LIST: Ivy's Four in a Row\t") }, "\(run.transcript)")
            #expect(!lines.contains { $0.hasPrefix("HOST: ") && $0.contains("not advertised") }, "\(run.transcript)")
            // The join hint on a machine with IPv6 only is its IPv6 address (the host listens there).
            #expect(lines.contains { $0.hasPrefix("HOST: ") && $0.contains("--connect [fd00:99::1]:") }, "\(run.transcript)")
        }
    }
}
