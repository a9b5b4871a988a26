import PartyKit
import Testing
@testable import Snap

@Suite("A match on the table stays snappable until the next card is turned")
struct MatchStaysTests {
    /// What one seeded game showed: matches made by a turn, and the ones that did not hold.
    struct Tally {
        var made = 0
        var unseen: [String] = []
        var notSnappable: [String] = []
        var lostByPenalty: [String] = []
    }

    /// Plays one seeded game by the rules: the active player turns; after every turn that shows a
    /// card matching another top card, the spectators' view must show the match and a snap on that
    /// view's table must win it (tried on a copy; the real game snaps half the time, so some matches
    /// last over several turns); now and then somebody calls snap wrongly, which must not take a
    /// match off the table either.
    static func play(players: Int, seed: UInt64) throws -> Tally {
        var game = Sample.dealt(players: players, seed: seed, configuration: .init(turnSeconds: 10, turnLimit: 1000))
        for seat in 0..<players { try game.apply(.confirmDeal, from: SeatID(seat), at: .zero) }
        var random = SeededRandom(seed: seed &* 31 &+ UInt64(players))
        var tally = Tally()
        var now: Int64 = 0
        while game.phase == .playing, let turner = game.active, now < 2_000_000 {
            now += 10
            let before = game.open.map(\.last)
            try game.apply(.turn, from: turner, at: Sample.at(now))
            guard game.phase == .playing, let shown = game.open[turner.index].last else { continue }
            let made = before.indices.contains { $0 != turner.index && before[$0]?.rank == shown.rank }
            if made {
                tally.made += 1
                let view = game.view(for: .spectator, at: Sample.at(now))
                guard view.hasMatch else {
                    tally.unseen.append("seed \(seed) turn \(game.turnNumber)")
                    continue
                }
                let caller = game.seats.map(\.id).first { game.isIn($0) } ?? turner
                var copy = game
                try copy.apply(.snap(seen: view.table), from: caller, at: Sample.at(now + 1))
                if copy.event?.kind != .snapWon {
                    tally.notSnappable.append("seed \(seed) turn \(game.turnNumber): \(copy.event?.text ?? "nothing")")
                }
                if random.next() % 2 == 0 { game = copy }
            } else if random.next() % 8 == 0 {
                // A wrong call by somebody who still plays, judged on a table without a match.
                let view = game.view(for: .spectator, at: Sample.at(now))
                guard !view.hasMatch, let caller = game.seats.map(\.id).filter({ game.isIn($0) }).randomElement(using: &random) else { continue }
                try game.apply(.snap(seen: view.table), from: caller, at: Sample.at(now + 1))
            } else if game.view(for: .spectator, at: Sample.at(now)).hasMatch, random.next() % 4 == 0 {
                // A wrong call on an old table while a match is showing: the penalty must leave the
                // match on the table unless the caller's own top card was paid out.
                let callerTop: Card?
                guard let caller = game.seats.map(\.id).filter({ game.isIn($0) }).randomElement(using: &random),
                      let old = game.matchSince.map({ $0 - 1 }), !game.matchedTables.contains(old), old >= 0 else { continue }
                callerTop = game.open[caller.index].last
                try game.apply(.snap(seen: old), from: caller, at: Sample.at(now + 1))
                let view = game.view(for: .spectator, at: Sample.at(now + 1))
                if game.phase == .playing, !view.hasMatch, game.open[caller.index].last == callerTop {
                    tally.lostByPenalty.append("seed \(seed) turn \(game.turnNumber)")
                }
            }
        }
        return tally
    }

    @Test("Every match a turn makes is shown and can be snapped, over many seeded games", arguments: [2, 3, 4])
    func everyMatchSnappable(players: Int) throws {
        var total = Tally()
        for seed in UInt64(1)...120 {
            let tally = try Self.play(players: players, seed: seed)
            total.made += tally.made
            total.unseen += tally.unseen
            total.notSnappable += tally.notSnappable
            total.lostByPenalty += tally.lostByPenalty
        }
        #expect(total.made > 500, "too few matches to judge: \(total.made)")
        #expect(total.unseen.isEmpty, "\(total.unseen.count) of \(total.made) matches vanished at once: \(total.unseen.prefix(5))")
        #expect(total.notSnappable.isEmpty, "\(total.notSnappable.count) matches could not be snapped: \(total.notSnappable.prefix(5))")
        #expect(total.lostByPenalty.isEmpty, "\(total.lostByPenalty.count) matches vanished with a penalty: \(total.lostByPenalty.prefix(5))")
    }

    @Test("A player whose face-down pile ran out turns the face-up pile over only when they next turn a card")
    func recycleOnTurn() throws {
        // Alice turns a five onto Bob's five; Bob's face-down pile is empty.
        var game = Sample.table(closed: [["2C", "5D"], []], open: [["9D"], ["KS", "5H"]])
        try game.apply(.turn, from: SeatID(0), at: Sample.at(100))
        #expect(game.active == SeatID(1))
        #expect(game.open[1].last == Sample.card("5H"), "Bob's face-up pile stays as it is while the match shows")
        #expect(game.view(for: .seat(SeatID(1)), at: Sample.at(100)).hasMatch)
        try game.apply(.snap(seen: game.table), from: SeatID(1), at: Sample.at(200))
        #expect(game.event?.kind == .snapWon)
        // Without the snap, Bob's turn flips his pile over and turns its first card.
        var other = Sample.table(closed: [["2C", "5D"], []], open: [["9D"], ["KS", "5H"]])
        try other.apply(.turn, from: SeatID(0), at: Sample.at(100))
        try other.apply(.turn, from: SeatID(1), at: Sample.at(200))
        #expect(other.open[1] == [Sample.card("KS")])
        #expect(other.closed[1] == [Sample.card("5H")])
    }

    @Test("A penalty that empties the active player's face-down pile leaves their face-up pile, and its match, on the table")
    func penaltyKeepsMatch() throws {
        // Alice (active) shows a five over a nine, Bob a five; Alice calls on the table before the match.
        var game = Sample.table(closed: [["3C"], ["4C", "6C"]], open: [["9D", "5D"], ["5H"]])
        let seen = game.table - 1
        try game.apply(.snap(seen: seen), from: SeatID(0), at: Sample.at(100))
        #expect(game.event?.kind == .wrongSnap)
        #expect(game.closed[0].isEmpty)
        #expect(game.open[0] == Sample.cards(["9D", "5D"]))
        #expect(game.view(for: .seat(SeatID(1)), at: Sample.at(100)).hasMatch)
        try game.apply(.snap(seen: game.table), from: SeatID(1), at: Sample.at(200))
        #expect(game.event?.kind == .snapWon)
    }
}
