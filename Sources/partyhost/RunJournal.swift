import ArgumentParser
import Foundation
import PartyHistory
import PartyJournal
import PartyServer
import PartyShell
import PartyWire

/// This run's journal: the party's file in the state directory (locked while the host runs),
/// the party (new, or the unfinished one being resumed) and its entries to replay.
final class RunJournal: Sendable {
    let store: SQLiteJournalStore
    let lock: JournalLock
    let party: JournalParty
    /// The entries to replay (empty for a new party).
    let entries: [JournalEntry]
    /// What the host is told before it starts (a damaged journal set aside, a party set aside by --new).
    let notices: [String]

    init(store: SQLiteJournalStore, lock: JournalLock, party: JournalParty, entries: [JournalEntry], notices: [String]) {
        self.store = store
        self.lock = lock
        self.party = party
        self.entries = entries
        self.notices = notices
    }

    /// Whether the party resumes (its journal has entries).
    var isResuming: Bool { !entries.isEmpty }

    /// The journal as the host takes it; `warn` hears of failing writes.
    func hostJournal(warn: @escaping @Sendable (String) -> Void) -> HostJournal {
        HostJournal(store: store, party: party, entries: entries, onProblem: warn)
    }

    /// A line about the party being resumed: its name, games played (a party room's, whose results
    /// are saved as it goes; `countsGames` false for a one-game table, which saves none) and who joined.
    func resumeLine(countsGames: Bool) -> String {
        let names = Self.joinedNames(entries)
        let report = party.results.flatMap { try? JSONDecoder().decode(RoomReport.self, from: Data($0.utf8)) }
        let games = report?.games.count ?? 0
        let who = names.isEmpty ? "nobody joined yet" : "players: " + names.joined(separator: ", ")
        let moves = entries.filter { $0.kind == "message" }.count
        let played = countsGames ? "\(games) game\(games == 1 ? "" : "s") finished, " : ""
        return "\(party.name), started \(Self.date(party.started)): \(played)"
            + "\(moves) message\(moves == 1 ? "" : "s") from players; \(who)"
    }

    /// The names of everyone who said hello as a player, in order of arrival.
    static func joinedNames(_ entries: [JournalEntry]) -> [String] {
        var names: [String] = []
        for name in entries.compactMap(\.playerName) where !names.contains(name) { names.append(name) }
        return names
    }

    static func date(_ seconds: Double) -> String {
        PartyHistory.dateText(Date(timeIntervalSince1970: seconds))
    }

    /// Begins a new party of `command` in `store`.
    static func begin(_ command: PartyHostCommand, in store: SQLiteJournalStore, joinCode: String?) throws -> JournalParty {
        try store.begin(JournalParty.fresh(name: command.sessionName, version: WireProtocol.softwareVersion,
                                           arguments: PartyHostCommand.givenArguments, seed: command.seed,
                                           joinCode: joinCode, started: Date().timeIntervalSince1970))
    }

    /// Opens the journal of `command`'s party: resumes its unfinished party (unless `--new`), or
    /// begins a new one. Nil when the state directory cannot be used (the party then runs in
    /// memory, and `warn` says so). Throws when another host holds the party.
    static func open(for command: PartyHostCommand, joinCode: @autoclosure () -> String?,
                     warn: (String) -> Void) throws -> RunJournal? {
        let directory = StateDirectory(explicit: command.state)
        do {
            try directory.create()
        } catch {
            warn("\(error) The party runs without a journal: if this host stops, the party is lost.")
            return nil
        }
        let path = directory.journalPath(for: command.sessionName)
        let lock: JournalLock
        do {
            lock = try JournalLock(journal: path)
        } catch .locked(let path, let holder) {
            throw ValidationError(JournalError.locked(path: path, holder: holder).description)
        } catch {
            warn("\(error) The party runs without a journal: if this host stops, the party is lost.")
            return nil
        }
        var notices: [String] = []
        var store: SQLiteJournalStore
        do {
            store = try SQLiteJournalStore(path: path)
        } catch {
            let why: String
            if case .newerFormat = error { why = "newer" } else { why = "damaged" }
            guard let aside = StateDirectory.setAside(path, why: why) else {
                warn("\(error) It could not be moved aside either. The party runs without a journal.")
                return nil
            }
            notices.append("\(error) It is kept as \(aside); a new journal starts.")
            do {
                store = try SQLiteJournalStore(path: path)
            } catch {
                warn("\(error) The party runs without a journal.")
                return nil
            }
        }
        do {
            if let unfinished = try store.unfinishedParty() {
                var reading = try store.entries(party: unfinished.id)
                if let damage = reading.damage {
                    notices.append("The journal of \(unfinished.name) is damaged after entry \(reading.entries.last?.sequence ?? 0) (\(damage)); "
                        + "the party resumes from its last good input.")
                    try store.truncate(party: unfinished.id, after: reading.entries.last?.sequence ?? 0)
                    reading.damage = nil
                }
                let endedOnPurpose = reading.entries.contains { $0.kind == "end" }
                if endedOnPurpose || reading.entries.isEmpty {
                    try store.finish(party: unfinished.id, reason: endedOnPurpose ? "hostQuit" : "empty", at: Date().timeIntervalSince1970)
                } else if command.new {
                    try store.finish(party: unfinished.id, reason: "setAside", at: Date().timeIntervalSince1970)
                    notices.append("The unfinished \(unfinished.name) is set aside (--new); `partyhost history` keeps it.")
                } else {
                    return RunJournal(store: store, lock: lock, party: unfinished, entries: reading.entries, notices: notices)
                }
            }
            let party = try begin(command, in: store, joinCode: joinCode())
            return RunJournal(store: store, lock: lock, party: party, entries: [], notices: notices)
        } catch {
            warn("\(error) The party runs without a journal: if this host stops, the party is lost.")
            return nil
        }
    }

    /// Begins a new party in the same file, the unfinished one set aside (the host declined to resume it).
    func startingAfresh(command: PartyHostCommand, joinCode: String?) throws -> RunJournal {
        try store.finish(party: party.id, reason: "setAside", at: Date().timeIntervalSince1970)
        let fresh = try Self.begin(command, in: store, joinCode: joinCode)
        return RunJournal(store: store, lock: lock, party: fresh, entries: [], notices: [])
    }
}
