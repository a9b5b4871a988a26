import PartyKit

/// Draws Four in a Row in the terminal and turns keys or typed lines into moves.
///
/// Keys: ←/→ (or Home/End) move the column cursor above the board, a digit 1–7 puts the cursor on
/// that column without dropping (so a stray key never costs a move), and Enter, Space or ↓ drops
/// a disc in the cursor's column. In line mode, type a column number (`3`) or `drop 3`.
public struct FourInARowPresenter: GamePresenter {
    /// The game this presenter draws.
    public typealias Rules = FourInARow

    /// The column (1–7) the cursor is on.
    public private(set) var cursor: Int

    /// Creates a presenter with the cursor on the middle column.
    public init() {
        cursor = (FourInARowBoard.columns + 1) / 2
    }

    /// The keys this game uses.
    public var keyHelp: String {
        "←/→ or 1-7 pick a column · Enter or Space drops"
    }

    /// What to type in line mode.
    public var lineHelp: String {
        "a column number from 1 to 7, like 3 or drop 3"
    }

    /// Moves the cursor or drops a disc; explains in the status line why a drop cannot be made.
    public mutating func handle(_ key: Key, view: FourInARowView, context: PresenterContext) -> PresenterAction<FourInARowMove> {
        switch key {
        case .arrow(.left, _): return moveCursor(to: cursor - 1)
        case .arrow(.right, _): return moveCursor(to: cursor + 1)
        case .home: return moveCursor(to: 1)
        case .end: return moveCursor(to: FourInARowBoard.columns)
        case .enter, .character(" "), .arrow(.down, _):
            switch check(column: cursor, view: view, context: context) {
            case .success(let move): return .send(move)
            case .failure(let error): return .message(error.message)
            }
        case .character(let character):
            guard let digit = character.wholeNumberValue, character.isASCII else { return .none }
            guard (1...FourInARowBoard.columns).contains(digit) else {
                return .message("Columns are numbered 1 to \(FourInARowBoard.columns).")
            }
            return moveCursor(to: digit)
        default:
            return .none
        }
    }

    /// One line: the board rows top first joined by `/` (`X` first player, `O` second), then whose turn.
    public func describe(_ view: FourInARowView, context: PresenterContext) -> String {
        let rows = view.board.map { row in
            String(row.map { character -> Character in
                switch character {
                case "0": "X"
                case "1": "O"
                default: "."
                }
            })
        }
        var parts = [rows.joined(separator: "/"), "moves \(view.moves)"]
        if let last = view.last { parts.append("last \(last)") }
        if let outcome = view.outcome {
            if view.winning.isEmpty {
                parts.append(outcome)
            } else {
                parts.append("\(outcome): \(view.winning.map(\.description).joined(separator: " "))")
            }
        } else {
            parts.append(turnText(view, context: context, symbols: true))
        }
        return parts.joined(separator: " | ")
    }

    /// Reads `3` or `drop 3` (any case, any spacing) as a move, checking it against the view.
    public func parse(line: String, view: FourInARowView, context: PresenterContext) -> Result<FourInARowMove, InputError> {
        let help = "Type a column number from 1 to \(FourInARowBoard.columns), like 3 or drop 3."
        var words = line.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" })
        if words.first == "drop" || words.first == "d" {
            words.removeFirst()
        }
        guard words.count == 1, let column = Int(words[0]) else {
            return .failure(InputError(help))
        }
        guard (1...FourInARowBoard.columns).contains(column) else {
            return .failure(InputError("There is no column \(column). \(help)"))
        }
        return check(column: column, view: view, context: context)
    }

    /// The move into `column` if the viewer may make it now, or why not.
    func check(column: Int, view: FourInARowView, context: PresenterContext) -> Result<FourInARowMove, InputError> {
        if view.isOver {
            return .failure(InputError("The game is over."))
        }
        guard let seat = context.seat ?? view.you, view.side(of: seat) != nil else {
            return .failure(InputError("You are watching this game; only the players can drop discs."))
        }
        guard view.turn == seat else {
            return .failure(InputError(turnText(view, context: context, symbols: false)))
        }
        guard view.canDrop(inColumn: column) else {
            return .failure(InputError(FourInARowRejection.columnFull(column: column).description))
        }
        return .success(FourInARowMove(column: column))
    }

    /// "Your turn", "Waiting for Bob…" or, for a spectator, "Alice to move"; with `symbols`, each
    /// name is followed by its line-mode symbol.
    func turnText(_ view: FourInARowView, context: PresenterContext, symbols: Bool) -> String {
        guard let turn = view.turn else { return view.outcome ?? "" }
        let viewer = context.seat ?? view.you
        let symbol = symbols ? view.side(of: turn).map { " (\(Self.symbol(side: $0)))" } ?? "" : ""
        if view.side(of: viewer) == nil {
            return "\(context.name(of: turn))\(symbol) to move"
        }
        if turn == viewer {
            return symbols ? "Your turn\(symbol), type a column 1-\(FourInARowBoard.columns)" : "Your turn"
        }
        return "Waiting for \(context.name(of: turn))\(symbol)…"
    }

    /// `X` for the first player, `O` for the second: the discs without colour.
    static func symbol(side: Int) -> Character {
        side == 0 ? "X" : "O"
    }

    /// Puts the cursor on `column` (clamped to the board); redraws only if it moved.
    private mutating func moveCursor(to column: Int) -> PresenterAction<FourInARowMove> {
        let clamped = min(max(column, 1), FourInARowBoard.columns)
        guard clamped != cursor else { return .none }
        cursor = clamped
        return .redraw
    }
}
