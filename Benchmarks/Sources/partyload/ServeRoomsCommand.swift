import ArgumentParser
import Dispatch
import Foundation
import NIOCore
import NIOPosix

/// Issue 39's scale benchmark: one `partyhost serve`, many rooms of eight framed clients, half playing.
struct ServeRoomsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve-rooms",
        abstract: "Start partyhost serve, start rooms over HTTP, seat 8 clients in each, play in half: latency, memory, CPU.")

    @Option(help: "The partyhost executable (a release build).")
    var partyhost = ".build/release/partyhost"

    @Option(help: "The port partyhost serve listens on (127.0.0.1).")
    var port = 47_391

    @Option(help: "How many rooms.")
    var rooms = 1000

    @Option(help: "Clients per room.")
    var players = 8

    @Option(help: "How many of the rooms play (the rest sit idle); default: half.")
    var playing: Int?

    @Option(help: "The game the playing rooms vote for.")
    var game = "rps"

    @Option(help: "Seconds of measurement once every playing room has a game going.")
    var seconds = 30

    @Option(help: "Seconds between the games starting and the measurement.")
    var warmup = 8

    @Option(help: "Give up after this many seconds.")
    var timeLimit = 900

    @Option(help: "Write each timed move to this file: seconds into the window it was sent, milliseconds to every view.")
    var latencyLog: String?

    @Flag(help: "Print the figures as one JSON object.")
    var json = false

    func run() async throws {
        TimeLimit.start(seconds: timeLimit)
        let playingRooms = min(rooms, max(0, playing ?? rooms / 2))
        let limit = rooms * players + 1000
        let host = try ChildProcess(executable: partyhost, arguments: [
            "serve", "--port", String(port), "--bind", "127.0.0.1", "--no-journal", "--quiet",
            "--max-rooms", String(rooms + 10), "--rooms-per-hour", String(rooms * 10),
            "--max-connections", String(limit), "--max-connections-per-address", String(limit),
        ])
        let pid = host.process.processIdentifier
        defer { host.process.terminate() }
        try await Report.wait(upTo: .seconds(20), "partyhost serve to answer") { RoomHTTP.answers(port: port) }
        try await Task.sleep(for: .milliseconds(500))
        let rssEmpty = ProcStat.residentKiB(pid: pid)

        // Rooms started per second: POST /api/rooms one after another on one keep-alive connection.
        var http = try RoomHTTP(port: port)
        var codes: [String] = []
        var reconnects = 0
        let started = DispatchTime.now().uptimeNanoseconds
        for index in 0..<rooms {
            do {
                codes.append(try http.startRoom(name: "Room \(index)", game: game))
            } catch {
                // The server closed the kept-alive connection (after some requests): open another.
                reconnects += 1
                http = try RoomHTTP(port: port)
                codes.append(try http.startRoom(name: "Room \(index)", game: game))
            }
        }
        let startSeconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let rssRooms = ProcStat.residentKiB(pid: pid)

        // Eight clients per room, a room's all on one loop; the first `playingRooms` rooms play.
        let tally = RoomTally()
        let group = MultiThreadedEventLoopGroup.singleton
        var channels: [any Channel] = []
        let connectStart = DispatchTime.now().uptimeNanoseconds
        for (number, code) in codes.enumerated() {
            let loop = group.next()
            let driver = RoomDriver(code: code, playing: number < playingRooms, game: game, loop: loop, tally: tally)
            let clients = (0..<players).map { RoomClient(driver: driver, index: $0, name: "P\($0 + 1)") }
            try await loop.submit { driver.clients = clients }.get()
            let futures = clients.map { client in
                ClientBootstrap(group: loop)
                    .channelOption(.socketOption(.tcp_nodelay), value: 1)
                    .connectTimeout(.seconds(20))
                    .channelInitializer { channel in
                        channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(client) }
                    }
                    .connect(host: "127.0.0.1", port: port)
            }
            for future in futures { channels.append(try await future.get()) }
        }
        let everyone = rooms * players
        try await Report.wait(upTo: .seconds(120), "every client welcomed") { tally.state.withLockedValue { $0.welcomed } >= everyone }
        let connectSeconds = Double(DispatchTime.now().uptimeNanoseconds - connectStart) / 1e9
        try await Task.sleep(for: .seconds(warmup))

        let rssBefore = ProcStat.residentKiB(pid: pid)
        let cpuBefore = ProcStat.cpuSeconds(pid: pid)
        let mineBefore = ProcessCPU.now()
        tally.state.withLockedValue { $0.measuring = true }
        let windowStart = DispatchTime.now().uptimeNanoseconds
        try await Task.sleep(for: .seconds(seconds))
        let final = tally.state.withLockedValue { state -> RoomTally.State in state.measuring = false; return state }
        let window = Double(DispatchTime.now().uptimeNanoseconds - windowStart) / 1e9
        let cpu = ProcStat.cpuSeconds(pid: pid) - cpuBefore
        let mine = ProcessCPU.now().since(mineBefore)
        let rssAfter = ProcStat.residentKiB(pid: pid)
        let files = Report.openFiles(pid: String(pid))

        if let latencyLog {
            var text = "# sent (s into the window)\tmove → every member's view (ms)\n"
            for (sent, took) in zip(final.sentAt, final.latencies) {
                text += String(format: "%.3f\t%.3f\n", Double(Int64(sent) - Int64(windowStart)) / 1e9, Double(took) / 1e6)
            }
            try text.write(toFile: latencyLog, atomically: true, encoding: .utf8)
        }
        let sorted = final.latencies.sorted()
        func percentile(_ p: Double) -> Double {
            guard !sorted.isEmpty else { return .nan }
            return Double(sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]) / 1e6
        }
        let figures: [String: Double] = [
            "rooms": Double(rooms), "players": Double(players), "playingRooms": Double(playingRooms),
            "roomsStartedPerSecond": Double(rooms) / startSeconds,
            "clientsConnectSeconds": connectSeconds,
            "moves": Double(final.moves), "movesPerSecond": Double(final.moves) / window,
            "p50ms": percentile(0.50), "p99ms": percentile(0.99), "p999ms": percentile(0.999),
            "maxms": sorted.last.map { Double($0) / 1e6 } ?? .nan,
            "lostMoves": Double(final.lost), "rejectedMoves": Double(final.rejected),
            "serverRssEmptyKiB": Double(rssEmpty), "serverRssRoomsKiB": Double(rssRooms),
            "serverRssPlayingKiB": Double(rssAfter),
            "rssPerEmptyRoomKiB": Double(rssRooms - rssEmpty) / Double(rooms),
            "rssPerRoomKiB": Double(max(rssBefore, rssAfter) - rssEmpty) / Double(rooms),
            "serverCpuPerMoveMicros": final.moves > 0 ? cpu * 1e6 / Double(final.moves) : .nan,
            "serverCpuShare": cpu / window,
            "clientCpuShare": (mine.user + mine.system) / window,
            "serverOpenFiles": Double(files), "httpReconnects": Double(reconnects), "windowSeconds": window,
        ]
        if json {
            let data = try JSONSerialization.data(withJSONObject: figures.mapValues { $0.isNaN ? 0 : $0 }, options: [.sortedKeys])
            print(String(decoding: data, as: UTF8.self))
        } else {
            func f(_ key: String, _ format: String = "%.1f") -> String { String(format: format, figures[key]!) }
            print("== partyhost serve: \(rooms) rooms of \(players), \(playingRooms) playing \(game) (a move every 1–2 s per room) ==")
            print("rooms started:      \(f("roomsStartedPerSecond")) /s (POST /api/rooms, one keep-alive connection, \(String(format: "%.2f", startSeconds)) s, \(reconnects) reconnects)")
            print("clients seated:     \(everyone) in \(f("clientsConnectSeconds", "%.2f")) s")
            print("move → every member's view: p50 \(f("p50ms", "%.2f")) ms, p99 \(f("p99ms", "%.2f")) ms, p99.9 \(f("p999ms", "%.2f")) ms, max \(f("maxms", "%.2f")) ms")
            print("moves:              \(final.moves) in \(f("windowSeconds")) s (\(f("movesPerSecond")) /s); lost \(final.lost), rejected \(final.rejected), games over \(final.games)")
            print("server RSS:         empty \(rssEmpty) KiB, with rooms \(rssRooms) KiB, playing \(rssAfter) KiB")
            print("RSS per room:       \(f("rssPerRoomKiB")) KiB with 8 clients (\(f("rssPerEmptyRoomKiB")) KiB before any client)")
            print("server CPU per move: \(f("serverCpuPerMoveMicros")) µs (server busy \(f("serverCpuShare", "%.2f")) cores; this client process \(f("clientCpuShare", "%.2f")) cores)")
            print("server open files:  \(files)")
            if !final.problems.isEmpty { print("problems (first \(final.problems.count)):"); for p in final.problems { print("  " + p) } }
        }
        for channel in channels { channel.close(promise: nil) }
        host.input.fileHandleForWriting.closeFile()
    }
}
