import Foundation
import Testing

extension EndToEnd {
    /// The join lines on a machine whose network others cannot reach by IPv4 (issue "The room must
    /// never stick", point 21): the host gave `--connect 127.0.0.1` and a phone URL on 127.0.0.1
    /// on a link with IPv6 link-local addresses only.
    @Suite("The join lines on a link without IPv4", .timeLimit(.minutes(1)))
    struct JoinLinesTests {
        /// The host's lines in a namespace set up by join_lines.sh in `mode`.
        func hostLines(_ mode: String) async throws -> [String] {
            let run = try LiveProcess("sh", ["\(TestTools.scripts)/join_lines.sh", mode, Executables.path("partyhost")],
                                      label: "join_lines.sh \(mode)")
            #expect(await run.waitForExit(timeout: .seconds(30)) == 0, "\(run.transcript)")
            return run.output.split(separator: "\n").filter { $0.hasPrefix("HOST: ") }.map { String($0.dropFirst(6)) }
        }

        @Test("with IPv6 link-local addresses only, the join line gives one with its interface, and says a browser cannot join",
              .enabled(if: TestTools.namespaces, "needs root with ip and unshare (network namespaces), as in CI"))
        func linkLocalOnly() async throws {
            let lines = try await hostLines("linklocal")
            let join = try #require(lines.first { $0.hasPrefix("Players join with: ") }, "\(lines)")
            #expect(join.contains("--connect [fe80::") && (join.contains("%jl-a]:") || join.contains("%jl-b]:")), "\(join)")
            #expect(!lines.contains { $0.contains("127.0.0.1") }, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("This link has no IPv4 and no routable IPv6 address") }, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("Browsers and phones cannot join: a browser cannot open a link-local IPv6 address.") },
                    "\(lines)")
        }

        @Test("with no network at all, the join line gives loopback and says only this machine can join",
              .enabled(if: TestTools.namespaces, "needs root with ip and unshare (network namespaces), as in CI"))
        func loopbackOnly() async throws {
            let lines = try await hostLines("none")
            let join = try #require(lines.first { $0.hasPrefix("Players join with: ") }, "\(lines)")
            #expect(join.contains("--connect 127.0.0.1:"), "\(join)")
            #expect(lines.contains("This machine has no network address: only programs on this machine can join (127.0.0.1)."), "\(lines)")
            #expect(lines.contains { $0.hasPrefix("Browsers and phones join at: http://127.0.0.1:") }, "\(lines)")
        }
    }
}
