import Foundation
import PartyKit
import PartyWire

/// What `partyhost history` prints: the parties or the all-time standings, as a table or as JSON.
extension PartyHistory {
    /// The sentence for a directory without parties.
    public var emptySentence: String { "No parties yet in \(directory)." }

    /// A party's date as the table and the host show it: `yyyy-MM-dd HH:mm` in `timeZone`.
    public static func dateText(_ date: Date, timeZone: TimeZone = .current) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }

    /// The parties as a table, oldest first, dates in `timeZone` (`yyyy-MM-dd HH:mm`).
    public func table(timeZone: TimeZone = .current) -> String {
        guard !parties.isEmpty else { return emptySentence + "\n" }
        let rows = parties.map { party in
            [Self.dateText(party.started, timeZone: timeZone), Self.printable(party.name), "\(party.games)",
             party.winner.map(Self.printable) ?? "—", party.isFinished ? "finished" : "unfinished"]
        }
        var text = Self.columns(["Date", "Name", "Games", "Winner", "Status"], rows, rightAligned: [2])
        if parties.contains(where: { !$0.isFinished }) {
            text += "An unfinished party resumes when its host starts it again.\n"
        }
        return text
    }

    /// The all-time standings as a table, best first.
    public func standingsTable() -> String {
        let lines = standings
        guard !lines.isEmpty else { return parties.isEmpty ? emptySentence + "\n" : "No games played yet in \(directory).\n" }
        let rows = lines.map { line in
            ["\(line.place)", Self.printable(line.name) + (line.isBot ? " (bot)" : ""), "\(line.points)", "\(line.wins)",
             "\(line.played)", "\(line.parties)"]
        }
        return Self.columns(["Place", "Name", "Points", "Wins", "Games", "Parties"], rows, rightAligned: [0, 2, 3, 4, 5])
    }

    /// The parties as a JSON array (`name`, `started`, `finished` (ISO 8601 or null), `games`,
    /// `winner`, `session`, `standings`), oldest first, with a trailing newline.
    public func json() -> String {
        Self.encode(parties.map(PartyJSON.init))
    }

    /// The all-time standings as a JSON array (`place`, `name`, `points`, `wins`, `played`,
    /// `parties`, `bot`), best first, with a trailing newline.
    public func standingsJSON() -> String {
        Self.encode(standings)
    }

    private static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let text = (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
        // Foundation writes an empty array pretty-printed as "[\n\n]".
        return (text.filter { !$0.isWhitespace } == "[]" ? "[]" : text) + "\n"
    }

    /// `text` with control characters (a terminal's escapes) shown as `?`.
    static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : $0 }))
    }

    /// `rows` under `header` in columns two spaces apart (the columns `rightAligned` to the right).
    static func columns(_ header: [String], _ rows: [[String]], rightAligned: Set<Int>) -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
        return all.map { row in
            var line = ""
            for (column, cell) in row.enumerated() {
                let padding = String(repeating: " ", count: widths[column] - DisplayWidth.of(cell))
                if column > 0 { line += "  " }
                line += rightAligned.contains(column) ? padding + cell : cell + padding
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return line + "\n"
        }.joined()
    }
}

/// One party in `partyhost history --json`.
struct PartyJSON: Encodable {
    var party: PastParty

    enum CodingKeys: String, CodingKey {
        case name, started, finished, games, winner, session, standings
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let formatter = ISO8601DateFormatter()
        try container.encode(party.name, forKey: .name)
        try container.encode(formatter.string(from: party.started), forKey: .started)
        if party.isFinished {
            try container.encode(formatter.string(from: party.finishedAt ?? party.started), forKey: .finished)
        } else {
            try container.encodeNil(forKey: .finished)
        }
        try container.encode(party.games, forKey: .games)
        if let winner = party.winner {
            try container.encode(winner, forKey: .winner)
        } else {
            try container.encodeNil(forKey: .winner)
        }
        try container.encode(party.session, forKey: .session)
        try container.encode(party.standings, forKey: .standings)
    }
}
