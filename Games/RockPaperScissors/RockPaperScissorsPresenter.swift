import PartyKit

/// Draws Rock Paper Scissors in the terminal and turns keys (full screen) or typed lines (line mode) into moves.
///
/// Keys: 1, 2 or 3 shows Rock, Paper or Scissors at once; ←/→ move the highlight and Enter or
/// Space shows the highlighted shape. In line mode, type `rock`, `paper`, `scissors` (or a start of
/// one, like `pa`), or `1`–`3`. The shell itself handles `q` (leave), `r` (rematch) and Ctrl-C.
public struct RockPaperScissorsPresenter: GamePresenter {
    /// The game this presenter draws.
    public typealias Rules = RockPaperScissors

    /// The highlighted shape (moved with the arrow keys).
    public var cursor: Shape

    /// Creates a presenter with Rock highlighted.
    public init() {
        cursor = .rock
    }

    /// The keys this game uses, for the help line.
    public var keyHelp: String { "1 Rock, 2 Paper, 3 Scissors (or ←/→ and Enter)" }

    /// What to type in line mode, for the help text.
    public var lineHelp: String { "rock, paper or scissors (or 1, 2, 3)" }

    /// Shows a shape for 1–3 or Enter/Space, moves the highlight with ←/→, explains refused keys.
    public mutating func handle(_ key: Key, view: RockPaperScissorsView, context: PresenterContext) -> PresenterAction<RockPaperScissorsMove> {
        let shape: Shape
        switch key {
        case .arrow(.left, _):
            cursor = Shape(number: (cursor.number + 1) % 3 + 1) ?? .rock
            return .redraw
        case .arrow(.right, _), .tab:
            cursor = Shape(number: cursor.number % 3 + 1) ?? .rock
            return .redraw
        case .enter, .character(" "):
            shape = cursor
        case .character(let character):
            guard character.isASCII, let digit = character.wholeNumberValue, let picked = Shape(number: digit) else {
                return .none
            }
            shape = picked
        default:
            return .none
        }
        switch check(shape, view: view, context: context) {
        case .success(let move):
            cursor = shape
            return .send(move)
        case .failure(let error):
            return .message(error.message)
        }
    }

    /// One line for line mode: "Round 2/5 | Alice 1, Bob 0 | Round 1: Alice Paper +1, Bob Rock +0 |
    /// chosen: Bob | …" (who has chosen, never what).
    public func describe(_ view: RockPaperScissorsView, context: PresenterContext) -> String {
        var parts = ["Round \(view.round)/\(view.rounds)"]
        parts.append(view.players.map { "\(context.name(of: $0.seat)) \($0.score)" }.joined(separator: ", "))
        if let reveal = view.revealSentence(context: context) { parts.append(reveal) }
        let chosen = view.players.filter(\.chosen).map { context.name(of: $0.seat) }
        if !chosen.isEmpty { parts.append("chosen: " + chosen.joined(separator: ", ")) }
        parts.append(view.status(context: context, elapsedMilliseconds: context.elapsedMilliseconds))
        return parts.joined(separator: " | ")
    }

    /// Reads `rock`, `paper`, `scissors`, a start of one (`pa`, `sc`) or `1`–`3`, in any case, checked against the view.
    public func parse(line: String, view: RockPaperScissorsView, context: PresenterContext) -> Result<RockPaperScissorsMove, InputError> {
        var words = line.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" })
        if let first = words.first, ["play", "choose", "show"].contains(first) { words.removeFirst() }
        guard words.count == 1, let shape = Self.shape(named: String(words[0])) else {
            return .failure(InputError("Type rock, paper or scissors (or 1, 2, 3)."))
        }
        return check(shape, view: view, context: context)
    }

    /// Redraws every 250 ms while a countdown runs.
    public func refreshInterval(for view: RockPaperScissorsView) -> Int? {
        view.remainingMs == nil ? nil : 250
    }

    /// The shape a typed word names: a number 1–3, or the start of exactly one shape's name.
    static func shape(named word: String) -> Shape? {
        if let number = Int(word) { return Shape(number: number) }
        if word == "scissor" { return .scissors }
        let matches = Shape.allCases.filter { !word.isEmpty && $0.rawValue.hasPrefix(word) }
        return matches.count == 1 ? matches[0] : nil
    }

    /// The move showing `shape` if the viewer may choose now, or why not (checked before sending,
    /// so the player learns at once; the host checks again anyway).
    func check(_ shape: Shape, view: RockPaperScissorsView, context: PresenterContext) -> Result<RockPaperScissorsMove, InputError> {
        if view.isOver { return .failure(InputError(RockPaperScissorsRejection.gameOver.description)) }
        guard let seat = context.seat ?? view.you, let row = view.players.first(where: { $0.seat == seat }) else {
            return .failure(InputError("You are watching this game; only the players can choose."))
        }
        if view.phase == .reveal { return .failure(InputError(RockPaperScissorsRejection.roundRevealed.description)) }
        if row.waiting { return .failure(InputError(RockPaperScissorsRejection.notInRound.description)) }
        if row.chosen || view.mine != nil { return .failure(InputError(RockPaperScissorsRejection.alreadyChosen.description)) }
        if view.secondsLeft(elapsedMilliseconds: context.elapsedMilliseconds) == 0 {
            return .failure(InputError(RockPaperScissorsRejection.timeUp.description))
        }
        return .success(RockPaperScissorsMove(shape: shape))
    }
}
