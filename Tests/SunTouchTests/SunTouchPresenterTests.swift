import PartyKit
import Testing
@testable import SunTouch

@Suite("SunTouch presenter")
struct SunTouchPresenterTests {
    static let context = PresenterContext(seat: Samples.alice, names: [Samples.alice: "Alice", Samples.bob: "Bob"])

    /// A playing view for Alice: one sun each, Alice's cooldown `cool`, one strike `age` ms old.
    static func playingView(cool: Int64 = 0, age: Int64 = 2000, you: SeatID? = Samples.alice) -> SunTouchView {
        SunTouchView(
            phase: .playing, you: you, suns: 7, clock: 30_000, left: 90_000, dur: 1000,
            players: [
                .init(seat: Samples.alice, score: 1, cool: cool, tossed: false, away: false),
                .init(seat: Samples.bob, score: 1, cool: 0, tossed: false, away: false),
            ],
            strikes: [.init(n: 0, seat: Samples.alice, x: 0.3, y: 0.3, r: 0.2, age: age)],
            captured: [
                .init(x: 0.1, y: 0.1, seat: Samples.alice, at: 1000), .init(x: 0.9, y: 0.9, seat: Samples.bob, at: 2000),
            ],
            toss: nil, paused: false, end: nil)
    }

    static func tossView(round: Int = 1, tossed: Bool = false) -> SunTouchView {
        SunTouchView(
            phase: .toss, you: Samples.alice, suns: 7, clock: 0, left: 120_000, dur: 1000,
            players: [
                .init(seat: Samples.alice, score: 0, cool: 0, tossed: tossed, away: false),
                .init(seat: Samples.bob, score: 0, cool: 0, tossed: false, away: false),
            ],
            strikes: [], captured: [], toss: .init(round: round, mine: tossed ? 4 : nil, left: 8000), paused: false, end: nil)
    }

    @Test(arguments: [
        (Key.arrow(.right, shift: false), 0.525, 0.5), (.arrow(.right, shift: true), 0.6, 0.5),
        (.arrow(.up, shift: false), 0.5, 0.475), (.arrow(.down, shift: true), 0.5, 0.6),
        (.character("h"), 0.475, 0.5), (.character("L"), 0.6, 0.5),
        (.character("k"), 0.5, 0.475), (.character("J"), 0.5, 0.6),
    ])
    func keysMoveTheCursor(key: Key, x: Double, y: Double) {
        var presenter = SunTouchPresenter()
        #expect(presenter.handle(key, view: Self.playingView(), context: Self.context) == .redraw)
        #expect(abs(presenter.cursorX - x) < 1e-9 && abs(presenter.cursorY - y) < 1e-9)
    }

    @Test func theCursorStaysInTheField() {
        var presenter = SunTouchPresenter()
        for _ in 0..<20 { _ = presenter.handle(.arrow(.left, shift: true), view: Self.playingView(), context: Self.context) }
        #expect(presenter.cursorX == 0)
    }

    @Test func theEndIsSaidOnceByTheShellNotAgainOnTheField() {
        var over = Self.playingView()
        over.phase = .over
        over.end = "Time is up: Alice wins, 3 suns to 2."
        var canvas = Canvas(width: 80, height: 21)
        SunTouchPresenter().draw(over, context: Self.context, on: &canvas)
        #expect(!canvas.text.contains("wins"), "\(canvas.text)")
        let line = SunTouchPresenter().describe(over, context: Self.context)
        #expect(!line.contains("wins"), "\(line)")
    }

    @Test func plusAndMinusSizeTheStrikeWithinBounds() {
        var presenter = SunTouchPresenter()
        _ = presenter.handle(.character("+"), view: Self.playingView(), context: Self.context)
        #expect(presenter.radius == 0.15)
        _ = presenter.handle(.character("-"), view: Self.playingView(), context: Self.context)
        _ = presenter.handle(.character("-"), view: Self.playingView(), context: Self.context)
        #expect(presenter.radius == 0.05)
        _ = presenter.handle(.character("-"), view: Self.playingView(), context: Self.context)
        #expect(presenter.radius == 0.03)
        _ = presenter.handle(.character("+"), view: Self.playingView(), context: Self.context)
        #expect(presenter.radius == 0.05)
        for _ in 0..<30 { _ = presenter.handle(.character("+"), view: Self.playingView(), context: Self.context) }
        #expect(presenter.radius == 0.2)
        for _ in 0..<30 { _ = presenter.handle(.character("-"), view: Self.playingView(), context: Self.context) }
        #expect(presenter.radius == 0.03)
    }

    @Test func spaceStrikesAtTheCursorOnceCooledDown() {
        var presenter = SunTouchPresenter()
        _ = presenter.handle(.arrow(.right, shift: true), view: Self.playingView(), context: Self.context)
        #expect(presenter.handle(.character(" "), view: Self.playingView(), context: Self.context) == .send(.strike(x: 0.6, y: 0.5, radius: 0.1)))
        guard case .message(let text) = presenter.handle(.character(" "), view: Self.playingView(cool: 2000), context: Self.context) else {
            Issue.record("a strike while cooling down was sent")
            return
        }
        #expect(text.contains("Cooling down"))
        var later = Self.context
        later.elapsedMilliseconds = 2500
        #expect(presenter.handle(.character(" "), view: Self.playingView(cool: 2000), context: later) == .send(.strike(x: 0.6, y: 0.5, radius: 0.1)))
        let spectator = PresenterContext(seat: nil, names: Self.context.names)
        #expect(presenter.handle(.character(" "), view: Self.playingView(you: nil), context: spectator) != .send(.strike(x: 0.6, y: 0.5, radius: 0.1)))
    }

    @Test func spaceTossesTheCoinOnce() {
        var presenter = SunTouchPresenter()
        guard case .send(.toss) = presenter.handle(.character(" "), view: Self.tossView(), context: Self.context) else {
            Issue.record("Space did not toss")
            return
        }
        guard case .message = presenter.handle(.character(" "), view: Self.tossView(tossed: true), context: Self.context) else {
            Issue.record("Space tossed twice")
            return
        }
    }

    @Test(arguments: [
        ("strike 0.5 0.25 0.1", SunTouchMove.strike(x: 0.5, y: 0.25, radius: 0.1)),
        ("  STRIKE 1 0 0.2 ", .strike(x: 1, y: 0, radius: 0.2)),
        ("s 0.3 0.4", .strike(x: 0.3, y: 0.4, radius: 0.1)),
        ("toss 12", .toss(12)),
    ])
    func parsesMoves(line: String, move: SunTouchMove) {
        #expect(SunTouchPresenter().parse(line: line, view: Self.playingView(), context: Self.context) == .success(move))
    }

    @Test(arguments: [
        ("", "Type strike"), ("strike", "three numbers"), ("strike a b c", "decimal numbers"),
        ("strike 1.5 0 0.1", "from 0 to 1"), ("strike 0.5 0.5 0.5", "R must be from 0.03 to 0.20"),
        ("strike 0.5 0.5 x", "R must be a decimal"), ("toss -1", "whole number"), ("jump", "Unknown command"),
    ])
    func explainsBadLines(line: String, message: String) throws {
        let result = SunTouchPresenter().parse(line: line, view: Self.playingView(), context: Self.context)
        guard case .failure(let error) = result else {
            Issue.record("\(line) was accepted")
            return
        }
        #expect(error.message.contains(message), "\(error.message)")
    }

    @Test func aBareTossIsRandom() {
        guard case .success(.toss) = SunTouchPresenter().parse(line: "toss", view: Self.tossView(), context: Self.context) else {
            Issue.record("toss was not read")
            return
        }
    }

    @Test(arguments: [(0, 0), (1, 1), (12, 3), (40, 12), (80, 20), (200, 60)])
    func drawsOnAnySize(width: Int, height: Int) {
        for view in [Self.playingView(age: 300), Self.tossView(), Self.tossView(round: 2, tossed: true)] {
            var canvas = Canvas(width: width, height: height)
            SunTouchPresenter().draw(view, context: Self.context, on: &canvas)
            #expect(canvas.width == width)
        }
    }

    @Test func drawsASquareFieldWithCapturedSunsCursorAndStatus() throws {
        var canvas = Canvas(width: 80, height: 20)
        SunTouchPresenter().draw(Self.playingView(), context: Self.context, on: &canvas)
        let field = try #require(SunTouchPresenter.layout(width: 80, height: 20))
        #expect(field.columns == 2 * field.rows)
        #expect(field.rows == 16)
        let mine = SunTouchPresenter.cell(of: 0.1, 0.1, in: field)
        let theirs = SunTouchPresenter.cell(of: 0.9, 0.9, in: field)
        let cursor = SunTouchPresenter.cell(of: 0.5, 0.5, in: field)
        #expect(canvas[mine.0, mine.1].character == "@")
        #expect(canvas[theirs.0, theirs.1].character == "#")
        #expect(canvas[cursor.0, cursor.1].character == "+")
        #expect(canvas.text(ofRow: 0).contains("You 1 · Bob 1 of 7"))
        #expect(canvas.text(ofRow: 0).contains("1:30 left"))
        // The finished strike's disc is explored ground: blank, while far ground is dotted.
        let explored = SunTouchPresenter.cell(of: 0.3, 0.3, in: field)
        #expect(canvas[explored.0, explored.1].character == " ")
        let unexplored = SunTouchPresenter.cell(of: 0.75, 0.2, in: field)
        #expect(canvas[unexplored.0, unexplored.1].character == "·")
    }

    @Test func strikesGrowAsExpandingRingsBetweenViews() {
        var early = Canvas(width: 80, height: 20)
        var later = Canvas(width: 80, height: 20)
        SunTouchPresenter().draw(Self.playingView(age: 100), context: Self.context, on: &early)
        var context = Self.context
        context.elapsedMilliseconds = 250
        SunTouchPresenter().draw(Self.playingView(age: 100), context: context, on: &later)
        #expect(early.text.contains("o") && later.text.contains("o"))
        #expect(early.text != later.text)
        let countEarly = early.text.filter { $0 == "o" }.count
        let countLater = later.text.filter { $0 == "o" }.count
        #expect(countLater > countEarly)
    }

    @Test func showsTheTossAndTheReToss() {
        var canvas = Canvas(width: 80, height: 20)
        SunTouchPresenter().draw(Self.tossView(), context: Self.context, on: &canvas)
        #expect(canvas.text.contains("Press Space to toss the coin"))
        canvas = Canvas(width: 80, height: 20)
        SunTouchPresenter().draw(Self.tossView(round: 2), context: Self.context, on: &canvas)
        #expect(canvas.text.contains("Equal tosses, toss again!"))
        #expect(SunTouchPresenter().describe(Self.tossView(), context: Self.context).contains("Type toss"))
    }

    @Test("shows the pause without a countdown of its own: the host's grace counts down in the status line (issue 17, point 5)")
    func showsThePauseWithoutASecondCountdown() {
        var view = Self.playingView()
        view.paused = true
        view.players[1].away = true
        var canvas = Canvas(width: 80, height: 20)
        SunTouchPresenter().draw(view, context: Self.context, on: &canvas)
        #expect(canvas.text.contains("Paused: Bob's connection dropped; waiting for them to come back."))
        var later = Self.context
        later.elapsedMilliseconds = 2000
        canvas = Canvas(width: 80, height: 20)
        SunTouchPresenter().draw(view, context: later, on: &canvas)
        #expect(canvas.text.contains("waiting for them to come back."))
        #expect(!canvas.text.contains("waiting 5"))
        #expect(canvas.text(ofRow: 0).contains("1:30 left"))
        #expect(!SunTouchPresenter().describe(view, context: Self.context).contains("grace"))
        guard case .message = SunTouchPresenter().act(view: view, context: Self.context) else {
            Issue.record("struck while paused")
            return
        }
    }

    @Test func describesTheGameInOneLine() {
        let line = SunTouchPresenter().describe(Self.playingView(age: 300), context: Self.context)
        #expect(!line.contains("\n"))
        #expect(line.contains("you 1, Bob 1 of 7 suns"))
        #expect(line.contains("you at 0.30 0.30 r 0.20 0.3 s ago"))
        #expect(line.contains("suns: you 0.10 0.10; Bob 0.90 0.90"))
    }

    @Test func refreshesFastOnlyWhileStrikesAnimate() {
        let presenter = SunTouchPresenter()
        #expect(presenter.refreshInterval(for: Self.playingView(age: 300)) == 50)
        #expect(presenter.refreshInterval(for: Self.playingView(age: 3000)) == 100)
        var over = Self.playingView()
        over.phase = .over
        #expect(presenter.refreshInterval(for: over) == nil)
    }
}
