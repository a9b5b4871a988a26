import PartyKit

/// Draws RockPaperScissors in the terminal and turns keys (full screen) or typed lines (line mode) into moves.
///
/// Keys: 1, 2 or 3 adds that amount. In line mode, type `2` or `add 2`. The shell itself handles
/// `q` (leave), `r` (rematch) and Ctrl-C, so a presenter never sees those.
public struct RockPaperScissorsPresenter: GamePresenter {
    /// The game this presenter draws.
    public typealias Rules = RockPaperScissors

    /// Creates a presenter (RockPaperScissors keeps no UI state of its own; a cursor or a half-typed entry
    /// would live in stored properties here).
    public init() {}

    /// The keys this game uses, for the help line.
    public var keyHelp: String { "1, 2 or 3 adds that much to the total" }

    /// What to type in line mode, for the help text.
    public var lineHelp: String { "an amount to add, 1 to 3, like 2 or add 2" }

    /// Sends a move for the digits 1–3; explains in the status line why a move cannot be made.
    public mutating func handle(_ key: Key, view: RockPaperScissorsView, context: PresenterContext) -> PresenterAction<RockPaperScissorsMove> {
        guard case .character(let character) = key, character.isASCII, let digit = character.wholeNumberValue else {
            return .none
        }
        switch check(amount: digit, view: view, context: context) {
        case .success(let move): return .send(move)
        case .failure(let error): return .message(error.message)
        }
    }

    /// One line for line mode: "total 14/21 | last: Bob added 3 | Your turn: add 1, 2 or 3 (12 s left)".
    public func describe(_ view: RockPaperScissorsView, context: PresenterContext) -> String {
        var parts = ["total \(view.total)/\(view.target)"]
        if let last = view.last { parts.append("last: " + last.sentence(context: context)) }
        parts.append(view.status(context: context, elapsedMilliseconds: context.elapsedMilliseconds))
        return parts.joined(separator: " | ")
    }

    /// Reads `2` or `add 2` (any case, any spacing) as a move, checking it against the view.
    public func parse(line: String, view: RockPaperScissorsView, context: PresenterContext) -> Result<RockPaperScissorsMove, InputError> {
        var words = line.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" })
        if words.first == "add" || words.first == "a" { words.removeFirst() }
        guard words.count == 1, let amount = Int(words[0]) else {
            return .failure(InputError("Type an amount to add, 1 to 3, like 2 or add 2."))
        }
        return check(amount: amount, view: view, context: context)
    }

    /// Redraws every 250 ms while a turn clock runs, so the countdown moves.
    public func refreshInterval(for view: RockPaperScissorsView) -> Int? {
        view.remainingMs == nil ? nil : 250
    }

    /// The move adding `amount` if the viewer may make it now, or why not (checked before sending,
    /// so the player learns at once; the host checks again anyway).
    func check(amount: Int, view: RockPaperScissorsView, context: PresenterContext) -> Result<RockPaperScissorsMove, InputError> {
        if view.isOver { return .failure(InputError("The game is over.")) }
        guard let seat = context.seat ?? view.you, view.players.contains(seat) else {
            return .failure(InputError("You are watching this game; only the players can move."))
        }
        guard view.turn == seat else {
            return .failure(InputError(RockPaperScissorsRejection.notYourTurn.description))
        }
        guard (RockPaperScissors.smallestStep...RockPaperScissors.largestStep).contains(amount) else {
            return .failure(InputError(RockPaperScissorsRejection.amountOutOfRange(amount: amount).description))
        }
        guard view.total + amount <= view.target else {
            return .failure(InputError(
                RockPaperScissorsRejection.passesTarget(amount: amount, total: view.total, target: view.target).description))
        }
        return .success(RockPaperScissorsMove(amount: amount))
    }
}
