import Foundation
import PartyJournal
import PartyServer
import Testing

/// Chaos at the process level: for each of the five games a dedicated `partyhost` with two bots
/// and a journal (`--state`) is killed with SIGKILL at ten seeded random moments and started again
/// at once with the same command line, while one watcher (`partyclient --watch`), started once and
/// never restarted, follows the game through every restart to its end. After each restart the host
/// must say it resumed on the same port with no fewer inputs than before, and both bots must come
/// back; at the end the watcher saw the game's end, the host's log agrees, and the journal is whole
/// (numbered without gaps, one `end` entry, then only departures). The five games run at the same time.
@Suite("partyhost killed with SIGKILL 50 times resumes every party", .timeLimit(.minutes(10)))
struct HostKillTests {
    /// One game's run: its id, the settings that make it end within about a minute, and the title
    /// its log lines use.
    struct GameRun: Sendable, CustomStringConvertible {
        /// The game id (`--game`).
        var id: String
        /// The game's title, as in "game 1 (TITLE) started".
        var title: String
        /// Settings for a short game.
        var settings: [String]
        var description: String { id }
    }

    static let games = [
        GameRun(id: "fourinarow", title: "Four in a Row", settings: []),
        GameRun(id: "twentyfour", title: "TwentyFour", settings: ["--players", "2", "--rounds", "1", "--round-seconds", "25", "--pause-seconds", "2"]),
        GameRun(id: "snap", title: "Snap!", settings: ["--turn-limit", "60", "--turn-seconds", "2"]),
        GameRun(id: "suntouch", title: "SunTouch", settings: ["--time-limit", "25"]),
        // Bots throw within 0.6–2.6 s, so the reveal's pause makes five rounds last 15–30 s (one round
        // with a 1 s reveal ended before a watcher on a loaded machine had joined, and before any kill).
        GameRun(id: "rps", title: "Rock Paper Scissors", settings: ["--rounds", "5", "--round-seconds", "5", "--reveal-seconds", "3"]),
    ]

    /// Kills per game.
    static let kills = 10

    /// The seed of the kill moments: `PARTYHOST_KILL_SEED` when set (to repeat a failing run), else fixed.
    static let seed: UInt64 = ProcessInfo.processInfo.environment["PARTYHOST_KILL_SEED"].flatMap { UInt64($0) } ?? 20_240_611

    @Test("five games, ten SIGKILLs each: same port, no input lost, bots back, the watcher sees the end, the journal whole")
    func fiftyKills() async throws {
        await withTaskGroup(of: Void.self) { group in
            for (index, game) in Self.games.enumerated() {
                group.addTask { await Self.chaos(game, seed: Self.seed &+ UInt64(index) &* 0x9E37_79B9) }
            }
        }
    }

    /// One game's run from start to the journal's check.
    static func chaos(_ game: GameRun, seed: UInt64) async {
        var random = SplitMix(seed: seed)
        let state = FileManager.default.temporaryDirectory.appendingPathComponent(TestTools.unique("kill-\(game.id)")).path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let port = TestTools.freePort()
        let arguments = ["--game", game.id, "--dedicated", "--bots", "2", "--bot-level", "easy", "--state", state,
                         "--port", "\(port)", "--bind", "127.0.0.1", "--no-advertise", "--line-mode", "--verbose"] + game.settings
        let context = "\(game.id) (seed \(seed), port \(port))"
        // Every host process of the run, in order (their logs are read at the end).
        var hosts: [LiveProcess] = []
        defer { for host in hosts { host.stop() } }

        guard let first = try? LiveProcess(Executables.path("partyhost"), arguments, label: "partyhost \(game.id) #0") else {
            Issue.record("\(context): partyhost did not start")
            return
        }
        hosts.append(first)
        guard let hosting = await first.waitForLine(timeout: .seconds(60), { $0.hasPrefix("Hosting ") }) else {
            Issue.record("\(context): no Hosting line\n\(first.transcript)")
            return
        }
        #expect(hosting.hasSuffix(" on port \(port)."), "\(context)\n\(first.transcript)")

        // The watcher starts at once, while the bots sit down: it must see the game from before its
        // end (started after "game 1 started", it once joined a game that had already ended).
        guard let watcher = try? LiveProcess(Executables.path("partyclient"),
                                             ["--connect", "127.0.0.1:\(port)", "--watch", "--line-mode", "--name", "Watcher"],
                                             label: "watcher \(game.id)") else {
            Issue.record("\(context): partyclient did not start")
            return
        }
        defer { watcher.stop() }
        let started = await Poll.until(timeout: .seconds(60)) { first.errors.contains("game 1 (\(game.title)) started") }
        guard started else {
            Issue.record("\(context): game 1 never started\n\(first.transcript)")
            return
        }
        let bots = seatedNames(in: first.errors)
        #expect(bots.count == 2, "\(context): \(bots)\n\(first.transcript)")
        guard await watcher.waitForLine(timeout: .seconds(60), { $0.hasPrefix("Joined ") }) != nil else {
            Issue.record("\(context): the watcher never joined\n\(watcher.transcript)")
            return
        }
        // A watcher that joined after the end would wait for a "Game over:" line that never comes;
        // say so plainly instead.
        if let table = watcher.lines.first(where: { $0.hasPrefix("Table [") }), table.hasPrefix("Table [over]") {
            Issue.record("\(context): the game ended before the watcher joined; make it longer\n\(watcher.transcript)")
            return
        }

        var replayed = 0
        var readyAt = ContinuousClock.now
        for kill in 1...kills {
            // 0.3–2.5 s after the previous start's "Resumed" line (the first: after the watcher joined).
            let delay = Duration.milliseconds(300 + Int(random.next() % 2_201))
            let wait = readyAt + delay - ContinuousClock.now
            if wait > .zero { try? await Task.sleep(for: wait) }
            let victim = hosts[hosts.count - 1]
            victim.signal(SIGKILL)
            guard await victim.waitForExit(timeout: .seconds(30)) != nil else {
                Issue.record("\(context): kill \(kill): the host outlived SIGKILL")
                return
            }
            guard let host = try? LiveProcess(Executables.path("partyhost"), arguments, label: "partyhost \(game.id) #\(kill)") else {
                Issue.record("\(context): kill \(kill): partyhost did not start again")
                return
            }
            hosts.append(host)
            guard let resumed = await host.waitForLine(timeout: .seconds(90), { $0.hasPrefix("Resumed from the journal: ") }) else {
                Issue.record("\(context): kill \(kill): no Resumed line\n\(host.transcript)")
                return
            }
            readyAt = ContinuousClock.now
            let lines = host.lines
            #expect(lines.first == hosting, "\(context): kill \(kill): same first line, same port\n\(host.transcript)")
            #expect(lines.count > 1 && lines[1] == resumed, "\(context): kill \(kill): Resumed is the second line\n\(host.transcript)")
            let count = Int(resumed.dropFirst("Resumed from the journal: ".count).prefix { $0.isNumber }) ?? -1
            #expect(count >= replayed, "\(context): kill \(kill): \(count) inputs replayed after \(replayed) before\n\(host.transcript)")
            replayed = max(replayed, count)
            let back = await Poll.until(timeout: .seconds(90)) {
                let log = host.errors
                return bots.allSatisfy { log.contains("\($0) reconnected") }
            }
            #expect(back, "\(context): kill \(kill): bots \(bots) not back\n\(host.transcript)")
            #expect(watcher.isRunning, "\(context): kill \(kill): the watcher ended\n\(watcher.transcript)")
            guard watcher.isRunning else { return }
        }

        // The game ends (bots alone never ask for a rematch, so there is one game).
        let over = await watcher.waitForLine(timeout: .seconds(240)) { $0.hasPrefix("Game over: ") && $0.hasSuffix(rematchHint) }
        let last = hosts[hosts.count - 1]
        #expect(over != nil, "\(context): the watcher never saw the end\n\(watcher.transcript)\n\(last.transcript)")
        let logged = await Poll.until(timeout: .seconds(30)) {
            hosts.contains { $0.errors.contains("game 1 over: ") }
        }
        #expect(logged, "\(context): no host logged the game's end\n\(last.transcript)")
        // The last process that logged the end (a process killed before its input was committed
        // may have logged an end that never happened; the one after it decides).
        let summaries = hosts.flatMap { overSummaries(in: $0.errors) }
        // The shell's own line (a game's view may also start with "Game over:", as Snap's does).
        let watched = Set(watcher.lines.filter { $0.hasPrefix("Game over: ") && $0.hasSuffix(rematchHint) }.map { summaryOf(gameOver: $0) })
        #expect(watched.count == 1, "\(context): the watcher saw different ends: \(watched)\n\(watcher.transcript)")
        #expect(summaries.last.map { watched.contains($0) } == true,
                "\(context): host logged \(summaries), the watcher saw \(watched)")

        // The watcher is back with the last host (it retries every few seconds, so after the last
        // restart it may still be waiting), then SIGTERM ends the session on purpose: it is told and
        // leaves with status 0.
        let connected = await Poll.until(timeout: .seconds(120)) {
            let lines = watcher.lines
            let away = lines.lastIndex { $0.hasPrefix("! Connection lost") || $0.hasPrefix("! The host is restarting") } ?? -1
            return (lines.lastIndex { $0 == "! Reconnected." } ?? -1) > away
        }
        #expect(connected, "\(context): the watcher never came back to the last host\n\(watcher.transcript)")
        last.signal(SIGTERM)
        #expect(await last.waitForExit(timeout: .seconds(60)) == 0, "\(context)\n\(last.transcript)")
        #expect(last.lines.last == "Session ended.", "\(context)\n\(last.transcript)")
        #expect(await watcher.waitForExit(timeout: .seconds(60)) == 0, "\(context)\n\(watcher.transcript)")
        #expect(watcher.lines.last == "The host ended the session.", "\(context)\n\(watcher.transcript)")

        checkJournal(state: state, port: port, replayed: replayed, context: context)
    }

    /// The journal after the run: one party (no restart began another), finished, on `port`, its
    /// entries numbered 1…n without gaps, no damage, exactly one `end` entry followed only by the
    /// connections' departures, and more than the last restart replayed.
    static func checkJournal(state: String, port: Int, replayed: Int, context: String) {
        let files = StateDirectory(explicit: state).journalFiles()
        guard files.count == 1, let path = files.first else {
            Issue.record("\(context): journal files \(files)")
            return
        }
        do {
            let store = try SQLiteJournalStore(path: path, readOnly: true)
            let parties = try store.parties()
            #expect(parties.count == 1, "\(context): \(parties.map(\.name))")
            guard let party = parties.first else { return }
            #expect(party.finished != nil && party.port == port, "\(context): \(party)")
            let reading = try store.entries(party: party.id)
            #expect(reading.damage == nil, "\(context): \(reading.damage ?? "")")
            let sequences = reading.entries.map(\.sequence)
            #expect(sequences == (0..<sequences.count).map { Int64($0 + 1) }, "\(context): gaps in \(sequences.count) entries")
            // The connections closing after the end are journaled too (`departed`), nothing else.
            let end = reading.entries.firstIndex { $0.kind == "end" }
            #expect(reading.entries.filter { $0.kind == "end" }.count == 1
                    && end.map { reading.entries[($0 + 1)...].allSatisfy { $0.kind == "departed" } } == true,
                    "\(context): kinds \(reading.entries.suffix(6).map(\.kind))")
            #expect(reading.entries.count > replayed, "\(context): \(reading.entries.count) entries, \(replayed) replayed")
        } catch {
            Issue.record("\(context): the journal could not be read: \(error)")
        }
    }

    /// The names in "seated NAME at seat N" log lines.
    static func seatedNames(in log: String) -> [String] {
        log.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: "seated "), let end = line.range(of: " at seat ", range: start.upperBound..<line.endIndex)
            else { return nil }
            return String(line[start.upperBound..<end.lowerBound])
        }
    }

    /// The summaries of "game 1 over: SUMMARY" log lines (the logger may add metadata after it).
    static func overSummaries(in log: String) -> [String] {
        log.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "game 1 over: ") else { return nil }
            return String(line[range.upperBound...]).trimmingCharacters(in: .whitespaces)
        }
    }

    /// What the line-mode shell adds to its "Game over: SUMMARY" line.
    static let rematchHint = "  (type r for a rematch, q to leave)"

    /// SUMMARY from the watcher's "Game over: SUMMARY  (type r for a rematch, q to leave)".
    static func summaryOf(gameOver line: String) -> String {
        let text = line.dropFirst("Game over: ".count)
        let cut = text.range(of: "  (type r")?.lowerBound ?? text.endIndex
        return String(text[..<cut])
    }
}

/// SplitMix64: the seeded random numbers of the kill moments (the same seed, the same moments).
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// The next number.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
