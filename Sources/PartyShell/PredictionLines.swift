import PartyKit
import PartyWire

/// A watcher's question while predictions are open, for a terminal: "Who wins?" and every choice
/// with the digit that picks it, on as many lines as it takes. Names are shortened (a team's to
/// whole members, "Team Ann & 3 more"; others "Bartholo…") before a line is added past
/// `maxLines`, and no choice is ever left out.
enum PredictionLines {
    /// The lines for `message` at `width` columns (none unless predictions are open); `mine` is our
    /// own prediction, once made.
    static func lines(_ message: PredictionsMessage, mine: PredictionMessage?, width: Int, maxLines: Int = 3) -> [String] {
        guard message.state == "open", !message.choices.isEmpty, width > 0 else { return [] }
        let count = " (\(message.total) prediction\(message.total == 1 ? "" : "s"))"
        let closes = message.closesMs.map { "\(($0 + 999) / 1000) s" }
        let tail = [closes, mine.map { "you said \(TeamNames.fitted($0.name, columns: 30))" }].compactMap { $0 }
        var nameWidth = message.choices.map(\.name.displayWidth).max() ?? 0
        while true {
            let choices = message.choices.map { choice in
                "\(choice.seat + 1) \(DisplayWidth.truncated(TeamNames.fitted(choice.name, columns: nameWidth), columns: nameWidth)) \(choice.percent) %"
            }
            let lines = pack(first: "Who wins?", items: choices, last: count, then: tail, width: width)
            if lines.count <= maxLines || nameWidth <= 2 { return lines }
            nameWidth -= 1
        }
    }

    /// `first`, then the items separated by " · " (the last choice followed by `last` without a
    /// separator, then `then`'s items), never breaking an item; lines after the first are indented.
    static func pack(first: String, items: [String], last: String, then: [String], width: Int) -> [String] {
        var units = items
        if !units.isEmpty { units[units.count - 1] += last }
        units += then
        var lines: [String] = []
        var line = first
        for unit in units {
            let candidate = line + (line == first ? " " : " · ") + unit
            if candidate.displayWidth <= width {
                line = candidate
            } else {
                lines.append(line)
                line = DisplayWidth.truncated("  " + unit, columns: width)
            }
        }
        lines.append(line)
        return lines
    }
}
