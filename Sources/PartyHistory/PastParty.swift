import Foundation
import PartyServer
import PartyWire

/// One party as `partyhost history` lists it: its journal's header and its results so far.
public struct PastParty: Sendable, Equatable {
    /// The session's name ("Ann's party").
    public var name: String
    /// When it started.
    public var started: Date
    /// When it finished; nil while it has not (its host resumes it when it starts again).
    public var finishedAt: Date?
    /// Why it finished (nil while it has not).
    public var finishedReason: String?
    /// The session's id (`welcome.session`, `RoomReport.session`).
    public var session: String
    /// Its results so far, once a game was played (nil before, or when they cannot be read).
    public var report: RoomReport?
    /// The journal file that holds it.
    public var journal: String

    /// A party.
    public init(name: String, started: Date, finishedAt: Date?, finishedReason: String?, session: String,
                report: RoomReport?, journal: String) {
        self.name = name
        self.started = started
        self.finishedAt = finishedAt
        self.finishedReason = finishedReason
        self.session = session
        self.report = report
        self.journal = journal
    }

    /// The party a journal's header describes (`journal`: the file it came from).
    public init(_ party: JournalParty, journal: String) {
        let report = party.results.flatMap { try? JSONDecoder().decode(RoomReport.self, from: Data($0.utf8)) }
        self.init(name: party.name, started: Date(timeIntervalSince1970: party.started),
                  finishedAt: party.finishedAt.map(Date.init(timeIntervalSince1970:)),
                  finishedReason: party.finished, session: party.sessionID, report: report, journal: journal)
    }

    /// Whether it finished (an unfinished party resumes when its host starts again).
    public var isFinished: Bool { finishedReason != nil || finishedAt != nil }

    /// How many games were played.
    public var games: Int { report?.games.count ?? 0 }

    /// The first of the standings, or nil when no game was played.
    public var winner: String? { games > 0 ? report?.standings.first?.name : nil }

    /// The final (or current) scoreboard, best first.
    public var standings: [RoomScoreLine] { report?.standings ?? [] }
}
