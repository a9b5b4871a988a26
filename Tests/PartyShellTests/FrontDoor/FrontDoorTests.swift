import Foundation
import Testing

extension EndToEnd {
    /// partyclient through a TLS front door (nginx with a test CA) to a LAN host's WebSocket, the
    /// way guests reach a server's room from anywhere.
    @Suite("Through a TLS front door", .enabled(if: FrontDoor.available, "needs nginx and openssl"), .timeLimit(.minutes(3)))
    struct FrontDoorTests {
        /// The host the tests put behind the door.
        static func host() async throws -> (host: LiveProcess, port: Int) {
            try await LineModeHost.start(["--no-advertise"])
        }

        @Test("partyclient https://…/ --ca-file plays a whole game in line mode over wss, through nginx, to the host's /ws")
        func wholeGameOverTLS() async throws {
            let (host, hostPort) = try await Self.host()
            defer { host.stop() }
            let door = try await FrontDoor(hostPort: hostPort)

            let client = try LiveProcess(Executables.path("partyclient"),
                                         [door.url(), "--ca-file", door.authority.caFile, "--line-mode", "--name", "Bob"])
            defer { client.stop() }
            try #require(await client.waitForLine(timeout: .seconds(15)) { $0.hasPrefix("Joined Dee's Four in a Row") } != nil,
                         "\(client.transcript)\n\(door.errorLog)")
            client.send("ready")
            let player = LinePlayer(client: client)
            let result = try #require(await player.play(timeout: .seconds(90)), "the game did not end:\n\(client.transcript)\n\(host.transcript)")
            #expect(result.moves >= 3)
            #expect(result.gameOver.contains("wins with four in a row") || result.gameOver.contains("Draw"), "\(result.gameOver)")

            client.send("q")
            #expect(await client.waitForExit(timeout: .seconds(10)) == 0, "\(client.transcript)")
            #expect(client.output.contains("You left the session."), "\(client.transcript)")
            // The game went through nginx: its access log has the upgrade, answered 101.
            #expect(await Poll.until(timeout: .seconds(30)) { door.accessLog.contains("GET /ws HTTP/1.1\" 101") }, "\(door.accessLog)")
        }

        @Test("when the front door drops every connection mid-game, partyclient gets its seat back over wss and the game goes on")
        func reconnectThroughTheDoor() async throws {
            let (host, hostPort) = try await Self.host()
            defer { host.stop() }
            let door = try await FrontDoor(hostPort: hostPort)

            let client = try LiveProcess(Executables.path("partyclient"),
                                         [door.url(), "--ca-file", door.authority.caFile, "--line-mode", "--name", "Bob"])
            defer { client.stop() }
            try #require(await client.waitForLine(timeout: .seconds(15)) { $0.hasPrefix("Joined Dee's Four in a Row") } != nil,
                         "\(client.transcript)\n\(door.errorLog)")
            client.send("ready")
            try #require(await client.waitForLine(timeout: .seconds(15)) { $0.contains(" | moves ") && $0.contains("Your turn") } != nil,
                         "\(client.transcript)")

            try await door.restart()
            #expect(await client.waitForLine(timeout: .seconds(20)) { $0.hasPrefix("! Connection lost") } != nil, "\(client.transcript)")
            #expect(await client.waitForLine(timeout: .seconds(20)) { $0.hasPrefix("! Reconnected") } != nil,
                    "\(client.transcript)\n\(door.errorLog)\n\(host.transcript)")

            // The same seat (the host never saw a second Bob), and the game plays on to its end.
            let result = try #require(await LinePlayer(client: client).play(timeout: .seconds(90)),
                                      "the game did not end:\n\(client.transcript)\n\(host.transcript)")
            #expect(result.gameOver.contains("wins with four in a row") || result.gameOver.contains("Draw"), "\(result.gameOver)")
            #expect(!host.output.contains("Bob (2)") && !client.output.contains("Bob (2)"), "\(host.transcript)")
            client.send("q")
            #expect(await client.waitForExit(timeout: .seconds(10)) == 0, "\(client.transcript)")
        }

        @Test("full screen: partyclient https://…/ in tmux joins through the front door and shows the board",
              .enabled(if: TestTools.tmux, "tmux is missing: apt-get install tmux"))
        func fullScreenOverTLS() async throws {
            let (host, hostPort) = try await Self.host()
            defer { host.stop() }
            let door = try await FrontDoor(hostPort: hostPort)
            let tmux = try TmuxServer(width: 90, height: 28, command: TmuxServer.paneCommand([
                Executables.path("partyclient"), door.url(), "--ca-file", door.authority.caFile, "--name", "Bob",
            ]))
            defer { tmux.kill() }
            let (joined, lobby) = await tmux.waitForScreen("s:0", timeout: .seconds(15)) { $0.contains("Players (2 of 2") }
            try #require(joined, "Bob never joined; the screen was:\n\(lobby)\n\(door.errorLog)")
            try await tmux.send("s:0", "Enter")
            let (playing, board) = await tmux.waitForScreen("s:0", timeout: .seconds(15)) { FourInARowScreen(tui: $0) != nil }
            #expect(playing, "the board never showed:\n\(board)")
        }

        @Test("without --ca-file the test CA's certificate is refused: one sentence, status 69, no seat taken")
        func untrustedCertificate() async throws {
            let (host, hostPort) = try await Self.host()
            defer { host.stop() }
            let door = try await FrontDoor(hostPort: hostPort)

            let (status, output) = try await Executables.run("partyclient", [door.url(), "--line-mode", "--name", "Bob"])
            #expect(status == 69, "\(output)")
            let lines = output.split(separator: "\n").map(String.init)
            #expect(lines == ["Error: The certificate of https://127.0.0.1:\(door.port) could not be verified (it is not signed by a certificate authority this machine trusts), so nothing was sent; if it is your own certificate authority, trust it with --ca-file."],
                    "\(output)")
            #expect(!host.output.contains("Bob"), "\(host.transcript)")
        }

        @Test("a room's URL asks for /CODE/ws: https://…/abcd/ (lower case, trailing slash) joins room ABCD")
        func roomPath() async throws {
            let (host, hostPort) = try await Self.host()
            defer { host.stop() }
            // Only room ABCD's WebSocket leads to the LAN host's /ws (`partyhost serve` will answer
            // /ABCD/ws itself; this location stands in for it); any other path is 404.
            let door = try await FrontDoor(hostPort: hostPort, extraLocations: """
                        location = /ABCD/ws { proxy_pass http://127.0.0.1:\(hostPort)/ws; }
                        location ~ "^/[A-Z]{4}/ws$" { return 404; }
                """)
            let client = try LiveProcess(Executables.path("partyclient"),
                                         [door.url("abcd/"), "--ca-file", door.authority.caFile, "--line-mode", "--name", "Bob"])
            defer { client.stop() }
            try #require(await client.waitForLine(timeout: .seconds(15)) { $0.hasPrefix("Joined Dee's Four in a Row") } != nil,
                         "\(client.transcript)\n\(door.errorLog)")
            client.send("q")
            #expect(await client.waitForExit(timeout: .seconds(10)) == 0, "\(client.transcript)")

            let (status, output) = try await Executables.run("partyclient", [door.url("WXYZ"), "--ca-file", door.authority.caFile,
                                                                              "--line-mode", "--name", "Cy"])
            #expect(status != 0, "\(output)")
            #expect(output.contains("There is no room at wss://127.0.0.1:\(door.port)/WXYZ/ws (the server answered 404)"), "\(output)")
        }

        @Test("--connect HOST:PORT --room CODE joins over plain WebSocket at /CODE/ws")
        func connectWithRoom() async throws {
            let (host, hostPort) = try await Self.host()
            defer { host.stop() }
            // Plain HTTP this time: nginx on its own port, rewriting /ABCD/ws to the host's /ws.
            let door = try await FrontDoor(hostPort: hostPort, plain: true, extraLocations: """
                        location = /ABCD/ws { proxy_pass http://127.0.0.1:\(hostPort)/ws; }
                """)
            let client = try LiveProcess(Executables.path("partyclient"),
                                         ["--connect", "127.0.0.1:\(door.port)", "--room", "abcd", "--line-mode", "--name", "Bob"])
            defer { client.stop() }
            try #require(await client.waitForLine(timeout: .seconds(15)) { $0.hasPrefix("Joined Dee's Four in a Row") } != nil,
                         "\(client.transcript)\n\(door.errorLog)")
            client.send("q")
            #expect(await client.waitForExit(timeout: .seconds(10)) == 0, "\(client.transcript)")
            #expect(await Poll.until(timeout: .seconds(30)) { door.accessLog.contains("GET /ABCD/ws HTTP/1.1\" 101") }, "\(door.accessLog)")
        }
    }
}
