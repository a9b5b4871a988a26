import ArgumentParser
import Foundation
import Logging
import NIOCore
import PartyClient
import PartyDiscovery
import PartyKit
import PartyServer
import PartyShell
import PartyTerminal

/// Wires one hosted session together: the server, its advertisement, the bots and the host's own player.
struct HostRunner {
    let command: PartyHostCommand
    /// The session's journal (nil with --no-journal, or when the state directory cannot be used).
    var journal: RunJournal?
    let warnings = Warnings()

    static let botNames = ["Ada", "Alan", "Grace", "Edsger", "Barbara", "Donald", "Margaret", "Ken",
                           "Dennis", "Frances", "John", "Radia", "Leslie", "Niklaus", "Tony"]

    func host<Game: PartyGame>(_: Game.Type) async throws {
        let descriptor = Game.descriptor
        let configuration: Game.Rules.Configuration
        do {
            configuration = try Game.Rules.Configuration(values: GameCatalogHelp.settingValues(command.settings))
        } catch let error as GameSettingError {
            throw ValidationError(error.description)
        }
        let playerName = command.name ?? ProcessInfo.processInfo.environment["USER"] ?? "Host"
        let cleanName = command.cleanPlayerName
        let sessionName = "\(cleanName)'s \(descriptor.title)"
        let joinCode = journal.map { $0.party.joinCode } ?? command.drawJoinCode()
        var options = HostOptions(bindAddress: command.bind, port: command.port, sessionName: sessionName,
                                  seed: command.seed, startAt: command.players ?? (command.dedicated ? command.bots : nil),
                                  reserveHostSeat: !command.dedicated,
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
        let server = PartyHost<Game.Rules>(configuration: configuration, options: options, logger: Logger(label: "partyhost"),
                                           journal: journal?.hostJournal(warn: { warnings.warn($0) }))
        let resumed = server.resumed
        let fullScreen = Terminal.isInteractive && !command.lineMode
        let signals = TerminationSignals.stream()
        let (ports, portContinuation) = AsyncStream<Int>.makeStream()

        try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask {
                // A server that fails before it listens ends the wait for its port too.
                defer { portContinuation.finish() }
                try await server.run { address in
                    portContinuation.yield(address.port ?? 0)
                    portContinuation.finish()
                }
                return true
            }
            var portIterator = ports.makeAsyncIterator()
            guard let port = await portIterator.next() else {
                // The server failed before it listened: its error comes out of the group.
                _ = try await group.next()
                return
            }
            // Each child below returns false; only the server's returns true.
            Console.say("Hosting \(sessionName) on port \(port).")
            if let problem = FileLimit.raise(toFit: command.maxConnections) { warnings.warn(problem) }
            journal?.resumeLines(resumed, port: port).forEach(Console.say)
            journal?.saved(port: port, warnings: warnings)
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

            let advertiser = command.noAdvertise ? nil : makeAdvertiser(Game.self, name: sessionName, port: port)
            let initial = SessionStatus(players: 0, maxPlayers: Game.descriptor.maxPlayers, state: "lobby", joinable: true)
            let wideArea = WideAreaPublishing.make(command, name: sessionName, subtype: "_\(Game.descriptor.id)", port: port,
                                                   txt: txt(Game.self, status: initial), warnings: warnings)
            if let wideArea {
                group.addTask {
                    await wideArea.run(warnings: warnings)
                    return false
                }
            }
            if let advertiser {
                group.addTask {
                    do {
                        try await advertiser.run()
                    } catch {
                        warnings.warn("The session is not advertised on the network: \(error)")
                    }
                    return false
                }
            }
            group.addTask {
                var gamesSaved = resumed?.gamesPlayed ?? 0
                for await status in server.statusUpdates {
                    try? await advertiser?.updateTXT(txt(Game.self, status: status))
                    await wideArea?.publisher.updateTXT(txt(Game.self, status: status))
                    // Every finished game goes into the journal's results (`partyhost history`).
                    guard let journal else { continue }
                    let report = await server.report()
                    guard report.games.count != gamesSaved else { continue }
                    gamesSaved = report.games.count
                    journal.save(report, warnings: warnings)
                }
                return false
            }
            for index in 0..<command.bots {
                // The name alone: the level goes in the hello, and screens show both ("Ada · normal (bot)").
                let name = Self.botNames[index % Self.botNames.count]
                let seed = (command.seed ?? UInt64.random(in: 0...UInt64.max)) &+ UInt64(index)
                var bot = BotRunner<Game>(address: HostAddress(host: "127.0.0.1", port: port), name: name, seed: seed, code: joinCode,
                                          level: command.botLevel)
                bot.token = resumed?.token(ofBot: name)
                group.addTask {
                    do {
                        try await bot.run()
                    } catch {
                        warnings.warn("Bot \(name) could not join: \(error)")
                    }
                    return false
                }
            }
            group.addTask {
                for await number in signals {
                    if number == SIGHUP, journal != nil { RunJournal.leaveForRestart() }
                    server.shutdown(message: "The host ended the session.")
                    return false
                }
                return false
            }
            if command.dedicated {
                Console.say("Dedicated host: nobody plays at this terminal. Ctrl-C ends the session.")
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
                        let why = try await GameShell.run(Game.self, options: shell)
                        Console.say(why)
                    } catch {
                        warnings.warn("\(error)")
                    }
                    server.shutdown(message: "\(cleanName) closed the session.")
                    return false
                }
            }
            // The server returns once the session has ended and every client was told; then the
            // advertisement says goodbye and everything else stops.
            while let finished = try await group.next(), !finished {}
            advertiser?.stop()
            wideArea?.stop()
            group.cancelAll()
            while let _ = try? await group.next() {}
        }
        Console.say("Session ended.")
    }

    func makeAdvertiser<Game: PartyGame>(_: Game.Type, name: String, port: Int) -> ServiceAdvertiser? {
        let interfaces = command.interfaces.isEmpty ? DiscoveryInterfaces.automatic : .named(command.interfaces)
        let status = SessionStatus(players: 0, maxPlayers: Game.descriptor.maxPlayers, state: "lobby", joinable: true)
        do {
            return try ServiceAdvertiser(
                ServiceConfiguration(instanceName: name, subtypes: ["_\(Game.descriptor.id)"], port: UInt16(port),
                                     txt: txt(Game.self, status: status), interfaces: interfaces),
                logger: Logger(label: "partyhost.discovery"))
        } catch {
            warnings.warn("The session is not advertised on the network (\(error)). Players can still join with --connect.")
            return nil
        }
    }

    func txt<Game: PartyGame>(_: Game.Type, status: SessionStatus) -> [String: String] {
        ["v": "1", "game": Game.descriptor.id, "title": Game.descriptor.title,
         "players": "\(status.players)/\(status.maxPlayers)", "state": status.state, "open": status.joinable ? "1" : "0",
         "code": command.code == nil ? "0" : "1", BrowserJoin.txtKey: BrowserJoin.txtValue]
    }
}
