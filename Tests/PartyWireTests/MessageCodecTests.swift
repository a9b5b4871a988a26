import Foundation
import NIOCore
import PartyWire
import Testing

@Suite("MessageCodec round trips")
struct MessageRoundTripTests {
    static let players = [
        PlayerInfo(seat: 0, name: "Alice", ready: true, host: true, bot: false),
        PlayerInfo(seat: 1, name: "Bot", ready: false, host: false, bot: true, rematch: true, connected: false, graceMs: 2500),
    ]

    @Test("hello, with and without its optional fields")
    func hello() throws {
        let full = Hello(client: "py", clientVersion: "2", name: "Ann", game: "fourinarow", bot: true, hostKey: "k",
                         role: "spectator", token: "t0", code: "1234")
        let (decoded, object) = try roundTrip(full, seq: 1)
        #expect(decoded == full)
        #expect(object["protocol"] as? Int == WireProtocol.version)
        #expect(object["hostKey"] as? String == "k")
        #expect(object["role"] as? String == "spectator" && object["token"] as? String == "t0" && object["code"] as? String == "1234")
        let bare = Hello(client: "py", name: "Ann")
        let (decodedBare, bareObject) = try roundTrip(bare)
        #expect(decodedBare == bare)
        #expect(decodedBare.clientVersion == WireProtocol.softwareVersion)
        #expect(Set(bareObject.keys) == ["type", "seq", "protocol", "client", "clientVersion", "name"])
    }

    @Test("client messages without payload carry only type and seq", arguments: [
        MessageType.start, .rematch, .leave, .heartbeat,
    ])
    func emptyMessages(type: MessageType) throws {
        let object: [String: Any]
        switch type {
        case .start: object = try roundTrip(Start()).1
        case .rematch: object = try roundTrip(Rematch()).1
        case .leave: object = try roundTrip(Leave()).1
        default: object = try roundTrip(Heartbeat()).1
        }
        #expect(Set(object.keys) == ["type", "seq"])
        #expect(object["type"] as? String == type.rawValue)
    }

    @Test("ready true and false")
    func ready() throws {
        #expect(try roundTrip(Ready()).0 == Ready(ready: true))
        let (decoded, object) = try roundTrip(Ready(ready: false))
        #expect(decoded == Ready(ready: false))
        #expect(object["ready"] as? Bool == false)
    }

    @Test("move carries the game's own JSON and an optional seat")
    func move() throws {
        let (decoded, object) = try roundTrip(MoveMessage(move: SampleMove(column: 3), seat: 1), seq: 12)
        #expect(decoded.move == SampleMove(column: 3))
        #expect(decoded.seat == 1)
        #expect((object["move"] as? [String: Any])?["column"] as? Int == 3)
        let (bare, bareObject) = try roundTrip(MoveMessage(move: SampleMove(column: 7)))
        #expect(bare.seat == nil && bare.move.column == 7)
        #expect(bareObject["seat"] == nil)
    }

    @Test("welcome")
    func welcome() throws {
        let welcome = Welcome(session: "abcd", game: "fourinarow", title: "Four in a Row", sessionName: "Alice's/game",
                              seat: 1, name: "Bot", players: Self.players, minPlayers: 2, maxPlayers: 2, token: "0f")
        let (decoded, object) = try roundTrip(welcome)
        #expect(decoded == welcome)
        #expect(object["protocol"] as? Int == WireProtocol.version)
        let players = object["players"] as? [[String: Any]]
        #expect(players?.count == 2)
        #expect(players?.first?["graceMs"] == nil && players?.first?["connected"] as? Bool == true)
        #expect(players?.last?["graceMs"] as? Int == 2500 && players?.last?["connected"] as? Bool == false)
        #expect(object["role"] as? String == "player" && object["reconnected"] as? Bool == false)
    }

    @Test("a spectator's welcome and lobby have no seat")
    func spectator() throws {
        let welcome = Welcome(session: "s", game: "snap", title: "Snap!", sessionName: "n", seat: nil, role: "spectator",
                              name: "Eve", players: Self.players, minPlayers: 2, maxPlayers: 4, token: "")
        let (decoded, object) = try roundTrip(welcome)
        #expect(decoded == welcome)
        #expect(object["seat"] == nil && object["role"] as? String == "spectator")
        let lobby = Lobby(state: "playing", players: Self.players, you: nil, spectators: 3, canStart: false, gamesPlayed: 1, message: "On.")
        let (decodedLobby, lobbyObject) = try roundTrip(lobby)
        #expect(decodedLobby == lobby)
        #expect(lobbyObject["you"] == nil && lobbyObject["spectators"] as? Int == 3)
    }

    @Test("slashes are not escaped")
    func slashes() throws {
        let body = try MessageCodec().encode(Reject(reason: "wrongGame", message: "a/b"), seq: 1)
        #expect(body.text.contains("a/b"))
    }

    @Test("reject, lobby, moveRejected, gameOver, playerLeft, ended")
    func hostMessages() throws {
        let reject = Reject(reason: "sessionFull", message: "Full.")
        #expect(try roundTrip(reject).0 == reject)
        let lobby = Lobby(state: "over", players: Self.players, you: 1, canStart: false, gamesPlayed: 2, message: "Rematch?")
        let (decodedLobby, lobbyObject) = try roundTrip(lobby)
        #expect(decodedLobby == lobby)
        #expect(lobbyObject["you"] as? Int == 1)
        let rejected = MoveRejected(inReplyTo: 9, reason: "columnFull", message: "Column 3 is full.")
        #expect(try roundTrip(rejected).0 == rejected)
        let over = GameOver(game: 1, winners: [0], reason: "won", summary: "Alice wins")
        #expect(try roundTrip(over).0 == over)
        let left = PlayerLeft(seat: 1, name: "Bob", message: "Bob left the game.")
        #expect(try roundTrip(left).0 == left)
        let ended = Ended(reason: "hostQuit", message: "Bye.")
        #expect(try roundTrip(ended).0 == ended)
    }

    @Test("view carries the game's view, yourTurn and an optional deadline")
    func view() throws {
        let view = SampleView(board: [".0.", "..."], turn: nil)
        let (decoded, object) = try roundTrip(ViewMessage(game: 2, view: view, yourTurn: true, deadlineMs: 1500))
        #expect(decoded.view == view && decoded.game == 2 && decoded.yourTurn && decoded.deadlineMs == 1500)
        #expect(object["deadlineMs"] as? Int == 1500)
        let (noDeadline, noDeadlineObject) = try roundTrip(ViewMessage(game: 1, view: view, yourTurn: false, deadlineMs: nil))
        #expect(noDeadline.deadlineMs == nil && !noDeadline.yourTurn)
        #expect(noDeadlineObject["deadlineMs"] == nil)
    }

    @Test("error, fatal or not, with and without inReplyTo")
    func error() throws {
        let plain = ErrorMessage(reason: "notHost", message: "Only the host starts.", inReplyTo: 4)
        let (decoded, object) = try roundTrip(plain)
        #expect(decoded == plain)
        #expect(object["fatal"] as? Bool == false)
        let fatal = ErrorMessage(reason: "timeout", message: "Gone.", fatal: true)
        let (decodedFatal, fatalObject) = try roundTrip(fatal)
        #expect(decodedFatal == fatal)
        #expect(fatalObject["inReplyTo"] == nil)
    }

    @Test("every message type has the type string of its name", arguments: MessageType.allCases)
    func typeNames(type: MessageType) throws {
        #expect(try envelope("{\"type\":\"\(type.rawValue)\",\"seq\":1}").type == type)
    }

    @Test("the envelope keeps the whole body for the second step")
    func envelopeBody() throws {
        let text = #"{"type":"ready","seq":3,"ready":false,"extra":[1,2]}"#
        let read = try envelope(text)
        #expect(read.seq == 3 && read.type == .ready)
        #expect(read.body == ByteBuffer(string: text))
        #expect(try MessageCodec().decode(Ready.self, from: read) == Ready(ready: false))
    }

    @Test("unknown extra fields are ignored")
    func extraFields() throws {
        let read = try envelope(#"{"type":"hello","seq":1,"protocol":1,"client":"c","clientVersion":"1","name":"N","future":{"x":1}}"#)
        #expect(try MessageCodec().decode(Hello.self, from: read).name == "N")
    }
}

@Suite("MessageCodec envelope errors")
struct EnvelopeErrorTests {
    @Test("frames that are not a JSON object", arguments: [
        ("", WireError.invalidJSON(detail: "empty frame")),
        ("{", .invalidJSON(detail: "not JSON")),
        ("hello", .invalidJSON(detail: "not JSON")),
        ("[1,2]", .invalidJSON(detail: "a JSON value that is not an object")),
        ("\"ready\"", .invalidJSON(detail: "a JSON value that is not an object")),
        ("42", .invalidJSON(detail: "a JSON value that is not an object")),
        ("null", .invalidJSON(detail: "a JSON value that is not an object")),
    ])
    func notAnObject(text: String, error: WireError) {
        #expect(throws: error) { try envelope(text) }
    }

    @Test("invalid UTF-8 is not JSON")
    func invalidUTF8() {
        #expect(throws: WireError.invalidJSON(detail: "not JSON")) {
            try MessageCodec().envelope(of: ByteBuffer(bytes: [0x7B, 0xFF, 0xFE, 0x7D]))
        }
    }

    @Test("a missing or ill-typed type or seq", arguments: [
        "{}",
        #"{"seq":1}"#,
        #"{"type":"ready"}"#,
        #"{"type":1,"seq":1}"#,
        #"{"type":null,"seq":1}"#,
        #"{"type":"ready","seq":"1"}"#,
        #"{"type":"ready","seq":1.5}"#,
        #"{"type":"ready","seq":null}"#,
        #"{"type":"ready","seq":true}"#,
        #"{"type":["ready"],"seq":1}"#,
        #"{"type":"ready","seq":99999999999999999999}"#,
    ])
    func missingEnvelope(text: String) {
        #expect(throws: WireError.missingEnvelope) { try envelope(text) }
    }

    @Test("an unknown type is named (at most 40 characters of it)")
    func unknownType() {
        #expect(throws: WireError.unknownType("dance")) { try envelope(#"{"type":"dance","seq":1}"#) }
        #expect(throws: WireError.unknownType("Ready")) { try envelope(#"{"type":"Ready","seq":1}"#) }
        let long = String(repeating: "x", count: 100)
        #expect(throws: WireError.unknownType(String(repeating: "x", count: 40))) {
            try envelope("{\"type\":\"\(long)\",\"seq\":1}")
        }
    }

    @Test("the envelope does not judge seq; zero and negative numbers are read")
    func seqValues() throws {
        #expect(try envelope(#"{"type":"leave","seq":0}"#).seq == 0)
        #expect(try envelope(#"{"type":"leave","seq":-3}"#).seq == -3)
    }

    @Test("reasons and descriptions", arguments: [
        (WireError.frameTooLarge(length: 70000, limit: 65536), "frameTooLarge", "A frame of 70000 bytes is over the limit of 65536 bytes."),
        (.invalidJSON(detail: "not JSON"), "invalidJSON", "The frame is not a valid JSON object (not JSON)."),
        (.missingEnvelope, "missingEnvelope", "Every message needs a string \"type\" and an integer \"seq\"."),
        (.unknownType("dance"), "unknownType", "Unknown message type \"dance\"."),
        (.badSequence(got: 3, previous: 5), "badSequence", "Sequence number 3 does not follow 5; seq must increase with every message."),
        (.invalidFields(type: "hello", detail: "missing field \"name\""), "invalidFields",
         "The fields of this \"hello\" message are not valid: missing field \"name\"."),
    ])
    func descriptions(error: WireError, reason: String, text: String) {
        #expect(error.reason == reason)
        #expect(error.description == text)
    }
}

@Suite("MessageCodec field errors")
struct FieldErrorTests {
    static let hello = #""protocol":1,"client":"c","clientVersion":"1""#

    @Test("the detail names the field", arguments: [
        (#"{"type":"hello","seq":1,"protocol":1,"client":"c","clientVersion":"1"}"#, "missing field \"name\""),
        (#"{"type":"hello","seq":1,"protocol":"1","client":"c","clientVersion":"1","name":"N"}"#, "\"protocol\" has the wrong type"),
        (#"{"type":"hello","seq":1,"protocol":1,"client":"c","clientVersion":"1","name":null}"#, "\"name\" has the wrong type"),
        (#"{"type":"hello","seq":1,"protocol":1,"client":"c","clientVersion":"1","name":"N","bot":"yes"}"#, "\"bot\" has the wrong type"),
        (#"{"type":"ready","seq":1}"#, "missing field \"ready\""),
        (#"{"type":"ready","seq":1,"ready":1}"#, "\"ready\" has the wrong type"),
    ])
    func helloAndReady(text: String, detail: String) throws {
        let read = try envelope(text)
        let expected = WireError.invalidFields(type: read.type.rawValue, detail: detail)
        #expect(throws: expected) {
            if read.type == .hello { _ = try MessageCodec().decode(Hello.self, from: read) }
            else { _ = try MessageCodec().decode(Ready.self, from: read) }
        }
    }

    @Test("nested game fields are named with their path", arguments: [
        (#"{"type":"move","seq":2}"#, "missing field \"move\""),
        (#"{"type":"move","seq":2,"move":{}}"#, "missing field \"column\" in \"move\""),
        (#"{"type":"move","seq":2,"move":{"column":"3"}}"#, "\"move.column\" has the wrong type"),
        (#"{"type":"move","seq":2,"move":3}"#, "\"move\" has the wrong type"),
        (#"{"type":"move","seq":2,"move":{"column":3},"seat":"me"}"#, "\"seat\" has the wrong type"),
    ])
    func moves(text: String, detail: String) throws {
        let read = try envelope(text)
        #expect(throws: WireError.invalidFields(type: "move", detail: detail)) {
            try MessageCodec().decode(MoveMessage<SampleMove>.self, from: read)
        }
    }

    @Test("array elements are named by index")
    func arrayIndex() throws {
        let read = try envelope(#"{"type":"view","seq":1,"game":1,"yourTurn":true,"view":{"board":["..",7]}}"#)
        #expect(throws: WireError.invalidFields(type: "view", detail: "\"view.board.[1]\" has the wrong type")) {
            try MessageCodec().decode(ViewMessage<SampleView>.self, from: read)
        }
    }

    @Test("a value a game rejects while decoding is not valid")
    func dataCorrupted() throws {
        let read = try envelope(#"{"type":"move","seq":2,"move":"sideways"}"#)
        #expect(throws: WireError.invalidFields(type: "move", detail: "\"move\" is not valid")) {
            try MessageCodec().decode(MoveMessage<Direction>.self, from: read)
        }
    }

    @Test("the description is a sentence a person can read")
    func readable() throws {
        let read = try envelope(#"{"type":"ready","seq":1}"#)
        do {
            _ = try MessageCodec().decode(Ready.self, from: read)
            Issue.record("decoded a ready message without ready")
        } catch {
            #expect(error.description == "The fields of this \"ready\" message are not valid: missing field \"ready\".")
            #expect(error.reason == "invalidFields")
        }
    }
}

/// A game value with a fixed set of spellings, decoded from a string.
enum Direction: String, Codable, Sendable {
    case left, right
}
