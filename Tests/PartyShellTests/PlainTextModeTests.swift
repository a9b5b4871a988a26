import Foundation
import Testing

extension EndToEnd {
    /// `partyclient --plain-text`: the host's plain text and a numbered menu, as a client without
    /// the game's screen gets it, through pipes.
    @Suite("Plain-text play through pipes", .timeLimit(.minutes(2)))
    struct PlainTextModeTests {
        @Test("a plain-text client plays a whole Four in a Row game by number; wrong numbers are answered")
        func gameByNumbers() async throws {
            let (host, port) = try await LineModeHost.start()
            defer { host.stop() }

            let client = try LiveProcess(Executables.path("partyclient"), [
                "--connect", "127.0.0.1:\(port)", "--line-mode", "--plain-text", "--name", "Bob",
            ])
            defer { client.stop() }
            try #require(await client.waitForLine(timeout: .seconds(10)) { $0.hasPrefix("Joined Dee's Four in a Row") } != nil,
                         "\(client.transcript)")
            client.send("ready")
            try #require(await client.waitForLine(timeout: .seconds(15)) { $0.hasPrefix("Your move: type a number") } != nil,
                         "\(client.transcript)\n\(host.transcript)")
            #expect(client.lines.contains { $0.hasPrefix("  1) ") }, "\(client.transcript)")
            for garbage in ["banana", "99", "0"] { client.send(garbage) }
            let answered = await Poll.until(timeout: .seconds(5)) {
                client.lines.filter { $0.hasPrefix("! Type a number from 1 to ") }.count >= 3
            }
            #expect(answered, "\(client.transcript)")

            // Always the first entry of the menu: the leftmost column with room.
            var turns = 0
            let over = await Poll.until(timeout: .seconds(60)) {
                let prompts = client.lines.filter { $0.hasPrefix("Your move: type a number") }.count
                if prompts > turns {
                    turns = prompts
                    client.send("1")
                }
                return client.lines.contains { $0.hasPrefix("Game over:") }
            }
            #expect(over, "the game did not end:\n\(client.transcript)")
            #expect(turns >= 3)
            client.send("q")
            #expect(await client.waitForExit(timeout: .seconds(10)) == 0, "\(client.transcript)")
        }
    }
}
