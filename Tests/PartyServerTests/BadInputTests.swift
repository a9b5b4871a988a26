import FourInARow
import NIOCore
import PartyKit
import PartyServer
import Testing

@Suite("Bad input gets a clear answer, and nothing else breaks", .timeLimit(.minutes(1)))
struct BadInputTests {
    /// What the host must answer to one bad input.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        /// Whether the client says hello before the bad input.
        var welcomed: Bool
        /// The bad input: raw bytes.
        var bytes: [UInt8]
        /// The expected reply's `type` and `reason`.
        var type: String
        var reason: String
        /// Whether the host must close the connection afterwards.
        var closes: Bool

        var testDescription: String { name }

        static func frame(_ text: String) -> [UInt8] {
            let body = Array(text.utf8)
            let n = UInt32(body.count)
            return [UInt8(n >> 24), UInt8((n >> 16) & 0xFF), UInt8((n >> 8) & 0xFF), UInt8(n & 0xFF)] + body
        }
    }

    static let cases: [Case] = [
        Case(name: "garbage bytes read as a huge length", welcomed: false, bytes: Array("get / http/1.1\r\n\r\n".utf8),
             type: "error", reason: "frameTooLarge", closes: true),
        Case(name: "a frame over 64 KiB", welcomed: true, bytes: [0, 1, 0, 1] + Array(repeating: 0x20, count: 16),
             type: "error", reason: "frameTooLarge", closes: true),
        Case(name: "invalid JSON", welcomed: true, bytes: Case.frame("{\"type\": \"move\", seq: }"),
             type: "error", reason: "invalidJSON", closes: false),
        Case(name: "JSON that is not an object", welcomed: true, bytes: Case.frame("[1, 2, 3]"),
             type: "error", reason: "invalidJSON", closes: false),
        Case(name: "no type or seq", welcomed: true, bytes: Case.frame("{\"hello\": 1}"),
             type: "error", reason: "missingEnvelope", closes: false),
        Case(name: "a seq that is not a whole number", welcomed: true, bytes: Case.frame("{\"type\": \"ready\", \"seq\": 2.5, \"ready\": true}"),
             type: "error", reason: "missingEnvelope", closes: false),
        Case(name: "an unknown message type", welcomed: true, bytes: Case.frame("{\"type\": \"teleport\", \"seq\": 9}"),
             type: "error", reason: "unknownType", closes: false),
        Case(name: "a seq that does not increase", welcomed: true, bytes: Case.frame("{\"type\": \"ready\", \"seq\": 1, \"ready\": true}"),
             type: "error", reason: "badSequence", closes: false),
        Case(name: "a move before the handshake", welcomed: false, bytes: Case.frame("{\"type\": \"move\", \"seq\": 1, \"move\": {\"column\": 1}}"),
             type: "error", reason: "handshakeRequired", closes: true),
        Case(name: "a hello without a name", welcomed: false, bytes: Case.frame("{\"type\": \"hello\", \"seq\": 1, \"protocol\": 1, \"client\": \"x\", \"clientVersion\": \"1\"}"),
             type: "reject", reason: "badHello", closes: true),
        Case(name: "an unsupported protocol version", welcomed: false,
             bytes: Case.frame("{\"type\": \"hello\", \"seq\": 1, \"protocol\": 99, \"client\": \"x\", \"clientVersion\": \"1\", \"name\": \"X\"}"),
             type: "reject", reason: "unsupportedVersion", closes: true),
        Case(name: "the wrong game", welcomed: false,
             bytes: Case.frame("{\"type\": \"hello\", \"seq\": 1, \"protocol\": 1, \"client\": \"x\", \"clientVersion\": \"1\", \"name\": \"X\", \"game\": \"chess\"}"),
             type: "reject", reason: "wrongGame", closes: true),
        Case(name: "a second hello", welcomed: true,
             bytes: Case.frame("{\"type\": \"hello\", \"seq\": 5, \"protocol\": 1, \"client\": \"x\", \"clientVersion\": \"1\", \"name\": \"X\"}"),
             type: "error", reason: "alreadyWelcomed", closes: false),
        Case(name: "a host-only message from a client", welcomed: true, bytes: Case.frame("{\"type\": \"gameOver\", \"seq\": 5}"),
             type: "error", reason: "unexpectedMessage", closes: false),
        Case(name: "a ready with the wrong field type", welcomed: true, bytes: Case.frame("{\"type\": \"ready\", \"seq\": 5, \"ready\": \"yes\"}"),
             type: "error", reason: "invalidFields", closes: false),
        Case(name: "a move while no game runs", welcomed: true, bytes: Case.frame("{\"type\": \"move\", \"seq\": 5, \"move\": {\"column\": 1}}"),
             type: "moveRejected", reason: "noGameRunning", closes: false),
        Case(name: "start from someone who is not the host", welcomed: true, bytes: Case.frame("{\"type\": \"start\", \"seq\": 5}"),
             type: "error", reason: "notHost", closes: false),
        Case(name: "a rematch before any game", welcomed: true, bytes: Case.frame("{\"type\": \"rematch\", \"seq\": 5}"),
             type: "error", reason: "noRematch", closes: false),
    ]

    @Test("each bad input gets the exact answer", arguments: cases)
    func badInput(_ bad: Case) async throws {
        try await withHost(FourInARow.self) { _, port in
            try await RawClient.with(port: port) { client in
                if bad.welcomed {
                    try await client.hello("Mallory")
                    #expect(try await client.next("welcome") != nil)
                }
                try await client.sendBytes(bad.bytes)
                let reply = try await client.next(bad.type)
                #expect(reply?["reason"] as? String == bad.reason, "\(bad.name): \(String(describing: reply))")
                #expect((reply?["message"] as? String)?.isEmpty == false)
                if bad.closes {
                    _ = try await client.drainUntilClosed()
                } else {
                    // The connection still works: a further message is answered normally.
                    client.seq = 100
                    try await client.send("ready", "\"ready\": true")
                    #expect(try await client.next("lobby") != nil)
                }
            }
        }
    }

    @Test("moves that break the rules are rejected with the reason, and the game goes on")
    func illegalMoves() async throws {
        try await withHost(FourInARow.self) { host, port in
            try await RawClient.with(port: port) { alice in
                try await alice.hello("Alice", hostKey: host.hostKey)
                _ = try await alice.next("welcome")
                try await RawClient.with(port: port) { bob in
                    try await bob.hello("Bob")
                    _ = try await bob.next("welcome")
                    try await alice.send("ready", "\"ready\": true")
                    try await bob.send("ready", "\"ready\": true")
                    #expect(try await alice.next("view")?["yourTurn"] as? Bool == true)
                    _ = try await bob.next("view")

                    func expectRejected(_ client: inout RawClient, _ move: String, _ reason: String) async throws {
                        try await client.send("move", move)
                        let reply = try await client.next("moveRejected")
                        #expect(reply?["reason"] as? String == reason, "\(move)")
                        #expect(reply?["inReplyTo"] as? Int == client.seq)
                    }
                    try await expectRejected(&bob, "\"move\": {\"column\": 3}", "notYourTurn")
                    try await expectRejected(&alice, "\"move\": {\"column\": 3}, \"seat\": 1", "notYourSeat")
                    try await expectRejected(&alice, "\"move\": {\"column\": 8}", "columnOutOfRange")
                    try await expectRejected(&alice, "\"move\": {\"column\": 0}", "columnOutOfRange")
                    try await expectRejected(&alice, "\"move\": {\"row\": 3}", "invalidMove")
                    try await expectRejected(&alice, "\"move\": \"left\"", "invalidMove")
                    // Fill column 1 (six discs, alternating), then it is full.
                    for turn in 0..<6 {
                        if turn % 2 == 0 { try await alice.send("move", "\"move\": {\"column\": 1}") }
                        else { try await bob.send("move", "\"move\": {\"column\": 1}") }
                        _ = try await alice.next("view")
                        _ = try await bob.next("view")
                    }
                    try await expectRejected(&alice, "\"move\": {\"column\": 1}", "columnFull")
                    // Meanwhile a third connection sends garbage; the game is untouched.
                    try await RawClient.with(port: port) { mallory in
                        try await mallory.sendBytes(Array("\u{1B}[2J garbage".utf8))
                        _ = try await mallory.drainUntilClosed()
                    }
                    // Alice owns the bottom of column 1; she completes the bottom row with 2, 3 and 4.
                    let script: [(Bool, Int)] = [(true, 2), (false, 2), (true, 3), (false, 3), (true, 4)]
                    for (isAlice, column) in script {
                        if isAlice { try await alice.send("move", "\"move\": {\"column\": \(column)}") }
                        else { try await bob.send("move", "\"move\": {\"column\": \(column)}") }
                        _ = try await alice.next("view")
                        _ = try await bob.next("view")
                    }
                    let over = try await bob.next("gameOver")
                    #expect(over?["winners"] as? [Int] == [0])
                    try await expectRejected(&bob, "\"move\": {\"column\": 6}", "gameOver")
                }
            }
        }
    }

    @Test("names are cleaned of escape sequences and control characters, made unique, and never empty")
    func names() async throws {
        try await withHost(TwoSeatsOrMore.self) { _, port in
            try await RawClient.with(port: port) { first in
                try await first.hello("\\u001b[31mEvil\\u001b[0m\\u0007 Eve")
                #expect(try await first.next("welcome")?["name"] as? String == "Evil Eve")
                try await RawClient.with(port: port) { second in
                    try await second.hello("evil eve")
                    #expect(try await second.next("welcome")?["name"] as? String == "evil eve (2)")
                    try await RawClient.with(port: port) { third in
                        try await third.hello(" \\t\\u001b]0;title\\u0007 ")
                        #expect(try await third.next("welcome")?["name"] as? String == "Player 3")
                    }
                }
            }
        }
    }

    @Test("a full table refuses a third player, and a running game refuses newcomers")
    func fullAndInProgress() async throws {
        try await withHost(FourInARow.self) { _, port in
            try await RawClient.with(port: port) { a in
                try await a.hello("A")
                _ = try await a.next("welcome")
                try await RawClient.with(port: port) { b in
                    try await b.hello("B")
                    _ = try await b.next("welcome")
                    try await RawClient.with(port: port) { c in
                        try await c.hello("C")
                        #expect(try await c.next("reject")?["reason"] as? String == "sessionFull")
                        _ = try await c.drainUntilClosed()
                    }
                }
            }
        }
    }

    @Test("a connection that never says hello is closed after the handshake timeout")
    func handshakeTimeout() async throws {
        try await withHost(FourInARow.self, options: .test(handshakeMs: 300)) { _, port in
            try await RawClient.with(port: port) { client in
                let reply = try await client.next("error")
                #expect(reply?["reason"] as? String == "handshakeTimeout")
                _ = try await client.drainUntilClosed()
            }
        }
    }

    @Test("a peer that goes silent is noticed and, with no grace period, its seat freed")
    func silentPeer() async throws {
        // 1.5 s of silence: the newcomer below is silent too until its welcome comes, which a
        // loaded machine once took longer than 0.6 s to send.
        try await withHost(FourInARow.self, options: .test(peerMs: 1_500, heartbeatMs: 100, graceMs: 0)) { _, port in
            try await RawClient.with(port: port) { silent in
                try await silent.hello("Silent")
                #expect(try await silent.next("welcome")?["seat"] as? Int == 0)
                // Silent never sends again: no heartbeat, nothing.
                let reply = try await silent.next("error")
                #expect(reply?["reason"] as? String == "timeout")
                #expect(reply?["fatal"] as? Bool == true)
                _ = try await silent.drainUntilClosed()
            }
            // The seat is free again: a newcomer sits alone at seat 0.
            try await RawClient.with(port: port) { newcomer in
                try await newcomer.hello("Newcomer")
                var received: [String] = []
                var welcome: [String: Any]?
                while welcome == nil, let message = try await newcomer.next() {
                    let type = message["type"] as? String ?? "?"
                    received.append(type + ((message["reason"] as? String).map { " \($0)" } ?? ""))
                    if type == "welcome" { welcome = message }
                }
                #expect(welcome?["seat"] as? Int == 0, "the newcomer got \(received)")
                #expect((welcome?["players"] as? [Any])?.count == 1)
            }
        }
    }

    @Test("a welcomed framed client that trickles a frame it never finishes is timed out (a partial frame is not activity)")
    func trickledFrame() async throws {
        try await withHost(FourInARow.self, options: .test(peerMs: 2_000, heartbeatMs: 100, graceMs: 0)) { _, port in
            try await RawClient.with(port: port) { client in
                try await client.hello("Trickle")
                #expect(try await client.next("welcome") != nil)
                // A frame announcing 70 bytes, then 69 of them, a byte every 250 ms (18 s in all):
                // bytes keep coming well within the 2 s limit, but no frame ever completes.
                let bytes: [UInt8] = [0, 0, 0, 70] + Array(repeating: UInt8(ascii: " "), count: 69)
                let outbound = client.outbound
                // Returns how many bytes it sent before it was stopped (or the host closed).
                let trickle = Task {
                    var sent = 0
                    for byte in bytes {
                        guard !Task.isCancelled, (try? await outbound.write(ByteBuffer(bytes: [byte]))) != nil else { break }
                        sent += 1
                        try? await Task.sleep(for: .milliseconds(250))
                    }
                    return sent
                }
                let reply = try await client.next("error")
                trickle.cancel()
                let sentBefore = await trickle.value
                #expect(reply?["reason"] as? String == "timeout")
                #expect(reply?["fatal"] as? Bool == true)
                #expect(sentBefore < bytes.count, "the host timed the client out only once the trickle had stopped")
                _ = try await client.drainUntilClosed()
            }
        }
    }
}
