import ArgumentParser
import Foundation
import Histogram
import NIOCore
import NIOPosix
import PartyKit

/// Many WebSocket watchers of one host while two teams play Four in a Row: how long each view
/// takes from the move to every watcher, the host's memory per watcher, its CPU per move, and how
/// long ten thousand take to connect; beside the fan-out floor (`FanOutFloor`) in the same run.
struct WatchersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watchers",
        abstract: "WebSocket watchers of one host while two teams play: move → every watcher's view, memory, CPU, connect time.")

    @Option(help: "WebSocket watchers (spectators).")
    var watchers = 10_000

    @Option(help: "The two teams' sizes, comma-separated.")
    var teams = "2,2"

    @Option(help: "How many of the team in turn propose each move: all, or majority (just enough to decide it).")
    var proposers = "all"

    @Option(help: "Moves to measure (after the warm-up).")
    var moves = 100

    @Option(help: "Moves before measuring.")
    var warmup = 5

    @Option(help: "Milliseconds between every watcher having a move's view and the next move.")
    var pause = 100

    @Option(help: "Milliseconds from a game's first view to its first move.")
    var firstMove = 100

    @Option(help: "Each watcher predicts once per game, at a random moment within this many milliseconds of the game's first view (0: nobody predicts).")
    var predictWithin = 0

    @Option(help: "What to measure: host, floor, or both (floor first).")
    var target = "both"

    @Option(help: "Connections opened at once while connecting the watchers.")
    var batch = 500

    @Option(help: "Give up after this many seconds.")
    var timeLimit = 900

    func run() async throws {
        TimeLimit.start(seconds: timeLimit)
        try MoveFrame.check()
        let sizes = teams.split(separator: ",").compactMap { Int($0) }
        guard sizes.count == 2, sizes.allSatisfy({ $0 >= 1 }) else { throw ValidationError("--teams takes two sizes, e.g. 2,2") }
        print("watchers: \(watchers); teams \(sizes[0]) and \(sizes[1]), proposing: \(proposers); \(moves) moves measured after \(warmup); "
              + "pause \(pause) ms; predictions \(predictWithin > 0 ? "within \(predictWithin) ms of each game's start" : "none")")
        print("load average at start: \((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?")")
        if target != "host" { try await measure(floor: true, sizes: sizes) }
        if target != "floor" { try await measure(floor: false, sizes: sizes) }
    }

    func measure(floor: Bool, sizes: [Int]) async throws {
        let players = sizes.reduce(0, +)
        var arguments = ["serve", "--time-limit", "\(timeLimit)"]
        arguments += floor ? ["--floor"] : ["--game", "fourinarow", "--watchers", "\(watchers)", "--players", "\(players)", "--teams",
                                            "--max-connections", "\(players + 64)"]
        let child = try ChildProcess(executable: "/proc/self/exe", arguments: arguments)
        guard let line = await child.line(startingWith: "PORTS "), let port = Int(line.dropFirst(6)) else { throw LoadError.child("no PORTS line") }
        try await Task.sleep(for: .seconds(1))
        let board = WatchBoard()
        // The players on a thread of their own: on a loop shared with thousands of watchers, a
        // player's view would wait behind their reads, and that is the load generator's delay.
        let playerLoop = Self.playerThread.next()

        // The players (or the floor's one mover) first; the host starts the game once all are ready.
        let team: [TeamPlayerHandler] = floor ? [] : (0..<players).map { TeamPlayerHandler(board: board, index: $0) }
        let mover: WatcherHandler? = floor ? WatcherHandler(board: board, port: port, index: 0, role: "player", predictWithin: nil) : nil
        var channels: [any Channel] = []
        if let mover {
            channels.append(try await Self.bootstrap(playerLoop) { mover }.connect(host: "127.0.0.1", port: port).get())
        } else {
            for handler in team {
                channels.append(try await Self.bootstrap(playerLoop) { handler }.connect(host: "127.0.0.1", port: port).get())
            }
            try await Report.wait(upTo: .seconds(60), "the game to start") { team.allSatisfy { $0.seen.withLock { $0.game } > 0 } }
        }
        let rssBefore = Report.residentKiB(pid: child.pid) ?? 0
        let filesBefore = Report.openFiles(pid: child.pid)

        // The watchers, `batch` connections at a time.
        let clock = ContinuousClock()
        let started = clock.now
        let within = predictWithin > 0 ? predictWithin : nil
        let group = MultiThreadedEventLoopGroup.singleton
        var start = 0
        while start < watchers {
            let futures = (start..<min(start + batch, watchers)).map { index in
                Self.bootstrap(group.next()) { WatcherHandler(board: board, port: port, index: index + 1, predictWithin: within) }
                    .connect(host: "127.0.0.1", port: port)
            }
            for future in futures { channels.append(try await future.get()) }
            start += batch
        }
        let welcomedTarget = watchers + (floor ? 1 : 0)
        try await Report.wait(upTo: .seconds(300), "every watcher welcomed") { board.welcomed.load(ordering: .relaxed) >= welcomedTarget }
        let connectTime = clock.now - started
        try await Task.sleep(for: .seconds(3))
        let rssAfter = Report.residentKiB(pid: child.pid) ?? 0
        let filesAfter = Report.openFiles(pid: child.pid)

        var random = SeededRandom(seed: 42)
        var lastWatcher = WatchBoard.Latencies.histogram()
        var missed = 0
        var cpuBefore = ChildCPU.read(pid: child.pid)
        var moveStarted = clock.now
        for number in 0..<(warmup + moves) {
            if number == warmup {
                board.resetLatencies()
                lastWatcher.reset()
                missed = 0
                cpuBefore = ChildCPU.read(pid: child.pid)
                moveStarted = clock.now
                board.watcherMessages.store(0, ordering: .relaxed)
            }
            // Whose turn, and where the game stands.
            var key = 0, column = 0, deciders: [Int] = []
            let turnDeadline = clock.now + .seconds(30)
            while true {
                if floor {
                    let seen = try await playerLoop.submit { (mover!.lastView, mover!.lastGame) }.get()
                    if let view = seen.0, !view.view.over, view.view.openColumns != 0 {
                        key = WatchBoard.key(game: seen.1, moves: view.view.moves + 1)
                        column = Self.pick(view.view.openColumns, &random)
                        break
                    }
                } else {
                    let seen = team.map { $0.seen.withLock { $0 } }
                    let game = seen.map(\.game).max() ?? 0
                    let inTurn = seen.indices.filter { seen[$0].yourTurn && !seen[$0].over && seen[$0].game == game }
                    // Every player has this game's latest view first: at a new game's start a team
                    // member who has not seen it yet would not propose, the team would fall short of
                    // its majority, and the move would wait for the proposal window (10 s).
                    if let first = inTurn.first, seen.allSatisfy({ $0.game == game && $0.moves == seen[first].moves }) {
                        let size = inTurn.count
                        deciders = proposers == "majority" ? Array(inTurn.prefix(size / 2 + 1)) : inTurn
                        key = WatchBoard.key(game: game, moves: seen[first].moves + 1)
                        column = Self.pick(seen[first].openColumns, &random)
                        if seen[first].moves == 0 { try await Task.sleep(for: .milliseconds(max(0, firstMove - pause))) }
                        break
                    }
                }
                guard clock.now < turnDeadline else { throw LoadError.timedOut("a team in turn (last problem: \(board.lastProblem.withLock { $0 } ?? "none"))") }
                try await Task.sleep(for: .milliseconds(1))
            }
            let chosen = column, decide = deciders, awaited = key
            try await playerLoop.submit {
                board.await(awaited, sentAt: NIODeadline.now().uptimeNanoseconds)
                if let mover { mover.move(column: chosen) }
                for index in decide { team[index].propose(column: chosen) }
            }.get()
            let moveDeadline = clock.now + .seconds(10)
            while board.delivered.load(ordering: .acquiring) < watchers || (!floor && board.playersDelivered.load(ordering: .acquiring) < players) {
                guard clock.now < moveDeadline else { break }
                try await Task.sleep(for: .milliseconds(1))
            }
            if board.delivered.load(ordering: .acquiring) < watchers { missed += 1 }
            let last = board.lastArrival.load(ordering: .acquiring)
            if last > 0 { _ = lastWatcher.record(max(1, last &- board.sentAt.load(ordering: .acquiring))) }
            board.expected.store(-1, ordering: .releasing)
            try await Task.sleep(for: .milliseconds(pause))
        }
        let wall = clock.now - moveStarted
        let cpu = ChildCPU.read(pid: child.pid).since(cpuBefore)
        let latencies = board.latencies

        print("")
        print(floor ? "== fan-out floor (FanOutFloor: NIO's WebSocket codec, one shared encoding, a write per watcher) ==" : "== partyhost (PartyHost<FourInARow>, --teams, WebSocket spectators) ==")
        print("load average now: \((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?")")
        print("connected and welcomed \(watchers) watchers in \(connectTime) (open fds \(filesBefore) → \(filesAfter)); closed early \(board.closed.load(ordering: .relaxed)), problems \(board.refused.load(ordering: .relaxed))\(board.lastProblem.withLock { $0 }.map { ", last: \($0)" } ?? "")")
        print("host resident memory: \(rssBefore) → \(rssAfter) KiB: " + String(format: "%.2f KiB per watcher", Double(rssAfter - rssBefore) / Double(max(1, watchers))))
        print("move → each watcher's view: \(Report.millis(latencies.watcherViews))")
        print("move → the last watcher's view, per move: \(Report.millis(lastWatcher)); moves not seen by every watcher within 10 s: \(missed)")
        if !floor { print("move → the players' views: \(Report.millis(latencies.playerViews))") }
        print(String(format: "host CPU per move: %.1f ms (user %.1f, system %.1f) over %d moves in %.1f s", cpu.total * 1000 / Double(moves),
                     cpu.user * 1000 / Double(moves), cpu.system * 1000 / Double(moves), moves, Double(wall.components.seconds)))
        print(String(format: "messages per watcher per move (views, heartbeats, splits…): %.2f",
                     Double(board.watcherMessages.load(ordering: .relaxed)) / Double(max(1, watchers * moves))))
        if !floor {
            print("late proposals answered moveRejected: \(board.proposalsRejected.load(ordering: .relaxed))")
        }
        if predictWithin > 0 {
            print("predictions: sent \(board.predictionsSent.load(ordering: .relaxed)), answered \(board.predictionAnswers.load(ordering: .relaxed)) "
                  + "(refused \(board.predictionsRefused.load(ordering: .relaxed)), e.g. closed by a move); predict → answer: \(Report.millis(latencies.predictAnswers)); splits received \(board.splits.load(ordering: .relaxed))")
        }
        for channel in channels { channel.close(promise: nil) }
        await child.finish()
    }

    /// The players' (or the floor's mover's) own event loop.
    static let playerThread = MultiThreadedEventLoopGroup(numberOfThreads: 1)

    /// A random column among the open ones (bit 0: column 1).
    static func pick(_ open: UInt8, _ random: inout SeededRandom) -> Int {
        var pick = Int(random.next() % UInt64(max(1, open.nonzeroBitCount)))
        var rest = open
        while pick > 0 {
            rest &= rest - 1
            pick -= 1
        }
        return rest.trailingZeroBitCount + 1
    }

    static func bootstrap(_ loop: any EventLoop, handler: @escaping @Sendable () -> some ChannelHandler) -> ClientBootstrap {
        ClientBootstrap(group: loop)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .connectTimeout(.seconds(30))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(handler()) }
            }
    }
}

/// A child process's CPU time so far, from /proc/PID/stat (clock ticks of 10 ms).
struct ChildCPU {
    var user: Double
    var system: Double
    var total: Double { user + system }

    static func read(pid: String) -> ChildCPU {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = text.lastIndex(of: ")") else { return ChildCPU(user: 0, system: 0) }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // After the command: state is field 3, utime 14, stime 15 (1-based in proc(5)).
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        return ChildCPU(user: (Double(fields[11]) ?? 0) / ticks, system: (Double(fields[12]) ?? 0) / ticks)
    }

    func since(_ earlier: ChildCPU) -> ChildCPU {
        ChildCPU(user: user - earlier.user, system: system - earlier.system)
    }
}
