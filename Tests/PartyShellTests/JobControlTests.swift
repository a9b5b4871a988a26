import Foundation
import Testing

extension EndToEnd {
    /// Job control in full-screen mode, in an interactive bash in tmux as a person has it: Ctrl-Z
    /// gives the terminal back and stops, `fg` takes it again and repaints (also after an outside
    /// SIGSTOP and SIGCONT), and Ctrl-C ends with status 130.
    @Suite("Job control in full screen", .serialized, .timeLimit(.minutes(2)),
           .enabled(if: TestTools.tmux, "tmux is missing: apt-get install tmux"))
    struct JobControlTests {
        let pane = "s:0"

        /// A tmux server whose pane runs an interactive bash, with `partyhost` started in it as a
        /// job; returns when the host's lobby shows.
        func hostInShell() async throws -> TmuxServer {
            let shell = "env -u NO_COLOR PS1='$ ' bash --norc --noprofile -i"
            let tmux = try TmuxServer(width: 80, height: 24, command: shell)
            do {
                try await want(tmux, "bash never prompted") { $0.contains("$") }
                let host = TestTools.shellLine([Executables.path("partyhost"), "--game", "fourinarow", "--port", "\(TestTools.freePort())",
                                                "--bind", "127.0.0.1", "--no-advertise", "--name", "Alice"])
                try await tmux.tmux("send-keys", "-t", pane, "-l", host)
                try await tmux.send(pane, "Enter")
                try await want(tmux, "the host's lobby never showed") { $0.contains("Players (1 of 2") }
                try await wantFullScreen(tmux, "the lobby is not full screen")
            } catch {
                tmux.kill()
                throw error
            }
            return tmux
        }

        /// Waits for `condition` on the pane's screen; fails the test, saying `what`, if it never holds.
        @discardableResult
        func want(_ tmux: TmuxServer, _ what: String, _ condition: (String) -> Bool) async throws -> String {
            let (ok, screen) = await tmux.waitForScreen(pane, timeout: .seconds(15), condition)
            try #require(ok, "\(what); the screen was:\n\(screen)")
            return screen
        }

        /// Waits until the host has the terminal: the alternate screen and raw mode (no canonical
        /// input, no echo), as `stty` reads them on the pane's terminal.
        func wantFullScreen(_ tmux: TmuxServer, _ what: String) async throws {
            let tty = await tmux.format(pane, "#{pane_tty}")
            var modes = ""
            let ok = await Poll.until(timeout: .seconds(15), interval: .milliseconds(100)) {
                modes = (try? await TestTools.running(["stty", "-F", tty, "-a"]).output) ?? ""
                return await tmux.format(pane, "#{alternate_on}") == "1" && modes.contains("-icanon") && modes.contains("-echo ")
            }
            let seen0 = await tmux.format(pane, "#{alternate_on}")
            let seen1 = await tmux.screen(pane)
            try #require(ok, "\(what): alternate screen \(seen0), stty: \(modes)\n\(seen1)")
        }

        /// Waits until bash has the terminal back and says the job stopped.
        func wantStopped(_ tmux: TmuxServer, _ what: String) async throws {
            try await want(tmux, what) { $0.contains("Stopped") }
            let seen2 = await tmux.format(pane, "#{alternate_on}")
            #expect(seen2 == "0", "the alternate screen was left on")
        }

        /// Types `fg` and checks the game is back: full screen, repainted, and reading keys (Enter
        /// toggles Alice's ready mark to `mark`).
        func resume(_ tmux: TmuxServer, expecting mark: String) async throws {
            try await tmux.send(pane, "fg", "Enter")
            try await wantFullScreen(tmux, "fg did not take the terminal again")
            try await want(tmux, "the lobby was not drawn again after fg") { $0.contains("Players (1 of 2") && !$0.contains("Stopped") }
            try await tmux.send(pane, "Enter")
            try await want(tmux, "keys are not read after fg (Enter did not make Alice \(mark))") { screen in
                screen.split(separator: "\n").contains { line in
                    let row = line.trimmingCharacters(in: .whitespaces)
                    guard row.contains("Alice (host)") else { return false }
                    return row.hasSuffix(" " + mark) && (mark != "ready" || !row.hasSuffix("not ready"))
                }
            }
        }

        /// The state letter of process `pid` in /proc (T: stopped).
        static func state(of pid: Int32) -> String? {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            return stat[stat.index(after: close)...].split(separator: " ").first.map(String.init)
        }

        /// The pid of the program bash started in the pane (its one child).
        func jobPid(_ tmux: TmuxServer) async throws -> Int32 {
            let shell = await tmux.format(pane, "#{pane_pid}")
            let children = try FileManager.default.contentsOfDirectory(atPath: "/proc").compactMap { entry -> Int32? in
                guard let pid = Int32(entry),
                      let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                      let close = stat.lastIndex(of: ")") else { return nil }
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                return fields.count > 2 && String(fields[1]) == shell ? pid : nil
            }
            return try #require(children.first, "bash (pid \(shell)) has no child")
        }

        @Test("Ctrl-Z gives the terminal back and stops; fg takes it again, repaints and reads keys")
        func controlZ() async throws {
            let tmux = try await hostInShell()
            defer { tmux.kill() }
            try await tmux.send(pane, "C-z")
            try await wantStopped(tmux, "Ctrl-Z did not stop the host")
            try await resume(tmux, expecting: "ready")
            try await tmux.send(pane, "C-z")
            try await wantStopped(tmux, "a second Ctrl-Z did not stop the host")
            try await resume(tmux, expecting: "not ready")
        }

        @Test("After an outside SIGSTOP and SIGCONT, fg takes the terminal again, repaints and reads keys")
        func outsideStopAndContinue() async throws {
            let tmux = try await hostInShell()
            defer { tmux.kill() }
            let pid = try await jobPid(tmux)
            kill(pid, SIGSTOP)
            try await want(tmux, "bash never said the host stopped") { $0.contains("Stopped") }
            kill(pid, SIGCONT) // now running in the background, where it must leave the terminal alone
            // Once bash has seen it run again, fg sends no SIGCONT: the host must notice it has the
            // foreground back by itself.
            let running = await Poll.until(timeout: .seconds(10)) { Self.state(of: pid) != "T" }
            try #require(running, "the host did not continue")
            // Keys typed for the shell while the host runs in the background are the shell's:
            // reading them would stop the host (SIGTTIN), and `fg` would then find it stopped.
            try await tmux.tmux("send-keys", "-t", pane, "-l", "true")
            try await tmux.send(pane, "Enter")
            try await Task.sleep(for: .milliseconds(300)) // let bash reap the change; either order must work
            #expect(Self.state(of: pid) != "T", "the host read the shell's keys in the background and stopped")
            try await resume(tmux, expecting: "ready")
        }

        @Test("Ctrl-C leaves the session and ends with status 130")
        func controlC() async throws {
            let tmux = try await hostInShell()
            defer { tmux.kill() }
            try await tmux.send(pane, "C-c")
            try await want(tmux, "Ctrl-C did not end the host") { screen in
                let lines = screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                return screen.contains("Session ended.") && lines.last == "$"
            }
            let seen3 = await tmux.format(pane, "#{alternate_on}")
            #expect(seen3 == "0")
            // Typed afterwards: an interactive bash drops the rest of a line whose job SIGINT ended.
            try await tmux.tmux("send-keys", "-t", pane, "-l", "echo \"[exited $?]\"")
            try await tmux.send(pane, "Enter")
            let screen = try await want(tmux, "bash did not say the status") { screen in
                screen.split(separator: "\n").contains { $0.hasPrefix("[exited ") && !$0.contains("$") }
            }
            #expect(screen.contains("[exited 130]"), "\(screen)")
        }
    }
}
