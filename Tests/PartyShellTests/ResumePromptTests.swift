import Foundation
import Testing

extension EndToEnd {
    /// The full-screen host finds the party it was running when it was killed and asks before it
    /// resumes it (README, "Resume or not"): the line names the party, when it started, what was
    /// played and who joined. Only a party room saves its results as it goes, so only its line
    /// counts finished games; a one-game table's says none rather than a wrong "0".
    @Suite("The full-screen host asks before it resumes an unfinished party", .serialized, .timeLimit(.minutes(2)),
           .enabled(if: TestTools.tmux, "tmux is missing: apt-get install tmux"))
    struct ResumePromptTests {
        @Test("killed with its bot seated, started again: the prompt's line; n starts a new party", arguments: [
            (["--game", "fourinarow"], false),
            (["--games", "fourinarow,rps"], true),
        ])
        func prompt(options: [String], room: Bool) async throws {
            let port = TestTools.freePort()
            let command = TmuxServer.paneCommand([Executables.path("partyhost")] + options + [
                "--bots", "1", "--port", "\(port)", "--bind", "127.0.0.1", "--interface", "lo", "--name", "Alice"])
            // Wide enough that the prompt's line is one line.
            let tmux = try TmuxServer(width: 200, height: 30, command: command)
            defer { tmux.kill() }
            let seated = await tmux.waitForScreen("s:0") { $0.contains("Ada") }
            try #require(seated.ok, "the bot never sat down:\n\(seated.screen)")
            let host = await tmux.programs("s:0")
            try #require(!host.isEmpty, "no partyhost in the pane")
            for pid in host { kill(pid, SIGKILL) }
            let killed = await tmux.waitForScreen("s:0") { $0.contains("[exited 137]") }
            try #require(killed.ok, "the host outlived SIGKILL:\n\(killed.screen)")

            try await tmux.newWindow(command)
            let asked = await tmux.waitForScreen("s:1") { $0.contains("Resume it? [Y/n]") }
            try #require(asked.ok, "no prompt:\n\(asked.screen)")
            let line = asked.screen.split(separator: "\n").first { $0.hasPrefix("An unfinished party: ") }.map(String.init) ?? ""
            let played = room ? #"0 games finished, "# : ""
            let pattern = #"^An unfinished party: .+, started \d{4}-\d\d-\d\d \d\d:\d\d: "# + played
                + #"\d+ messages? from players; players: (Alice, Ada|Ada, Alice)\.$"#
            #expect(line.range(of: pattern, options: .regularExpression) != nil, "\(line)\n\(asked.screen)")
            #expect(line.contains("games finished") == room, "\(line)")

            try await tmux.send("s:1", "n", "Enter")
            let fresh = await tmux.waitForScreen("s:1") { $0.contains("A new party starts; the unfinished one is kept") }
            #expect(fresh.ok, "\(fresh.screen)")
        }
    }
}
