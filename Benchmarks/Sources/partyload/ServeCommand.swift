import ArgumentParser
import Foundation
import FourInARow
import PartyKit
import PartyServer
import TwentyFour

/// The host side of `connections`, in its own process so its memory is measured alone.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run hosts on loopback, print `PORTS p1,p2,…`, stop when standard input closes (used by `connections`).")

    @Option(help: "fourinarow or twentyfour.")
    var game = "fourinarow"

    @Option(help: "How many hosts (one session each).")
    var hosts = 1

    @Option(help: "Most connections per host.")
    var maxConnections = 64

    @Option(help: "Give up after this many seconds.")
    var timeLimit = 600

    @Option(help: "Spectators the host admits (--max-spectators); with it, --max-connections is at least this many more.")
    var watchers = 0

    @Option(help: "Start the game once this many players are seated and ready (the host's startAt).")
    var players: Int?

    @Flag(help: "Teams: everyone seated plays, several people hold one seat (--teams).")
    var teams = false

    @Flag(help: "Serve the fan-out floor (FanOutFloor) instead of a host.")
    var floor = false

    func run() async throws {
        TimeLimit.start(seconds: timeLimit)
        if floor {
            let (port, server) = try await FanOutFloor.serve()
            FileHandle.standardOutput.write(Data("PORTS \(port)\n".utf8))
            await Self.untilInputCloses()
            try? await server.close()
            return
        }
        var options = HostFleet.options(maxConnections: maxConnections + watchers, patientHandshake: watchers == 0)
        options.maxSpectators = max(options.maxSpectators, watchers)
        options.teams = teams
        options.startAt = players
        switch game {
        case "twentyfour": try await serve(TwentyFour.self, options: options)
        default: try await serve(FourInARow.self, options: options)
        }
    }

    func serve<Rules: GameRules>(_: Rules.Type, options: HostOptions) async throws {
        try await HostFleet.withHosts(Rules.self, count: hosts, options: options) { ports in
            FileHandle.standardOutput.write(Data(("PORTS " + ports.map(String.init).joined(separator: ",") + "\n").utf8))
            await Self.untilInputCloses()
        }
    }

    /// Returns once standard input closes (the parent's signal to stop).
    static func untilInputCloses() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread {
                _ = FileHandle.standardInput.readDataToEndOfFile()
                done.resume()
            }.start()
        }
    }
}

