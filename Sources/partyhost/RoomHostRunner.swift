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

/// Wires a party room together (`partyhost` without `--game`): the room's host, its advertisement,
/// the bots (members of the room across games) and the host's own player; at the end it prints the
/// final standings and writes `--results`.
struct RoomHostRunner {
    let command: PartyHostCommand
    /// The party's journal (nil with --no-journal, or when the state directory cannot be used).
    var journal: RunJournal?
    let warnings = Warnings()

    /// The games on the room's menu, in catalog order (or `--games` order), each with the settings
    /// from the command line that it takes and, for the rest, the game's room defaults.
    static func menu(_ command: PartyHostCommand) throws -> [(game: any PartyGame.Type, hosted: HostedGame)] {
        let chosen = try command.menuGames()
        let values = try GameCatalogHelp.settingValues(command.settings)
        let known = Set(chosen.flatMap { GameCatalog.settings(of: $0).map(\.name) })
        for name in values.keys.sorted() where !known.contains(name) {
            let names = known.sorted().map { "--\($0)" }.joined(separator: ", ")
            throw ValidationError("No game on the menu has a setting --\(name); the menu's settings are: \(names.isEmpty ? "none" : names).")
        }
        return try chosen.map { game in
            func hosted<Game: PartyGame>(_: Game.Type) throws -> HostedGame {
                let names = Set(Game.Rules.Configuration.settings.map(\.name))
                do {
                    // The room's defaults first (its games must end), then what the command line says.
                    let configuration = try Game.Rules.Configuration(roomValues: values.filter { names.contains($0.key) })
                    return HostedGame(Game.Rules.self, configuration: configuration)
                } catch {
                    throw ValidationError("\(Game.descriptor.title): \(error.description)")
                }
            }
            return (game, try hosted(game))
        }
    }

    func host() async throws {
        let menu = try Self.menu(command)
        let choice: RoomChoice
        if let playlist = command.playlistIDs {
            choice = .playlist(playlist)
        } else if command.choose?.lowercased() == "host" {
            choice = .host
        } else {
            choice = .vote(countdownSeconds: command.voteSeconds ?? PartyHostCommand.defaultVoteSeconds)
        }
        let startDelay = Int64(command.startDelay ?? PartyHostCommand.defaultStartDelaySeconds) * 1000
        let settings = RoomSettings(games: menu.map(\.hosted), choice: choice, startDelayMilliseconds: startDelay)
        let playerName = command.name ?? ProcessInfo.processInfo.environment["USER"] ?? "Host"
        let cleanName = command.cleanPlayerName
        let sessionName = command.sessionName
        let joinCode = journal.map { $0.party.joinCode } ?? command.drawJoinCode()
        var options = HostOptions(bindAddress: command.bind, port: command.port, sessionName: sessionName,
                                  seed: command.seed, startAt: nil, reserveHostSeat: !command.dedicated,
                                  maxConnections: command.maxConnections,
                                  handshakeTimeoutMilliseconds: Int64(command.handshakeTimeout * 1000),
                                  peerTimeoutMilliseconds: Int64(command.idleTimeout * 1000),
                                  outboundQueueLimit: command.queueLimit,
                                  graceMilliseconds: Int64(command.grace) * 1000, maxSpectators: command.maxSpectators,
                                  joinCode: joinCode, messagesPerSecond: command.rate, messageBurst: command.rate * 2)
        command.applyAddressLimits(to: &options)
        options.teams = command.teamsOn
        options.proposalMilliseconds = Int64(command.proposalSeconds ?? 10) * 1000
        options.predictionMilliseconds = Int64(command.predictSeconds ?? 20) * 1000
        options.predictionPoints = command.predictionPoints ?? 50
        // Clients wait for a host that will come back: one with a journal.
        options.restartWaitSeconds = journal == nil ? 0 : command.restartWaitSeconds
        options.webAssets = WebGames.assets
        let warnings = self.warnings
        let server = PartyRoomHost(room: settings, options: options, logger: Logger(label: "partyhost"),
                                   journal: journal?.hostJournal(warn: { warnings.warn($0) }))
        let resumed = server.resumed
        let fullScreen = Terminal.isInteractive && !command.lineMode
        let signals = TerminationSignals.stream()
        let (ports, portContinuation) = AsyncStream<Int>.makeStream()
        let session = await server.report().session ?? ""
        let results = command.results.map { PartyResults(requested: $0, session: session) }
        let capacity = settings.capacity
        let games = menu.map(\.game)

        let report: RoomReport = try await withThrowingTaskGroup(of: RoomReport?.self) { group in
            group.addTask {
                // A server that fails before it listens ends the wait for its port too.
                defer { portContinuation.finish() }
                return try await server.run { address in
                    portContinuation.yield(address.port ?? 0)
                    portContinuation.finish()
                }
            }
            var portIterator = ports.makeAsyncIterator()
            guard let port = await portIterator.next() else {
                // The server failed before it listened: its error comes out of the group.
                while let finished = try await group.next() { if let finished { return finished } }
                return await server.report()
            }
            // Each child below returns nil; only the server's returns the report.
            // The first line is exactly what PROTOCOL.md section 1 says, as for a single game.
            Console.say("Hosting \(sessionName) on port \(port).")
            if let problem = FileLimit.raise(toFit: command.maxConnections) { warnings.warn(problem) }
            journal?.resumeLines(resumed, port: port).forEach(Console.say)
            if let notice = results?.notice { Console.say(notice) }
            journal?.saved(port: port, warnings: warnings)
            Console.say("A party room with \(menu.map(\.hosted.descriptor.title).joined(separator: ", ")).")
            let joinAddress = JoinAddress.current(preferring: command.interfaces)
            Console.say("Players join with: partyclient   (or: partyclient --connect \(joinAddress.host):\(port))")
            if let note = joinAddress.note { Console.say(note) }
            if let joinCode { Console.say("Join code: \(joinCode)") }
            let browserURL = joinAddress.browserHost.flatMap { BrowserJoin.url(host: $0, port: port) }
            if let browserURL {
                Console.say(BrowserJoin.announcement(url: browserURL, color: Terminal.colorEnabled))
            } else if joinAddress.reach == .linkOnly {
                Console.say(JoinAddress.noBrowserLine)
            }
            let guests = joinAddress.browserHost.flatMap { TerminalGuestDownload.offer(host: $0, port: port) }
            if let guests { Console.say(TerminalGuestDownload.announcement(guests)) }
            if fullScreen { try? await Task.sleep(for: .milliseconds(600)) }

            let advertiser = command.noAdvertise ? nil : makeAdvertiser(name: sessionName, port: port, capacity: capacity)
            let initial = SessionStatus(players: 0, maxPlayers: capacity, state: "choosing", joinable: true, room: true)
            let wideArea = WideAreaPublishing.make(command, name: sessionName, subtype: "_party", port: port,
                                                   txt: txt(status: initial), warnings: warnings)
            if let wideArea {
                group.addTask {
                    await wideArea.run(warnings: warnings)
                    return nil
                }
            }
            if let advertiser {
                group.addTask {
                    do {
                        try await advertiser.run()
                    } catch {
                        warnings.warn("The party is not advertised on the network: \(error)")
                    }
                    return nil
                }
            }
            group.addTask {
                var gamesSaved = resumed?.gamesPlayed ?? 0
                for await status in server.statusUpdates {
                    try? await advertiser?.updateTXT(txt(status: status))
                    await wideArea?.publisher.updateTXT(txt(status: status))
                    // The results are saved as the party goes: after every game.
                    let report = await server.report()
                    guard report.games.count != gamesSaved else { continue }
                    gamesSaved = report.games.count
                    journal?.save(report, warnings: warnings)
                    results?.write(report, warnings: warnings)
                }
                return nil
            }
            for index in 0..<command.bots {
                // The name alone: the level goes in the hello, and screens show both ("Ada · normal (bot)").
                let name = HostRunner.botNames[index % HostRunner.botNames.count]
                let seed = (command.seed ?? UInt64.random(in: 0...UInt64.max)) &+ UInt64(index)
                var bot = RoomBotRunner(address: HostAddress(host: "127.0.0.1", port: port), name: name, seed: seed, code: joinCode,
                                        level: command.botLevel, games: games)
                bot.token = resumed?.token(ofBot: name)
                group.addTask {
                    do {
                        try await bot.run()
                    } catch {
                        warnings.warn("Bot \(name) could not join: \(error)")
                    }
                    return nil
                }
            }
            group.addTask {
                for await number in signals {
                    if number == SIGHUP, journal != nil { RunJournal.leaveForRestart() }
                    server.shutdown(message: "The host ended the party.")
                    return nil
                }
                return nil
            }
            if command.dedicated {
                Console.say("Dedicated host: nobody plays at this terminal. Ctrl-C ends the party.")
            } else {
                var shell = ShellOptions(address: HostAddress(host: "127.0.0.1", port: port), name: playerName,
                                         hostKey: server.hostKey, fullScreen: fullScreen, color: Terminal.colorEnabled,
                                         banner: (browserURL ?? "port \(port)") + (joinCode.map { " · code \($0)" } ?? ""),
                                         join: browserURL.flatMap { BrowserJoin.card(url: $0, color: Terminal.colorEnabled, guests: guests) })
                shell.token = resumed?.hostToken
                shell.hostNotices = warnings.screen
                if fullScreen { warnings.hold() }
                group.addTask {
                    defer { warnings.release() }
                    do {
                        // The final standings are printed below, once, for the whole room.
                        let why = try await RoomShell.run(games: GameCatalog.all, options: shell)
                        Console.say(why.split(separator: "\n").last.map(String.init) ?? why)
                    } catch {
                        warnings.warn("\(error)")
                    }
                    server.shutdown(message: "\(cleanName) closed the party.")
                    return nil
                }
            }
            // The server returns once the room has ended and every client was told; then the
            // advertisement says goodbye and everything else stops.
            var report: RoomReport?
            while let finished = try await group.next() {
                if let finished {
                    report = finished
                    break
                }
            }
            advertiser?.stop()
            wideArea?.stop()
            group.cancelAll()
            while let _ = try? await group.next() {}
            if let report { return report }
            return await server.report()
        }
        Console.say("Final standings of \(report.sessionName):")
        for line in RoomShell.standingsTable(report.standings) { Console.say(line) }
        journal?.save(report, warnings: warnings)
        if let results {
            results.write(report, warnings: warnings)
            Console.say("Results written to \(results.path).")
        }
        Console.say("Party ended.")
    }

    func makeAdvertiser(name: String, port: Int, capacity: Int) -> ServiceAdvertiser? {
        let interfaces = command.interfaces.isEmpty ? DiscoveryInterfaces.automatic : .named(command.interfaces)
        let status = SessionStatus(players: 0, maxPlayers: capacity, state: "choosing", joinable: true, room: true)
        do {
            return try ServiceAdvertiser(
                ServiceConfiguration(instanceName: name, subtypes: ["_party"], port: UInt16(port),
                                     txt: txt(status: status), interfaces: interfaces),
                logger: Logger(label: "partyhost.discovery"))
        } catch {
            warnings.warn("The party is not advertised on the network (\(error)). Players can still join with --connect.")
            return nil
        }
    }

    /// The room's TXT record: `room=1`, `game=party`, the state and (while starting or playing)
    /// the game on as `now`.
    func txt(status: SessionStatus) -> [String: String] {
        var txt = ["v": "1", "room": "1", "game": "party", "title": "Party room",
                   "players": "\(status.players)/\(status.maxPlayers)", "state": status.state, "open": status.joinable ? "1" : "0",
                   "code": command.code == nil ? "0" : "1", BrowserJoin.txtKey: BrowserJoin.txtValue]
        if status.state == "starting" || status.state == "playing", let game = status.game { txt["now"] = game }
        return txt
    }
}
