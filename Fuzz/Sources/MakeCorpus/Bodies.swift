import FourInARow
import NIOCore
import PartyKit
import PartyWire
import Snap
import SunTouch
import TwentyFour

/// Frame bodies: one or two of every message type, encoded by `MessageCodec`.
enum Bodies {
    static func all() throws -> [(String, [UInt8])] {
        let players = [
            PlayerInfo(seat: 0, name: "Ann", ready: true, host: true, bot: false),
            PlayerInfo(seat: 1, name: "Bøb 🎲", ready: false, host: false, bot: true, rematch: true),
        ]
        var out: [(String, [UInt8])] = []
        func add<Message: WireMessage>(_ name: String, _ message: Message, seq: Int = 1) throws {
            out.append((name, Array(try MessageCodec().encode(message, seq: seq).readableBytesView)))
        }
        try add("hello", Hello(client: "partyclient", name: "Ann", game: "fourinarow", bot: false, hostKey: "k3y"))
        try add("hello-minimal", Hello(client: "x", name: ""), seq: 0)
        try add("ready", Ready(ready: false), seq: 2)
        try add("start", Start(), seq: 3)
        try add("rematch", Rematch(), seq: 4)
        try add("leave", Leave(), seq: 5)
        try add("heartbeat", Heartbeat(), seq: Int.max)
        try add("welcome", Welcome(session: "abc123", game: "snap", title: "Snap", sessionName: "Ann's party",
                                   seat: 1, name: "Bøb 🎲", players: players, minPlayers: 2, maxPlayers: 4,
                                   token: "00112233445566778899aabbccddeeff"))
        try add("reject", Reject(reason: "sessionFull", message: "The table is full."))
        try add("lobby", Lobby(state: "lobby", players: players, you: 0, canStart: true, gamesPlayed: 0,
                               message: "Waiting for Bøb to be ready."))
        try add("move-rejected", MoveRejected(inReplyTo: 7, reason: "notYourTurn", message: "Wait for Bøb."))
        try add("game-over", GameOver(game: 1, winners: [0, 1], reason: "draw", summary: "A draw."))
        try add("player-left", PlayerLeft(seat: 1, name: "Bøb", message: "Bøb left."))
        try add("ended", Ended(reason: "hostQuit", message: "The host has quit."))
        try add("error", ErrorMessage(reason: "badSequence", message: "seq must grow", inReplyTo: -1, fatal: true))
        try games(FourInARowGame.self, "fourinarow", into: &out)
        try games(TwentyFourGame.self, "twentyfour", into: &out)
        try games(SnapGame.self, "snap", into: &out)
        try games(SunTouchGame.self, "suntouch", into: &out)
        try add("move-twentyfour-expression", MoveMessage(move: TwentyFourMove.submit(expression: "(8/(3-8/3))*1"), seat: 0))
        try add("move-suntouch-strike", MoveMessage(move: SunTouchMove.strike(x: -0.5, y: 1e-300, radius: 12.25)))
        try add("move-snap-seen", MoveMessage(move: SnapMove.snap(seen: 3)))
        // Hand-written edge cases: escapes, nesting, numbers at the limits, duplicate keys.
        let texts = [
            "edge-escapes": #"{"type":"hello","seq":1,"protocol":1,"client":"\u0000\ud83c\udfb2\/","clientVersion":"","name":"\"\\"}"#,
            "edge-duplicate-keys": #"{"type":"leave","type":"ready","seq":1,"seq":2,"ready":true}"#,
            "edge-big-numbers": #"{"type":"move","seq":9223372036854775807,"move":{"column":-9223372036854775808},"seat":1e2}"#,
            "edge-nested": #"{"type":"view","seq":1,"game":1,"view":{"a":[[[[{}]]]]},"yourTurn":false,"deadlineMs":null}"#,
            "edge-not-object": #"[{"type":"hello","seq":1}]"#,
            "edge-unknown-type": #"{"type":"launchMissiles","seq":1}"#,
        ]
        for (name, text) in texts.sorted(by: { $0.key < $1.key }) { out.append((name, Array(text.utf8))) }
        return out
    }

    /// A few moves and views of a real game of `Game`: the start, then after each of three moves.
    static func games<Game: PartyGame>(_: Game.Type, _ name: String, into out: inout [(String, [UInt8])]) throws {
        let count = max(2, Game.Rules.descriptor.minPlayers)
        let seats = (0..<count).map { Seat(id: SeatID($0), name: "P\($0)") }
        var rules = Game.Rules(setup: GameSetup(seats: seats, seed: 42))
        let codec = MessageCodec()
        var now = GameInstant.zero
        for step in 0..<3 {
            let view = ViewMessage(game: 1, view: rules.view(for: .seat(SeatID(0)), at: now), yourTurn: step == 0,
                                   deadlineMs: step == 1 ? 1500 : nil)
            out.append(("view-\(name)-\(step)", Array(try codec.encode(view, seq: step + 10).readableBytesView)))
            let spectator = ViewMessage(game: 1, view: rules.view(for: .spectator, at: now), yourTurn: false, deadlineMs: nil)
            out.append(("view-\(name)-spectator-\(step)", Array(try codec.encode(spectator, seq: step + 20).readableBytesView)))
            var moved = false
            for seat in seats.map(\.id) where !moved {
                for move in rules.candidateMoves(for: seat).prefix(3) {
                    let message = MoveMessage(move: move, seat: seat.index)
                    out.append(("move-\(name)-\(step)-\(seat.index)-\(out.count)",
                                Array(try codec.encode(message, seq: step + 1).readableBytesView)))
                    if !moved, (try? rules.apply(move, from: seat, at: now)) != nil { moved = true }
                }
            }
            now = GameInstant(milliseconds: now.milliseconds + 700)
            rules.advance(to: now)
        }
    }
}
