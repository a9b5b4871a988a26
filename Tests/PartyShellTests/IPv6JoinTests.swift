import Foundation
import Testing

extension EndToEnd {
    /// Two machines joined by a link with IPv6 only (issue 21: "No AAAA, no IPv6 joins"): the host
    /// publishes AAAA records, the client lists them and joins over IPv6.
    @Suite("Host and client on an IPv6-only link", .timeLimit(.minutes(2)))
    struct IPv6JoinTests {
        @Test("a client in namespace B lists the host in namespace A by its link-local IPv6 address and joins it",
              .enabled(if: TestTools.namespaces, "needs root with ip and unshare (network namespaces), as in CI"))
        func joinsOverIPv6() async throws {
            let port = TestTools.freePort()
            let host = TestTools.shellLine([
                Executables.path("partyhost"), "--game", "fourinarow", "--dedicated", "--bots", "1", "--port", "\(port)",
                "--interface", "veth-a", "--name", "Dana",
            ]) + " 2>&1 | sed -u 's/^/HOST: /'"
            let client = TestTools.shellLine([
                "sh", "\(TestTools.scripts)/ipv6_list_then_join.sh", Executables.path("partyclient"), "Dana's Four in a Row", "Eve",
            ])
            let network = try LiveProcess("sh", ["\(TestTools.scripts)/netns_game.sh", host, client],
                                          environment: ["PARTYHOST_NETNS_IPV6_ONLY": "1"], label: "netns IPv6 only")
            await check(network, port: port)
            network.send("q")
            network.closeInput()
            #expect(await network.waitForExit(timeout: .seconds(20)) == 0, "\(network.transcript)")
        }

        @Test("a client in namespace B joins from its numbered list on the IPv6-only link (no address typed)",
              .enabled(if: TestTools.namespaces, "needs root with ip and unshare (network namespaces), as in CI"))
        func joinsFromTheList() async throws {
            let host = TestTools.shellLine([
                Executables.path("partyhost"), "--game", "fourinarow", "--dedicated", "--bots", "1", "--interface", "veth-a", "--name", "Gil",
            ]) + " 2>&1 | sed -u 's/^/HOST: /'"
            // Started once veth-b has its link-local address (the kernel adds it when the link comes up).
            let client = "while ! ip -6 addr show dev veth-b | grep -q inet6; do sleep 0.1; done; "
                + TestTools.shellLine([Executables.path("partyclient"), "--interface", "veth-b", "--line-mode", "--name", "Fay"])
            let network = try LiveProcess("sh", ["\(TestTools.scripts)/netns_game.sh", host, client],
                                          environment: ["PARTYHOST_NETNS_IPV6_ONLY": "1"], label: "netns IPv6 only, list")
            if await network.waitForLine(timeout: .seconds(30), { $0.hasPrefix("1. Gil's Four in a Row") }) != nil {
                network.send("1")
                #expect(await network.waitForLine(timeout: .seconds(15), { $0.hasPrefix("Joined Gil's Four in a Row") }) != nil,
                        "\(network.transcript)")
            } else {
                Issue.record("the session was never listed:\n\(network.transcript)")
            }
            network.send("q")
            network.closeInput()
            #expect(await network.waitForExit(timeout: .seconds(20)) != nil, "\(network.transcript)")
        }

        /// Records failures instead of throwing, so the caller always cleans up.
        func check(_ network: LiveProcess, port: Int) async {
            guard let listed = await network.waitForLine(timeout: .seconds(30), { $0.hasPrefix("LISTED ") || $0 == "NOT FOUND" }),
                  listed.hasPrefix("LISTED ") else {
                Issue.record("the client never listed the host:\n\(network.transcript)")
                return
            }
            let session = try? JSONDecoder().decode(ListedSession.self, from: Data(listed.dropFirst("LISTED ".count).utf8))
            let addresses = session?.addresses ?? []
            #expect(!addresses.isEmpty && addresses.allSatisfy { $0.hasPrefix("fe80::") && $0.hasSuffix("%veth-b") }, "\(listed)")
            #expect(session?.port == port)
            let text = network.output.split(separator: "\n").first { $0.hasPrefix("TEXT ") }
            #expect(text?.contains("\t[fe80::") == true && text?.contains("%veth-b]:\(port)") == true, "\(network.transcript)")
            guard await network.waitForLine(timeout: .seconds(10), { $0.hasPrefix("Joined Dana's Four in a Row") }) != nil else {
                Issue.record("the client never joined:\n\(network.transcript)")
                return
            }
        }
    }
}
