import ArgumentParser
import Foundation

/// Many idle clients against hosts in a child process, and the child's resident memory per client.
struct ConnectionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "connections",
        abstract: "Hold many idle connections and report the host's resident memory per connected client.")

    @Option(help: "Connections to hold.")
    var clients = 10_000

    @Option(help: """
        handshaking: one host, every client connected but silent (held until the handshake time limit); \
        seated: every client says hello and sits idle at a table (--game decides the table size).
        """)
    var mode = "handshaking"

    @Option(help: "With --mode seated: fourinarow (2 a table) or twentyfour (16 a table).")
    var game = "twentyfour"

    @Option(help: "Seconds to wait after the last connection before reading the memory again.")
    var settle = 2

    @Option(help: "Give up after this many seconds.")
    var timeLimit = 300

    func run() async throws {
        TimeLimit.start(seconds: timeLimit)
        let seated = mode == "seated"
        let perHost = seated ? (game == "fourinarow" ? 2 : 16) : clients
        let hosts = (clients + perHost - 1) / perHost
        let child = try ChildProcess(executable: "/proc/self/exe", arguments: [
            "serve", "--game", game, "--hosts", "\(hosts)", "--max-connections", "\(perHost + 16)",
            "--time-limit", "\(timeLimit)",
        ])
        guard let line = await child.line(startingWith: "PORTS ") else { throw LoadError.child("no PORTS line") }
        let ports = line.dropFirst(6).split(separator: ",").compactMap { Int($0) }
        try await Task.sleep(for: .seconds(1))
        let rssBefore = Report.residentKiB(pid: child.pid) ?? 0
        let filesBefore = Report.openFiles(pid: child.pid)
        let selfBefore = Report.residentKiB() ?? 0

        let stats = LoadStats()
        let clock = ContinuousClock()
        let started = clock.now
        let channels = try await ClientFleet.connect(ports: ports, perPort: perHost, kind: seated ? .client(.idle) : .silent,
                                                     stats: stats)
        let total = channels.count
        if seated {
            try await Report.wait(upTo: .seconds(120), "every client seated") { stats.counts.welcomed >= total }
        } else {
            do {
                try await Report.wait(upTo: .seconds(60), "the host to accept every connection") {
                    Report.openFiles(pid: child.pid) >= filesBefore + total
                }
            } catch {
                print("not every connection reached the host: it holds \(Report.openFiles(pid: child.pid) - filesBefore) of \(total)")
            }
        }
        let connectTime = clock.now - started
        try await Task.sleep(for: .seconds(settle))
        let rssAfter = Report.residentKiB(pid: child.pid) ?? 0
        let filesAfter = Report.openFiles(pid: child.pid)
        let selfAfter = Report.residentKiB() ?? 0
        let snapshot = stats.snapshot

        print("mode: \(mode)\(seated ? " (\(game), \(perHost) a table, \(hosts) hosts)" : " (1 host)")")
        print("connections held by the host: \(filesAfter - filesBefore) of \(total) (open fds \(filesBefore) → \(filesAfter)); refused \(snapshot.refused); closed early \(snapshot.closed)")
        print("connected in \(connectTime)")
        print("host resident memory: \(rssBefore) KiB → \(rssAfter) KiB")
        let perClient = Double(rssAfter - rssBefore) / Double(max(1, total))
        print(String(format: "host resident memory per connected client: %.2f KiB", perClient))
        print(String(format: "load generator's own memory per client (for comparison): %.2f KiB", Double(selfAfter - selfBefore) / Double(max(1, total))))
        print("target ≥ 10,000 clients with ≤ 16 KiB each: \(total >= 10_000 && filesAfter - filesBefore >= total && perClient <= 16 ? "met" : "missed")")
        if let problem = snapshot.lastProblem { print("last problem: \(problem)") }
        await ClientFleet.close(channels)
        await child.finish()
    }
}
