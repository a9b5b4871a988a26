import ArgumentParser
import Foundation
import Logging
import PartyClient
import PartyDiscovery
import PartyGames
import PartyKit
import PartyShell
import PartyTerminal
import PartyWire

/// `partyclient`: finds partyhost sessions on the network and joins one.
@main
struct PartyClientCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "partyclient",
        abstract: "Join a partyhost game on the local network.",
        discussion: """
            With no options it shows the sessions on the network as they come and go; choose one \
            with the arrow keys and Enter. --connect joins a host directly. On a terminal the game \
            is full screen; otherwise (or with --line-mode) one line is printed per update and \
            moves are read from standard input, one per line.
            """
    )

    @Option(help: "Join the host at HOST:PORT directly, without looking on the network.")
    var connect: String?

    @Option(help: "Your player name. Default: $USER.")
    var name: String?

    @Flag(help: "Print the sessions found on the network and exit.")
    var list = false

    @Option(help: "With --list: how many seconds to look.")
    var timeout: Double = 2

    @Flag(help: "With --list: print JSON, one object per session.")
    var json = false

    @Option(help: "Only sessions of this game (\(GameCatalog.idList)).")
    var game: String?

    @Option(name: .customLong("interface"), help: "Look on this network interface (repeatable; default: every multicast-capable one).")
    var interfaces: [String] = []

    @Flag(help: "Watch as a spectator instead of playing (spectators see no hidden information).")
    var watch = false

    @Option(help: "The session's join code, if the host set one (asked for when needed).")
    var code: String?

    @Flag(help: "Use the plain line mode even on a terminal.")
    var lineMode = false

    @Flag(help: """
        Play as plain text with a numbered menu of moves, as this client does for games it has no \
        screen for (screen readers, tiny or dumb terminals).
        """)
    var plainText = false

    @Flag(help: "Log to standard error.")
    var verbose = false

    func validate() throws {
        guard timeout > 0, timeout <= 600 else { throw ValidationError("--timeout must be between 0 and 600 seconds.") }
        if let connect { _ = try HostAddress(parsing: connect) }
    }

    /// The games this client draws itself (none with --plain-text); the host sends plain text for others.
    var drawnGames: [String] {
        plainText ? [] : GameCatalog.all.map { $0.descriptor.id }
    }

    func run() async throws {
        defer { TerminationSignals.endAsSignalled() } // Ctrl-C: status 130 once the session is left
        let level: Logger.Level = verbose ? .info : .error
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let interfaceChoice = interfaces.isEmpty ? DiscoveryInterfaces.automatic : .named(interfaces)
        if list {
            let services = try await ServiceBrowser.list(subtype: game.map { "_\($0)" }, interfaces: interfaceChoice,
                                                         duration: .milliseconds(Int64(timeout * 1000)))
            Console.say(ListOutput.render(services, json: json))
            return
        }
        let fullScreen = Terminal.isInteractive && !lineMode
        let playerName = name ?? ProcessInfo.processInfo.environment["USER"] ?? "Player"
        if let connect {
            let address = try HostAddress(parsing: connect)
            return Console.say(try await join(address, watching: watch, as: playerName, fullScreen: fullScreen))
        }
        let lobby = SessionLobby(gameFilter: game, interfaces: interfaceChoice, fullScreen: fullScreen,
                                 color: Terminal.colorEnabled, drawnGames: Set(drawnGames))
        var notice: String?
        while let chosen = try await lobby.choose(notice: notice) {
            do {
                return Console.say(try await join(chosen.address, watching: watch || chosen.watch, as: playerName, fullScreen: fullScreen))
            } catch let error as ClientError {
                // A session from the list that would not take us (full, a game running, gone…):
                // back to the list, saying why; another session, or watching, may do.
                notice = error.description
            }
        }
    }

    /// Joins the host at `address` and plays (or watches) until the session ends; asks for the join
    /// code when the host wants one. Returns what to print at the end.
    func join(_ address: HostAddress, watching: Bool, as playerName: String, fullScreen: Bool) async throws -> String {
        var joinCode = code
        var attempt = 1
        while true {
            let hello = Hello(client: "partyclient", name: playerName, game: game,
                              role: watching ? "spectator" : nil, code: joinCode, games: drawnGames)
            do {
                return try await PartySession.withSession(to: address, hello: hello) { session, welcome in
                    guard !plainText, let chosen = GameCatalog.game(id: welcome.game) else {
                        return await GameShell.playPlainText(connection: session, welcome: welcome)
                    }
                    let options = ShellOptions(address: address, name: playerName, fullScreen: fullScreen, color: Terminal.colorEnabled)
                    return try await GameShell.play(chosen, connection: session, welcome: welcome, options: options)
                }
            } catch ClientError.rejected(let reason, let message) where (reason == "codeRequired" || reason == "wrongCode") && attempt < 3 {
                Console.say(message)
                guard let typed = await Console.ask("Join code: ") else { throw ClientError.rejected(reason: reason, message: message) }
                joinCode = typed
                attempt += 1
            }
        }
    }
}
