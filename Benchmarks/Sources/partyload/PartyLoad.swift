import ArgumentParser
import Foundation
import NIOCore
import NIOPosix

/// Starts `partyload` with Swift concurrency on NIO's event loops, as `partyhost` runs.
///
/// The hosts and load clients of a run then serve each channel on its own loop (no thread hop
/// between a channel and the tasks that serve it). `PARTYLOAD_EXECUTOR=swift` keeps Swift's own
/// thread pool instead (the old default), to compare. Installing must happen before any task runs.
@main
enum Entry {
    static func main() async {
        if ProcessInfo.processInfo.environment["PARTYLOAD_EXECUTOR"] == "swift" {
            FileHandle.standardError.write(Data("partyload: tasks on Swift's default executor\n".utf8))
        } else {
            let installed = NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
            if !installed {
                FileHandle.standardError.write(Data("partyload: could not put tasks on NIO's event loops (too late)\n".utf8))
            }
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
                      DiscoveryCommand.self, EncodingCommand.self, WatchersCommand.self, ServeRoomsCommand.self,
                      FanoutCommand.self, FanoutNodeCommand.self, FleetWatchersCommand.self]
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
