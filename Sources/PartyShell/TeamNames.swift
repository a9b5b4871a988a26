import PartyKit
import PartyWire

/// Team names short enough for a game's screen: a team of many long names ("Team 🦄 Zoë, محمد,
/// Bartholomew & Cy") names as many whole members as fit and says "& N more" for the rest, rather
/// than a presenter cutting it mid-name at the screen's edge.
enum TeamNames {
    /// The columns all seats' names share on a game's screen of `width` columns with `seats` seats
    /// side by side ("● " before each, three spaces between, " (you)" after one): 67 for two seats
    /// on 80 columns.
    static func sharedColumns(width: Int, seats: Int) -> Int {
        width - 3 * max(0, seats - 1) - 2 * seats - " (you)".count
    }

    /// `names` fitted to a game's screen of `width` columns, seated by `players` (the lobby's).
    /// Every seat gets an even share of the columns, at least 20 (a screen that lists seats one
    /// under another has the room), and a name shorter than its share leaves the rest to the others.
    static func fitted(_ names: [SeatID: String], players: [PlayerInfo], width: Int) -> [SeatID: String] {
        let seated = Set(players.filter { $0.watching != true }.map(\.seat))
        // The game's seats (a watcher's number is no seat of it).
        let shown = seated.isEmpty ? names : names.filter { seated.contains($0.key.index) }
        var left = max(20 * shown.count, sharedColumns(width: width, seats: max(1, shown.count)))
        var result = names
        // The shortest first: what they leave goes to the longer ones.
        let ordered = shown.sorted { ($0.value.displayWidth, $0.key.index) < ($1.value.displayWidth, $1.key.index) }
        for (index, entry) in ordered.enumerated() {
            let share = max(20, left / max(1, ordered.count - index))
            let name = fitted(entry.value, players: players, columns: share)
            result[entry.key] = name
            left -= name.displayWidth
        }
        return result
    }

    /// `name` in at most `columns` columns: a team's name shortened to whole members ("Team Ann,
    /// Bob & 3 more"), whose members come from `players` (the lobby's entries that carry the team's
    /// name) or from the name itself when the lobby no longer says. Other names (a person's, at
    /// most 24 characters) are left whole.
    static func fitted(_ name: String, players: [PlayerInfo] = [], columns: Int) -> String {
        guard name.displayWidth > columns, name.hasPrefix(prefix) else { return name }
        let members = players.filter { $0.team == name && $0.watching != true }.map(\.name)
        let team = members.count > 1 ? (members, members.count) : parsed(name)
        return shortened(team.0, total: team.1, columns: columns) ?? DisplayWidth.truncated(name, columns: columns)
    }

    /// A status line that starts with our `team`'s name ("Team Ann, Bob & Cy — proposals: …")
    /// fitted to `width` columns by shortening the name to whole members first ("Team Ann & 2
    /// more"), or to "Your team" when not even one member's name fits, so what follows it shows.
    static func line(_ text: String, team: String?, players: [PlayerInfo], width: Int) -> String {
        guard let team, text.displayWidth > width, text.hasPrefix(team) else { return text }
        let rest = text.dropFirst(team.count)
        let name = fitted(team, players: players, columns: max(20, width - rest.displayWidth))
        return (name.contains("…") && !team.contains("…") ? "Your team" : name) + rest
    }

    /// "Team Ann, Bob & 3 more": the most of `named` (the first members of a team of `total`) whose
    /// names fit in `columns`, at least one (cut with "…" only when one name alone is too wide);
    /// nil for no members.
    static func shortened(_ named: [String], total: Int, columns: Int) -> String? {
        guard let first = named.first else { return nil }
        if named.count == total {
            let whole = prefix + named.dropLast().joined(separator: ", ") + (total > 1 ? " & " + named[total - 1] : "")
            if whole.displayWidth <= columns { return whole }
        }
        for kept in stride(from: min(named.count, total - 1), through: 1, by: -1) {
            let text = prefix + named.prefix(kept).joined(separator: ", ") + " & \(total - kept) more"
            if text.displayWidth <= columns { return text }
        }
        let more = total > 1 ? " & \(total - 1) more" : ""
        let room = max(1, columns - prefix.displayWidth - more.displayWidth)
        return prefix + DisplayWidth.truncated(first, columns: room) + more
    }

    /// The members a host's team name lists, and how many it has: "Team Ann, Bob & Cy" → (Ann, Bob,
    /// Cy; 3); "Team Ann, Bob & 3 more" → (Ann, Bob; 5).
    static func parsed(_ name: String) -> ([String], Int) {
        let body = String(name.dropFirst(prefix.count))
        guard let and = body.range(of: " & ", options: .backwards) else { return ([body], 1) }
        let named = body[..<and.lowerBound].components(separatedBy: ", ")
        let rest = String(body[and.upperBound...])
        if rest.hasSuffix(" more"), let count = Int(rest.dropLast(5)) { return (named, named.count + count) }
        return (named + [rest], named.count + 1)
    }

    /// How the host begins a team's name.
    static let prefix = "Team "
}
