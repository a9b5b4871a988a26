import Foundation
import PartyHistory
import PartyServer
import PartyTerminal
import PartyWire
import PartyShell

extension RunJournal {
    /// The terminal closed (SIGHUP): not an end on purpose. The process stops at once, as in a
    /// crash, without telling anyone the party is over: everything accepted is in the journal
    /// (committed before anyone saw it), the clients wait for the host to come back, and the same
    /// command resumes the party.
    static func leaveForRestart() -> Never {
        StandardStreams.writeError("partyhost: the terminal closed; the party stays in the journal and resumes when partyhost starts again.\n")
        _exit(128 + SIGHUP)
    }

    /// What the host says once it listens on `port`, when the party resumed: where it stood, and
    /// that the port moved if the party's own was taken.
    func resumeLines(_ summary: ResumeSummary?, port: Int) -> [String] {
        guard let summary else { return [] }
        var lines = [summary.line]
        if party.version != WireProtocol.softwareVersion {
            lines.append("The party was started by partyhost \(party.version); this is \(WireProtocol.softwareVersion).")
        }
        if party.port != 0, party.port != port {
            lines.append("Port \(party.port) was taken: the party resumed on port \(port), where everyone joins it again "
                + "(partyclient lists it by name; phones scan the new QR code).")
        }
        return lines
    }

    /// Records the port the party listens on (a restarted host asks for it again).
    func saved(port: Int, warnings: Warnings) {
        do {
            try store.savePort(port, party: party.id)
        } catch {
            warnings.warn("\(error)")
        }
    }

    /// Saves the party's results so far in the journal (`partyhost history` reads them).
    func save(_ report: RoomReport, warnings: Warnings) {
        do {
            try store.saveResults(String(decoding: try ResultsFile.encode(report), as: UTF8.self), party: party.id)
        } catch {
            warnings.warn("The results could not be saved in the journal: \(error)")
        }
    }
}

/// `--results FILE`: the party's report as JSON, replaced atomically after every game
/// (`ResultsFile`), in the file given unless it holds another party's results (then beside it:
/// `party-2.json`, said once at the start).
struct PartyResults: Sendable {
    let path: String
    /// Said once the host listens, when `path` is not the file asked for.
    let notice: String?

    /// Where the results of party `session` go when `--results` names `requested`.
    init(requested: String, session: String) {
        (path, notice) = ResultsFile.destination(for: requested, session: session)
    }

    /// Writes `report`, or warns why it could not.
    func write(_ report: RoomReport, warnings: Warnings) {
        do {
            try ResultsFile.write(report, to: path)
        } catch {
            warnings.warn("Could not write the results to \(path): \(error)")
        }
    }
}

extension ResumeSummary {
    /// What the host says when the party resumes.
    var line: String {
        var line = "Resumed from the journal: \(replayed) input\(replayed == 1 ? "" : "s") replayed, \(gamesPlayed) game\(gamesPlayed == 1 ? "" : "s") played"
        let waiting = seats.filter { !$0.isBot && !$0.isHost }.map(\.name)
        if !waiting.isEmpty { line += "; waiting for " + waiting.joined(separator: ", ") + " to come back" }
        if let damage { line += " (the journal was damaged after that: \(damage))" }
        return line + "."
    }

    /// The token of the bot named `name`, if it held a seat.
    func token(ofBot name: String) -> String? {
        seats.first { $0.isBot && $0.name == name }?.token
    }

    /// The token of the host's own player, if they held a seat.
    var hostToken: String? {
        seats.first { $0.isHost }?.token
    }
}
