import ArgumentParser
import Foundation

/// `partyload`: drives partyhost over loopback and prints the figures of docs/PERFORMANCE.md.
@main
struct PartyLoad: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "partyload",
        abstract: "Load generator for partyhost: round trips, throughput, connections, discovery (loopback only).",
        subcommands: [LatencyCommand.self, ThroughputCommand.self, ConnectionsCommand.self, ServeCommand.self,
                      DiscoveryCommand.self]
    )
}

/// Ends the process if a run takes longer than `seconds`, so no run is ever unbounded.
enum TimeLimit {
    static func start(seconds: Int) {
        Task.detached {
            try? await Task.sleep(for: .seconds(seconds))
            FileHandle.standardError.write(Data("partyload: time limit of \(seconds) s reached; exiting.\n".utf8))
            exit(3)
        }
    }
}
