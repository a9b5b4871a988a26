import PartyKit
import Testing
@testable import Snap

@Suite("Presenter")
struct PresenterTests {
    static let names = Dictionary(uniqueKeysWithValues: Sample.names.enumerated().map { (SeatID($0.offset), $0.element) })

    static func context(_ seat: Int?, color: Bool = true) -> PresenterContext {
        PresenterContext(seat: seat.map(SeatID.init), names: names, color: color)
    }

    /// Four players: Alice shows 5♥, Bob K♠, Carol 5♠, Dave nothing; Bob is active.
    static func fourPlayers() -> Snap {
        Sample.table(closed: [["2C", "3C"], ["4C", "6C"], ["7C", "8C"], ["9C"]],
                     open: [["9D", "5H"], ["KS"], ["TD", "JD", "5S"], []], active: 1)
    }

    @Test("Lines: t, turn or an empty line turn; s or snap call snap; anything else is explained",
          arguments: [("", SnapMove.turn), ("t", .turn), (" TURN ", .turn), ("s", .snap(seen: 1)), ("snap", .snap(seen: 1))])
    func parseMoves(line: String, move: SnapMove) {
        let view = Self.fourPlayers().view(for: .seat(SeatID(1)), at: .zero)
        #expect(SnapPresenter().parse(line: line, view: view, context: Self.context(1)) == .success(move))
    }

    @Test("Typed lines that are not moves now get clear errors")
    func parseErrors() {
        let presenter = SnapPresenter()
        let game = Self.fourPlayers()
        let alice = game.view(for: .seat(SeatID(0)), at: .zero)
        #expect(presenter.parse(line: "t", view: alice, context: Self.context(0)) == .failure(InputError("It is Bob's turn, not yours.")))
        guard case .failure(let error) = presenter.parse(line: "hello", view: alice, context: Self.context(0)) else {
            Issue.record("hello parsed as a move")
            return
        }
        #expect(error.message.contains("snap"))
        let watching = game.view(for: .spectator, at: .zero)
        #expect(presenter.parse(line: "s", view: watching, context: Self.context(nil)) == .failure(InputError("You are watching; only players call snap.")))
        let dealing = Sample.dealt(players: 2).view(for: .seat(SeatID(0)), at: .zero)
        #expect(presenter.parse(line: "", view: dealing, context: Self.context(0)) == .success(.confirmDeal))
        #expect(presenter.parse(line: "s", view: dealing, context: Self.context(0)) == .failure(InputError("No cards are turned yet; snap once play starts.")))
    }

    @Test("Keys: Space and Enter turn, s snaps, other keys do nothing")
    func keys() {
        var presenter = SnapPresenter()
        let bob = Self.fourPlayers().view(for: .seat(SeatID(1)), at: .zero)
        #expect(presenter.handle(.character(" "), view: bob, context: Self.context(1)) == .send(.turn))
        #expect(presenter.handle(.enter, view: bob, context: Self.context(1)) == .send(.turn))
        #expect(presenter.handle(.character("s"), view: bob, context: Self.context(1)) == .send(.snap(seen: bob.table)))
        #expect(presenter.handle(.character("x"), view: bob, context: Self.context(1)) == .none)
        let alice = Self.fourPlayers().view(for: .seat(SeatID(0)), at: .zero)
        #expect(presenter.handle(.enter, view: alice, context: Self.context(0)) == .message("It is Bob's turn, not yours."))
    }

    @Test("One line describes the table")
    func describe() {
        let view = Self.fourPlayers().view(for: .seat(SeatID(0)), at: Sample.at(3_000))
        let line = SnapPresenter().describe(view, context: Self.context(0))
        #expect(line == "Turn 1 · Bob to play (7s) · Alice 4 [5♥], Bob 3 [K♠], Carol 5 [5♠], Dave 1 [--]")
    }

    @Test("The table: viewer at the bottom, the others left, top and right; red hearts and diamonds")
    func drawTable() throws {
        let view = Self.fourPlayers().view(for: .seat(SeatID(0)), at: .zero)
        var canvas = Canvas(width: 80, height: 20)
        SnapPresenter().draw(view, context: Self.context(0), on: &canvas)
        #expect(canvas.text(ofRow: 0).contains("Carol"))
        #expect(canvas.text(ofRow: 9).hasPrefix("▶ Bob"))
        #expect(canvas.text(ofRow: 9).hasSuffix(String(repeating: " ", count: 22 - 4) + "Dave".padding(22)))
        #expect(canvas.text(ofRow: 16).contains("Alice (you)"))
        #expect(canvas.text(ofRow: 17).contains("[5♥]"))
        #expect(canvas.text(ofRow: 18).contains("closed 2 open 2"))
        #expect(canvas.text.contains("Bob's turn"))
        let heart = try #require((0..<80).first { canvas[$0, 17].character == "♥" })
        #expect(canvas[heart, 17].style.foreground == .red)
        let spade = try #require((0..<80).first { canvas[$0, 1].character == "♠" })
        #expect(canvas[spade, 1].style.foreground == nil)
        var plain = Canvas(width: 80, height: 20)
        SnapPresenter().draw(view, context: Self.context(0, color: false), on: &plain)
        #expect(plain[heart, 17].style.foreground == nil)
    }

    @Test("The deal screen says Space/Enter makes you ready, in the README's words (issue 17)")
    func dealWording() {
        let game = Sample.dealt(players: 2)
        var canvas = Canvas(width: 80, height: 21)
        SnapPresenter().draw(game.view(for: .seat(SeatID(0)), at: .zero), context: Self.context(0), on: &canvas)
        #expect(canvas.text.contains("Space/Enter: ready to play"))
        #expect(!canvas.text.contains("confirm"))
        #expect(canvas.text.contains("Dealing… play starts in 5s, or when everyone is ready"))
    }

    @Test("The turn shows no \"1/1000\": the limit appears only for its last 20 turns (issue 17)")
    func turnLimit() throws {
        let view = Self.fourPlayers().view(for: .seat(SeatID(1)), at: .zero)
        let status = SnapPresenter().status(view, Self.context(1))
        #expect(status == "Your turn · 10s")
        var late = view
        late.turn = late.limit - 12
        #expect(SnapPresenter().status(late, Self.context(1)) == "Your turn · 10s · 12 turns left")
        late.turn = late.limit - 1
        #expect(SnapPresenter().status(late, Self.context(1)) == "Your turn · 10s · last turn")
    }

    @Test("A party room's turn limit (150) shows as \"turn N of 150\" from the first turn, on the status and the line")
    func roomTurnLimit() throws {
        var view = Self.fourPlayers().view(for: .seat(SeatID(1)), at: .zero)
        view.limit = SnapConfiguration.roomTurnLimit
        #expect(SnapPresenter().status(view, Self.context(1)) == "Your turn · 10s · turn 1 of 150")
        #expect(SnapPresenter().describe(view, context: Self.context(1)).hasPrefix("Turn 1 of 150 · your turn"))
        view.turn = 141
        #expect(SnapPresenter().status(view, Self.context(1)) == "Your turn · 10s · 9 turns left")
    }

    @Test("A spectator sees no player keys (issue 17)")
    func spectatorSeesNoKeys() {
        for game in [Sample.dealt(players: 2), Self.fourPlayers()] {
            var canvas = Canvas(width: 80, height: 21)
            SnapPresenter().draw(game.view(for: .spectator, at: .zero), context: Self.context(nil), on: &canvas)
            for key in ["Space", "Enter", "SNAP", "ready to play"] { #expect(!canvas.text.contains(key), "\(canvas.text)") }
        }
    }

    @Test("Once over, how it ended is said once, by the shell's status line, with no second rematch hint (issue 17)")
    func overSaysItOnce() throws {
        var game = Snap(setup: GameSetup(seats: Sample.seats(2), configuration: SnapConfiguration(turnSeconds: 1, turnLimit: 2), seed: 1))
        var now = GameInstant.zero
        while !game.isOver, let deadline = game.schedule.deadline {
            now = deadline
            game.advance(to: now)
        }
        let view = game.view(for: .seat(SeatID(0)), at: now)
        var canvas = Canvas(width: 80, height: 21)
        SnapPresenter().draw(view, context: Self.context(0), on: &canvas)
        let outcome = try #require(view.outcome)
        #expect(!canvas.text.contains(outcome), "\(canvas.text)")
        #expect(!canvas.text.contains("rematch"), "\(canvas.text)")
        #expect(canvas.text.contains("Game over"))
    }

    @Test("A snap flashes for a moment, then the line stays dim")
    func flash() throws {
        var game = Self.fourPlayers()
        try game.apply(.snap(seen: game.table), from: SeatID(2), at: .zero)
        let view = game.view(for: .seat(SeatID(0)), at: .zero)
        var canvas = Canvas(width: 80, height: 20)
        SnapPresenter().draw(view, context: Self.context(0), on: &canvas)
        let row = try #require((0..<20).first { canvas.text(ofRow: $0).contains("Carol called snap and won") })
        let column = canvas.text(ofRow: row).distance(of: "Carol")
        #expect(canvas[column, row].style.inverse)
        var later = Canvas(width: 80, height: 20)
        var context = Self.context(0)
        context.elapsedMilliseconds = 5_000
        SnapPresenter().draw(view, context: context, on: &later)
        #expect(!later[column, row].style.inverse)
    }

    @Test("Drawing never crashes, down to nothing at all", arguments: [(0, 0), (1, 1), (10, 3), (29, 9), (40, 12), (120, 40)])
    func anySize(width: Int, height: Int) {
        for view in [Self.fourPlayers().view(for: .seat(SeatID(2)), at: .zero),
                     Sample.dealt(players: 3).view(for: .spectator, at: .zero)] {
            var canvas = Canvas(width: width, height: height)
            SnapPresenter().draw(view, context: Self.context(2), on: &canvas)
            #expect(canvas.width == width)
        }
    }
}

extension String {
    /// The text padded with spaces to `width` characters.
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }

    /// The character offset of the first occurrence of `part` (0 when absent).
    func distance(of part: String) -> Int {
        let characters = Array(self), needle = Array(part)
        guard needle.count <= characters.count else { return 0 }
        return (0...(characters.count - needle.count)).first { Array(characters[$0..<($0 + needle.count)]) == needle } ?? 0
    }
}
