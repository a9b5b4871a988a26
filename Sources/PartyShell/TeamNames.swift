import PartyKit
import PartyWire

/// Team names short enough for a game's screen: a team of many long names ("Team 🦄 Zoë, محمد,
/// Bartholomew & Cy") names as many whole members as fit and says "& N more" for the rest, rather
/// than a presenter cutting it mid-name at the screen's edge.
enum TeamNames {
    /// The most columns a seat's name takes on a game's screen of `width` columns with `seats` seats
    /// (two seats side by side on 80 columns, with "● " and " (you)", leave 30 each).
    static func columns(width: Int, seats: Int) -> Int {
        min(30, max(20, (width - 3 * max(0, seats - 1)) / max(1, seats) - 8))
    }

    /// `names` fitted to a game's screen of `width` columns, seated by `players` (the lobby's).
    static func fitted(_ names: [SeatID: String], players: [PlayerInfo], width: Int) -> [SeatID: String] {
        let seats = Set(players.filter { $0.watching != true }.map(\.seat)).count
        return fitted(names, players: players, columns: columns(width: width, seats: seats > 0 ? seats : names.count))
    }

    /// `names` (by seat) with every team's name that is wider than `columns` shortened to whole
    /// members; the members come from `players` (the lobby's entries that carry the team's name),
    /// or from the name itself when the lobby no longer says.
    static func fitted(_ names: [SeatID: String], players: [PlayerInfo], columns: Int) -> [SeatID: String] {
        names.mapValues { name in
            guard name.displayWidth > columns, name.hasPrefix(prefix) else { return name }
            let members = players.filter { $0.team == name && $0.watching != true }.map(\.name)
            let team = members.count > 1 ? (members, members.count) : parsed(name)
            return shortened(team.0, total: team.1, columns: columns) ?? name.fitted(toWidth: columns)
        }
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
