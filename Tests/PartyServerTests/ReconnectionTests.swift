import FourInARow
import PartyClient
import PartyKit
import PartyServer
import PartyWire
import Testing

@Suite("Sessions survive dropped connections", .timeLimit(.minutes(1)))
struct ReconnectionTests {
    /// Seats Alice (host player) and Bob on raw connections and starts a game; returns their tokens.
    static func startGame(_ alice: inout RawClient, _ bob: inout RawClient, hostKey: String) async throws -> (String, String) {
        try await alice.hello("Alice", hostKey: hostKey)
        let aliceToken = try await alice.next("welcome")?["token"] as? String ?? ""
        try await bob.hello("Bob")
        let bobToken = try await bob.next("welcome")?["token"] as? String ?? ""
        try await alice.send("ready", "\"ready\": true")
        try await bob.send("ready", "\"ready\": true")
        _ = try await alice.next("view")
        _ = try await bob.next("view")
        return (aliceToken, bobToken)
    }

    @Test("a dropped player keeps the seat, the others are told, and the token brings the game back where it was")
    func tokenBringsSeatBack() async throws {
        try await withHost(FourInARow.self) { host, port in
            try await RawClient.with(port: port) { alice in
                var bobToken = ""
                try await RawClient.with(port: port) { bob in
                    (_, bobToken) = try await Self.startGame(&alice, &bob, hostKey: host.hostKey)
                    try await alice.send("move", "\"move\": {\"column\": 4}")
                    _ = try await alice.next("view")
                    _ = try await bob.next("view")
                }  // Bob's connection drops without a goodbye.
                let lobby = try await alice.next("lobby")
                let players = lobby?["players"] as? [[String: Any]] ?? []
                #expect(players.first { $0["name"] as? String == "Bob" }?["connected"] as? Bool == false)
                #expect((lobby?["message"] as? String)?.hasPrefix("Bob is reconnecting…") == true, "\(String(describing: lobby))")
                #expect(((players.first { $0["name"] as? String == "Bob" }?["graceMs"] as? Int) ?? 0) > 25_000)

                try await RawClient.with(port: port) { bobAgain in
                    try await bobAgain.send("hello", "\"protocol\": 1, \"client\": \"t\", \"clientVersion\": \"1\", \"name\": \"Bob\", \"token\": \"\(bobToken)\"")
                    let welcome = try await bobAgain.next("welcome")
                    #expect(welcome?["reconnected"] as? Bool == true)
                    #expect(welcome?["seat"] as? Int == 1)
                    #expect(welcome?["token"] as? String != bobToken)
                    // The current position comes back: Alice's disc in column 4, and it is Bob's turn.
                    let view = try await bobAgain.next("view")
                    #expect(view?["yourTurn"] as? Bool == true)
                    let board = (view?["view"] as? [String: Any])?["board"] as? [String]
                    #expect(board?.last == "...0...")
                    try await bobAgain.send("move", "\"move\": {\"column\": 5}")
                    #expect(try await bobAgain.next("view")?["yourTurn"] as? Bool == false)
                }
            }
        }
    }

    @Test("a wrong token, and a token that was already used, are rejected")
    func badTokens() async throws {
        try await withHost(FourInARow.self) { host, port in
            try await RawClient.with(port: port) { alice in
                var bobToken = ""
                try await RawClient.with(port: port) { bob in
                    (_, bobToken) = try await Self.startGame(&alice, &bob, hostKey: host.hostKey)
                }
                /// The answer's type, or the reject's reason. After a welcome the client sends a
                /// message, which shows the host it has the new token.
                func tryToken(_ token: String) async throws -> String? {
                    try await RawClient.with(port: port) { client in
                        try await client.send("hello", "\"protocol\": 1, \"client\": \"t\", \"clientVersion\": \"1\", \"name\": \"X\", \"token\": \"\(token)\"")
                        while let message = try await client.next() {
                            if message["type"] as? String == "welcome" {
                                // Wait for the resent view, then send something whose answer shows it was handled.
                                _ = try await client.next("view")
                                try await client.send("ready", "\"ready\": true")
                                _ = try await client.next("lobby")
                                return "welcome"
                            }
                            if message["type"] as? String == "reject" { return message["reason"] as? String }
                        }
                        return nil
                    }
                }
                #expect(try await tryToken("0123456789abcdef0123456789abcdef") == "badToken")
                #expect(try await tryToken(bobToken) == "welcome")
                // That welcome carried a new token, and the client used its connection: the old one is spent.
                #expect(try await tryToken(bobToken) == "badToken")
            }
        }
    }

    @Test("a player who does not come back in time loses the seat, and the game's leave rules apply")
    func graceRunsOut() async throws {
        try await withHost(FourInARow.self, options: .test(graceMs: 400)) { host, port in
            try await RawClient.with(port: port) { alice in
                try await RawClient.with(port: port) { bob in
                    _ = try await Self.startGame(&alice, &bob, hostKey: host.hostKey)
                }
                let left = try await alice.next("playerLeft")
                #expect(left?["message"] as? String == "Bob did not come back in time.")
                let over = try await alice.next("gameOver")
                #expect(over?["reason"] as? String == "playersLeft")
                #expect(over?["winners"] as? [Int] == [0])
            }
        }
    }

    @Test("a client on a link that drops reconnects by itself and plays on")
    func automaticReconnection() async throws {
        try await withHost(FourInARow.self) { host, port in
            let proxy = try await CuttableProxy.start(to: port)
            let result = try await withThrowingTaskGroup(of: Bool.self) { group in
                group.addTask {
                    // Alice plays column 1 whenever it is her turn, straight to the host.
                    try await asPlayer(FourInARow.self, port: port, name: "Alice", hostKey: host.hostKey) { alice in
                        alice.connection.send(Ready())
                        while await alice.wait(until: { $0.yourTurn || $0.gameOver != nil }), alice.table.gameOver == nil {
                            alice.move(FourInARowMove(column: 1))
                            _ = await alice.wait { !$0.yourTurn || $0.gameOver != nil }
                        }
                        return alice.table.gameOver != nil
                    }
                }
                // Bob plays column 2 through the proxy; the link is cut after his first move.
                let hello = Hello(client: "test", name: "Bob", game: "fourinarow")
                let bobFinished = try await PartySession.withSession(to: HostAddress(host: "127.0.0.1", port: proxy.port), hello: hello, timeouts: .patient) { session, welcome in
                    var table = TableState<FourInARow.View>(welcome: welcome)
                    session.send(Ready())
                    var moves = 0
                    var reconnected = false
                    for await event in session.events {
                        let change = table.apply(event)
                        if case .notice(let text) = change, text == "Reconnected." { reconnected = true }
                        if table.gameOver != nil || table.closed != nil { break }
                        if change == .view, table.yourTurn {
                            session.send(MoveMessage(move: FourInARowMove(column: 2)))
                            moves += 1
                            if moves == 1 {
                                try? await Task.sleep(for: .milliseconds(100))
                                proxy.cut()
                            }
                        }
                    }
                    return reconnected && table.gameOver != nil
                }
                let aliceFinished = try await group.next() ?? false
                return bobFinished && aliceFinished
            }
            await proxy.stop()
            #expect(result)
        }
    }

    @Test("a spectator sees the game, is counted in the lobby, and cannot move")
    func spectator() async throws {
        try await withHost(FourInARow.self) { host, port in
            try await RawClient.with(port: port) { alice in
                try await RawClient.with(port: port) { bob in
                    _ = try await Self.startGame(&alice, &bob, hostKey: host.hostKey)
                    try await RawClient.with(port: port) { watcher in
                        try await watcher.hello("Watcher", extra: "\"role\": \"spectator\"")
                        let welcome = try await watcher.next("welcome")
                        #expect(welcome?["role"] as? String == "spectator")
                        #expect(welcome?["seat"] == nil)
                        #expect(try await watcher.next("view")?["yourTurn"] as? Bool == false)
                        #expect(try await alice.next("lobby")?["spectators"] as? Int == 1)
                        try await watcher.send("move", "\"move\": {\"column\": 1}")
                        #expect(try await watcher.next("moveRejected")?["reason"] as? String == "spectator")
                        try await watcher.send("ready", "\"ready\": true")
                        #expect(try await watcher.next("error")?["reason"] as? String == "spectator")
                        // The players' game goes on, and the spectator sees each move.
                        try await alice.send("move", "\"move\": {\"column\": 3}")
                        let seen = try await watcher.next("view")
                        #expect(((seen?["view"] as? [String: Any])?["board"] as? [String])?.last == "..0....")
                    }
                }
            }
        }
    }

    @Test("a join code is required, wrong codes are rejected, and repeated wrong codes lock the address out")
    func joinCode() async throws {
        try await withHost(FourInARow.self, options: .test(code: "4711")) { host, port in
            /// The answer's type, or the reject's reason.
            func hello(code: String?) async throws -> String? {
                try await RawClient.with(port: port) { client in
                    let field = code.map { "\"code\": \"\($0)\"" } ?? ""
                    try await client.hello("Guest", extra: field)
                    while let message = try await client.next() {
                        if message["type"] as? String == "welcome" { return "welcome" }
                        if message["type"] as? String == "reject" { return message["reason"] as? String }
                    }
                    return nil
                }
            }
            #expect(try await hello(code: nil) == "codeRequired")
            #expect(try await hello(code: "4711") == "welcome")
            // The host's own player needs no code.
            try await RawClient.with(port: port) { owner in
                try await owner.hello("Owner", hostKey: host.hostKey)
                #expect(try await owner.next("welcome") != nil)
            }
            var reasons: [String] = []
            for _ in 0..<6 { reasons.append(try await hello(code: "1234") ?? "?") }
            #expect(reasons.prefix(5).allSatisfy { $0 == "wrongCode" }, "\(reasons)")
            #expect(reasons.last == "tooManyAttempts")
            // Locked out: even the right code is refused for a while.
            #expect(try await hello(code: "4711") == "tooManyAttempts")
        }
    }

    @Test("a client that floods messages is warned, then disconnected; the game is unaffected")
    func flood() async throws {
        try await withHost(FourInARow.self) { _, port in
            try await RawClient.with(port: port) { flooder in
                try await flooder.hello("Flood")
                _ = try await flooder.next("welcome")
                // A hundred heartbeats in one write (all arrive before the host answers).
                let burst = (2..<102).flatMap { seq in BadInputTests.Case.frame("{\"type\": \"heartbeat\", \"seq\": \(seq)}") }
                try await flooder.sendBytes(burst)
                var reasons: [String] = []
                do {
                    while let message = try await flooder.next() {
                        if message["type"] as? String == "error", let reason = message["reason"] as? String { reasons.append(reason) }
                    }
                } catch {
                    // A reset after the host closed is a close too.
                }
                #expect(reasons.first == "slowDown")
                #expect(reasons.last == "tooManyMessages")
            }
        }
    }
}
