import ArgumentParser
import FourInARow

/// Many Four in a Row games at once, one host each, every player a load client playing at once.
struct ThroughputCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "throughput",
        abstract: "Moves per second across many concurrent Four in a Row games (one PartyHost per game).")

    @Option(help: "Concurrent games (each has its own host on its own port and two clients).")
    var games = 1_000

    @Option(help: "Seconds of warm-up before measuring.")
    var warmup = 3

    @Option(help: "Seconds to measure.")
    var seconds = 10

    @Flag(inversion: .prefixedNo, help: "Also measure the relay floor: the same traffic with no game behind it.")
    var floor = true

    @Flag(help: "Also measure the protocol floor: the same clients against bare tables that speak the protocol with no session behind them.")
    var protocolFloor = false

    @Option(help: "Give up after this many seconds.")
    var timeLimit = 300

    func run() async throws {
        TimeLimit.start(seconds: timeLimit)
        try MoveFrame.check()
        let relay = floor ? try await RelayFloor.measure(games: games, warmup: warmup, seconds: seconds) : nil
        if let relay {
            print("relay floor (\(games) pairs, \(relay.moveSize)-byte moves and \(relay.viewSize)-byte views on the same loops, no game): \(Int(relay.rate)) moves/s, \(relay.cpu.perMove(relay.moves))")
        }
        let protocolFloor = self.protocolFloor ? try await Self.measureProtocolFloor(games: games, warmup: warmup, seconds: seconds) : nil
        if let protocolFloor {
            let rate = Double(protocolFloor.window.moves) / protocolFloor.elapsed.seconds
            print("protocol floor (\(games) tables speaking PROTOCOL.md to the same clients, one handler each, no session): \(Int(rate)) moves/s, \(protocolFloor.cpu.perMove(protocolFloor.window.moves))")
            if let mallocs = protocolFloor.mallocs { print("protocol floor: \(mallocs)") }
            if let relay { print("protocol floor's ratio to the relay floor: \(String(format: "%.2f", rate / relay.rate))×") }
        }
        let games = self.games, warmup = self.warmup, seconds = self.seconds
        let (window, elapsed, cpu, mallocs) = try await HostFleet.withHosts(FourInARow.self, count: games, options: HostFleet.options()) { ports in
            try await Self.play(ports: ports, warmup: warmup, seconds: seconds)
        }
        let secondsElapsed = elapsed.seconds
        let rate = Double(window.moves) / secondsElapsed
        print("games: \(games) (\(2 * games) clients), measured \(String(format: "%.2f", secondsElapsed)) s after \(warmup) s warm-up")
        print("moves: \(window.moves) → \(Int(rate)) moves/s; games finished: \(window.games); rejected: \(window.rejected); refused: \(window.refused)")
        print("CPU, hosts and load clients together: \(cpu.perMove(window.moves))")
        if let mallocs { print(mallocs) }
        print("move round trip under load: \(Report.percentiles(window.roundTrips))")
        if let relay {
            print("ratio to the relay floor: \(String(format: "%.2f", rate / relay.rate))×; the floor itself is \(String(format: "%.2f", relay.rate / 50_000))× of the target")
        }
        if let protocolFloor {
            let floorRate = Double(protocolFloor.window.moves) / protocolFloor.elapsed.seconds
            print("ratio to the protocol floor: \(String(format: "%.2f", rate / floorRate))×")
        }
        print("target ≥ 50,000 moves/s: \(rate >= 50_000 ? "met" : "missed") (\(String(format: "%.2f", rate / 50_000))× of target)")
    }

    /// What one window of play measured.
    typealias Window = (window: LoadStats.State, elapsed: Duration, cpu: ProcessCPU, mallocs: String?)

    /// Connects two playing clients to each of `ports`, waits until all are seated and `warmup`
    /// seconds more, then measures `seconds` of play.
    static func play(ports: [Int], warmup: Int, seconds: Int) async throws -> Window {
        let stats = LoadStats()
        let clock = ContinuousClock()
        let channels = try await ClientFleet.connect(ports: ports, perPort: 2, kind: .client(.play), stats: stats)
        try await Report.wait(upTo: .seconds(60), "every client seated") { stats.counts.welcomed >= 2 * ports.count }
        try await Task.sleep(for: .seconds(warmup))
        stats.resetWindow()
        let cpuBefore = ProcessCPU.now(), mallocsBefore = MallocCount.now()
        let start = clock.now
        try await Task.sleep(for: .seconds(seconds))
        let window = stats.snapshot
        let elapsed = clock.now - start
        let cpu = ProcessCPU.now().since(cpuBefore)
        let mallocs = MallocCount.perMove(since: mallocsBefore, moves: window.moves)
        await ClientFleet.close(channels)
        return (window, elapsed, cpu, mallocs)
    }

    /// The same play against `ProtocolFloor` tables instead of hosts.
    static func measureProtocolFloor(games: Int, warmup: Int, seconds: Int) async throws -> Window {
        let (ports, servers) = try await ProtocolFloor.serve(games: games)
        defer { for server in servers { server.close(promise: nil) } }
        let window = try await play(ports: ports, warmup: warmup, seconds: seconds)
        guard window.window.rejected == 0, window.window.refused == 0 else {
            throw LoadError.floorMisbehaved("the protocol floor rejected \(window.window.rejected) moves and refused \(window.window.refused) clients")
        }
        return window
    }
}
