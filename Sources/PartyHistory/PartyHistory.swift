import Foundation
import PartyJournal
import PartyServer

/// Every party the journals of a state directory hold, oldest first, with the all-time standings
/// across them. Journals are opened read-only: one a host is writing right now reads as far as
/// it has committed, and nothing is changed.
public struct PartyHistory: Sendable {
    /// The state directory read.
    public var directory: String
    /// The parties, oldest first.
    public var parties: [PastParty]
    /// One sentence for each journal file that could not be read (it was skipped).
    public var warnings: [String]

    /// A history.
    public init(directory: String, parties: [PastParty], warnings: [String] = []) {
        self.directory = directory
        self.parties = parties
        self.warnings = warnings
    }

    /// Reads every journal of `state` (a missing directory has none).
    public static func read(_ state: StateDirectory) -> PartyHistory {
        read(journals: state.journalFiles(), directory: state.path)
    }

    /// Reads the journal files `journals`, skipping (with a warning) those that cannot be read.
    public static func read(journals: [String], directory: String) -> PartyHistory {
        var parties: [PastParty] = []
        var warnings: [String] = []
        for file in journals {
            do {
                let store = try SQLiteJournalStore(path: file, readOnly: true)
                parties += try store.parties().map { PastParty($0, journal: file) }
            } catch {
                warnings.append("Skipped \(file): \(error)")
            }
        }
        parties.sort { ($0.started, $0.name) < ($1.started, $1.name) }
        return PartyHistory(directory: directory, parties: parties, warnings: warnings)
    }

    /// Everyone who played, by name, across every party: best first.
    public var standings: [AllTimeStanding] {
        var byName: [String: AllTimeStanding] = [:]
        for party in parties {
            for line in party.standings {
                var standing = byName[line.name] ?? AllTimeStanding(name: line.name)
                standing.points += line.points
                standing.wins += line.wins
                standing.played += line.played
                standing.parties += 1
                standing.isBot = standing.parties == 1 ? line.bot == true : standing.isBot && line.bot == true
                byName[line.name] = standing
            }
        }
        return AllTimeStanding.ranked(Array(byName.values))
    }
}

/// One player's line of the all-time standings: their totals over every party they attended.
public struct AllTimeStanding: Sendable, Equatable, Codable {
    /// 1 for the best; equal points, wins and games share a place.
    public var place: Int
    /// The player's name (players are told apart by name only).
    public var name: String
    /// Party points, summed.
    public var points: Int
    /// Games won (placed first).
    public var wins: Int
    /// Games played.
    public var played: Int
    /// Parties whose scoreboard has them.
    public var parties: Int
    /// Whether every line summed was a bot's.
    public var isBot: Bool

    /// A line with nothing yet.
    public init(name: String, place: Int = 0, points: Int = 0, wins: Int = 0, played: Int = 0, parties: Int = 0, isBot: Bool = false) {
        self.place = place
        self.name = name
        self.points = points
        self.wins = wins
        self.played = played
        self.parties = parties
        self.isBot = isBot
    }

    enum CodingKeys: String, CodingKey {
        case place, name, points, wins, played, parties, isBot = "bot"
    }

    /// `lines` best first (most points, most wins, fewest games, then name), with their places.
    static func ranked(_ lines: [AllTimeStanding]) -> [AllTimeStanding] {
        var sorted = lines.sorted { lhs, rhs in
            if lhs.points != rhs.points { return lhs.points > rhs.points }
            if lhs.wins != rhs.wins { return lhs.wins > rhs.wins }
            if lhs.played != rhs.played { return lhs.played < rhs.played }
            return lhs.name < rhs.name
        }
        for index in sorted.indices {
            let previous = index > 0 ? sorted[index - 1] : nil
            if let previous, (previous.points, previous.wins, previous.played) == (sorted[index].points, sorted[index].wins, sorted[index].played) {
                sorted[index].place = previous.place
            } else {
                sorted[index].place = index + 1
            }
        }
        return sorted
    }
}
