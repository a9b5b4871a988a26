import ArgumentParser
import Foundation
import NIOCore
import NIOPosix

/// Starts `partyload`. With `PARTYLOAD_EXECUTOR=nio` in the environment, Swift concurrency runs its
/// tasks on NIO's event loops instead of its own thread pool (no thread hop between a channel and
/// the tasks that serve it); the default is the plain Swift runtime, as `partyhost` runs.
@main
enum Entry {
    static func main() async {
        if ProcessInfo.processInfo.environment["PARTYLOAD_EXECUTOR"] == "nio" {
            let installed = NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
            FileHandle.standardError.write(Data("partyload: tasks on NIO's event loops: \(installed ? "yes" : "no (too late)")\n".utf8))
        }
        await PartyLoad.main()
    }
}

/// `partyload`: drives partyhost over loopback and prints the figures of docs/PERFORMANCE.md.
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
