import PartyKit
import PartyTestSupport
import Testing
@testable import Snap

/// The plain text and the move menu a client without Snap!'s presenter gets.
@Suite("Snap! without a presenter")
struct SnapPlainTextTests {
    static let names = Dictionary(uniqueKeysWithValues: Sample.seats(4).map { ($0.id, $0.name) })

    static func text(_ game: Snap, for seat: SeatID?, at ms: Int64) -> String {
        let viewer: Viewer = seat.map(Viewer.seat) ?? .spectator
        return Snap.plainText(of: game.view(for: viewer, at: Sample.at(ms)),
                              context: PresenterContext(seat: seat, names: names, color: false))
    }

    static func labels(_ game: Snap, for seat: SeatID, at ms: Int64 = 0) -> [String] {
        Snap.labelledMoves(in: game.view(for: .seat(seat), at: Sample.at(ms)), for: seat).map(\.label)
    }

    /// Every labelled move of `seat` is accepted by the rules at `ms`.
    static func expectAccepted(_ game: Snap, for seat: SeatID, at ms: Int64 = 0) {
        for entry in Snap.labelledMoves(in: game.view(for: .seat(seat), at: Sample.at(ms)), for: seat) {
            var copy = game
            #expect(throws: Never.self, "\(entry.label)") { try copy.apply(entry.move, from: seat, at: Sample.at(ms)) }
        }
    }

    @Test("while dealing: how many are ready, the countdown, and a Ready entry until confirmed")
    func dealing() throws {
        var game = Sample.dealt(players: 3)
        #expect(Self.text(game, for: SeatID(1), at: 1_200) == """
            Snap! Dealing: 0 of 3 ready, play starts in 4 seconds.
            Choose Ready when you are ready to play.
            You: 17 cards (17 face down), no open card.
            Carol: 17 cards (17 face down), no open card.
            Alice: 18 cards (18 face down), no open card.
            """)
        #expect(Self.labels(game, for: SeatID(1)) == ["Ready (I have seen the deal)"])
        Self.expectAccepted(game, for: SeatID(1))
        try game.apply(.confirmDeal, from: SeatID(1), at: Sample.at(1_000))
        #expect(Self.labels(game, for: SeatID(1)).isEmpty)
        #expect(Self.labels(game, for: SeatID(0)) == ["Ready (I have seen the deal)"])
        #expect(Self.text(game, for: SeatID(1), at: 1_200).hasPrefix("""
            Snap! Dealing: 1 of 3 ready, play starts in 4 seconds.
            You are ready; waiting for the others.
            """))
        #expect(Snap.labelledMoves(in: game.view(for: .spectator, at: .zero), for: SeatID(0)).isEmpty)
    }

    @Test("while playing: whose turn with seconds left, cards and top cards, viewer first")
    func playingText() {
        let game = Sample.table(closed: [["2C", "3C"], ["4C"], ["6C", "7C", "8C"]], open: [["9D"], [], ["TD", "JD"]], active: 2)
        #expect(Self.text(game, for: SeatID(1), at: 2_500) == """
            Snap! Turn 1 of 1000. Carol's turn: 8 seconds left.
            You: 1 card (1 face down), no open card.
            Carol: 5 cards (3 face down), top J♦.
            Alice: 3 cards (2 face down), top 9♦.
            """)
        #expect(Self.text(game, for: SeatID(2), at: 9_001).hasPrefix("Snap! Turn 1 of 1000. Your turn: 1 second left.\n"))
    }

    @Test("the active player may turn and snap, the others snap, and every entry is accepted")
    func playingMenu() {
        let game = Sample.table(closed: [["2C", "3C"], ["4C"], ["6C", "7C", "8C"]], open: [["9D"], [], ["TD", "JD"]], active: 2)
        #expect(Self.labels(game, for: SeatID(2)) == ["Turn your card", "Snap!"])
        #expect(Self.labels(game, for: SeatID(0)) == ["Snap!"])
        #expect(Self.labels(game, for: SeatID(1)) == ["Snap!"])
        let view = game.view(for: .seat(SeatID(0)), at: .zero)
        #expect(Snap.labelledMoves(in: view, for: SeatID(0)).map(\.move) == [.snap(seen: game.table)])
        for seat in 0..<3 { Self.expectAccepted(game, for: SeatID(seat)) }
    }

    @Test("a match is spelled out, and a player out of cards gets no menu")
    func matchAndOut() {
        let game = Sample.table(closed: [["2C"], [], ["3C"]], open: [["5D"], [], ["5S"]], active: 0)
        let text = Self.text(game, for: SeatID(0), at: 0)
        #expect(text.contains("\nBob: out of cards.\n"))
        #expect(text.hasSuffix("\nTwo top cards match!"))
        #expect(Self.labels(game, for: SeatID(1)).isEmpty)
        #expect(Self.labels(game, for: SeatID(0)) == ["Turn your card", "Snap!"])
    }

    @Test("a paused turn says so; the away player is marked")
    func pausedTurn() {
        var game = Sample.table(closed: [["2C", "3C"], ["4C"]], open: [["9D"], ["TD"]], active: 1)
        game.connectionChanged(SeatID(1), connected: false, at: Sample.at(1_000))
        let lines = Self.text(game, for: SeatID(0), at: 3_000).split(separator: "\n")
        #expect(lines[0] == "Snap! Turn 1 of 1000. Bob's turn, paused while they are away.")
        #expect(lines[2] == "Bob: 2 cards (1 face down), top 10♦. Away.")
    }

    @Test("once the game is over nobody has a menu")
    func over() {
        var game = Sample.table(closed: [["2C"], ["4C"], ["5C"]], open: [[], [], []])
        game.leave(SeatID(0), at: Sample.at(100))
        game.leave(SeatID(1), at: Sample.at(100))
        #expect(Self.text(game, for: SeatID(2), at: 200).hasPrefix("Snap! Game over: Carol wins: everyone else left.\n"))
        #expect(Self.labels(game, for: SeatID(2)).isEmpty)
        #expect(GameConformance.textProblems(Self.text(game, for: nil, at: 200)) == [])
    }
}
