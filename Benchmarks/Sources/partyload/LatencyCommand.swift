import ArgumentParser
import FourInARow

/// One Four in a Row game between two load clients against the SwiftNIO echo floor.
struct LatencyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "latency",
        abstract: "Move round trip (send a move → its view) of one game, and the plain NIO echo round trip.")

    @Option(help: "Move round trips to record (after the warm-up).")
    var moves = 20_000

    @Option(help: "Moves played before recording starts.")
    var warmup = 2_000

    @Option(help: "Echo round trips to record.")
    var echoRounds = 20_000

    @Option(help: "Give up after this many seconds.")
    var timeLimit = 120

    func run() async throws {
        TimeLimit.start(seconds: timeLimit)
        try MoveFrame.check()
        let size = try RelayFloor.frameSizes().move
        let ownThread = !HostFleet.sharedLoops
        _ = try await EchoFloor.measure(size: size, rounds: min(2_000, echoRounds), ownThread: ownThread)
        let echo = try await EchoFloor.measure(size: size, rounds: echoRounds, ownThread: ownThread)
        print("echo floor (\(size)-byte message, NIO, 127.0.0.1, server on \(ownThread ? "a thread of its own" : "the shared loops")): \(Report.percentiles(echo))")

        let stats = LoadStats()
        let warmup = self.warmup, moves = self.moves
        let (cpu, window, mallocs) = try await HostFleet.withHosts(FourInARow.self, count: 1, options: HostFleet.options()) { ports in
            let channels = try await ClientFleet.connect(ports: ports, perPort: 2, kind: .client(.play), stats: stats)
            try await Report.wait(upTo: .seconds(60), "warm-up moves") { stats.counts.moves >= warmup }
            stats.resetWindow()
            let cpuBefore = ProcessCPU.now(), mallocsBefore = MallocCount.now()
            try await Report.wait(upTo: .seconds(120), "\(moves) moves") { stats.counts.moves >= moves }
            let window = stats.snapshot.moves
            let cpu = ProcessCPU.now().since(cpuBefore)
            let mallocs = MallocCount.perMove(since: mallocsBefore, moves: window)
            await ClientFleet.close(channels)
            return (cpu, window, mallocs)
        }
        let result = stats.snapshot
        print("CPU, host and both clients: \(cpu.perMove(window))")
        if let mallocs { print(mallocs) }
        print("move round trip (1 game, 2 clients): \(Report.percentiles(result.roundTrips))")
        print("games finished: \(result.games), rejected moves: \(result.rejected)")
        let p50 = result.roundTrips.valueAtPercentile(50), echo50 = echo.valueAtPercentile(50)
        print("ratio to echo: p50 \(Report.ratio(p50, echo50)), p99 \(Report.ratio(result.roundTrips.valueAtPercentile(99), echo.valueAtPercentile(99)))")
        print("target p50 ≤ 2× echo: \(p50 <= 2 * echo50 ? "met" : "missed")")
    }
}
