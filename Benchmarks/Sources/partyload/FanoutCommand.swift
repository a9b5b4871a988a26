import ArgumentParser
import Foundation
import Histogram
import NIOCore
import PostgresNIO

/// A room's views sent from its node to N other nodes, by PostgreSQL's LISTEN/NOTIFY or by node
/// links (one TCP connection per node, a length-prefixed frame per view): latency to every node,
/// the publisher's and PostgreSQL's CPU per view, and the highest rate each sustains.
///
/// The publisher is this process; each subscribing node is a child process (`fanout-node`) with
/// its own connection, so the CPU this process reports is the publisher's alone.
struct FanoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fanout",
        abstract: "Fan-out between fleet nodes: LISTEN/NOTIFY against node links (latency, CPU per view, highest rate).")

    @Option(help: "postgres://USER@/DATABASE?host=SOCKET_DIRECTORY (without it, only node links are measured).")
    var database: String?

    @Option(help: "The postmaster's pid (first line of DATA/postmaster.pid), to read PostgreSQL's CPU.")
    var postmasterPid: Int?

    @Option(help: "Subscribing nodes, comma-separated counts.")
    var subscribers = "1,2,4"

    @Option(help: "The large payload's size in bytes (the other is the spectator view as it is).")
    var large = 6000

    @Option(help: "Views per second at the fixed rate.")
    var rate = 50

    @Option(help: "Views measured at the fixed rate (after the warm-up).")
    var views = 2000

    @Option(help: "Views sent before measuring.")
    var warmup = 50

    @Option(help: "Seconds of sending as fast as the publisher can, for the highest rate.")
    var burstSeconds = 3

    @Option(help: "Transports, comma-separated: notify, link.")
    var transports = "notify,link"

    @Option(help: "Give up after this many seconds.")
    var timeLimit = 3600

    static let channel = "room_views"

    func run() async throws {
        TimeLimit.start(seconds: timeLimit)
        let counts = subscribers.split(separator: ",").compactMap { Int($0) }
        let kinds = transports.split(separator: ",").map(String.init).filter { $0 == "link" || database != nil }
        let payloads = [try FanoutView.spectator(), try FanoutView.spectator(paddedTo: large)]
        print("fanout: \(kinds.joined(separator: ", ")) to \(counts.map(String.init).joined(separator: ", ")) subscribing nodes (child processes); "
              + "payloads \(payloads.map { "\($0.size)" }.joined(separator: " and ")) bytes; \(views) views at \(rate)/s after \(warmup), "
              + "then \(burstSeconds) s as fast as the publisher goes")
        print("load average at start: \(Self.loadAverage)")
        var rows: [FanoutOutcome.Row] = []
        // The two transports back to back for each payload and node count, so that both see
        // the same machine (its other load changes over a run).
        for payload in payloads {
            for count in counts {
                for kind in kinds {
                    let steady = try await measure(kind, subscribers: count, payload: payload, rate: rate)
                    print(steady.line + "; load \(Self.loadAverage)")
                    let burst = try await measure(kind, subscribers: count, payload: payload, rate: nil)
                    print(burst.line + "; load \(Self.loadAverage)")
                    rows.append(FanoutOutcome.Row(steady: steady, burst: burst))
                }
            }
        }
        print("")
        print(FanoutOutcome.table(kinds.flatMap { kind in rows.filter { $0.steady.kind == kind } }, rate: rate))
        if let database { try await overLimit(database) }
        print("load average at the end: \(Self.loadAverage)")
    }

    /// One run: start the subscribers, publish (at `rate` per second, or as fast as possible if
    /// nil), then collect when each view reached each subscriber.
    func measure(_ kind: String, subscribers count: Int, payload: FanoutView, rate: Int?) async throws -> FanoutOutcome {
        var children: [ChildProcess] = [], ports: [Int] = []
        defer { for child in children where child.process.isRunning { child.process.terminate() } }
        for _ in 0..<count {
            var arguments = ["fanout-node", "--transport", kind, "--channel", Self.channel, "--time-limit", "\(timeLimit)"]
            if kind == "notify", let database { arguments += ["--database", database] }
            let child = try ChildProcess(executable: "/proc/self/exe", arguments: arguments)
            children.append(child)
            guard let line = await child.line(startingWith: "READY") else { throw LoadError.child("a subscriber said nothing") }
            if kind == "link" {
                guard let port = Int(line.dropFirst(6)) else { throw LoadError.child("no port in '\(line)'") }
                ports.append(port)
            }
        }
        let publisher: any FanoutPublisher = kind == "notify"
            ? try await NotifyPublisher.connect(url: database ?? "", channel: Self.channel)
            : try await LinkPublisher.connect(ports: ports)
        try await Task.sleep(for: .milliseconds(500))

        let serverBefore = postmasterPid.map { FanoutDatabase.serverCPU(postmaster: $0) }
        let cpuBefore = ProcessCPU.now()
        var sent: [UInt64] = []
        let start = NIODeadline.now()
        if let rate {
            for seq in 0..<(warmup + views) {
                let wait = start + .nanoseconds(Int64(seq) * 1_000_000_000 / Int64(rate)) - NIODeadline.now()
                if wait > .zero { try await Task.sleep(for: .nanoseconds(wait.nanoseconds)) }
                let at = NIODeadline.now().uptimeNanoseconds
                sent.append(at)
                try await publisher.publish(payload, seq: seq, sentAt: at, wait: true)
            }
        } else {
            let end = start + .seconds(Int64(burstSeconds))
            while NIODeadline.now() < end {
                let at = NIODeadline.now().uptimeNanoseconds
                sent.append(at)
                // A link keeps at most 16 views unwritten; NOTIFY waits for each answer anyway.
                try await publisher.publish(payload, seq: sent.count - 1, sentAt: at, wait: sent.count % 16 == 0)
            }
            let at = NIODeadline.now().uptimeNanoseconds
            sent.append(at)
            try await publisher.publish(payload, seq: sent.count - 1, sentAt: at, wait: true)
        }
        let published = NIODeadline.now()
        let cpu = ProcessCPU.now().since(cpuBefore)

        // Every subscriber reports once it has all views, or after 30 s with what it has.
        for child in children { child.input.fileHandleForWriting.write(Data("EXPECT \(sent.count)\n".utf8)) }
        let started = children
        let watchdog = Task {
            try await Task.sleep(for: .seconds(30))
            for child in started { try? child.input.fileHandleForWriting.close() }
        }
        var arrivals: [[UInt64]] = [], subscriberCPU = 0.0
        for child in children {
            guard let line = await child.line(startingWith: "RESULT ") else { throw LoadError.child("a subscriber did not report") }
            let fields = line.split(separator: " ")
            subscriberCPU += Double(fields[1].dropFirst(4)) ?? 0
            arrivals.append(fields[2].dropFirst(9).split(separator: ",").map { UInt64($0) ?? 0 })
        }
        watchdog.cancel()
        let serverCPU = serverBefore.map { FanoutDatabase.serverCPU(postmaster: postmasterPid!) - $0 }
        for child in children { await child.finish() }
        await publisher.close()
        return FanoutOutcome(kind: kind, subscribers: count, size: payload.size, rate: rate, sent: sent,
                             measuredFrom: rate == nil ? 0 : warmup, arrivals: arrivals, publishing: published - start,
                             publisherCPU: cpu.user + cpu.system, serverCPU: serverCPU, subscriberCPU: subscriberCPU)
    }

    /// The machine's load averages over 1, 5 and 15 minutes.
    static var loadAverage: String {
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
    }

    /// What PostgreSQL answers a NOTIFY payload over its limit.
    func overLimit(_ database: String) async throws {
        let publisher = try await NotifyPublisher.connect(url: database, channel: Self.channel)
        for size in [7999, 8000, 9000] {
            do {
                try await publisher.notify(String(repeating: "x", count: size))
                print("NOTIFY with a \(size)-byte payload: accepted")
            } catch let error as PSQLError {
                let info = error.serverInfo
                print("NOTIFY with a \(size)-byte payload: \(info?[.severity] ?? "") \(info?[.sqlState] ?? ""): \(info?[.message] ?? String(reflecting: error))")
            }
        }
        await publisher.close()
    }
}
