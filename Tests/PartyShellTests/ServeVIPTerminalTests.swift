import Foundation
import PartyClient
import PartyWire
import Testing

extension EndToEnd {
    /// A terminal guest of a party server's room who becomes its VIP (the creator left for good)
    /// removes a player and ends the party from the full-screen client at 80×24.
    @Suite("A served room's VIP in a terminal", .timeLimit(.minutes(3)))
    struct ServeVIPTerminalTests {
        func want(_ tmux: TmuxServer, _ target: String, _ what: String, timeout: Duration = .seconds(20),
                  _ condition: (String) -> Bool) async throws -> String {
            let (ok, screen) = await tmux.waitForScreen(target, timeout: timeout, condition)
            try #require(ok, "\(target): \(what); the screen was:\n\(screen)")
            return screen
        }

        @Test("the VIP role passes to a full-screen guest, who gets r and e: r 1 removes Cy, e e ends the party for everyone")
        func vipInTheTerminal() async throws {
            let port = TestTools.freePort()
            let state = FileManager.default.temporaryDirectory.appendingPathComponent(TestTools.unique("serve")).path
            defer { try? FileManager.default.removeItem(atPath: state) }
            let server = try LiveProcess(Executables.path("partyhost"),
                                         ["serve", "--port", "\(port)", "--bind", "127.0.0.1", "--state", state, "--quiet"])
            defer { server.stop() }
            try #require(await server.waitForLine(timeout: .seconds(30)) { $0.hasPrefix("Serving parties on port \(port).") } != nil,
                         "\(server.transcript)")
            let curl = try LiveProcess("curl", ["-s", "-X", "POST", "-d", #"{"name":"Tmux party","games":["fourinarow","rps"]}"#,
                                                "http://127.0.0.1:\(port)/api/rooms"])
            #expect(await curl.waitForExit(timeout: .seconds(20)) == 0, "\(curl.transcript)")
            let answer = try JSONSerialization.jsonObject(with: Data(curl.output.utf8)) as? [String: String]
            let code = try #require(answer?["code"], "\(curl.transcript)")
            let key = try #require(answer?["key"])

            let bob = "s:0", cy = "s:1"
            let tmux = try TmuxServer(width: 80, height: 24, command: TmuxServer.paneCommand(
                [Executables.path("partyclient"), "--connect", "127.0.0.1:\(port)", "--room", code.lowercased(), "--name", "Bob"]))
            defer { tmux.kill() }
            // Ann, the creator, is in the room first (a framed client with the room's key), then
            // Bob's terminal; when Ann leaves for good, Bob (the longest present) is the VIP.
            var hello = Hello(protocol: 2, client: "vip-test", name: "Ann", game: "party", hostKey: key, features: ["teams"])
            hello.room = code
            try await PartyConnection.withConnection(to: HostAddress(host: "127.0.0.1", port: port), hello: hello) { connection, welcome in
                #expect(welcome.players.first { $0.name == "Ann" }?.host == true)
                _ = try await want(tmux, bob, "Bob never joined the room") { $0.contains("Ann") && $0.contains("Bob") }
                connection.leave()
            }
            let vip = try await want(tmux, bob, "Bob's key line never offered the VIP's keys") { $0.contains("r remove · e end party") }
            #expect(vip.contains("Ann left the party. Bob is now the VIP.") && vip.contains("Bob (VIP)"), "\(vip)")

            try await tmux.newWindow(TmuxServer.paneCommand([Executables.path("partyclient"), "--connect", "127.0.0.1:\(port)",
                                                       "--room", code, "--name", "Cy", "--line-mode"]))
            _ = try await want(tmux, bob, "Cy never showed on Bob's screen") { $0.contains("Cy") }
            try await tmux.send(bob, "r")
            _ = try await want(tmux, bob, "r did not ask whom to remove") { $0.contains("Remove whom? 1 Cy") }
            try await tmux.send(bob, "1")
            _ = try await want(tmux, cy, "Cy was not told") { $0.contains("The VIP removed you from the party.") }
            _ = try await want(tmux, bob, "Bob's scoreboard does not show Cy gone") { $0.contains("Cy (left)") && !$0.contains("Remove whom") }

            try await tmux.send(bob, "e")
            _ = try await want(tmux, bob, "e did not ask first") { $0.contains("e again ends it") }
            try await tmux.send(bob, "x")
            _ = try await want(tmux, bob, "another key did not keep the party") { $0.contains("The party goes on.") }
            try await tmux.send(bob, "e")
            _ = try await want(tmux, bob, "e did not ask first") { $0.contains("e again ends it") }
            try await tmux.send(bob, "e")
            let ended = try await want(tmux, bob, "the party did not end") { $0.contains("[exited") }
            #expect(ended.contains("Bob, the VIP, ended the party.") || ended.contains("The VIP ended the party."), "\(ended)")
            // The room is gone: its code answers 404.
            let gone = try await TestTools.running(["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "http://127.0.0.1:\(port)/api/rooms/\(code)"], timeout: 20)
            #expect(gone.output == "404", "\(gone)")
        }
    }
}
