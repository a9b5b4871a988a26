import PartyKit
import Testing
@testable import Snap

@Suite("Dealing")
struct DealingTests {
    @Test("52 cards dealt one at a time clockwise from seat 0, as evenly as it goes",
          arguments: [(2, [26, 26]), (3, [18, 17, 17]), (4, [13, 13, 13, 13])])
    func dealingCounts(players: Int, counts: [Int]) {
        let game = Sample.dealt(players: players)
        #expect(game.closed.map(\.count) == counts)
        #expect(game.open.allSatisfy { $0.isEmpty })
        #expect(Set(game.closed.flatMap { $0 }) == Set(Card.deck))
        #expect(game.phase == .dealing)
        #expect(game.schedule.turn == .seats(Set((0..<players).map(SeatID.init))))
        #expect(game.schedule.deadline == GameInstant(milliseconds: Snap.dealMilliseconds))
        #expect(!game.schedule.interrupts)
    }

    @Test("The same seed deals the same cards; another seed deals others")
    func seededDeal() {
        #expect(Sample.dealt(players: 3, seed: 42).closed == Sample.dealt(players: 3, seed: 42).closed)
        #expect(Sample.dealt(players: 3, seed: 42).closed != Sample.dealt(players: 3, seed: 43).closed)
    }

    @Test("Play starts when everyone confirmed; the first seat alternates with the game number",
          arguments: [(0, 0), (1, 1), (2, 2), (3, 0)])
    func confirmStartsPlay(gameNumber: Int, first: Int) throws {
        var game = Sample.dealt(players: 3, gameNumber: gameNumber)
        try game.apply(.confirmDeal, from: SeatID(0), at: Sample.at(100))
        try game.apply(.confirmDeal, from: SeatID(2), at: Sample.at(200))
        #expect(game.phase == .dealing)
        #expect(game.schedule.turn == .seat(SeatID(1)))
        try game.apply(.confirmDeal, from: SeatID(1), at: Sample.at(300))
        #expect(game.phase == .playing)
        #expect(game.active == SeatID(first))
        #expect(game.schedule == Schedule(turn: .seat(SeatID(first)), interrupts: true, deadline: Sample.at(10_300)))
    }

    @Test("The deal deadline confirms for those who did not, so nobody stalls")
    func dealDeadline() throws {
        var game = Sample.dealt(players: 2)
        try game.apply(.confirmDeal, from: SeatID(0), at: Sample.at(100))
        game.advance(to: Sample.at(4999))
        #expect(game.phase == .dealing)
        game.advance(to: Sample.at(6000))
        #expect(game.phase == .playing)
        #expect(game.active == SeatID(0))
        #expect(game.turnDeadline == Sample.at(15_000))
    }

    @Test("Confirming twice, turning or calling snap while dealing are refused")
    func dealingRejections() throws {
        var game = Sample.dealt(players: 2)
        try game.apply(.confirmDeal, from: SeatID(0), at: .zero)
        #expect(throws: SnapRejection.alreadyConfirmed) { try game.apply(.confirmDeal, from: SeatID(0), at: .zero) }
        #expect(throws: SnapRejection.stillDealing) { try game.apply(.turn, from: SeatID(0), at: .zero) }
        #expect(throws: SnapRejection.stillDealing) { try game.apply(.snap(seen: 0), from: SeatID(1), at: .zero) }
        #expect(throws: SnapRejection.notInGame) { try game.apply(.confirmDeal, from: SeatID(5), at: .zero) }
        try game.apply(.confirmDeal, from: SeatID(1), at: .zero)
        #expect(throws: SnapRejection.notDealing) { try game.apply(.confirmDeal, from: SeatID(1), at: .zero) }
    }

    @Test("A player leaving while dealing starts play when the rest have confirmed")
    func leaveWhileDealing() throws {
        var game = Sample.dealt(players: 3)
        try game.apply(.confirmDeal, from: SeatID(0), at: .zero)
        try game.apply(.confirmDeal, from: SeatID(1), at: .zero)
        game.leave(SeatID(2), at: Sample.at(50))
        #expect(game.phase == .playing)
        #expect(game.closed.map(\.count) == [27, 25, 0])  // Carol's 17 go to Alice, Bob, Alice, …
        #expect(Sample.total(game) == 52)
    }

    @Test("Settings are read from the command line, with defaults and clear errors")
    func configuration() throws {
        #expect(try SnapConfiguration(values: [:]) == SnapConfiguration(turnSeconds: 10, turnLimit: 1000))
        #expect(try SnapConfiguration(values: ["turn-seconds": "3", "turn-limit": "50"]) == SnapConfiguration(turnSeconds: 3, turnLimit: 50))
        #expect(throws: GameSettingError.self) { try SnapConfiguration(values: ["turn-seconds": "0"]) }
        #expect(throws: GameSettingError.self) { try SnapConfiguration(values: ["speed": "1"]) }
        #expect(SnapConfiguration.settings.map(\.name) == ["turn-seconds", "turn-limit"])
    }
}
