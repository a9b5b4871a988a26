import NIOCore
import PartyKit
@testable import PartyWire
import Testing

/// A message encoded once for many connections gives each the bytes the codec gives it.
@Suite("SharedMessage")
struct SharedMessageTests {
    static let seqs = [0, 1, 9, 10, 99, 100, 12_345, 1_000_000_007]

    static func expectSame(_ message: some WireMessage) throws {
        let shared = try #require(SharedMessage(message))
        for seq in seqs {
            let body = shared.body(seq: seq)
            let encoded = try MessageCodec().encode(message, seq: seq)
            #expect(Array(body.readableBytesView) == Array(encoded.readableBytesView), "seq \(seq)")
            #expect(Array(FramePrepender.frame(of: body).readableBytesView) == Array(FramePrepender.frame(of: encoded).readableBytesView))
            #expect(body.readerIndex >= 10, "room for a WebSocket frame's header")
        }
    }

    @Test("heartbeat, lobby, game over, ended, a spectator's view: the same bytes as encoding each, for every seq")
    func sameBytes() throws {
        try Self.expectSame(Heartbeat())
        try Self.expectSame(Lobby(state: "playing", players: [PlayerInfo(seat: 0, name: "Ann", ready: false, host: true, bot: false, rematch: false)],
                                  you: nil, spectators: 10_000, canStart: false, gamesPlayed: 3, message: "Four in a Row is on."))
        try Self.expectSame(GameOver(game: 2, winners: [1], reason: "win", summary: "Bob wins.", standings: [StandingInfo(seat: 1, place: 1, score: 1)]))
        try Self.expectSame(Ended(reason: "hostQuit", message: "Bye \"all\".", scoreboard: nil))
        let view = try #require(EncodedJSON(encoding: ["board": ["......."], "note": ["é \u{1}"]]))
        try Self.expectSame(ViewMessage(game: 4, view: view, yourTurn: false, deadlineMs: 1_500))
        try Self.expectSame(PredictionsMessage(game: 1, state: "open", choices: [PredictionChoice(seat: 0, name: "Ann", votes: 3, percent: 60)],
                                               total: 5, closesMs: 900, points: 50, winners: nil, message: "60 % think Ann wins (3 of 5)"))
    }
}
