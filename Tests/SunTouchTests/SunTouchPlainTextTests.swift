import PartyKit
import PartyTestSupport
import Testing
@testable import SunTouch

/// The plain text and the move menu a client without SunTouch's presenter gets.
@Suite("SunTouch without a presenter")
struct SunTouchPlainTextTests {
    typealias S = Samples
    static let names = [S.alice: "Alice", S.bob: "Bob"]

    static func text(_ game: SunTouch, for seat: SeatID?, at ms: Int64) -> String {
        let viewer: Viewer = seat.map(Viewer.seat) ?? .spectator
        return SunTouch.plainText(of: game.view(for: viewer, at: S.at(ms)),
                                  context: PresenterContext(seat: seat, names: names, color: false))
    }

    static func menu(_ game: SunTouch, for seat: SeatID, at ms: Int64) -> [LabelledMove<SunTouchMove>] {
        SunTouch.labelledMoves(in: game.view(for: .seat(seat), at: S.at(ms)), for: seat)
    }

    /// Every labelled move of `seat` at `ms` is accepted by the rules.
    static func expectAccepted(_ game: SunTouch, for seat: SeatID, at ms: Int64) {
        for entry in menu(game, for: seat, at: ms) {
            var copy = game
            #expect(throws: Never.self, "\(entry.label)") { try copy.apply(entry.move, from: seat, at: S.at(ms)) }
        }
    }

    /// Alice swept B2 whole at 1 s (capturing the sun at 0.3, 0.3); Bob probed C5 at 2 s.
    static func struck() throws -> SunTouch {
        var game = try S.playing(suns: [(0.3, 0.3), (0.7, 0.7), (0.9, 0.1)])
        try game.apply(.strike(x: 0.3, y: 0.3, radius: 0.15), from: S.alice, at: S.at(1_000))
        try game.apply(.strike(x: 0.5, y: 0.9, radius: 0.05), from: S.bob, at: S.at(2_000))
        game.advance(to: S.at(4_000))
        return game
    }

    @Test("the coin toss: its countdown, and Toss the coin until tossed")
    func toss() throws {
        var game = S.game()
        #expect(Self.text(game, for: S.bob, at: 1_000) == """
            SunTouch: coin toss, 9 seconds left.
            Toss the coin to start.
            Suns found: Alice 0, you 0, of 7.
            """)
        #expect(Self.menu(game, for: S.bob, at: 1_000).map(\.label) == ["Toss the coin"])
        Self.expectAccepted(game, for: S.bob, at: 1_000)
        try game.apply(Self.menu(game, for: S.bob, at: 1_000)[0].move, from: S.bob, at: S.at(1_000))
        #expect(Self.menu(game, for: S.bob, at: 1_000).isEmpty)
        #expect(Self.text(game, for: S.bob, at: 1_000).contains("\nYou tossed; waiting for Alice.\n"))
        try game.apply(Self.menu(game, for: S.alice, at: 1_000)[0].move, from: S.alice, at: S.at(1_000))
        // The two menu tosses differ, so two fallback players never toss again and again.
        #expect(game.view(for: .seat(S.alice), at: S.at(1_000)).phase == .playing)
    }

    @Test("during play: seconds left, scores, cooldowns, captured suns, strikes and the map")
    func playingText() throws {
        let game = try Self.struck()
        #expect(Self.text(game, for: S.bob, at: 4_000) == """
            SunTouch: 116 seconds left.
            Suns found: Alice 1, you 0, of 3.
            Alice is cooling down: 3 seconds. You may strike now.
            Alice's suns: B2.
            Latest strikes: you at C5 r 0.05 (2 s ago); Alice at B2 r 0.15 (3 s
            ago).
            Map: columns A-E left to right, rows 1-5 top to bottom.
                A B C D E
              1 + + + . .
              2 + # + . .
              3 + + + . .
              4 . . . . .
              5 . . + . .
            @ your sun, # Alice's sun, * swept whole, + struck, . untouched.
            """)
        let spectator = Self.text(game, for: nil, at: 4_000)
        #expect(spectator.contains("\n  2 + @ + . .\n"))
        #expect(spectator.hasSuffix("\n@ Alice's sun, # Bob's sun, * swept whole, + struck, . untouched."))
    }

    @Test("a ready player gets two strikes a cell, minus cells swept whole, all accepted")
    func strikeGrid() throws {
        let game = try Self.struck()
        let menu = Self.menu(game, for: S.bob, at: 4_000)
        #expect(menu.count == 48)
        #expect(!menu.contains { $0.label.contains("B2") })
        #expect(menu.first == LabelledMove("Strike at A1 (large)", .strike(x: 0.1, y: 0.1, radius: 0.15)))
        #expect(menu.contains(LabelledMove("Strike at C4 (small)", .strike(x: 0.5, y: 0.7, radius: 0.05))))
        #expect(Set(menu.map(\.label)).count == menu.count)
        #expect(menu.allSatisfy { $0.label.count <= GameConformance.maximumLabelLength })
        Self.expectAccepted(game, for: S.bob, at: 4_000)
    }

    @Test("a ready player may also type a strike anywhere; it is accepted")
    func typedStrike() throws {
        let game = try Self.struck()
        let view = game.view(for: .seat(S.bob), at: S.at(4_000))
        #expect(SunTouch.typedMovePrompt(in: view, for: S.bob) == "Or type strike X Y R: X, Y from 0 to 1 (y grows downward), R from 0.03 to 0.20.")
        let move = try SunTouch.typedMove("strike 0.42 0.61 0.08", in: view, for: S.bob).get()
        #expect(move == .strike(x: 0.42, y: 0.61, radius: 0.08))
        var copy = game
        #expect(throws: Never.self) { try copy.apply(move, from: S.bob, at: S.at(4_000)) }
        #expect(SunTouch.typedMove("strike 2 0.5 0.1", in: view, for: S.bob)
            == .failure(InputError("X and Y must be from 0 to 1 (the field is the unit square).")))
        #expect(SunTouch.typedMove("toss", in: view, for: S.bob)
            == .failure(InputError("Type strike X Y R, e.g. strike 0.5 0.25 0.1, or choose a number from the menu.")))
        // Alice is cooling down: no prompt, and typing says why.
        let alice = game.view(for: .seat(S.alice), at: S.at(4_000))
        #expect(SunTouch.typedMovePrompt(in: alice, for: S.alice) == nil)
        #expect(SunTouch.typedMove("strike 0.5 0.5 0.1", in: alice, for: S.alice)
            == .failure(InputError("You are cooling down: 3 seconds to go.")))
        #expect(SunTouch.typedMove("strike 0.5 0.5 0.1", in: game.view(for: .spectator, at: S.at(4_000)), for: S.bob)
            == .failure(InputError("Spectators watch; they cannot strike.")))
    }

    @Test("no strikes while cooling down; they come back when the cooldown is over")
    func cooldown() throws {
        let game = try Self.struck()
        // Alice's large strike at 1 s cools down for 6 s.
        #expect(Self.menu(game, for: S.alice, at: 4_000).isEmpty)
        #expect(Self.text(game, for: S.alice, at: 4_000).contains("\nYou are cooling down: 3 seconds. Bob may strike now.\n"))
        #expect(Self.menu(game, for: S.alice, at: 6_999).isEmpty)
        #expect(Self.menu(game, for: S.alice, at: 7_000).count == 48)
        Self.expectAccepted(game, for: S.alice, at: 7_000)
    }

    @Test("no menu while paused, after the time limit, once over, or for a spectator's view")
    func noMenu() throws {
        var game = try Self.struck()
        #expect(SunTouch.labelledMoves(in: game.view(for: .spectator, at: S.at(4_000)), for: S.bob).isEmpty)
        #expect(Self.menu(game, for: S.bob, at: 120_000).isEmpty)
        var paused = game
        paused.connectionChanged(S.alice, connected: false, at: S.at(5_000))
        #expect(Self.menu(paused, for: S.bob, at: 5_000).isEmpty)
        #expect(Self.text(paused, for: S.bob, at: 5_000).contains("\nPaused: Alice's connection dropped; waiting for them to come back.\n"))
        game.leave(S.alice, at: S.at(5_000))
        #expect(Self.menu(game, for: S.bob, at: 5_000).isEmpty)
        #expect(Self.text(game, for: S.bob, at: 5_000).hasPrefix("SunTouch is over: Alice left; Bob wins.\n"))
    }

    @Test("when every cell is swept whole the whole grid is offered again")
    func everythingSwept() {
        let view = SunTouchView(
            phase: .playing, you: S.bob, suns: 3, clock: 10_000, left: 110_000, dur: 1_000,
            players: [SunTouchView.Player(seat: S.alice, score: 1, cool: 0, tossed: false, away: false),
                      SunTouchView.Player(seat: S.bob, score: 1, cool: 0, tossed: false, away: false)],
            strikes: [SunTouchView.Strike(n: 0, seat: S.alice, x: 0.5, y: 0.5, r: 0.75, age: 5_000)],
            captured: [], toss: nil, paused: false, end: nil)
        #expect(SunTouch.labelledMoves(in: view, for: S.bob).count == 50)
        let map = SunTouch.map(view)
        #expect(map[1] == "  1 * * * * *")
    }
}
