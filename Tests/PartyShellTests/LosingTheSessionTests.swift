import Foundation
import Testing

extension EndToEnd {
    /// Issue 17, "Losing your seat, losing the session": a restarted client gets its seat back, the
    /// join code is asked for inside the full-screen UI, and a lost host is shown as such.
    @Suite("Losing your seat, losing the session (tmux)", .serialized, .timeLimit(.minutes(3)),
           .enabled(if: TestTools.tmux, "tmux is missing: apt-get install tmux"))
    struct LosingTheSessionTests {
        let bob = "s:0"

        /// Waits for `condition` on `target`'s screen; records a failure naming `what` and throws if it never holds.
        @discardableResult
        func want(_ tmux: TmuxServer, _ target: String, _ what: String, timeout: Duration = .seconds(15),
                  _ condition: (String) -> Bool) async throws -> String {
            let (ok, screen) = await tmux.waitForScreen(target, timeout: timeout, condition)
            try #require(ok, "\(target): \(what); the screen was:\n\(screen)")
            return screen
        }

        /// A dedicated line-mode Four in a Row host on 127.0.0.1, named Dee unless given a name.
        func startHost(_ extra: [String] = [], name: String = "Dee") async throws -> (host: LiveProcess, port: Int) {
            let port = TestTools.freePort()
            let host = try LiveProcess(Executables.path("partyhost"), [
                "--game", "fourinarow", "--dedicated", "--port", "\(port)", "--bind", "127.0.0.1",
                "--interface", "lo", "--line-mode", "--name", name,
            ] + extra, label: "partyhost")
            let listening = await host.waitForLine(timeout: .seconds(10)) { $0.contains("on port \(port).") } != nil
            if !listening { host.stop() }
            try #require(listening, "the host did not listen: \(host.transcript)")
            return (host, port)
        }

        func client(_ arguments: [String]) -> String {
            TmuxServer.paneCommand([Executables.path("partyclient")] + arguments)
        }

        /// The files in the panes' seat folder.
        func seatFiles(_ tmux: TmuxServer) -> [String] {
            let folder = tmux.stateHome + "/partyclient/seats"
            return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".json") }
                .map { folder + "/" + $0 }
        }

        func mode(_ path: String) -> Int {
            ((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int) ?? -1
        }

        @Test("point 1: a killed client started again gets its seat back (Welcome back); a seat the host let go is joined afresh")
        func restartedClientGetsItsSeatBack() async throws {
            let (host, port) = try await startHost(["--bots", "1", "--grace", "30"])
            defer { host.stop() }
            let tmux = try TmuxServer(width: 100, height: 30, command: client(["--connect", "127.0.0.1:\(port)", "--name", "Bob"]))
            defer { tmux.kill() }
            try await want(tmux, bob, "Bob never joined") { $0.contains("Players (2 of 2") }
            try await tmux.send(bob, "Enter")
            let playing = try await want(tmux, bob, "the game never started") { FourInARowScreen(tui: $0) != nil && $0.contains("Your turn") }
            let discs = FourInARowScreen(tui: playing)?.discs ?? -1

            // The token is kept under XDG_STATE_HOME, private to the user.
            let files = seatFiles(tmux)
            try #require(files.count == 1, "no seat file in \(tmux.stateHome): \(files)")
            #expect(mode(files[0]) == 0o600)
            #expect(mode(tmux.stateHome + "/partyclient/seats") == 0o700)
            #expect(mode(tmux.stateHome + "/partyclient") == 0o700)
            let saved = try String(contentsOfFile: files[0], encoding: .utf8)
            #expect(saved.contains("\"token\"") && saved.contains("127.0.0.1:\(port)"), "\(saved)")

            // The laptop crashes: the client dies without a word.
            let programs = await tmux.programs(bob)
            try #require(!programs.isEmpty, "no partyclient in Bob's pane")
            for pid in programs { kill(pid, SIGKILL) }
            try await want(tmux, bob, "the client did not die") { $0.contains("[exited 137]") }

            try await tmux.newWindow(client(["--connect", "127.0.0.1:\(port)", "--name", "Bob"]), index: 1)
            let back = try await want(tmux, "s:1", "Bob did not get his seat back") {
                $0.contains("Welcome back, Bob") && FourInARowScreen(tui: $0) != nil
            }
            #expect(!back.contains("full"), "\(back)")
            #expect(FourInARowScreen(tui: back)?.discs == discs, "the game did not go on where it stopped:\n\(back)")
            #expect(!back.contains("Bob (2)"))
            // The new token replaced the old one, still in one file.
            #expect(seatFiles(tmux).count == 1)
            try await tmux.send("s:1", "q")
            try await want(tmux, "s:1", "Bob could not leave") { $0.contains("[exited 0]") }
            // Leaving gives the seat up: nothing is kept.
            #expect(seatFiles(tmux).isEmpty, "\(seatFiles(tmux))")
        }

        @Test("point 1: a kept token the host no longer knows is dropped with a clear word, and you join as a new player")
        func staleTokenJoinsAfresh() async throws {
            let (host, port) = try await startHost(["--grace", "1"])
            defer { host.stop() }
            let tmux = try TmuxServer(width: 100, height: 30, command: client(["--connect", "127.0.0.1:\(port)", "--name", "Bob"]))
            defer { tmux.kill() }
            try await want(tmux, bob, "Bob never joined") { $0.contains("Players (1 of 2") }
            let first = seatFiles(tmux)
            try #require(first.count == 1)
            for pid in await tmux.programs(bob) { kill(pid, SIGKILL) }
            try await want(tmux, bob, "the client did not die") { $0.contains("[exited 137]") }
            // A line-mode watcher sees the seat given up after the host's one-second grace.
            let watcher = try LiveProcess(Executables.path("partyclient"), ["--connect", "127.0.0.1:\(port)", "--watch", "--line-mode"])
            defer { watcher.stop() }
            let empty = await watcher.waitForLine(timeout: .seconds(15)) { $0.hasPrefix("Table [lobby]:") && !$0.contains("Bob") }
            #expect(empty != nil, "\(watcher.transcript)")

            try await tmux.newWindow(client(["--connect", "127.0.0.1:\(port)", "--name", "Bob"]), index: 1)
            let screen = try await want(tmux, "s:1", "Bob was not told his old seat was gone") {
                $0.contains("no longer held for you") && $0.contains("Players (1 of 2")
            }
            #expect(!screen.contains("Welcome back"))
            let now = seatFiles(tmux)
            #expect(now.count == 1 && now != first, "the stale file was not replaced: \(first) → \(now)")
        }

        @Test("point 3: while the host does not answer the screen says so and sends no move; a host gone for good ends in one sentence")
        func hostLostAndGone() async throws {
            // A host without a journal: its clients give up as soon as nothing answers.
            let (host, hostPort) = try await startHost(["--bots", "1", "--host-restart-wait", "0"])
            defer { host.stop() }
            let proxy = try LiveProcess("python3", [TestTools.scripts + "/cuttable_proxy.py", "\(hostPort)", "120"], label: "proxy")
            defer { proxy.stop() }
            let listening = await proxy.waitForLine(timeout: .seconds(10)) { $0.hasPrefix("LISTENING ") }
            let port = try #require(listening.flatMap { Int($0.dropFirst("LISTENING ".count)) }, "\(proxy.transcript)")

            let tmux = try TmuxServer(width: 100, height: 30, command: client(["--connect", "127.0.0.1:\(port)", "--name", "Bob"]))
            defer { tmux.kill() }
            try await want(tmux, bob, "Bob never joined") { $0.contains("Players (2 of 2") }
            try await tmux.send(bob, "Enter")
            let playing = try await want(tmux, bob, "the game never started") { FourInARowScreen(tui: $0) != nil && $0.contains("Your turn") }
            let discs = try #require(FourInARowScreen(tui: playing)?.discs)

            // The link to the host goes dead (connections close at once, as a host that stopped answering).
            proxy.signal(SIGUSR1)
            let lost = try await want(tmux, bob, "the screen never said the connection was lost") {
                $0.contains("The connection to the host was lost.") && $0.contains("reconnecting")
            }
            #expect(!lost.contains("Your turn"), "a dead connection still offers a turn:\n\(lost)")
            try await tmux.send(bob, "4", "Enter")
            try await want(tmux, bob, "a move while reconnecting was not refused") { $0.contains("nothing is sent until it answers") }

            // The link comes back: the game goes on, and the move typed meanwhile was never sent.
            proxy.signal(SIGUSR2)
            let back = try await want(tmux, bob, "the game did not come back") {
                FourInARowScreen(tui: $0) != nil && !$0.contains("reconnecting") && $0.contains("Your turn")
            }
            #expect(FourInARowScreen(tui: back)?.discs == discs, "a move typed while reconnecting was sent:\n\(back)")

            // The host dies for good: nothing listens there any more.
            host.signal(SIGKILL)
            proxy.stop()
            let end = try await want(tmux, bob, "the client never ended") { $0.contains("[exited") }
            let sentence = "The host has gone away: nothing answers at 127.0.0.1:\(port) any more."
            // A host gone away is a failure a script can see (point 15): exit status 69.
            #expect(end.contains(sentence + "\n[exited 69]"), "\(end)")
            #expect(end.components(separatedBy: sentence).count == 2, "said more than once:\n\(end)")
            #expect(!end.contains(".."), "\(end)")
            let seen4 = await tmux.format(bob, "#{alternate_on}")
            #expect(seen4 == "0")
        }

        @Test("point 2: the join code is asked for inside the full-screen UI, wrong codes can be retried, Esc goes back to the list")
        func joinCodeInsideTheScreen() async throws {
            let name = "Coded\(TestTools.freePort())"
            let (host, _) = try await startHost(["--code", "4711"], name: name)
            defer { host.stop() }
            let tmux = try TmuxServer(width: 100, height: 30, command: client(["--interface", "lo", "--name", "Bob", "--game", "fourinarow"]))
            defer { tmux.kill() }
            try await want(tmux, bob, "the session was never listed") { $0.contains("\(name)'s Four in a Row") }
            try await tmux.send(bob, "Enter")
            let asked = try await want(tmux, bob, "the code was not asked for") { $0.contains("Join code:") }
            #expect(asked.contains("This session needs a join code"), "\(asked)")
            let seen5 = await tmux.format(bob, "#{alternate_on}")
            #expect(seen5 == "1", "the code is asked outside the full-screen UI")

            // Two wrong codes, each answered in the same screen.
            for wrong in ["1111", "2222"] {
                try await tmux.send(bob, wrong, "Enter")
                try await want(tmux, bob, "a wrong code was not said to be wrong") {
                    $0.contains("That join code is wrong.") && $0.contains("Join code:") && !$0.contains(wrong)
                }
                let seen6 = await tmux.format(bob, "#{alternate_on}")
                #expect(seen6 == "1")
            }
            // Esc: back to the list, which still answers to keys.
            try await tmux.send(bob, "Escape")
            try await want(tmux, bob, "Esc did not go back to the list") { $0.contains("Enter join") && $0.contains("\(name)'s Four in a Row") }
            try await tmux.send(bob, "Down", "Up", "Enter")
            try await want(tmux, bob, "the code was not asked for again") { $0.contains("Join code:") }
            try await tmux.send(bob, "4711", "Enter")
            let joined = try await want(tmux, bob, "the right code did not seat Bob") { $0.contains("Players (1 of 2") }
            #expect(!joined.contains("Join code:"), "\(joined)")
            try await tmux.send(bob, "q")
            let end = try await want(tmux, bob, "Bob could not leave") { $0.contains("[exited 0]") }
            #expect(!end.contains("Join code:"), "a prompt line stayed on the screen:\n\(end)")
        }
    }
}

extension EndToEnd {
    /// Issue 17, point 3 in line mode, through pipes.
    @Suite("A lost host in line mode (pipes)", .timeLimit(.minutes(2)))
    struct LostHostLineModeTests {
        @Test("while reconnecting a typed move is refused, not sent; a host gone for good ends with one sentence, once")
        func lostHostInLineMode() async throws {
            let (host, hostPort) = try await LineModeHost.start(["--host-restart-wait", "0"])
            defer { host.stop() }
            let proxy = try LiveProcess("python3", [TestTools.scripts + "/cuttable_proxy.py", "\(hostPort)", "120"], label: "proxy")
            defer { proxy.stop() }
            let listening = await proxy.waitForLine(timeout: .seconds(10)) { $0.hasPrefix("LISTENING ") }
            let port = try #require(listening.flatMap { Int($0.dropFirst("LISTENING ".count)) }, "\(proxy.transcript)")
            let client = try LiveProcess(Executables.path("partyclient"), ["--connect", "127.0.0.1:\(port)", "--line-mode", "--name", "Bob"])
            defer { client.stop() }
            try #require(await client.waitForLine(timeout: .seconds(10)) { $0.hasPrefix("Joined Dee's Four in a Row") } != nil,
                         "\(client.transcript)")
            client.send("ready")
            try #require(await client.waitForLine(timeout: .seconds(15)) { $0.contains(" | moves ") && $0.contains("Your turn") } != nil,
                         "\(client.transcript)")
            let described = client.lines.filter { $0.contains(" | moves ") }.count

            proxy.signal(SIGUSR1)
            try #require(await client.waitForLine(timeout: .seconds(15)) { $0.hasPrefix("! Connection lost") } != nil, "\(client.transcript)")
            client.send("4")
            #expect(await client.waitForLine(timeout: .seconds(10)) { $0.hasPrefix("! Reconnecting to the host: nothing is sent") } != nil,
                    "\(client.transcript)")
            proxy.signal(SIGUSR2)
            #expect(await client.waitForLine(timeout: .seconds(15)) { $0 == "! Reconnected." } != nil, "\(client.transcript)")
            try await Task.sleep(for: .milliseconds(300))
            let board = client.lines.last { $0.contains(" | moves ") }.flatMap { FourInARowScreen(describe: $0) }
            let before = client.lines.filter { $0.contains(" | moves ") }.prefix(described).last.flatMap { FourInARowScreen(describe: $0) }
            #expect(board?.discs == before?.discs, "a move typed while reconnecting was sent:\n\(client.transcript)")

            host.signal(SIGKILL)
            proxy.stop()
            #expect(await client.waitForExit(timeout: .seconds(30)) == 69, "\(client.transcript)")
            let sentence = "The host has gone away: nothing answers at 127.0.0.1:\(port) any more."
            #expect(client.lines.last == sentence, "\(client.transcript)")
            #expect(client.output.components(separatedBy: "gone away").count == 2, "said more than once:\n\(client.transcript)")
        }
    }
}

extension EndToEnd {
    /// Issue 17, point 4: a killed host leaves the lists of people who never touched it.
    @Suite("A killed host leaves everyone's list (tmux)", .timeLimit(.minutes(2)),
           .enabled(if: TestTools.tmux, "tmux is missing: apt-get install tmux"))
    struct KilledHostListTests {
        @Test("a host killed under a player leaves another person's open session list within seconds, not two minutes")
        func killedHostLeavesTheList() async throws {
            let name = "Killed\(TestTools.freePort())"
            let port = TestTools.freePort()
            let host = try LiveProcess(Executables.path("partyhost"), [
                "--game", "fourinarow", "--dedicated", "--bots", "1", "--port", "\(port)", "--bind", "127.0.0.1",
                "--interface", "lo", "--line-mode", "--name", name, "--host-restart-wait", "0",
            ], label: "partyhost")
            defer { host.stop() }
            try #require(await host.waitForLine(timeout: .seconds(10)) { $0.contains("on port \(port).") } != nil, "\(host.transcript)")
            let session = "\(name)'s Four in a Row"

            // Carol looks at the list; Bob picks the session from his (line mode) and plays.
            let tmux = try TmuxServer(width: 100, height: 30, command: TmuxServer.paneCommand([
                Executables.path("partyclient"), "--interface", "lo", "--name", "Carol", "--game", "fourinarow"]))
            defer { tmux.kill() }
            let (listed, _) = await tmux.waitForScreen("s:0", timeout: .seconds(15)) { $0.contains(session) }
            let seen7 = await tmux.screen("s:0")
            try #require(listed, "Carol's list never showed the session:\n\(seen7)")
            let bob = try LiveProcess(Executables.path("partyclient"), [
                "--interface", "lo", "--line-mode", "--name", "Bob", "--game", "fourinarow",
            ])
            defer { bob.stop() }
            var line: String?
            for _ in 0..<15 where line == nil {
                bob.send("")
                line = await bob.waitForLine(timeout: .seconds(1)) { $0.contains(session) }
            }
            let number = try #require(line?.split(separator: ".").first.map(String.init), "\(bob.transcript)")
            bob.send(number)
            try #require(await bob.waitForLine(timeout: .seconds(10)) { $0.hasPrefix("Joined \(session)") } != nil, "\(bob.transcript)")

            // The host is killed: no goodbye on the network. Bob finds nothing listening and says so.
            host.signal(SIGKILL)
            #expect(await bob.waitForExit(timeout: .seconds(30)) == 69, "\(bob.transcript)")
            #expect(bob.output.contains("The host has gone away"), "\(bob.transcript)")
            // Carol never tried to join, yet her list drops it long before the records' two minutes.
            let (gone, screen) = await tmux.waitForScreen("s:0", timeout: .seconds(40)) { !$0.contains(session) }
            #expect(gone, "Carol's list still shows the killed host:\n\(screen)")
            try await tmux.send("s:0", "q")
        }
    }
}
