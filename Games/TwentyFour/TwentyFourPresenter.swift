import PartyKit

/// Draws TwentyFour in a terminal and turns typing into answers.
///
/// Keys: digits, `+ - * / x` (shown as `+ − × /`), parentheses and spaces edit the expression,
/// Backspace erases, Delete clears, Enter submits, `g` gives up (or Esc, then `y` to confirm).
public struct TwentyFourPresenter: GamePresenter {
    public typealias Rules = TwentyFour

    /// The expression being typed.
    public private(set) var input = ""
    /// The round the input belongs to; input from an earlier round is dropped.
    public private(set) var inputRound = 0
    /// Whether Esc was pressed and `y` would give up.
    public private(set) var confirmingGiveUp = false

    /// A presenter with an empty expression.
    public init() {}

    /// The expression typed for `view`'s round (empty after a new round starts).
    public func currentInput(for view: TwentyFourView) -> String {
        inputRound == view.round ? input : ""
    }

    public mutating func handle(_ key: Key, view: TwentyFourView, context: PresenterContext) -> PresenterAction<TwentyFourMove> {
        if inputRound != view.round {
            input = ""
            inputRound = view.round
        }
        if confirmingGiveUp {
            confirmingGiveUp = false
            if key == .character("y") || key == .character("Y") {
                return view.canAnswer ? .send(.giveUp) : .message(Self.notAnswering(view))
            }
            return .message("Carry on guessing!")
        }
        guard view.canAnswer else {
            return key == .escape || key == .enter || Self.isTyping(key) ? .message(Self.notAnswering(view)) : .none
        }
        switch key {
        case .character(let character):
            if character == "g" || character == "G", currentInput(for: view).isEmpty { return .send(.giveUp) }
            guard let typed = Self.typed(character) else {
                if isTypingText(view) && character.isLetter {
                    // Never a command while an expression is being typed.
                    return .message("Letters are not part of an expression; Delete clears it (then g gives up, q leaves).")
                }
                return .message("Type digits, + − × /, parentheses; Enter submits, g gives up.")
            }
            guard input.count < ExpressionParser.maximumLength else { return .message("That is long enough.") }
            input.append(typed)
            return .redraw
        case .backspace:
            guard !input.isEmpty else { return .none }
            input.removeLast()
            return .redraw
        case .delete:
            input = ""
            return .redraw
        case .enter:
            let text = input.trimmingWhitespace()
            return text.isEmpty ? .message("Type an expression first.") : .send(.submit(expression: text))
        case .escape:
            confirmingGiveUp = true
            return .message("Give up this round? Press y to confirm, any other key to keep guessing.")
        default:
            return .none
        }
    }

    public func parse(line: String, view: TwentyFourView, context: PresenterContext) -> Result<TwentyFourMove, InputError> {
        let text = line.trimmingWhitespace()
        if ["g", "give up", "giveup", "give-up"].contains(text.lowercased()) { return .success(.giveUp) }
        guard !text.isEmpty else { return .failure(InputError("Type an expression, or g to give up.")) }
        do {
            _ = try ExpressionParser.parse(text)
        } catch {
            return .failure(InputError(error.description))
        }
        return .success(.submit(expression: text))
    }

    public var keyHelp: String {
        "digits + − × / ( ) · Enter submits · g gives up · Backspace erases"
    }

    public var lineHelp: String {
        "an expression with the four numbers, like 8/(3-8/3), or g to give up"
    }

    /// An expression is being typed: letters belong to it (and are refused there), not to the client.
    public func isTypingText(_ view: TwentyFourView) -> Bool {
        view.canAnswer && !currentInput(for: view).isEmpty
    }

    public func refreshInterval(for view: TwentyFourView) -> Int? {
        view.remainingMs > 0 ? 250 : nil
    }

    /// The live evaluation shown next to the expression: "= 22", "= 24 ✓", "incomplete", or what is wrong.
    public static func evaluation(of input: String, numbers: [Int]) -> String {
        guard !input.trimmingWhitespace().isEmpty else { return "" }
        let expression: ArithmeticExpression
        do {
            expression = try ExpressionParser.parse(input)
        } catch {
            return error.isIncomplete ? "incomplete" : error.description
        }
        let value: Rational
        do {
            value = try ExpressionParser.evaluate(expression)
        } catch {
            return error.description
        }
        guard value == TwentyFourSolver.target else { return "= \(value)" }
        do {
            try ExpressionParser.check(input, numbers: numbers)
        } catch {
            return "= 24, but " + Self.shortfall(error)
        }
        return "= 24 ✓"
    }

    /// What keeps an expression that makes 24 from being an answer, as the end of a hint
    /// ("the 9 is used three times, not twice").
    static func shortfall(_ error: ExpressionError) -> String {
        switch error {
        case .usedTooOften(let number, let used, let available):
            "the \(number) is used \(ExpressionError.times(used)), not \(ExpressionError.times(available))"
        case .leftOut(let number):
            "the \(number) is left out"
        case .notInChallenge(let number, _):
            "\(number) is not one of the numbers"
        default:
            error.description.prefix(1).lowercased() + error.description.dropFirst()
        }
    }

    /// Remaining milliseconds, counted down locally since the view arrived.
    static func remaining(_ view: TwentyFourView, _ context: PresenterContext) -> Int64 {
        max(0, view.remainingMs - max(0, context.elapsedMilliseconds))
    }

    /// Whole seconds left, rounded up so that "0 s" means the time is really up.
    static func secondsLeft(_ view: TwentyFourView, _ context: PresenterContext) -> Int64 {
        (remaining(view, context) + 999) / 1000
    }

    static func notAnswering(_ view: TwentyFourView) -> String {
        if view.isOver { return "The game is over." }
        if view.phase == .pause { return "Next round will start shortly…" }
        switch view.me {
        case nil: return "You are watching this game."
        case .waiting: return "You play from the next round."
        case .solved: return "You solved it: wait for the next round."
        case .gaveUp: return "You gave up on this round."
        case .ranOutOfTime, .guessing, .newGuessing: return "Time is up for this round."
        }
    }

    private static func isTyping(_ key: Key) -> Bool {
        if case .character = key { return true }
        return key == .backspace
    }

    private static func typed(_ character: Character) -> Character? {
        switch character {
        case "0"..."9", "(", ")", " ", "+": character
        case "-", "−": "−"
        case "*", "x", "X", "×": "×"
        case "/", "÷": "/"
        default: nil
        }
    }
}
