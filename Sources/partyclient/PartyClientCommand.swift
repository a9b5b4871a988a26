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
import Synchronization

/// `partyclient`: finds partyhost sessions on the network and joins one.
@main
struct PartyClientCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "partyclient",
        abstract: "Join a partyhost game on the local network, or a server's room by its URL.",
        discussion: """
            With no options it shows the sessions on the network as they come and go; choose one \
            with the arrow keys and Enter. --connect joins a host directly. A URL joins a server's \
            room over WebSocket, through its front door: partyclient https://party.example.org/ABCD \
            (wss://…/ABCD/ws; https://HOST/ alone is a host's own /ws). On a terminal the game \
            is full screen; otherwise (or with --line-mode) one line is printed per update and \
            moves are read from standard input, one per line.

            Exit status: 0 when the session ended (you left, or the host ended it) and after \
            --list; 69 when the host went away (nothing answers at its address any more, or the \
            connection could not be restored; from a host that keeps a journal, only after waiting \
            --host-restart-wait or the host's restartWait for it to come back); 64 for a bad option; 130 after Ctrl-C; 1 for other \
            errors (the host could not be reached, it refused you); 69 too when a server's TLS \
            certificate could not be verified.
            """,
        version: WireProtocol.softwareVersion
    )

    @Argument(help: ArgumentHelp("A server's room to join over WebSocket: https://HOST/CODE, http://HOST:PORT/CODE, or https://HOST/ for a host's own socket.",
                                 valueName: "url"))
    var url: String?

    @Option(help: "Join the host at HOST:PORT directly, without looking on the network.")
    var connect: String?

    @Option(help: "With --connect: join this room (four letters A-Z) over WebSocket, at ws://HOST:PORT/CODE/ws.")
    var room: String?

    @Option(name: .customLong("ca-file"),
            help: ArgumentHelp("With an https:// URL: trust the certificate authority in this PEM file too, beside the system's.", valueName: "pem"))
    var caFile: String?

    @Option(help: "Your player name. Default: $USER.")
    var name: String?

    @Flag(help: "Print the sessions found on the network and exit.")
    var list = false

    @Option(help: "With --list: how many seconds to look (more than 0, at most 600).")
    var timeout: Double = 2

    @Flag(help: "With --list: print JSON, one object per session.")
    var json = false

    @Option(help: "Only sessions of this game (\(GameCatalog.idList), or party for party rooms); with --connect, the game you expect.")
    var game: String?

    @Option(name: .customLong("interface"), help: "Look on this network interface (repeatable; default: every multicast-capable one).")
    var interfaces: [String] = []

    @Option(name: .customLong("browse-domain"), help: "Also list the sessions published in this DNS domain (wide-area DNS-SD; repeatable).")
    var browseDomains: [String] = []

    @Option(help: "With --browse-domain: the DNS server to ask (HOST or HOST:PORT; default: the system's, from /etc/resolv.conf).")
    var dnsServer: String?

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

    @Option(name: .customLong("host-restart-wait"),
            help: ArgumentHelp("When the host process disappears (nothing answers at its address), keep trying to get back in for this many seconds, instead of as long as the host asks (its welcome's restartWait: a host that keeps a journal resumes the party after a crash); 0 gives up at once (0-3600).",
                               valueName: "seconds"))
    var hostRestartWait: Int?

    @Flag(help: "Log to standard error.")
    var verbose = false

    func validate() throws {
        guard timeout > 0, timeout <= 600 else { throw ValidationError("--timeout must be more than 0 and at most 600 seconds.") }
        if json && !list { throw ValidationError("--json only works with --list (partyclient --list --json).") }
        if let game, game.lowercased() != "party", GameCatalog.game(id: game.lowercased()) == nil {
            throw ValidationError("There is no game \"\(game)\"; the games are: \(GameCatalog.idList) (and party for party rooms).")
        }
        if let hostRestartWait, !(0...3600).contains(hostRestartWait) {
            throw ValidationError("--host-restart-wait must be from 0 to 3600 seconds.")
        }
        if let connect { _ = try HostAddress(parsing: connect) }
        if url != nil, connect != nil { throw ValidationError("Give either a URL or --connect, not both.") }
        if url != nil, list { throw ValidationError("--list looks on the network; a URL joins one server's room: give one or the other.") }
        if room != nil, connect == nil {
            throw ValidationError("--room needs --connect HOST:PORT (or give the room's URL: partyclient https://HOST/CODE).")
        }
        do {
            _ = try webSocketTarget()
        } catch {
            throw ValidationError(error.description)
        }
        if let caFile {
            guard let url, (try? WebSocketTarget(url: url))?.secure == true else {
                throw ValidationError("--ca-file only works with an https:// URL (partyclient https://HOST/CODE --ca-file ca.pem).")
            }
            guard FileManager.default.isReadableFile(atPath: caFile) else { throw ValidationError("Cannot read the --ca-file \"\(caFile)\".") }
            guard WebSocketTarget.isCertificateFile(caFile) else {
                throw ValidationError("The --ca-file \"\(caFile)\" holds no certificate: give the certificate authority's certificate, in PEM.")
            }
        }
        _ = try WideAreaListing.browser(self)
    }

    /// Reads the command line (a negative number after an option is that option's value, to be
    /// checked, not an unknown option) and runs.
    static func main() async {
        do {
            var command = try parseAsRoot(CommandLineValues.joiningNegativeNumbers(Array(CommandLine.arguments.dropFirst())))
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }

    /// The WebSocket to join, if the command line names one: a URL, or --connect with --room.
    func webSocketTarget() throws(ClientError) -> WebSocketTarget? {
        if let url {
            var target = try WebSocketTarget(url: url)
            target.caFile = caFile
            return target
        }
        if let connect, let room { return try WebSocketTarget(address: HostAddress(parsing: connect), room: room) }
        return nil
    }

    /// The exit status when the host went away under a session (sysexits' EX_UNAVAILABLE).
    static let hostGoneStatus: Int32 = 69

    /// Prints the last word of a session, unless it was said already.
    func say(_ outcome: String) {
        if !outcome.isEmpty { Console.say(outcome) }
    }

    /// Where to look for sessions.
    var interfaceChoice: DiscoveryInterfaces {
        interfaces.isEmpty ? .automaticAndLoopback : .named(interfaces)
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
        if list {
            let services = try await WideAreaListing.list(self, interfaces: interfaceChoice, duration: .milliseconds(Int64(timeout * 1000)))
            // --json with nothing found prints nothing at all (no empty line): zero objects.
            let text = ListOutput.render(services, json: json)
            if !text.isEmpty { Console.say(text) }
            return
        }
        let fullScreen = Terminal.isInteractive && !lineMode
        let playerName = name ?? ProcessInfo.processInfo.environment["USER"] ?? "Player"
        if let target = try webSocketTarget() {
            do {
                return say(try await join(target.address, transport: .webSocket(target), instance: nil, watching: watch,
                                          as: playerName, fullScreen: fullScreen))
            } catch let error as ClientError {
                guard case .untrustedCertificate = error else { throw error }
                FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
                throw ExitCode(Self.hostGoneStatus)
            }
        }
        if let connect {
            let address = try HostAddress(parsing: connect)
            return say(try await join(address, instance: nil, watching: watch, as: playerName, fullScreen: fullScreen))
        }
        let lobby = SessionLobby(gameFilter: game, interfaces: interfaceChoice, fullScreen: fullScreen,
                                 color: Terminal.colorEnabled, drawnGames: Set(drawnGames), wideArea: try WideAreaListing.browser(self),
                                 gameTitles: ListOutput.titles)
        var notice: String?
        while let chosen = try await lobby.choose(notice: notice) {
            do {
                return say(try await join(chosen.address, instance: chosen.instanceName, watching: watch || chosen.watch,
                                          as: playerName, fullScreen: fullScreen))
            } catch ClientError.cannotConnect(_, _, let detail) where detail == "connection refused" {
                // Listed, but nothing listens there: the host is gone. Ask the network to confirm, so
                // every list drops it in seconds, not minutes (RFC 6762 10.4).
                try? await ServiceBrowser.reconfirm(chosen.instanceName, interfaces: interfaceChoice)
                notice = "\(chosen.instanceName) has gone away (nothing answers there any more)."
            } catch let error as ClientError {
                // A session from the list that would not take us (full, a game running, gone…):
                // back to the list, saying why; another session, or watching, may do.
                notice = error.description
            }
        }
    }

    /// Joins the host at `address` and plays (or watches) until the session ends; asks for the join
    /// code when the host wants one (as often as the host lets us try). A seat kept from an earlier
    /// run for this session and name is asked for back (its token presented), and every new token
    /// is kept (`SeatMemory`). Returns what to print at the end (empty when it was printed).
    func join(_ address: HostAddress, transport: ClientTransport = .framed, instance: String?, watching: Bool, as playerName: String,
              fullScreen: Bool) async throws -> String {
        var joinCode = code
        // A server's rooms share its address: a room's seat is kept under the room's own URL.
        let seatKey: String? = if case .webSocket(let target) = transport, target.room != nil { target.description } else { instance }
        let memory = watching ? nil : SeatMemory.standardDirectory().map {
            SeatMemory(directory: $0, address: address, instance: seatKey, name: playerName)
        }
        defer { memory?.close() }
        var token = memory?.claim()
        var notice: String?
        let prompt = CodePrompt(fullScreen: fullScreen, color: Terminal.colorEnabled)
        // Set when the session ended because the host went away (refused connections, or a lost
        // connection that could not be restored): the process then exits with `hostGoneStatus`.
        let hostGone = Mutex(false)
        let hostLost = Mutex(false)
        while true {
            let hello = Hello(client: "partyclient", name: playerName, game: game,
                              role: watching ? "spectator" : nil, token: token, code: joinCode, games: drawnGames,
                              features: ["teams", "predictions"])
            let firstNotice = notice
            do {
                let outcome = try await PartySession.withSession(
                    to: address, hello: hello, transport: transport, restartWait: hostRestartWait.map { .seconds($0) }, seats: memory,
                    onHostGone: { hostGone.withLock { $0 = true } },
                    onGaveUp: { hostLost.withLock { $0 = true } }
                ) { session, welcome in
                    let greeting = welcome.reconnected
                        ? welcome.room == true
                            ? "Welcome back, \(welcome.name): your place and points in \(welcome.sessionName) are yours again."
                            : "Welcome back, \(welcome.name): you have your seat in \(welcome.sessionName) again."
                        : firstNotice
                    if welcome.room == true {
                        // A party room: its screen between games, each game's own (or plain text) during one.
                        let games = plainText ? [] : GameCatalog.all
                        let options = ShellOptions(address: address, name: playerName, fullScreen: fullScreen && !plainText,
                                                   color: Terminal.colorEnabled)
                        return try await RoomShell.play(games: games, connection: session, welcome: welcome, options: options, notice: greeting)
                    }
                    guard !plainText, let chosen = GameCatalog.game(id: welcome.game) else {
                        return await GameShell.playPlainText(connection: session, welcome: welcome, notice: greeting)
                    }
                    let options = ShellOptions(address: address, name: playerName, fullScreen: fullScreen, color: Terminal.colorEnabled)
                    return try await GameShell.play(chosen, connection: session, welcome: welcome, options: options, notice: greeting)
                }
                let gone = hostGone.withLock { $0 }
                if let instance, gone {
                    // Say it now; then ask the network to confirm the session is gone, so every
                    // list drops it in seconds, not minutes (RFC 6762 10.4).
                    Console.say(outcome)
                    try? await ServiceBrowser.reconfirm(instance, interfaces: interfaceChoice)
                    throw ExitCode(Self.hostGoneStatus)
                }
                if gone || hostLost.withLock({ $0 }) {
                    say(outcome)
                    throw ExitCode(Self.hostGoneStatus)
                }
                return outcome
            } catch ClientError.rejected(let reason, _) where reason == "badToken" && token != nil {
                // The host no longer holds that seat (the grace ran out, or it is another session now).
                memory?.forget()
                token = nil
                notice = "The seat you had here before is no longer held for you, so you joined as a new player."
            } catch ClientError.rejected(let reason, let message) where reason == "codeRequired" || reason == "wrongCode" {
                guard let typed = await prompt.ask(session: instance ?? address.description, reason: message) else {
                    throw ClientError.noJoinCode
                }
                joinCode = typed
            }
        }
    }
}
