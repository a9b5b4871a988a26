import ArgumentParser
import Dispatch
import Foundation
import NIOCore
import NIOPosix

/// Issue 40's audience across nodes: one room on node B of a fleet, its watchers on other nodes
/// that relay it (`/CODE/ws?watch`), or all on B (`--relays 0`, a server alone). What the room's
/// node spends per move, and what each relaying node spends per watcher.
struct FleetWatchersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fleet-watchers",
        abstract: "One served room on node B, its watchers relayed by other nodes: B's CPU per move, each relay's CPU per watcher.")

    @Option(help: "The partyhost executable (a release build).")
    var partyhost = ".build/release/partyhost"

    @Option(help: "Node B's port on 127.0.0.1; the relaying nodes listen on the ports after it.")
    var port = 47_500

    @Option(help: "Nodes that relay the room (0: every watcher at B itself).")
    var relays = 3

    @Option(help: "WebSocket watchers, spread over the relaying nodes in turn.")
    var watchers = 10_000

    @Option(help: "Players in the room (Rock Paper Scissors; each throws every 1-2 s, one at a time).")
    var players = 2

    @Option(help: "Seconds of measurement.")
    var seconds = 30

    @Option(help: "Seconds between every watcher connected and the measurement.")
    var warmup = 5

    @Option(help: "Connections opened at once while connecting the watchers.")
    var batch = 500

    @Option(help: "Give up after this many seconds.")
    var timeLimit = 600

    @Option(help: "Nodes already running (HOST:PORT,…; the room's node first, then the relaying nodes), instead of starting them here: a fleet on PostgreSQL in network namespaces (Benchmarks/Scripts/fleet_namespaces.sh).")
    var nodes: String?

    @Option(help: "With --nodes: their process ids, in the same order, for their CPU and memory.")
    var pids: String?

    func run() async throws {
        TimeLimit.start(seconds: timeLimit)
        var started: [ChildProcess] = []
        defer { for node in started { node.process.terminate() } }
        // Where the room's node (first) and the relaying nodes listen, and their processes.
        var addresses: [(host: String, port: Int)]
        var pids: [Int32]
        if let nodes {
            addresses = try nodes.split(separator: ",").map { node in
                guard let colon = node.lastIndex(of: ":"), let port = Int(node[node.index(after: colon)...]) else {
                    throw ValidationError("--nodes wants HOST:PORT,HOST:PORT,…; got \(node)")
                }
                return (String(node[..<colon]), port)
            }
            pids = (self.pids ?? "").split(separator: ",").compactMap { Int32($0) }
            guard addresses.count >= 1, pids.isEmpty || pids.count == addresses.count else {
                throw ValidationError("--pids wants one process id per node of --nodes")
            }
        } else {
            let limit = String(watchers + 1_000)
            let common = ["--bind", "127.0.0.1", "--no-journal", "--quiet", "--max-connections", limit,
                          "--max-connections-per-address", limit, "--max-spectators", String(min(watchers, 10_000))]
            started.append(try ChildProcess(executable: partyhost, arguments: ["serve", "--port", String(port), "--fleet-peer", "127.0.0.1"] + common))
            for index in 0..<relays {
                started.append(try ChildProcess(executable: partyhost, arguments: [
                    "serve", "--port", String(port + 1 + index), "--carry-to", "127.0.0.1:\(port)"] + common))
            }
            addresses = (0...relays).map { ("127.0.0.1", port + $0) }
            pids = started.map(\.process.processIdentifier)
        }
        let relays = addresses.count - 1
        for node in addresses {
            try await Report.wait(upTo: .seconds(20), "partyhost serve on \(node.host):\(node.port) to answer") { RoomHTTP.answers(host: node.host, port: node.port) }
        }
        print("load average at start: \((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?")")
        let code = try RoomHTTP(host: addresses[0].host, port: addresses[0].port).startRoom(name: "Bench", game: "rps")

        // The players at B (framed), throwing in turn once all are in.
        let tally = RoomTally()
        let playerLoop = MultiThreadedEventLoopGroup.singleton.next()
        let driver = RoomDriver(code: code, playing: true, game: "rps", loop: playerLoop, tally: tally)
        let clients = (0..<players).map { RoomClient(driver: driver, index: $0, name: "P\($0 + 1)") }
        try await playerLoop.submit { driver.clients = clients }.get()
        var channels: [any Channel] = []
        for client in clients {
            channels.append(try await ClientBootstrap(group: playerLoop)
                .channelOption(.socketOption(.tcp_nodelay), value: 1)
                .channelInitializer { channel in channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(client) } }
                .connect(host: addresses[0].host, port: addresses[0].port).get())
        }

        // The watchers, at the relaying nodes in turn (or at B).
        let rssEmpty = pids.map { ProcStat.residentKiB(pid: $0) }
        let board = WatchBoard()
        try await playerLoop.submit {
            driver.watchBoard = board
            driver.watcherCount = watchers
        }.get()
        let watcherLoops = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let connectStart = DispatchTime.now().uptimeNanoseconds
        for start in stride(from: 0, to: watchers, by: batch) {
            var opening: [EventLoopFuture<any Channel>] = []
            for index in start..<min(watchers, start + batch) {
                let node = addresses[relays == 0 ? 0 : 1 + index % relays]
                let loop = watcherLoops.next()
                opening.append(ClientBootstrap(group: loop)
                    .channelOption(.socketOption(.tcp_nodelay), value: 1)
                    .connectTimeout(.seconds(20))
                    .channelInitializer { channel in
                        channel.eventLoop.makeCompletedFuture {
                            try channel.pipeline.syncOperations.addHandler(
                                WatcherHandler(board: board, port: node.port, index: index, predictWithin: nil, path: "/\(code)/ws?watch", room: code))
                        }
                    }
                    .connect(host: node.host, port: node.port))
            }
            for future in opening { channels.append(try await future.get()) }
            try await Report.wait(upTo: .seconds(60), "watchers welcomed (\(board.welcomed.load(ordering: .relaxed)) of \(min(watchers, start + batch)); "
                                  + "a watcher's last problem: \(board.lastProblem.withLock { $0 } ?? "none"))") {
                board.welcomed.load(ordering: .relaxed) >= min(watchers, start + batch)
            }
        }
        let connectSeconds = Double(DispatchTime.now().uptimeNanoseconds - connectStart) / 1e9
        try await Task.sleep(for: .seconds(warmup))

        let cpuBefore = pids.map { ProcStat.cpuSeconds(pid: $0) }
        let viewsBefore = board.views.load(ordering: .relaxed)
        board.resetLatencies()
        tally.state.withLockedValue { $0.measuring = true }
        let windowStart = DispatchTime.now().uptimeNanoseconds
        try await Task.sleep(for: .seconds(seconds))
        let final = tally.state.withLockedValue { state -> RoomTally.State in state.measuring = false; return state }
        let window = Double(DispatchTime.now().uptimeNanoseconds - windowStart) / 1e9
        let cpu = zip(pids, cpuBefore).map { ProcStat.cpuSeconds(pid: $0.0) - $0.1 }
        let views = board.views.load(ordering: .relaxed) - viewsBefore
        let rss = pids.map { ProcStat.residentKiB(pid: $0) }

        let sorted = final.latencies.sorted()
        func percentile(_ p: Double) -> String {
            guard !sorted.isEmpty else { return "–" }
            return String(format: "%.1f", Double(sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]) / 1e6)
        }
        let perWatcher = Double(views) / Double(max(1, watchers))
        print("watchers \(watchers) over \(relays == 0 ? "node B itself" : "\(relays) relaying nodes"); room \(code); connected in \(String(format: "%.1f", connectSeconds)) s; "
              + "welcomed \(board.welcomed.load(ordering: .relaxed)), closed \(board.closed.load(ordering: .relaxed))")
        print("window \(String(format: "%.1f", window)) s: \(final.moves) timed moves (players' move → every player's view p50 \(percentile(0.5)) ms, p99 \(percentile(0.99)) ms), "
              + "\(views) views at the watchers (\(String(format: "%.1f", perWatcher)) each)")
        let seen = board.latencies.watcherViews
        let lastWatcher = try await playerLoop.submit { driver.lastWatcherLatencies }.get().sorted()
        func lastPercentile(_ p: Double) -> String {
            guard !lastWatcher.isEmpty else { return "–" }
            return String(format: "%.1f", Double(lastWatcher[min(lastWatcher.count - 1, Int(Double(lastWatcher.count) * p))]) / 1e6)
        }
        print(String(format: "a throw → each watcher's view: p50 %.1f ms, p99 %.1f ms (%d views); → the last of the %d watchers: p50 %@ ms, p99 %@ ms (%d throws all saw)",
                     Double(seen.valueAtPercentile(50)) / 1e6, Double(seen.valueAtPercentile(99)) / 1e6, Int(seen.totalCount), watchers,
                     lastPercentile(0.5), lastPercentile(0.99), lastWatcher.count))
        guard pids.count == addresses.count else {
            print("no --pids: no CPU or memory figures")
            for channel in channels { channel.close(promise: nil) }
            try? await watcherLoops.shutdownGracefully()
            return
        }
        let updates = max(perWatcher, 1)
        print(String(format: "room node B: %.1f %% of a core, %.2f ms CPU per view update, RSS %d KiB (%d KiB before the watchers)",
                     cpu[0] / window * 100, cpu[0] * 1000 / updates, rss[0], rssEmpty[0]))
        if relays == 0 {
            print(String(format: "B alone: %.2f µs CPU per watcher per view, %.2f KiB per watcher",
                         cpu[0] * 1e6 / updates / Double(max(1, watchers)), Double(rss[0] - rssEmpty[0]) / Double(max(1, watchers))))
        }
        for index in 0..<relays {
            let share = Double(watchers / relays + (index < watchers % relays ? 1 : 0))
            print(String(format: "relay %d: %.0f watchers, %.1f %% of a core, %.2f µs CPU per watcher per view, RSS %d KiB (%.2f KiB per watcher)",
                         index + 1, share, cpu[index + 1] / window * 100, cpu[index + 1] * 1e6 / updates / max(1, share), rss[index + 1],
                         Double(rss[index + 1] - rssEmpty[index + 1]) / max(1, share)))
        }
        if let problem = board.lastProblem.withLock({ $0 }) { print("a watcher's last problem: \(problem)") }
        if !final.problems.isEmpty { print("players' problems: \(final.problems.prefix(3))") }
        for channel in channels { channel.close(promise: nil) }
        try? await watcherLoops.shutdownGracefully()
    }
}
