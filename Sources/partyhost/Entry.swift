import Foundation
import NIOCore
import NIOPosix
import PartyShell

/// Starts `partyhost` with Swift concurrency running on NIO's event loops.
///
/// Each message crosses a channel, the session actor and a writer task; on NIO's loops those are
/// no thread hops, which cuts the move round trip by about a third (docs/PERFORMANCE.md). It must
/// happen before any task runs, hence before the command is parsed. `PARTYHOST_EXECUTOR=swift`
/// keeps Swift's own thread pool (to compare).
@main
enum Entry {
    static func main() async {
        if !ProcessEnvironment.wantsSwiftExecutor {
            _ = NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        }
        // `partyhost history`: the root command's game settings (every argument it does not know)
        // would swallow the subcommand's name, so it is picked out first.
        if HistoryCommand.isRequested(by: CommandLine.arguments) {
            return HistoryCommand.Root.main(Array(CommandLine.arguments.dropFirst()))
        }
        // `partyhost serve`: a party server (rooms by code), picked out like history.
        if CommandLine.arguments.dropFirst().first == "serve" {
            await ServeCommand.main(Array(CommandLine.arguments.dropFirst(2)))
            return
        }
        await PartyHostCommand.main()
        TerminationSignals.endAsSignalled() // Ctrl-C: status 130 once the session has ended cleanly
    }
}

/// What the environment asks of the process before anything else runs.
enum ProcessEnvironment {
    /// Whether `PARTYHOST_EXECUTOR=swift` asks for Swift's default executor.
    static var wantsSwiftExecutor: Bool {
        guard let value = getenv("PARTYHOST_EXECUTOR") else { return false }
        return String(cString: value) == "swift"
    }
}
