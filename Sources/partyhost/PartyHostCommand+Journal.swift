import ArgumentParser
import Foundation
import PartyGames
import PartyServer
import PartyShell
import PartyTerminal

/// The journal's options, the session's name and the arguments the command was given.
extension PartyHostCommand {
    /// The player's name at this terminal, cleaned ("Host" when nothing is left).
    var cleanPlayerName: String {
        let given = name ?? ProcessInfo.processInfo.environment["USER"] ?? "Host"
        return NameCleaner.clean(given).isEmpty ? "Host" : NameCleaner.clean(given)
    }

    /// The session's name: "Ann's party", or "Ann's Four in a Row" with `--game`.
    var sessionName: String {
        guard let id = game, let chosen = GameCatalog.game(id: id) else { return "\(cleanPlayerName)'s party" }
        return "\(cleanPlayerName)'s \(chosen.descriptor.title)"
    }

    /// The join code of a new session: `--code` as given, or one made up for `--code` alone.
    func drawJoinCode() -> String? {
        code == Self.generateCode ? String(UInt32.random(in: 1000...9999)) : code
    }

    /// This command as it resumes `party`: the options it was started with (a restarted host
    /// builds the same table), with this run's state directory, screen and logging, and the port
    /// the party listened on (`port`: the same one where it is free, else any).
    func resuming(_ party: JournalParty, port: Int) throws -> PartyHostCommand {
        let parsed: (any ParsableCommand)?
        do {
            parsed = try Self.parseAsRoot(party.arguments)
        } catch {
            throw ValidationError("The journal of \(party.name) was started with options this partyhost does not take "
                + "(\(Self.message(for: error))). Start with --new to begin a new party (the old one is kept).")
        }
        guard var resumed = parsed as? PartyHostCommand else {
            throw ValidationError("The journal of \(party.name) holds a command line partyhost cannot read: "
                + "\(party.arguments.joined(separator: " ")). Start with --new to begin a new party (the old one is kept).")
        }
        resumed.state = state
        resumed.lineMode = lineMode
        resumed.verbose = verbose
        resumed.noJournal = false
        resumed.new = false
        resumed.port = port
        return resumed
    }
}

extension PartyHostCommand {
    /// Opens the party's journal (none with `--no-journal`). An unfinished party of the same name
    /// resumes: the full-screen host asks first; `--dedicated` and line mode resume at once;
    /// `--new` starts afresh. A resumed party runs with the options it was started with, which
    /// replace `command`.
    func openJournal(resuming command: inout PartyHostCommand) throws -> RunJournal? {
        guard !noJournal else { return nil }
        let warn: (String) -> Void = { StandardStreams.writeError("partyhost: " + $0 + "\n") }
        guard var journal = try RunJournal.open(for: self, joinCode: drawJoinCode(), warn: warn) else { return nil }
        journal.notices.forEach(warn)
        guard journal.isResuming else { return journal }
        if Terminal.isInteractive, !lineMode, !dedicated {
            // A party room counts its finished games; a one-game table (`--game`) keeps no results.
            let room = ((try? Self.parseAsRoot(journal.party.arguments)) as? PartyHostCommand)?.game == nil
            Console.say("An unfinished party: \(journal.resumeLine(countsGames: room)).")
            StandardStreams.writeOutput("Resume it? [Y/n] ")
            let answer = (readLine() ?? "").trimmingWhitespace().lowercased()
            if answer.hasPrefix("n") {
                journal = try journal.startingAfresh(command: self, joinCode: drawJoinCode())
                Console.say("A new party starts; the unfinished one is kept (partyhost history).")
                return journal
            }
        }
        let wanted = journal.party.port
        let free = wanted != 0 && PortProbe.isFree(wanted, on: bind)
        command = try resuming(journal.party, port: free ? wanted : 0)
        return journal
    }
}
