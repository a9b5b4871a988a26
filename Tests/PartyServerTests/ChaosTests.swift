import FourInARow
import PartyClient
import PartyKit
import PartyServer
import Snap
import Synchronization
import Testing

/// How one bot of a chaos session ended.
enum ChaosBotEnd: Sendable, Equatable {
    /// `BotRunner.run()` returned by itself after the host ended the session.
    case returned
    /// It threw.
    case failed(String)
    /// It had not returned within the deadline and was cancelled.
    case cancelled
}

/// What one chaos session did and how it was left.
struct ChaosReport: Sendable, CustomStringConvertible {
    var name: String
    /// Connections cut by the proxy.
    var cuts = 0
    /// Whether the host ever reported a running game.
    var sawPlaying = false
    /// The host's state right after the game ended (`over`, or `lobby` when it was abandoned).
    var endState: String?
    /// The lobby a fresh spectator saw after the grace period: state, games played, seats, held seats.
    var finalState: String?
    var gamesPlayed = 0
    var seated = -1
    var heldSeats = -1
    /// Whether the fresh spectator was welcomed.
    var welcomed = false
    var bots: [ChaosBotEnd] = []
    /// An error that ended the session's test harness, if any.
    var problem: String?

    /// Everything that must hold for a session left cleanly.
    var clean: Bool {
        problem == nil && sawPlaying && (endState == "over" || endState == "lobby") && welcomed && gamesPlayed >= 1
            && heldSeats == 0 && bots.count == 2 && bots.allSatisfy { $0 == .returned }
    }

    var description: String {
        "\(name): cuts \(cuts), playing \(sawPlaying), ended \(endState ?? "-"), then \(finalState ?? "-") after \(gamesPlayed) game(s) "
            + "with \(seated) seated and \(heldSeats) held, welcomed \(welcomed), bots \(bots)\(problem.map { ", problem: \($0)" } ?? "")"
    }
}

/// The host's status updates as a chaos session watches them.
final class ChaosStatusLog: Sendable {
    private let state = Mutex<(sawPlaying: Bool, ended: String?)>((false, nil))

    func record(_ status: SessionStatus) {
        state.withLock { state in
            if status.state == "playing" {
                state.sawPlaying = true
            } else if state.sawPlaying, state.ended == nil {
                state.ended = status.state
            }
        }
    }

    var sawPlaying: Bool { state.withLock { $0.sawPlaying } }
    var ended: String? { state.withLock { $0.ended } }
}

@Suite("Chaos: many bot games while connections are cut at random", .timeLimit(.minutes(10)))
struct ChaosTests {
    /// How long a dropped seat is held.
    static let graceMilliseconds: Int64 = 1_500

    @Test("52 bot games on 52 hosts with random cuts all end cleanly, leave no seat behind, and every host still answers")
    func chaos() async throws {
        // The games end on their own well within this on a quiet machine (about 30 s for all 52);
        // the deadline only stops a session whose game never ends. How fast they end is a matter for
        // benchmarks: at load ~20 a Four in a Row game of bots took over 42 s, and failed an earlier
        // deadline that claimed speed.
        let endBy = ContinuousClock.now + .seconds(180)
        let reports = await withTaskGroup(of: ChaosReport.self) { group in
            for index in 0..<16 {
                group.addTask {
                    await Self.session(FourInARowGame.self, configuration: .init(), name: "fourinarow-\(index)",
                                       seed: 1_000 + UInt64(index), endBy: endBy)
                }
            }
            for index in 0..<36 {
                group.addTask {
                    await Self.session(SnapGame.self, configuration: SnapConfiguration(turnSeconds: 2, turnLimit: 10),
                                       name: "snap-\(index)", seed: 2_000 + UInt64(index), endBy: endBy)
                }
            }
            var reports: [ChaosReport] = []
            for await report in group { reports.append(report) }
            return reports
        }
        #expect(reports.count >= 50)
        for report in reports.sorted(by: { $0.name < $1.name }) {
            #expect(report.clean, "\(report)")
        }
        // Each session plans two to five cuts while its game runs; on a loaded machine a game can end
        // before all of them (twice a full run saw 102 and 103 of the 104 a "two each" rule wanted),
        // so the check is that cuts really happened: at least one per session on average.
        #expect(reports.map(\.cuts).reduce(0, +) >= reports.count, "the sessions saw cuts while their games ran")
    }

    @Test("a reconnection whose welcome is lost in a cut: the spent token is refused, and the client joins as new once the grace runs out")
    func lostWelcome() async throws {
        // Alice only reads after the game starts: on a loaded machine (the whole suite in parallel)
        // this test has taken over a minute, and the host timed her out as silent after 60 s.
        // The grace must outlast the time from Bob's cut to his second hello being read: with 1 s,
        // beside four CPU hogs the grace ran out first, Bob's seat was given up, and Alice waited for
        // ever for a lobby with Bob connected. The test waits the grace out once, at its end.
        try await withHost(FourInARow.self, options: .test(peerMs: 600_000, graceMs: 20_000)) { host, port in
            try await RawClient.with(port: port) { alice in
                var bobToken = ""
                try await RawClient.with(port: port) { bob in
                    (_, bobToken) = try await ReconnectionTests.startGame(&alice, &bob, hostKey: host.hostKey)
                }
                func bobConnected(_ lobby: [String: Any]) -> Bool {
                    (lobby["players"] as? [[String: Any]] ?? []).contains { $0["name"] as? String == "Bob" && $0["connected"] as? Bool == true }
                }
                let hello = #""protocol": 1, "client": "t", "clientVersion": "1", "name": "Bob", "token": "\#(bobToken)""#
                // Bob comes back; the host seats him, but the link drops before its welcome reaches him.
                try await RawClient.with(port: port) { bobAgain in
                    try await bobAgain.send("hello", hello)
                    while let lobby = try await alice.next("lobby"), !bobConnected(lobby) {}
                }
                // He tries again with the only token he has.
                let answer = try await RawClient.with(port: port) { bobLast -> String? in
                    try await bobLast.send("hello", hello)
                    let reply = try await bobLast.nextReply()
                    return reply?["type"] as? String == "welcome" ? "welcome" : reply?["reason"] as? String
                }
                // A token works once (PROTOCOL.md section 12): the one Bob has is spent.
                #expect(answer == "badToken")
                // As documented, he waits out the grace; the seat is given up and the game ends.
                let left = try await alice.next("playerLeft")
                #expect(left?["message"] as? String == "Bob did not come back in time.")
                _ = try await alice.next("gameOver")
                // Then he joins again as a new player.
                let rejoined = try await RawClient.with(port: port) { bobNew -> String? in
                    try await bobNew.hello("Bob")
                    let reply = try await bobNew.nextReply()
                    return reply?["type"] as? String == "welcome" ? reply?["name"] as? String : reply?["reason"] as? String
                }
                #expect(rejoined == "Bob")
            }
        }
    }

    /// Runs one session: a host, a proxy, two bots through it, random cuts while the game runs;
    /// then checks, after the grace period, what a fresh spectator sees, and that the bots end with the host.
    static func session<Game: PartyGame>(
        _: Game.Type, configuration: Game.Rules.Configuration, name: String, seed: UInt64, endBy: ContinuousClock.Instant
    ) async -> ChaosReport {
        var options = HostOptions.test(graceMs: graceMilliseconds)
        options.seed = seed
        options.startAt = 2
        do {
            return try await withHost(Game.Rules.self, configuration: configuration, options: options) { host, port in
                let proxy = try await CuttableProxy.start(to: port)
                let report = await play(Game.self, host: host, port: port, proxy: proxy, name: name, seed: seed, endBy: endBy)
                await proxy.stop()
                return report
            }
        } catch {
            var report = ChaosReport(name: name)
            report.problem = "\(error)"
            return report
        }
    }

    /// One part of a chaos session's task group.
    enum Piece: Sendable {
        case bot(ChaosBotEnd)
        case watcher
        case timer
    }

    static func play<Game: PartyGame>(
        _: Game.Type, host: PartyHost<Game.Rules>, port: Int, proxy: CuttableProxy, name: String, seed: UInt64,
        endBy: ContinuousClock.Instant
    ) async -> ChaosReport {
        var report = ChaosReport(name: name)
        let log = ChaosStatusLog()
        let address = HostAddress(host: "127.0.0.1", port: proxy.port)
        return await withTaskGroup(of: Piece.self) { group in
            group.addTask {
                for await status in host.statusUpdates { log.record(status) }
                return .watcher
            }
            for bot in 0..<2 {
                group.addTask {
                    do {
                        try await BotRunner<Game>(address: address, name: "Bot \(bot)", seed: seed &+ UInt64(bot), timeouts: .patient).run()
                        return .bot(Task.isCancelled ? .cancelled : .returned)
                    } catch {
                        return .bot(Task.isCancelled ? .cancelled : .failed("\(error)"))
                    }
                }
            }
            // Cut the bots' connections two to five times, 200–800 ms apart, while the game runs.
            var random = SeededRandom(seed: seed)
            while !log.sawPlaying, ContinuousClock.now < endBy { try? await Task.sleep(for: .milliseconds(50)) }
            let planned = 2 + Int(random.next() % 4)
            while report.cuts < planned, log.ended == nil, ContinuousClock.now < endBy {
                try? await Task.sleep(for: .milliseconds(200 + Int64(random.next() % 601)))
                guard log.ended == nil else { break }
                proxy.cut()
                report.cuts += 1
            }
            while log.ended == nil, ContinuousClock.now < endBy { try? await Task.sleep(for: .milliseconds(50)) }
            report.sawPlaying = log.sawPlaying
            report.endState = log.ended
            // Past the grace period every seat is either back or given up. The host's grace timer may
            // fire late on a loaded machine, so a fresh spectator looks again (each look a new
            // connection) until no seat is held, for 30 s at most; a seat still held then is a leak.
            try? await Task.sleep(for: .milliseconds(graceMilliseconds + 1_200))
            let inspectBy = ContinuousClock.now + .seconds(30)
            repeat {
                do {
                    try await inspect(port: port, into: &report)
                    report.problem = nil
                } catch {
                    report.problem = "the fresh spectator failed: \(error)"
                }
                if report.heldSeats == 0 && report.problem == nil { break }
                try? await Task.sleep(for: .milliseconds(500))
            } while ContinuousClock.now < inspectBy
            host.shutdown()
            // The host is gone: a bot reconnecting now is refused, and gives up at once (through a
            // proxy that still accepted, it retried for its whole patience and did not return).
            await proxy.stopListening()
            group.addTask {
                // Bots return as soon as they read the host's `ended`, or once their reconnection to
                // the closed port gives up; 120 s only bounds a bot that never does (30 s was too
                // short once, for a bot cut just before the end on a loaded machine).
                try? await Task.sleep(for: .seconds(120))
                return .timer
            }
            while report.bots.count < 2, let piece = await group.next() {
                switch piece {
                case .bot(let end): report.bots.append(end)
                case .timer: group.cancelAll()
                case .watcher: continue
                }
            }
            group.cancelAll()
            return report
        }
    }

    /// Joins straight to the host as a spectator and records what the lobby shows.
    static func inspect(port: Int, into report: inout ChaosReport) async throws {
        let seen = try await RawClient.with(port: port) { watcher -> ChaosReport in
            var seen = ChaosReport(name: "")
            try await watcher.hello("Inspector", extra: #""role": "spectator""#)
            seen.welcomed = try await watcher.next("welcome") != nil
            guard let lobby = try await watcher.next("lobby") else { return seen }
            let players = lobby["players"] as? [[String: Any]] ?? []
            seen.finalState = lobby["state"] as? String
            seen.gamesPlayed = lobby["gamesPlayed"] as? Int ?? 0
            seen.seated = players.count
            seen.heldSeats = players.filter { $0["connected"] as? Bool != true || $0["graceMs"] != nil }.count
            return seen
        }
        report.welcomed = seen.welcomed
        report.finalState = seen.finalState
        report.gamesPlayed = seen.gamesPlayed
        report.seated = seen.seated
        report.heldSeats = seen.heldSeats
    }
}
