import Foundation
import Testing

/// One bad input, who sends it, and the exact answer the host must give.
struct HostileCase: Sendable, CustomTestStringConvertible {
    var name: String
    /// The game the host serves (Alice and Bob play it while the bad input arrives).
    var game: HostileGame = .fourInARow
    /// Who sends the bad input.
    var actor: HostileActor
    /// How far the game is when it arrives.
    var stage: HostileStage = .playing
    /// The host's join code, if it needs one.
    var code: String?
    /// The bad input, as chunks written one after another (20 ms apart).
    var chunks: @Sendable (HostileContext) -> [[UInt8]]
    /// Whether the sender hangs up right after sending.
    var hangUp = false
    /// The expected reply's `type` (nil: no reply at all) and `reason`.
    var type: String?
    var reason: String?
    /// Whether the host must close the sender's connection.
    var closes = false
    /// Whether the reply's message must be free of control characters (it quotes the input).
    var plainMessage = false

    var testDescription: String { name }
}

extension HostileCase {
    /// A case whose bad input is one frame of JSON text.
    init(_ name: String, _ game: HostileGame = .fourInARow, _ actor: HostileActor, stage: HostileStage = .playing,
         code: String? = nil, text: @escaping @Sendable (HostileContext) -> String,
         _ type: String?, _ reason: String?, closes: Bool = false, plainMessage: Bool = false) {
        self.init(name: name, game: game, actor: actor, stage: stage, code: code, chunks: { [Bytes.frame(text($0))] },
                  type: type, reason: reason, closes: closes, plainMessage: plainMessage)
    }

    /// A case whose bad input is one move of the game.
    init(move name: String, _ game: HostileGame, actor: HostileActor = .onTurn, stage: HostileStage = .playing,
         _ json: @escaping @Sendable (HostileContext) -> String, _ reason: String, plainMessage: Bool = false) {
        self.init(name: name, game: game, actor: actor, stage: stage, chunks: { [Bytes.move(seq: $0.seq, json($0))] },
                  type: "moveRejected", reason: reason, plainMessage: plainMessage)
    }
}

@Suite("Hostile input gets an exact answer and never disturbs the game next to it", .timeLimit(.minutes(1)))
struct HostileInputTests {
    static let framing: [HostileCase] = [
        HostileCase(name: "a zero-length frame", actor: .stranger, chunks: { _ in [[0, 0, 0, 0]] },
                    type: "error", reason: "invalidJSON"),
        HostileCase(name: "a length prefix split over reads, then garbage", actor: .stranger,
                    chunks: { _ in [[0, 0], [0, 5], Array("abcde".utf8)] }, type: "error", reason: "invalidJSON"),
        HostileCase(name: "a 4 GiB length", actor: .stranger, chunks: { _ in [Bytes.prefix(.max)] },
                    type: "error", reason: "frameTooLarge", closes: true),
        HostileCase(name: "a frame of exactly 64 KiB of spaces", actor: .stranger,
                    chunks: { _ in [Bytes.frame([UInt8](repeating: 0x20, count: 64 * 1024))] }, type: "error", reason: "invalidJSON"),
        HostileCase(name: "a hello padded with spaces to exactly 64 KiB is still a hello", actor: .stranger,
                    chunks: { _ in
                        let hello = #"{"type": "hello", "seq": 1, "protocol": 1, "client": "t", "clientVersion": "1", "name": "Pad", "role": "spectator"}"#
                        return [Bytes.frame(Array(hello.utf8) + [UInt8](repeating: 0x20, count: 64 * 1024 - hello.utf8.count))]
                    }, type: "welcome", reason: nil),
        HostileCase(name: "a truncated frame, then the sender hangs up", actor: .stranger,
                    chunks: { _ in [Bytes.prefix(100) + Array(#"{"type": "hel"#.utf8)] }, hangUp: true, type: nil, reason: nil),
        HostileCase(name: "a frame written one byte at a time", actor: .spectator,
                    chunks: { context in Bytes.frame(#"{"type":"x","seq":\#(context.seq)}"#).map { [$0] } },
                    type: "error", reason: "unknownType"),
        HostileCase(name: "a good frame and a broken one in the same write", actor: .spectator,
                    chunks: { context in [Bytes.frame(#"{"type": "heartbeat", "seq": \#(context.seq)}"#) + Bytes.frame("{")] },
                    type: "error", reason: "invalidJSON"),
        HostileCase(name: "a frame of NUL bytes", actor: .offTurn, chunks: { _ in [Bytes.frame([UInt8](repeating: 0, count: 8))] },
                    type: "error", reason: "invalidJSON"),
    ]

    static let json: [HostileCase] = [
        HostileCase("arrays nested 10 000 deep", .fourInARow, .offTurn,
                    text: { #"{"type": "heartbeat", "seq": \#($0.seq), "x": "# + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "}" },
                    "error", "invalidJSON"),
        HostileCase("a seq of 1e30", .fourInARow, .offTurn, text: { _ in #"{"type": "ready", "seq": 1e30, "ready": true}"# },
                    "error", "missingEnvelope"),
        HostileCase("a seq one above Int.max", .fourInARow, .offTurn,
                    text: { _ in #"{"type": "ready", "seq": 9223372036854775808, "ready": true}"# }, "error", "missingEnvelope"),
        HostileCase("a negative seq", .fourInARow, .offTurn, text: { _ in #"{"type": "ready", "seq": -7, "ready": true}"# },
                    "error", "badSequence"),
        HostileCase("a seq given as a string", .fourInARow, .offTurn, text: { _ in #"{"type": "ready", "seq": "9", "ready": true}"# },
                    "error", "missingEnvelope"),
        HostileCase("a type with a NUL inside", .fourInARow, .offTurn, text: { #"{"type": "hel\u0000lo", "seq": \#($0.seq)}"# },
                    "error", "unknownType"),
        HostileCase(name: "invalid UTF-8 inside a string", actor: .offTurn,
                    chunks: { [Bytes.frame(Array(#"{"type": "ready", "seq": \#($0.seq), "ready": true, "x": "a"#.utf8) + [0xC3, 0x28, 0xFF] + Array(#""}"#.utf8))] },
                    type: "error", reason: "invalidJSON"),
        HostileCase("duplicate type keys (the first one counts)", .fourInARow, .offTurn,
                    text: { #"{"type": "teleport", "seq": \#($0.seq), "type": "start"}"# }, "error", "unknownType"),
        HostileCase("a null type", .fourInARow, .offTurn, text: { #"{"type": null, "seq": \#($0.seq)}"# }, "error", "missingEnvelope"),
        HostileCase("a NaN literal", .fourInARow, .offTurn, text: { _ in #"{"type": "heartbeat", "seq": NaN}"# }, "error", "invalidJSON"),
        HostileCase("escape sequences as the type", .fourInARow, .offTurn,
                    text: { #"{"type": "\u001b[2J\u001b]0;pwned\u0007", "seq": \#($0.seq)}"# }, "error", "unknownType"),
        HostileCase("trailing garbage after the object", .fourInARow, .offTurn,
                    text: { #"{"type": "heartbeat", "seq": \#($0.seq)} {"type": "leave"}"# }, "error", "invalidJSON"),
        HostileCase("a ready whose value is null", .fourInARow, .offTurn,
                    text: { #"{"type": "ready", "seq": \#($0.seq), "ready": null}"# }, "error", "invalidFields"),
        HostileCase(name: "a 60 KB name", actor: .stranger, chunks: { _ in [Bytes.hello(seq: 1, name: String(repeating: "A", count: 60_000))] },
                    type: "reject", reason: "badName", closes: true),
        HostileCase(name: "a lone surrogate in a name", actor: .stranger, chunks: { _ in [Bytes.hello(seq: 1, name: #"\ud800"#)] },
                    type: "error", reason: "invalidJSON"),
    ]

    static let sequence: [HostileCase] = [
        HostileCase(name: "a hello whose protocol is a string", actor: .stranger,
                    chunks: { _ in [Bytes.frame(#"{"type": "hello", "seq": 1, "protocol": "1", "client": "t", "clientVersion": "1", "name": "X"}"#)] },
                    type: "reject", reason: "badHello", closes: true),
        HostileCase(name: "the role admin", actor: .stranger, chunks: { _ in [Bytes.hello(seq: 1, #""role": "admin""#)] },
                    type: "reject", reason: "badRole", closes: true),
        HostileCase(name: "an empty token", actor: .stranger, chunks: { _ in [Bytes.hello(seq: 1, #""token": """#)] },
                    type: "reject", reason: "badToken", closes: true),
        HostileCase(name: "a token for a seat that never existed, with escapes", actor: .stranger,
                    chunks: { _ in [Bytes.hello(seq: 1, #""token": "\u0000\u001b[0m0000000000000000""#)] },
                    type: "reject", reason: "badToken", closes: true),
        HostileCase(name: "a token given as a number", actor: .stranger, chunks: { _ in [Bytes.hello(seq: 1, #""token": 12345"#)] },
                    type: "reject", reason: "badHello", closes: true),
        HostileCase(name: "leave before hello", actor: .stranger, chunks: { _ in [Bytes.frame(#"{"type": "leave", "seq": 1}"#)] },
                    type: "error", reason: "handshakeRequired", closes: true),
        HostileCase("start from the host's player while the game runs", .fourInARow, .onTurn,
                    text: { #"{"type": "start", "seq": \#($0.seq)}"# }, "error", "cannotStart"),
        HostileCase("rematch while the game runs", .fourInARow, .offTurn,
                    text: { #"{"type": "rematch", "seq": \#($0.seq)}"# }, "error", "noRematch"),
        HostileCase("start from a spectator", .snap, .spectator, text: { #"{"type": "start", "seq": \#($0.seq)}"# }, "error", "spectator"),
        HostileCase("a second hello from a spectator", .fourInARow, .spectator,
                    text: { #"{"type": "hello", "seq": \#($0.seq), "protocol": 1, "client": "t", "clientVersion": "1", "name": "Again"}"# },
                    "error", "spectator"),
        HostileCase(move: "a move claiming seat -1", .fourInARow, { _ in #"{"column": 4}, "seat": -1"# }, "notYourSeat"),
        HostileCase(move: "a spectator's snap", .snap, actor: .spectator, { #"{"snap": {"seen": \#($0.table)}}"# }, "spectator"),
        HostileCase(name: "a join code with a NUL inside", actor: .stranger, code: "4711",
                    chunks: { _ in [Bytes.hello(seq: 1, #""code": "47\u000011""#)] }, type: "reject", reason: "wrongCode", closes: true),
        HostileCase(name: "a join code given as a number", actor: .stranger, code: "4711",
                    chunks: { _ in [Bytes.hello(seq: 1, #""code": 4711"#)] }, type: "reject", reason: "badHello", closes: true),
        HostileCase(name: "an empty join code", actor: .stranger, code: "4711",
                    chunks: { _ in [Bytes.hello(seq: 1, #""code": """#)] }, type: "reject", reason: "codeRequired", closes: true),
        HostileCase(name: "a 30 KB join code", actor: .stranger, code: "4711",
                    chunks: { _ in [Bytes.hello(seq: 1, #""code": "\#(String(repeating: "4711", count: 7_500))""#)] },
                    type: "reject", reason: "wrongCode", closes: true),
        HostileCase(name: "the right join code wrapped in spaces and tabs", actor: .stranger, code: "4711",
                    chunks: { _ in [Bytes.hello(seq: 1, #""code": " \t4711\t ", "role": "spectator""#)] }, type: "welcome", reason: nil),
    ]

    static let moves: [HostileCase] = [
        HostileCase(move: "Four in a Row: a column given as a string", .fourInARow, { _ in #"{"column": "4"}"# }, "invalidMove"),
        HostileCase(move: "Four in a Row: a negative column", .fourInARow, { _ in #"{"column": -3}"# }, "columnOutOfRange"),
        HostileCase(move: "Four in a Row: column Int.max", .fourInARow, { _ in #"{"column": 9223372036854775807}"# }, "columnOutOfRange"),
        HostileCase(move: "Four in a Row: column 1e100", .fourInARow, { _ in #"{"column": 1e100}"# }, "invalidMove"),
        HostileCase(move: "Four in a Row: column 4.5", .fourInARow, { _ in #"{"column": 4.5}"# }, "invalidMove"),
        HostileCase(move: "Four in a Row: a null move", .fourInARow, { _ in "null" }, "invalidMove"),
        HostileCase(move: "TwentyFour: a number that overflows", .twentyFour,
                    { _ in #"{"kind": "submit", "expression": "99999999999999999999999*99999999999999999999"}"# }, "numberTooLong"),
        HostileCase(move: "TwentyFour: a division by zero", .twentyFour,
                    { #"{"kind": "submit", "expression": "\#(TwentyFourText.divisionByZero($0.numbers) ?? "none")"}"# }, "divisionByZero"),
        HostileCase(move: "TwentyFour: numbers not in the challenge", .twentyFour,
                    { context in
                        let n = TwentyFourText.foreignNumber(context.numbers)
                        return #"{"kind": "submit", "expression": "\#(n)+\#(n)+\#(n)+\#(n)"}"#
                    }, "numberNotInChallenge"),
        HostileCase(move: "TwentyFour: a 10 KB expression", .twentyFour,
                    { _ in #"{"kind": "submit", "expression": "\#(String(repeating: "1+", count: 5_000))1"}"# }, "expressionTooLong"),
        HostileCase(move: "TwentyFour: 10 KB of multiplication signs", .twentyFour,
                    { _ in #"{"kind": "submit", "expression": "\#(String(repeating: "×", count: 3_400))"}"# }, "expressionTooLong"),
        HostileCase(move: "TwentyFour: a control character", .twentyFour,
                    { _ in #"{"kind": "submit", "expression": "1\u0007+2"}"# }, "unexpectedCharacter", plainMessage: true),
        HostileCase(move: "TwentyFour: an escape sequence", .twentyFour,
                    { _ in #"{"kind": "submit", "expression": "\u001b[31m24"}"# }, "unexpectedCharacter", plainMessage: true),
        HostileCase(move: "TwentyFour: an unknown kind", .twentyFour, { _ in #"{"kind": "cheat"}"# }, "invalidMove"),
        HostileCase(move: "TwentyFour: an expression that is a number", .twentyFour, { _ in #"{"kind": "submit", "expression": 24}"# }, "invalidMove"),
        HostileCase(move: "Snap: snap on a future table", .snap, { #"{"snap": {"seen": \#($0.table + 1_000)}}"# }, "unknownTable"),
        HostileCase(move: "Snap: snap on table Int.min", .snap, { _ in #"{"snap": {"seen": -9223372036854775808}}"# }, "staleCall"),
        HostileCase(move: "Snap: a turn out of turn", .snap, actor: .offTurn, { _ in #"{"turn": {}}"# }, "notYourTurn"),
        HostileCase(move: "Snap: confirming the deal after it", .snap, { _ in #"{"confirmDeal": {}}"# }, "notDealing"),
        HostileCase(move: "Snap: a table number given as a string", .snap, actor: .offTurn, { _ in #"{"snap": {"seen": "3"}}"# }, "invalidMove"),
        HostileCase(move: "Snap: an unknown move", .snap, { _ in #"{"flip": {}}"# }, "invalidMove"),
        HostileCase(move: "SunTouch: a strike out of the field", .sunTouch, { _ in #"{"strike": {"x": 1.5, "y": 0.5, "radius": 0.1}}"# }, "outOfField"),
        HostileCase(move: "SunTouch: NaN coordinates", .sunTouch, { _ in #"{"strike": {"x": "NaN", "y": 0.5, "radius": 0.1}}"# }, "invalidMove"),
        // A number beyond Double's range is not JSON the host reads: the rules never see an infinity.
        HostileCase("SunTouch: infinite coordinates", .sunTouch, .onTurn,
                    text: { #"{"type": "move", "seq": \#($0.seq), "move": {"strike": {"x": 0.5, "y": 1e999, "radius": 0.1}}}"# },
                    "error", "invalidJSON"),
        HostileCase(move: "SunTouch: a radius too large", .sunTouch, { _ in #"{"strike": {"x": 0.5, "y": 0.5, "radius": 0.5}}"# }, "radiusOutOfRange"),
        HostileCase(move: "SunTouch: a radius of -1e308", .sunTouch, { _ in #"{"strike": {"x": 0.5, "y": 0.5, "radius": -1e308}}"# }, "radiusOutOfRange"),
        HostileCase(move: "SunTouch: tossing twice", .sunTouch, stage: .tossing, { _ in #"{"toss": {"value": 9}}"# }, "alreadyTossed"),
        HostileCase(move: "SunTouch: a negative toss", .sunTouch, stage: .tossing, { _ in #"{"toss": {"value": -1}}"# }, "invalidMove"),
        HostileCase(move: "SunTouch: a toss during play", .sunTouch, { _ in #"{"toss": {"value": 9}}"# }, "notTossing"),
        HostileCase(move: "SunTouch: a strike without a radius", .sunTouch, { _ in #"{"strike": {"x": 0.5, "y": 0.5}}"# }, "invalidMove"),
    ]

    static let cases = framing + json + sequence + moves

    @Test("the table has at least 30 cases")
    func enoughCases() {
        #expect(Self.cases.count >= 30)
        #expect(Set(Self.cases.map(\.name)).count == Self.cases.count)
    }

    @Test("each hostile input gets the exact answer, and the game beside it goes on", arguments: cases)
    func hostile(_ bad: HostileCase) async throws {
        try await bad.game.serve(code: bad.code) { hostKey, port in
            try await RawClient.with(port: port) { alice in
                try await RawClient.with(port: port) { bob in
                    let start = try await Self.startGame(bad, hostKey: hostKey, &alice, &bob)
                    try await RawClient.with(port: port) { third in
                        try await Self.attack(bad, start: start, alice: &alice, bob: &bob, third: &third)
                    }
                    // The host still says welcome to a newcomer.
                    try await RawClient.with(port: port) { newcomer in
                        try await newcomer.hello("Late", extra: Self.codeField(bad) + #""role": "spectator""#)
                        #expect(try await newcomer.nextReply()?["type"] as? String == "welcome", "\(bad.name)")
                    }
                }
            }
        }
    }
}

/// The witness game as it stands when the bad input arrives.
struct HostileStart: Sendable {
    /// Whether Alice (seat 0) is the one to move.
    var aliceOnTurn: Bool
    /// TwentyFour's challenge.
    var numbers: [Int]
    /// Snap's table and turn numbers.
    var table: Int
    var turn: Int
}

extension HostileInputTests {
    static func codeField(_ bad: HostileCase) -> String {
        bad.code.map { #""code": "\#($0)", "# } ?? ""
    }

    /// Seats Alice (the host's player) and Bob and brings the game to `bad.stage`.
    static func startGame(_ bad: HostileCase, hostKey: String, _ alice: inout RawClient, _ bob: inout RawClient) async throws -> HostileStart {
        try await alice.hello("Alice", hostKey: hostKey)
        #expect(try await alice.next("welcome") != nil)
        try await bob.hello("Bob", extra: bad.code.map { #""code": "\#($0)""# } ?? "")
        #expect(try await bob.next("welcome") != nil)
        try await alice.send("ready", #""ready": true"#)
        try await bob.send("ready", #""ready": true"#)
        if bad.game.hostStarts {
            while let lobby = try await alice.next("lobby"), lobby["canStart"] as? Bool != true {}
            try await alice.send("start")
        }
        func phase(_ name: String) -> ([String: Any]) -> Bool { { $0["phase"] as? String == name } }
        var latest: [String: Any]?
        switch (bad.game, bad.stage) {
        case (.fourInARow, _):
            latest = try await alice.next("view")
            _ = try await bob.next("view")
        case (.twentyFour, _):
            latest = try await alice.view(where: phase("round"))
            _ = try await bob.view(where: phase("round"))
        case (.snap, _):
            _ = try await alice.view(where: phase("dealing"))
            _ = try await bob.view(where: phase("dealing"))
            try await alice.send("move", #""move": {"confirmDeal": {}}"#)
            try await bob.send("move", #""move": {"confirmDeal": {}}"#)
            latest = try await alice.view(where: phase("playing"))
            _ = try await bob.view(where: phase("playing"))
        case (.sunTouch, let stage):
            _ = try await alice.view(where: phase("toss"))
            _ = try await bob.view(where: phase("toss"))
            try await alice.send("move", #""move": {"toss": {"value": 1}}"#)
            if stage == .playing {
                try await bob.send("move", #""move": {"toss": {"value": 2}}"#)
                latest = try await alice.view(where: phase("playing"))
                _ = try await bob.view(where: phase("playing"))
            } else {
                func aliceTossed(_ view: [String: Any]) -> Bool {
                    (view["players"] as? [[String: Any]] ?? []).contains { $0["seat"] as? Int == 0 && $0["tossed"] as? Bool == true }
                }
                latest = try await alice.view(where: aliceTossed)
                _ = try await bob.view(where: aliceTossed)
            }
        }
        let view = latest?["view"] as? [String: Any] ?? [:]
        let onTurn = bad.game == .fourInARow || bad.game == .snap ? latest?["yourTurn"] as? Bool == true : true
        return HostileStart(aliceOnTurn: onTurn, numbers: view["numbers"] as? [Int] ?? [],
                            table: view["table"] as? Int ?? 0, turn: view["turn"] as? Int ?? 0)
    }

    /// Sends the bad input from the actor, checks the answer and the connection, then checks that
    /// the game still takes a legal move and everyone still connected sees its view.
    static func attack(_ bad: HostileCase, start: HostileStart, alice: inout RawClient, bob: inout RawClient,
                       third: inout RawClient) async throws {
        var thirdOpen = false
        switch bad.actor {
        case .stranger:
            thirdOpen = try await deliver(bad, start: start, from: &third)
        case .spectator:
            try await third.hello("Watcher", extra: codeField(bad) + #""role": "spectator""#)
            #expect(try await third.next("welcome") != nil)
            thirdOpen = try await deliver(bad, start: start, from: &third)
        case .onTurn where start.aliceOnTurn, .offTurn where !start.aliceOnTurn:
            #expect(try await deliver(bad, start: start, from: &alice))
        case .onTurn, .offTurn:
            #expect(try await deliver(bad, start: start, from: &bob))
        }
        // The game beside it: a legal move is taken, and everyone sees it.
        let move = bad.game.legalMove(stage: bad.stage)
        let took = moveTook(bad, start: start)
        if bad.stage == .tossing || !start.aliceOnTurn {
            try await bob.send("move", #""move": \#(move)"#)
        } else {
            try await alice.send("move", #""move": \#(move)"#)
        }
        #expect(try await alice.view(until: took) != nil, "\(bad.name): Alice saw no view of the legal move")
        #expect(try await bob.view(until: took) != nil, "\(bad.name): Bob saw no view of the legal move")
        if thirdOpen {
            #expect(try await third.view(until: took) != nil, "\(bad.name): the sender saw no view of the legal move")
        }
    }

    /// What the view shows once the legal move is taken.
    static func moveTook(_ bad: HostileCase, start: HostileStart) -> @Sendable ([String: Any]) -> Bool {
        switch (bad.game, bad.stage) {
        case (.fourInARow, _):
            return { ($0["board"] as? [String])?.last?.contains("0") == true }
        case (.twentyFour, _):
            return { ($0["results"] as? [[String: Any]] ?? []).contains { $0["standing"] as? String == "gaveUp" } }
        case (.snap, _):
            let turn = start.turn
            return { ($0["turn"] as? Int ?? 0) > turn }
        case (.sunTouch, .tossing):
            return { $0["phase"] as? String == "playing" }
        case (.sunTouch, .playing):
            return { ($0["strikes"] as? [Any])?.isEmpty == false }
        }
    }

    /// Sends the bad input and checks the answer; returns whether the connection is still open
    /// (and, for a stranger, welcomed as a spectator after it).
    static func deliver(_ bad: HostileCase, start: HostileStart, from client: inout RawClient) async throws -> Bool {
        let context = HostileContext(seq: client.seq + 1, numbers: start.numbers, table: start.table)
        let welcomed = client.seq > 0
        let chunks = bad.chunks(context)
        for (index, chunk) in chunks.enumerated() {
            if index > 0 { try await Task.sleep(for: .milliseconds(chunks.count > 8 ? 5 : 20)) }
            try await client.sendBytes(chunk)
        }
        client.seq = context.seq + 10
        if bad.hangUp {
            client.outbound.finish()
            return false
        }
        guard let type = bad.type else { return true }
        let reply = try await client.nextReply()
        #expect(reply?["type"] as? String == type, "\(bad.name): \(String(describing: reply))")
        #expect(reply?["reason"] as? String == bad.reason, "\(bad.name): \(String(describing: reply))")
        if type != "welcome" {
            let message = reply?["message"] as? String ?? ""
            #expect(!message.isEmpty, "\(bad.name)")
            if bad.plainMessage {
                #expect(!message.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
                        "\(bad.name): \(message.debugDescription)")
            }
        }
        if bad.closes {
            _ = try await client.drainUntilClosed()
            return false
        }
        if !welcomed && type != "welcome" {
            // A stranger's connection is still usable: it can still say hello.
            try await client.hello("Stranger", extra: codeField(bad) + #""role": "spectator""#)
            #expect(try await client.nextReply()?["type"] as? String == "welcome", "\(bad.name)")
        }
        return true
    }
}

extension RawClient {
    /// Reads until a view whose `view` object satisfies `condition` (returned); nil when a move is
    /// refused or the connection closes first.
    mutating func view(until condition: ([String: Any]) -> Bool) async throws -> [String: Any]? {
        while let message = try await next() {
            switch message["type"] as? String {
            case "view" where condition(message["view"] as? [String: Any] ?? [:]): return message
            case "moveRejected": return nil
            default: continue
            }
        }
        return nil
    }
}
