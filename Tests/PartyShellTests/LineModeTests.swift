import Foundation
import Testing

extension EndToEnd {
    /// Line mode through pipes: a dedicated host with a bot, and a `partyclient` fed commands on
    /// standard input, the way scripts use them.
    @Suite("Line mode through pipes", .timeLimit(.minutes(2)))
    struct LineModeTests {
        @Test("a line-mode client plays a whole game against the host's bot; garbage is answered; SIGINT ends the host cleanly")
        func gameAgainstBot() async throws {
            let (host, port) = try await LineModeHost.start()
            defer { host.stop() }

            let client = try LiveProcess(Executables.path("partyclient"), ["--connect", "127.0.0.1:\(port)", "--line-mode", "--name", "Bob"])
            defer { client.stop() }
            try #require(await client.waitForLine(timeout: .seconds(10)) { $0.hasPrefix("Joined Dee's Four in a Row") } != nil,
                         "\(client.transcript)")

            // Before the game: a stray line is answered, help lists the commands.
            client.send("hello?")
            #expect(await client.waitForLine(timeout: .seconds(5)) { $0.hasPrefix("! No game is running yet") } != nil, "\(client.transcript)")
            client.send("help")
            #expect(await client.waitForLine(timeout: .seconds(5)) { $0.hasPrefix("Commands:") } != nil, "\(client.transcript)")
            client.send("ready")

            // At our first turn: garbage is answered and makes no move.
            let player = LinePlayer(client: client)
            let firstTurn = await client.waitForLine(timeout: .seconds(15)) { $0.contains(" | moves ") && $0.contains("Your turn") }
            try #require(firstTurn != nil, "\(client.transcript)\n\(host.transcript)")
            let describedBefore = player.describeLines.count
            for garbage in ["banana", "9", "drop", "3 4", "\u{1B}[A"] { client.send(garbage) }
            let answered = await Poll.until(timeout: .seconds(5)) {
                client.lines.filter { $0.hasPrefix("! Type a column number") || $0.hasPrefix("! There is no column 9.") }.count >= 5
            }
            #expect(answered, "\(client.transcript)")
            #expect(client.lines.contains { $0.hasPrefix("! There is no column 9. Type a column number") })
            try await Task.sleep(for: .milliseconds(300))
            #expect(player.describeLines.count == describedBefore, "garbage made a move:\n\(client.transcript)")

            // The rest of the game: first open column on every turn.
            let result = try #require(await player.play(timeout: .seconds(60)), "the game did not end:\n\(client.transcript)")
            #expect(result.moves >= 3)
            #expect(result.gameOver.contains("wins with four in a row") || result.gameOver.contains("Draw"), "\(result.gameOver)")
            #expect(result.lastDescribe.contains("wins with four in a row") || result.lastDescribe.contains("Draw"), "\(result.lastDescribe)")
            let board = try #require(FourInARowScreen(describe: result.lastDescribe))
            #expect(board.discs >= 7)

            client.send("q")
            #expect(await client.waitForExit(timeout: .seconds(10)) == 0, "\(client.transcript)")
            #expect(client.output.contains("You left the session."), "\(client.transcript)")
            #expect(host.isRunning, "the host should outlive a client that leaves:\n\(host.transcript)")

            host.signal(SIGINT)
            // After its goodbyes the host ends as interrupted programs do: by SIGINT (130 in a shell).
            #expect(await host.waitForExit(timeout: .seconds(10)) == SIGINT, "\(host.transcript)")
            #expect(host.output.contains("Session ended."), "\(host.transcript)")
        }
    }
}
