import PartyKit

/// Draws SunTouch's field on a character grid and turns keys or typed lines into tosses and strikes.
///
/// The field keeps its square shape: terminal cells are about twice as tall as wide, so it gets
/// two columns per row. The cursor and the strike radius are the presenter's own UI state.
public struct SunTouchPresenter: GamePresenter, Hashable {
    /// The game this presenter draws.
    public typealias Rules = SunTouch

    /// A small cursor step, in field units.
    public static let smallStep = 0.025
    /// A big cursor step (Shift or upper-case keys), in field units.
    public static let bigStep = 0.1
    /// How much `+` and `-` change the radius: radii step along 0.05, 0.10, 0.15, 0.20 (and the
    /// smallest, 0.03), each step a visible change of the ring and 2 s of cooldown.
    public static let radiusStep = 0.05

    /// The cursor's x (0…1, rightward).
    public var cursorX = 0.5
    /// The cursor's y (0…1, downward).
    public var cursorY = 0.5
    /// The radius of the next strike.
    public var radius = 0.1

    /// A presenter with the cursor in the middle and a 0.10 radius.
    public init() {}

    /// Moves the cursor, sizes the strike, strikes or tosses.
    public mutating func handle(_ key: Key, view: SunTouchView, context: PresenterContext) -> PresenterAction<SunTouchMove> {
        switch key {
        case .arrow(let direction, let shift):
            return move(direction, by: shift ? Self.bigStep : Self.smallStep)
        case .enter:
            return act(view: view, context: context)
        case .character(let character):
            switch character {
            case "h": return move(.left, by: Self.smallStep)
            case "j": return move(.down, by: Self.smallStep)
            case "k": return move(.up, by: Self.smallStep)
            case "l": return move(.right, by: Self.smallStep)
            case "H": return move(.left, by: Self.bigStep)
            case "J": return move(.down, by: Self.bigStep)
            case "K": return move(.up, by: Self.bigStep)
            case "L": return move(.right, by: Self.bigStep)
            case "+", "=": return resize(by: Self.radiusStep)
            case "-", "_": return resize(by: -Self.radiusStep)
            case " ": return act(view: view, context: context)
            default: return .none
            }
        default:
            return .none
        }
    }

    /// Moves the cursor one step, staying in the field.
    mutating func move(_ direction: Key.Direction, by step: Double) -> PresenterAction<SunTouchMove> {
        switch direction {
        case .left: cursorX = (cursorX - step).clamped(to: 0...1)
        case .right: cursorX = (cursorX + step).clamped(to: 0...1)
        case .up: cursorY = (cursorY - step).clamped(to: 0...1)
        case .down: cursorY = (cursorY + step).clamped(to: 0...1)
        }
        return .redraw
    }

    /// Grows or shrinks the next strike to the next multiple of `radiusStep` within the allowed radii.
    mutating func resize(by step: Double) -> PresenterAction<SunTouchMove> {
        let grid = abs(step)
        let index = step > 0 ? (radius / grid + 1e-9).rounded(.down) + 1 : (radius / grid - 1e-9).rounded(.up) - 1
        radius = ((index * grid * 100).rounded() / 100).clamped(to: SunTouch.radiusRange)
        return .redraw
    }

    /// Space or Enter: toss during the toss, strike at the cursor during play.
    func act(view: SunTouchView, context: PresenterContext) -> PresenterAction<SunTouchMove> {
        guard let me = view.me else { return .message("Spectators watch; they cannot strike.") }
        if view.paused { return .message("The game is paused until both players are connected.") }
        switch view.phase {
        case .over:
            return .message("The game is over.")
        case .toss:
            if me.tossed { return .message("You tossed; waiting for \(opponentName(view, context)).") }
            var generator = SystemRandomNumberGenerator()
            return .send(.toss(UInt32.random(in: .min ... .max, using: &generator)))
        case .playing:
            let cooling = me.cool - context.elapsedMilliseconds
            // No number: the message may stay a while, and the top line counts the seconds.
            if cooling > 0 { return .message("Cooling down: strike again when the top line says ready.") }
            return .send(.strike(x: cursorX, y: cursorY, radius: radius))
        }
    }

    /// Reads `strike X Y [R]`, `toss` or `toss N`.
    public func parse(line: String, view: SunTouchView, context: PresenterContext) -> Result<SunTouchMove, InputError> {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { $0.lowercased() }
        guard let command = words.first else { return .failure(InputError("Type strike X Y R, or toss.")) }
        let arguments = Array(words.dropFirst())
        switch command {
        case "strike", "s":
            guard arguments.count == 2 || arguments.count == 3 else {
                return .failure(InputError("Type strike X Y R with three numbers, e.g. strike 0.5 0.25 0.1."))
            }
            let numbers = arguments.map { Double($0) }
            guard let x = numbers[0], let y = numbers[1], x.isFinite, y.isFinite else {
                return .failure(InputError("X and Y must be decimal numbers, e.g. strike 0.5 0.25 0.1."))
            }
            guard (0.0...1.0).contains(x), (0.0...1.0).contains(y) else {
                return .failure(InputError("X and Y must be from 0 to 1 (the field is the unit square)."))
            }
            let range = SunTouch.radiusRange
            let bounds = "\(SunTouchFormat.decimal(range.lowerBound)) to \(SunTouchFormat.decimal(range.upperBound))"
            let r = arguments.count == 3 ? numbers[2] : radius
            guard let r, r.isFinite else { return .failure(InputError("R must be a decimal number from \(bounds).")) }
            guard range.contains(r) else { return .failure(InputError("R must be from \(bounds).")) }
            return .success(.strike(x: x, y: y, radius: r))
        case "toss", "t":
            if arguments.isEmpty {
                var generator = SystemRandomNumberGenerator()
                return .success(.toss(UInt32.random(in: .min ... .max, using: &generator)))
            }
            guard arguments.count == 1, let value = UInt32(arguments[0]) else {
                return .failure(InputError("Type toss, or toss N with a whole number N from 0 to 4294967295."))
            }
            return .success(.toss(value))
        default:
            return .failure(InputError("Unknown command \"\(command)\": type strike X Y R, or toss."))
        }
    }

    /// The keys SunTouch uses.
    public var keyHelp: String {
        "arrows/hjkl aim · Space strikes (or tosses) · +/- size · Shift: far"
    }

    /// What to type in line mode.
    public var lineHelp: String {
        "strike X Y R (X, Y from 0 to 1; R from 0.03 to 0.20), or toss [N] during the coin toss"
    }

    /// Fast while strikes grow, slower for the clocks, none once the game is over.
    public func refreshInterval(for view: SunTouchView) -> Int? {
        switch view.phase {
        case .over: return nil
        case .toss: return 250
        case .playing:
            if view.paused { return 250 }
            return view.strikes.contains { $0.age < view.dur } ? 50 : 100
        }
    }

    /// The opponent's name as the viewer knows it.
    func opponentName(_ view: SunTouchView, _ context: PresenterContext) -> String {
        view.opponent.map { context.name(of: $0.seat) } ?? "the other player"
    }
}
