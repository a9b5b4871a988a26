import ArgumentParser
import Foundation
import Logging
import PartyClient
import PartyDiscovery
import PartyGames
import PartyKit
import PartyServer
import PartyShell
import PartyTerminal
import PartyWire

/// `partyhost`: hosts a party room (game after game, with a scoreboard) or one game session on the
/// LAN and, unless dedicated, seats you at it.
struct PartyHostCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "partyhost",
        abstract: "Host a party (or one game) for everyone on the local network.",
        discussion: """
            With no --game, partyhost opens a party room ("NAME's party"): everyone joins once, \
            votes for the next game (the one with most votes starts when everyone has voted or the \
            countdown ends), plays it or watches it when it seats fewer, and a scoreboard runs across \
            games. --games limits the menu, --choose host lets the host's player decide alone, \
            --playlist plays a fixed order; at the end the final standings are printed (and written \
            to --results FILE as JSON, also on Ctrl-C). With --game, one game is hosted as a \
            session of its own.

            Players join with `partyclient` (which finds the session on the network) or with \
            `partyclient --connect HOST:PORT`. Ctrl-C or q ends the session; every player is told.

            Game settings follow the options, e.g. `partyhost --game twentyfour --round-seconds 60`; \
            in a party room each game takes the settings it has.

            The settings of each game:
            \(GameCatalogHelp.settingsHelp)
            """,
        version: WireProtocol.softwareVersion,
        subcommands: [HistoryCommand.self]
    )

    @Option(help: "Host this one game instead of a party room: \(GameCatalog.idList).")
    var game: String?

    @Option(help: ArgumentHelp("Party room: the games on its menu, comma-separated (default: every game).", valueName: "ids"))
    var games: String?

    @Option(help: ArgumentHelp("Party room: how the next game is chosen: vote (everyone votes) or host (the host's player decides; not with --dedicated).",
                               valueName: "vote|host"))
    var choose: String?

    @Option(help: ArgumentHelp("Party room: play these games in this order, comma-separated (repeats when it runs out).", valueName: "ids"))
    var playlist: String?

    @Option(help: "Party room: seconds the vote stays open after the first vote (1-600; default 30).")
    var voteSeconds: Int?

    @Option(help: "Party room: seconds between a game's pick and its start, a countdown everyone sees (0-60; default 3).")
    var startDelay: Int?

    @Option(help: ArgumentHelp("Party room: write the final standings and every game's result to this file as JSON.", valueName: "file"))
    var results: String?

    @Option(help: ArgumentHelp("Teams: more people than seats play together, several holding one seat. With --game, --teams alone seats everyone who joins as balanced teams; a party room forms teams when a game seats fewer than are present (auto, the default) or lets the rest watch (off).",
                               valueName: "auto|off"))
    var teams: String?

    @Option(help: "Teams: seconds a team's proposals stay open after the first before the most-proposed move is played (1-120; default 10).")
    var proposalSeconds: Int?

    @Option(help: "The audience: seconds watchers may predict who wins after a game starts; predictions close earlier at the first move (1-600; default 20).")
    var predictSeconds: Int?

    @Option(help: "The audience: points a right prediction scores on the party scoreboard (or a spectator's board) (0-1000; default 50).")
    var predictionPoints: Int?

    @Flag(help: "List the games this build can host, then exit.")
    var listGames = false

    @Option(help: "Your player name (also names the session: \"NAME's Four in a Row\"). Default: $USER.")
    var name: String?

    @Option(help: "The TCP port to listen on; 0 picks a free one.")
    var port: Int = 0

    @Option(help: "The address to listen on (::, the default: every interface, IPv6 and IPv4; 0.0.0.0: IPv4 only).")
    var bind: String = HostOptions.bothFamilies

    @Option(help: "How many bots to seat (0 up to the game's seats, less one for you unless --dedicated); in a party room they stay across games.")
    var bots: Int = 0

    @Option(help: ArgumentHelp("How well the bots play: \(BotLevel.nameList).", valueName: "level"))
    var botLevel: BotLevel = .standard

    @Flag(help: "Host without playing: no player is seated at this terminal.")
    var dedicated = false

    @Option(help: "With --dedicated: start when this many players are seated and ready (default: the game's minimum; with --teams up to 128, and --max-connections).")
    var players: Int?

    @Option(name: .customLong("interface"), help: "Advertise on this network interface (repeatable; default: every multicast-capable one).")
    var interfaces: [String] = []

    @Flag(help: "Do not advertise the session on the network (players then need --connect).")
    var noAdvertise = false

    @Option(help: ArgumentHelp("Require this join code from players (`--code` alone makes up one and prints it).", valueName: "code"))
    var code: String?

    @Option(help: "Seconds a dropped player's seat is held for them to reconnect, in every game (0: given up at once; 0-3600).")
    var grace: Int = 30

    @Option(name: .customLong("host-restart-wait"),
            help: ArgumentHelp("Seconds players' clients keep trying to come back when this host process disappears (a crash), since the host resumes the party from its journal when started again (0: clients give up at once, as for a host that keeps no journal; 0-3600).",
                               valueName: "seconds"))
    var restartWaitSeconds: Int = 300

    @Option(help: "Most spectators at once (0-100000; each is a connection, so --max-connections must fit them too).")
    var maxSpectators: Int = 16

    @Option(help: "Most connections at once (players, spectators and those still saying hello; 2-100000). Each is an open file: the host raises its open-file limit to the hard limit at start and warns when that is below --max-connections + 64.")
    var maxConnections: Int = 64

    @Option(help: "Most connections at once from one address (a value of --max-connections or more: no separate limit).")
    var maxConnectionsPerAddress: Int = 16

    @Option(help: "New connections per second one address may open on average (twice that in a burst); more are closed unanswered.")
    var acceptRate: Double = 20

    @Option(help: "Messages per second one client may send on average (twice that in a burst).")
    var rate: Double = 20

    @Option(help: "Seconds a new connection has to say hello.")
    var handshakeTimeout: Double = 5

    @Option(help: "Seconds of silence (not even a heartbeat) after which a peer counts as gone.")
    var idleTimeout: Double = 10

    @Option(help: "Messages queued for one client before it counts as stuck and is disconnected.")
    var queueLimit: Int = 512

    @Flag(help: "Use the plain line mode even on a terminal.")
    var lineMode = false

    @Option(help: "Also publish the session in this DNS domain (wide-area DNS-SD), e.g. party.example.org; with --dns-server and --tsig-key.")
    var publishDomain: String?

    @Option(help: "With --publish-domain: the DNS server that takes updates for the zone (HOST or HOST:PORT).")
    var dnsServer: String?

    @Option(help: ArgumentHelp("With --publish-domain: the TSIG key file (hmac-sha256, as tsig-keygen writes it).", valueName: "file"))
    var tsigKey: String?

    @Option(help: "With --publish-domain: a DNS name that already leads to this machine (default: partyhost-<hex>.<domain> with this machine's addresses).")
    var publishHost: String?

    @Option(help: "The seed of all randomness (for replaying a session).")
    var seed: UInt64?

    @Flag(help: "Log what the host does to standard error.")
    var verbose = false

    @Option(help: ArgumentHelp("Where the party's journal is kept (default: $XDG_STATE_HOME/partyhost, else ~/.local/state/partyhost).",
                               valueName: "dir"))
    var state: String?

    @Flag(help: "Keep no journal: a host that stops (a crash, a closed terminal) cannot resume the party.")
    var noJournal = false

    @Flag(help: "Start a new party even when an unfinished one of the same name is in the journal (it is kept, finished).")
    var new = false

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("Game settings, as --name value.", visibility: .hidden))
    var settings: [String] = []

    func validate() throws {
        if listGames { return }
        guard let id = game else { return try validateRoom() }
        if let flag = roomOnlyFlag {
            throw ValidationError("\(flag) is for a party room (partyhost without --game); with --game \(id) one game is hosted.")
        }
        guard let chosen = GameCatalog.game(id: id) else {
            throw ValidationError("There is no game \"\(id)\"; this build has: \(GameCatalog.idList).")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535.") }
        let seats = chosen.descriptor.maxPlayers - (dedicated ? 0 : 1)
        guard (0...seats).contains(bots) else {
            throw ValidationError("--bots must be from 0 to \(seats) for \(chosen.descriptor.title).")
        }
        // With teams a game seats everyone who joins: a dedicated host may wait for a whole class.
        let most = teamsOn ? max(chosen.descriptor.maxPlayers, min(HostOptions.teamCapacity, maxConnections)) : chosen.descriptor.maxPlayers
        if let players, !(chosen.descriptor.minPlayers...most).contains(players) {
            throw ValidationError("--players must be from \(chosen.descriptor.minPlayers) to \(most).")
        }
        _ = try GameCatalogHelp.settingValues(settings)
        try validateCommon()
    }

    /// Checks the options a party room and a single game share.
    func validateCommon() throws {
        guard (0...3600).contains(grace) else { throw ValidationError("--grace must be from 0 to 3600 seconds.") }
        guard (0...3600).contains(restartWaitSeconds) else {
            throw ValidationError("--host-restart-wait must be from 0 to 3600 seconds.")
        }
        guard (0...100_000).contains(maxSpectators) else { throw ValidationError("--max-spectators must be from 0 to 100000.") }
        if let teams, teams != "auto", teams != "off" { throw ValidationError("--teams must be auto or off (or alone).") }
        if let proposalSeconds, !(1...120).contains(proposalSeconds) {
            throw ValidationError("--proposal-seconds must be from 1 to 120.")
        }
        if let predictSeconds, !(1...600).contains(predictSeconds) {
            throw ValidationError("--predict-seconds must be from 1 to 600.")
        }
        if let predictionPoints, !(0...1000).contains(predictionPoints) {
            throw ValidationError("--prediction-points must be from 0 to 1000.")
        }
        guard (2...100_000).contains(maxConnections) else { throw ValidationError("--max-connections must be from 2 to 100000.") }
        guard rate >= 1, rate <= 10_000 else { throw ValidationError("--rate must be from 1 to 10000.") }
        guard (1...100_000).contains(maxConnectionsPerAddress) else {
            throw ValidationError("--max-connections-per-address must be from 1 to 100000.")
        }
        guard acceptRate >= 1, acceptRate <= 100_000 else { throw ValidationError("--accept-rate must be from 1 to 100000.") }
        guard handshakeTimeout >= 0.5, handshakeTimeout <= 600 else { throw ValidationError("--handshake-timeout must be from 0.5 to 600 seconds.") }
        guard idleTimeout >= 4, idleTimeout <= 3600 else {
            throw ValidationError("--idle-timeout must be from 4 to 3600 seconds (heartbeats come every 3 s).")
        }
        guard (16...1_000_000).contains(queueLimit) else { throw ValidationError("--queue-limit must be from 16 to 1000000.") }
        if let code, code != Self.generateCode, code.trimmingWhitespace().isEmpty || code.count > 32 {
            throw ValidationError("--code must be 1 to 32 characters (or give --code alone to make one up).")
        }
        try WideAreaPublishing.validate(self)
        try validateInterfaces()
    }

    /// A misspelt `--interface` is a mistake at the start (exit 64 with the interfaces there are),
    /// not a session hosted on, unadvertised; also with `--no-advertise`.
    func validateInterfaces() throws {
        guard !interfaces.isEmpty else { return }
        do {
            try DiscoveryInterfaces.named(interfaces).validate()
        } catch .noSuchInterface(let name) {
            let names = DiscoveryInterfaces.availableNames()
            throw ValidationError("--interface \(name): there is no interface \(name) with an IPv4 or IPv6 address; "
                + "this machine has: \(names.isEmpty ? "none" : names.joined(separator: ", ")).")
        } catch {
            // The list could not be read: the advertiser says so when it starts.
        }
    }

    /// Sets the per-address connection limits of `options` from `--max-connections-per-address`
    /// and `--accept-rate`.
    func applyAddressLimits(to options: inout HostOptions) {
        options.maxConnectionsPerAddress = maxConnectionsPerAddress
        options.acceptsPerSecond = acceptRate
        options.acceptBurst = acceptRate * 2
    }

    /// Whether teams are on: `--teams` (alone, or `auto`) for a locked session; for a party room
    /// unless `--teams off`.
    var teamsOn: Bool {
        guard let teams else { return game == nil }
        return teams != "off"
    }

    /// The value `--teams` gets when it is given alone.
    static let teamsAlone = "auto"

    /// The arguments as parsed (after `--code` and `--teams` alone got their values): a new
    /// party's journal keeps them, so that a restarted host builds the same table.
    nonisolated(unsafe) static var givenArguments: [String] = []

    /// The value `--code` gets when it is given alone.
    static let generateCode = "\u{0}generate"

    /// Lets `--code` stand alone (then a code is made up), and a negative number be an option's
    /// value, before ArgumentParser reads the arguments.
    static func main() async {
        var arguments = CommandLineValues.joiningNegativeNumbers(Array(CommandLine.arguments.dropFirst()))
        if let index = arguments.firstIndex(of: "--code"),
           index + 1 == arguments.count || arguments[index + 1].hasPrefix("--") {
            arguments.insert(generateCode, at: index + 1)
        }
        if let index = arguments.firstIndex(of: "--teams"),
           index + 1 == arguments.count || arguments[index + 1].hasPrefix("--") {
            arguments.insert(teamsAlone, at: index + 1)
        }
        givenArguments = arguments
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }

    func run() async throws {
        if listGames {
            Console.say(GameCatalogHelp.listing)
            return
        }
        let level: Logger.Level = verbose ? .info : .error
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        var command = self
        let journal = try openJournal(resuming: &command)
        guard let id = command.game else { return try await RoomHostRunner(command: command, journal: journal).host() }
        guard let chosen = GameCatalog.game(id: id) else { return }
        try await HostRunner(command: command, journal: journal).host(chosen)
    }
}
