import Foundation
import Testing

extension EndToEnd {
    /// A session advertised only on loopback, on a machine that also has a network (issue 21: a
    /// default partyclient on the same machine did not see it).
    @Suite("A local-only session on a machine with a network", .timeLimit(.minutes(1)))
    struct LocalOnlySessionTests {
        @Test("a default partyclient on the same machine lists a host that advertises only on lo",
              .enabled(if: TestTools.namespaces, "needs root with ip and unshare (network namespaces), as in CI"))
        func listedByDefault() async throws {
            let run = try LiveProcess("sh", ["\(TestTools.scripts)/local_only_session.sh", Executables.path("partyhost"), Executables.path("partyclient")],
                                      label: "local_only_session.sh")
            #expect(await run.waitForExit(timeout: .seconds(40)) == 0, "\(run.transcript)")
            let lines = run.output.split(separator: "\n").map(String.init)
            #expect(lines.contains("STATUS: 0"), "\(run.transcript)")
            #expect(lines.contains { $0.hasPrefix("LIST: Lou's Four in a Row\t") && $0.contains("\t127.0.0.1:") }, "\(run.transcript)")
        }
    }
}
