import Foundation
import Testing

extension EndToEnd {
    /// Two machines, as two network namespaces joined by a veth pair: the client finds the host
    /// across the link with mDNS and plays a game there.
    @Suite("Host and client in two network namespaces", .timeLimit(.minutes(2)))
    struct MultiHostTests {
        @Test("a client in namespace B lists the host in namespace A over veth and plays a whole game against its bot",
              .enabled(if: TestTools.namespaces, "needs root with ip and unshare (network namespaces), as in CI"))
        func acrossTheLink() async throws {
            let port = TestTools.freePort()
            let host = TestTools.shellLine([
                Executables.path("partyhost"), "--game", "fourinarow", "--dedicated", "--bots", "1", "--port", "\(port)",
                "--interface", "veth-a", "--name", "Carol",
            ]) + " 2>&1 | sed -u 's/^/HOST: /'"
            let client = TestTools.shellLine([
                "sh", "\(TestTools.scripts)/list_then_join.sh", Executables.path("partyclient"), "veth-b", "Carol's Four in a Row", "Bob",
            ])
            let network = try LiveProcess("sh", ["\(TestTools.scripts)/netns_game.sh", host, client], label: "netns_game.sh")
            await play(network, port: port)
            // End the client (and with it the script, which tears both namespaces down) in every path.
            network.send("q")
            network.closeInput()
            #expect(await network.waitForExit(timeout: .seconds(20)) == 0, "\(network.transcript)")
            #expect(network.output.contains("You left the session."), "\(network.transcript)")
        }

        /// Everything after the start; records failures instead of throwing, so the caller always cleans up.
        func play(_ network: LiveProcess, port: Int) async {
            guard let listed = await network.waitForLine(timeout: .seconds(30), { $0.hasPrefix("LISTED ") || $0 == "NOT FOUND" }),
                  listed.hasPrefix("LISTED ") else {
                Issue.record("the client never listed the host:\n\(network.transcript)")
                return
            }
            let session = try? JSONDecoder().decode(ListedSession.self, from: Data(listed.dropFirst("LISTED ".count).utf8))
            #expect(session?.name == "Carol's Four in a Row")
            // The IPv4 address first, then veth-a's link-local IPv6 address, scoped to B's side.
            #expect(session?.addresses.first == "10.99.0.1", "\(listed)")
            #expect(session?.addresses.dropFirst().allSatisfy { $0.hasPrefix("fe80::") && $0.hasSuffix("%veth-b") } == true, "\(listed)")
            #expect(session?.port == port)
            #expect(session?.txt["game"] == "fourinarow")
            #expect(await network.waitForLine(timeout: .seconds(5), { $0 == "CONNECT 10.99.0.1:\(port)" }) != nil, "\(network.transcript)")
            guard await network.waitForLine(timeout: .seconds(10), { $0.hasPrefix("Joined Carol's Four in a Row") }) != nil else {
                Issue.record("the client never joined:\n\(network.transcript)")
                return
            }
            network.send("ready")
            let player = LinePlayer(client: network, isClientLine: { !$0.hasPrefix("HOST: ") })
            guard let result = await player.play(timeout: .seconds(60)) else {
                Issue.record("the game did not end:\n\(network.transcript)")
                return
            }
            #expect(result.gameOver.contains("wins with four in a row") || result.gameOver.contains("Draw"), "\(result.gameOver)")
            #expect(result.moves >= 3)
        }
    }
}
