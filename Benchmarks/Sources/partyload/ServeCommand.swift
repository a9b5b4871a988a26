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

    func run() async throws {
        TimeLimit.start(seconds: timeLimit)
        let options = HostFleet.options(maxConnections: maxConnections, patientHandshake: true)
        switch game {
        case "twentyfour": try await serve(TwentyFour.self, options: options)
        default: try await serve(FourInARow.self, options: options)
        }
    }

    func serve<Rules: GameRules>(_: Rules.Type, options: HostOptions) async throws {
        try await HostFleet.withHosts(Rules.self, count: hosts, options: options) { ports in
            FileHandle.standardOutput.write(Data(("PORTS " + ports.map(String.init).joined(separator: ",") + "\n").utf8))
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                Thread {
                    _ = FileHandle.standardInput.readDataToEndOfFile()
                    done.resume()
                }.start()
            }
        }
    }
}

