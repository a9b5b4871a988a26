import PartyKit
import PartyWire

/// How a client plays a game it has no presenter for: shows the host's plain text and a numbered
/// menu of the labelled moves, and turns what the person types into a message for the host.
public struct PlainTextPlay: Sendable {
    /// What a typed line asks for.
    public enum Action: Hashable, Sendable {
        /// Send this menu entry's move as is.
        case move(JSONValue)
        /// Send typed text for the host to read (games whose moves are typed).
        case typed(String)
    }

    /// Creates the plain-text player.
    public init() {}

    /// The text, then the menu (numbered from 1) and what may be typed; `yourTurn` adds a prompt.
    public func describe(_ view: PlainTextView<JSONValue>, yourTurn: Bool) -> String {
        var lines = [view.text]
        if !view.moves.isEmpty {
            lines.append("Moves:")
            let width = String(view.moves.count).count
            for (number, choice) in view.moves.enumerated() {
                let label = String(number + 1)
                lines.append("  " + String(repeating: " ", count: width - label.count) + label + ") " + choice.label)
            }
        }
        if let typing = view.typing {
            lines.append("Or type \(typing).")
        }
        if yourTurn && (!view.moves.isEmpty || view.typing != nil) {
            lines.append(view.moves.isEmpty ? "Your move: type it." : "Your move: type a number\(view.typing == nil ? "" : " or your answer").")
        }
        return lines.joined(separator: "\n")
    }

    /// What the person typed as a move: a menu number or a menu entry's words, or (when the game
    /// takes typed moves) any other text; a line starting with `=` is always typed text (for an
    /// answer that is a number).
    public func read(_ line: String, view: PlainTextView<JSONValue>) -> Result<Action, InputError> {
        let text = line.trimmingWhitespace()
        if text.hasPrefix("="), view.typing != nil {
            let typed = String(text.dropFirst()).trimmingWhitespace()
            return typed.isEmpty ? .failure(InputError("Type your answer after the =.")) : .success(.typed(typed))
        }
        if let number = Int(text), number >= 1, number <= view.moves.count {
            return .success(.move(view.moves[number - 1].move))
        }
        if let entry = entry(named: text, in: view) {
            return .success(.move(view.moves[entry].move))
        }
        if view.typing != nil, !text.isEmpty, Int(text) == nil || view.moves.isEmpty {
            return .success(.typed(text))
        }
        if view.moves.isEmpty {
            return .failure(InputError(view.typing == nil ? "There is nothing for you to do right now." : "Type your answer."))
        }
        let range = view.moves.count == 1 ? "1" : "a number from 1 to \(view.moves.count)"
        return .failure(InputError("Type \(range) (or the move's first word) to choose a move\(view.typing == nil ? "" : ", or your answer (start with = if it is a number)")."))
    }

    /// The menu entry `text` names: a whole label, case, spaces and punctuation aside ("snap" for
    /// "Snap!"), or where nothing is typed as an answer, the start of exactly one label's first word
    /// ("turn" for "Turn your card", "ready" for "Ready (I have seen the deal)", "pa" for "paper").
    func entry(named text: String, in view: PlainTextView<JSONValue>) -> Int? {
        let typed = Self.words(text)
        guard !typed.isEmpty else { return nil }
        let labels = view.moves.map { Self.words($0.label) }
        let whole = labels.indices.filter { labels[$0] == typed }
        if whole.count == 1 { return whole[0] }
        guard view.typing == nil, typed.count == 1 else { return nil }
        let started = labels.indices.filter { labels[$0].first?.hasPrefix(typed[0]) == true }
        return started.count == 1 ? started[0] : nil
    }

    /// The words of `text`, lower-cased, without spaces and punctuation.
    static func words(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }

    /// The message for the host that carries `action`.
    public func message(for action: Action) -> any WireMessage {
        switch action {
        case .move(let move): MoveMessage(move: move)
        case .typed(let text): TypedMove(text: text)
        }
    }
}
