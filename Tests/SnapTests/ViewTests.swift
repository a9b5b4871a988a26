import Foundation
import PartyKit
import Testing
@testable import Snap

@Suite("Views and hidden information")
struct ViewTests {
    @Test("Each viewer sees themselves first, then the others clockwise, with counts and top cards only")
    func perspective() {
        let game = Sample.table(closed: [["2C", "3C"], ["4C"], ["6C", "7C", "8C"]], open: [["9D"], [], ["TD", "JD"]], active: 2)
        let view = game.view(for: .seat(SeatID(1)), at: Sample.at(2_500))
        #expect(view.me == 1)
        #expect(view.players.map(\.seat) == [1, 2, 0])
        #expect(view.players.map(\.name) == ["Bob", "Carol", "Alice"])
        #expect(view.players.map(\.closed) == [1, 3, 2])
        #expect(view.players.map(\.open) == [0, 2, 1])
        #expect(view.players.map(\.top) == [nil, Sample.card("JD"), Sample.card("9D")])
        #expect(view.active == 2)
        #expect(view.turnMs == 7_500)
        #expect(!view.paused)
        #expect(view.phase == .playing)
        #expect(view.table == game.table)
        let spectator = game.view(for: .spectator, at: .zero)
        #expect(spectator.me == nil && spectator.players.map(\.seat) == [0, 1, 2])
    }

    @Test("Views carry the event, its counter and age, and the outcome")
    func eventsAndOutcome() throws {
        var game = SnapCallTests.fives()
        try game.apply(.snap(seen: game.table), from: SeatID(2), at: Sample.at(1_000))
        let view = game.view(for: .seat(SeatID(0)), at: Sample.at(1_400))
        #expect(view.event?.text == "Carol called snap and won 5 cards")
        #expect(view.events == 1)
        #expect(view.eventAgeMs == 400)
        game.leave(SeatID(0), at: Sample.at(2_000))
        game.leave(SeatID(1), at: Sample.at(2_000))
        let last = game.view(for: .seat(SeatID(2)), at: Sample.at(2_000))
        #expect(last.phase == .over)
        #expect(last.outcome == "Carol wins: everyone else left")
        #expect(last.winners == [2])
    }

    @Test("Re-randomising the hidden cards keeps every pile's size, every top card, and every view",
          arguments: [UInt64(1), 2, 3])
    func hidingKeepsViews(seed: UInt64) {
        var table = BotTable(players: 4, seed: seed)
        table.run(maxSteps: 300)
        let game = table.game
        var random = SeededRandom(seed: seed)
        let hidden = game.hidingInformation(from: .seat(SeatID(0)), using: &random)
        #expect(hidden.closed.map(\.count) == game.closed.map(\.count))
        #expect(hidden.open.map(\.last) == game.open.map(\.last))
        #expect(hidden.closed != game.closed)
        #expect(Set(hidden.closed.flatMap { $0 } + hidden.open.flatMap { $0 }) == Set(Card.deck))
        for viewer in [Viewer.seat(SeatID(0)), .seat(SeatID(2)), .spectator] {
            #expect(hidden.view(for: viewer, at: table.now) == game.view(for: viewer, at: table.now))
        }
    }

    @Test("No view sent to a seat during a whole game names a face-down card", arguments: [UInt64(11), 12])
    func encodedViewsLeakNothing(seed: UInt64) throws {
        var table = BotTable(players: 4, seed: seed, configuration: SnapConfiguration(turnSeconds: 10, turnLimit: 300),
                             watched: SeatID(1))
        var checked = 0
        let encoder = JSONEncoder()
        // Step the game one event at a time so every view is checked against the piles of its moment.
        while !table.game.isOver {
            let before = table.watchedViews.count
            table.run(maxSteps: 1)
            let game = table.game
            let faceDown = Set(game.closed.flatMap { $0 } + game.open.flatMap { $0.dropLast() })
            for view in table.watchedViews[before...] {
                let json = String(decoding: try encoder.encode(view), as: UTF8.self)
                let named = Set(Card.deck.filter { json.contains("\"\($0.code)\"") })
                #expect(named.isDisjoint(with: faceDown))
                #expect(named == Set(view.players.compactMap(\.top)))
                checked += 1
            }
            if checked > 100_000 { break }
        }
        #expect(table.game.isOver)
        #expect(checked > 100)
    }

    @Test("Views survive a JSON round trip, cards as two-letter codes")
    func codable() throws {
        let view = SnapCallTests.fives().view(for: .seat(SeatID(0)), at: .zero)
        let data = try JSONEncoder().encode(view)
        #expect(try JSONDecoder().decode(SnapView.self, from: data) == view)
        #expect(String(decoding: try JSONEncoder().encode(Sample.card("TH")), as: UTF8.self) == "\"TH\"")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Card.self, from: Data("\"ZZ\"".utf8)) }
        let move = SnapMove.snap(seen: 4)
        #expect(try JSONDecoder().decode(SnapMove.self, from: JSONEncoder().encode(move)) == move)
    }
}
