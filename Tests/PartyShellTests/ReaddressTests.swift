import Foundation
import Testing

extension EndToEnd {
    /// A host whose interface gets a new address while it runs (issue 21: nobody found it again).
    @Suite("A host that changes address", .timeLimit(.minutes(2)))
    struct ReaddressTests {
        @Test("three seconds after the host's address changes, a client lists the session at the new address",
              .enabled(if: TestTools.namespaces, "needs root with ip and unshare (network namespaces), as in CI"))
        func newAddressAnnounced() async throws {
            let host = TestTools.shellLine([
                Executables.path("partyhost"), "--game", "fourinarow", "--dedicated", "--interface", "veth-a", "--name", "Rita", "--line-mode",
            ]) + " </dev/null 2>&1 | sed -u 's/^/HOST: /'"
            let client = TestTools.shellLine(["sh", "\(TestTools.scripts)/readdress.sh", Executables.path("partyclient"), "3"])
            let network = try LiveProcess("sh", ["\(TestTools.scripts)/netns_game.sh", host, client], label: "netns readdress")
            #expect(await network.waitForExit(timeout: .seconds(60)) == 0, "\(network.transcript)")
            let lines = network.output.split(separator: "\n").map(String.init)
            let before = lines.filter { $0.hasPrefix("BEFORE: Rita's Four in a Row\t") }
            let after = lines.filter { $0.hasPrefix("AFTER: Rita's Four in a Row\t") }
            #expect(before.count == 1 && before[0].contains("\t10.99.0.1:"), "\(network.transcript)")
            #expect(after.count == 1 && after[0].contains("\t10.99.0.5:") && !after[0].contains("10.99.0.1"), "\(network.transcript)")
        }
    }
}
