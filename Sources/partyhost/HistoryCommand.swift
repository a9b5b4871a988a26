import ArgumentParser
import Foundation
import PartyHistory
import PartyJournal
import PartyShell
import PartyTerminal

/// `partyhost history`: the parties hosted before (from the journals of the state directory), or
/// the all-time standings across them.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List past parties (or the all-time standings) from the journals of the state directory.",
        discussion: """
            Every party hosted is kept in a journal in the state directory: --state DIR, else \
            $XDG_STATE_HOME/partyhost, else ~/.local/state/partyhost. Each party is listed with its \
            date, name, games played, winner and whether it finished (an unfinished one resumes when \
            its host starts again). --standings sums every player's points, wins, games and parties.
            """
    )

    @Option(help: ArgumentHelp("The state directory holding the journals (as partyhost's --state).", valueName: "dir"))
    var state: String?

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @Flag(help: "The all-time standings by player name across every party, best first.")
    var standings = false

    func run() throws {
        let history = PartyHistory.read(StateDirectory(explicit: state))
        for warning in history.warnings {
            StandardStreams.writeError("partyhost: " + warning + "\n")
        }
        if history.parties.isEmpty, !json {
            Console.say(history.emptySentence)
            return
        }
        let text: String
        switch (standings, json) {
        case (false, false): text = history.table()
        case (false, true): text = history.json()
        case (true, false): text = history.standingsTable()
        case (true, true): text = history.standingsJSON()
        }
        StandardStreams.writeOutput(text)
    }
}

extension HistoryCommand {
    /// Whether the command line (`CommandLine.arguments`) asks for `partyhost history`
    /// (`partyhost history …` or `partyhost help history`).
    static func isRequested(by arguments: [String]) -> Bool {
        let words = arguments.dropFirst()
        return words.first == configuration.commandName
            || (words.first == "help" && words.dropFirst().first == configuration.commandName)
    }

    /// `partyhost` with `history` as its only subcommand: parses `partyhost history …` so that
    /// usage lines and errors name the whole command.
    struct Root: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "partyhost", subcommands: [HistoryCommand.self])
    }
}
