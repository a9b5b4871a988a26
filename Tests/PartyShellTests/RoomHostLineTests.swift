import Foundation
import Testing

extension EndToEnd {
    /// What `partyhost` says and plays as a party room: its first line as PROTOCOL.md section 1 has
    /// it, and its games with the room's settings (TwentyFour ends after 5 rounds).
    @Suite("A party room's first line and room settings", .timeLimit(.minutes(2)))
    struct RoomHostLineTests {
        @Test("the first line is exactly \"Hosting <name> on port <N>.\", the menu on the next; TwentyFour says \"round 1 of 5\"")
        func firstLineAndRounds() async throws {
            let port = TestTools.freePort()
            let host = try LiveProcess(Executables.path("partyhost"), [
                "--dedicated", "--bots", "1", "--games", "twentyfour,rps", "--port", "\(port)", "--bind", "127.0.0.1",
                "--no-advertise", "--line-mode", "--name", "Audit",
            ])
            defer { host.stop() }
            try #require(await host.waitForLine(timeout: .seconds(10)) { $0.contains("on port \(port)") } != nil, "\(host.transcript)")
            #expect(host.lines.first == "Hosting Audit's party on port \(port).", "\(host.transcript)")
            #expect(host.lines.dropFirst().first == "A party room with TwentyFour, Rock Paper Scissors.", "\(host.transcript)")
            let client = try LiveProcess(Executables.path("partyclient"), ["--connect", "127.0.0.1:\(port)", "--plain-text", "--name", "Bob"])
            defer { client.stop() }
            try #require(await client.waitForLine(timeout: .seconds(10)) { $0.hasPrefix("Type vote and a game's name") } != nil,
                         "\(client.transcript)")
            client.send("vote twentyfour")
            #expect(await client.waitForLine(timeout: .seconds(15)) { $0.hasPrefix("TwentyFour, round 1 of 5:") } != nil,
                    "\(client.transcript)")
            client.send("quit")
        }

        @Test("leaving the room, then the same client joins again: welcomed back to the same scoreboard row, no \"Cy (left)\" beside \"Cy\"")
        func leaveAndComeBack() async throws {
            let port = TestTools.freePort()
            let state = FileManager.default.temporaryDirectory.appendingPathComponent(TestTools.unique("cy-state")).path
            defer { try? FileManager.default.removeItem(atPath: state) }
            let host = try LiveProcess(Executables.path("partyhost"), [
                "--dedicated", "--bots", "1", "--games", "rps", "--rounds", "1", "--reveal-seconds", "1", "--port", "\(port)",
                "--bind", "127.0.0.1", "--no-advertise", "--line-mode", "--name", "Dee",
            ])
            defer { host.stop() }
            try #require(await host.waitForLine(timeout: .seconds(10)) { $0.contains("on port \(port)") } != nil, "\(host.transcript)")
            let first = try LiveProcess(Executables.path("partyclient"), ["--connect", "127.0.0.1:\(port)", "--line-mode", "--name", "Cy"],
                                        environment: ["XDG_STATE_HOME": state])
            defer { first.stop() }
            try #require(await first.waitForLine(timeout: .seconds(10)) { $0.hasPrefix("Joined Dee's party (party room)") } != nil,
                         "\(first.transcript)")
            first.send("vote rock paper")
            try #require(await first.waitForLine(timeout: .seconds(15)) { $0.contains("choose your shape") } != nil, "\(first.transcript)")
            first.send("rock")
            try #require(await first.waitForLine(timeout: .seconds(15)) { $0.hasPrefix("Last game (1, Rock Paper Scissors):") } != nil,
                         "\(first.transcript)")
            // quit leaves the room for good (the seat is not held for a reconnection).
            first.send("quit")
            #expect(await first.waitForExit(timeout: .seconds(10)) != nil, "\(first.transcript)")

            let again = try LiveProcess(Executables.path("partyclient"), ["--connect", "127.0.0.1:\(port)", "--line-mode", "--name", "Cy"],
                                        environment: ["XDG_STATE_HOME": state])
            defer { again.stop() }
            #expect(await again.waitForLine(timeout: .seconds(10)) {
                $0.contains("Welcome back, Cy: your place and points in Dee's party are yours again.")
            } != nil, "\(again.transcript)")
            again.send("scores")
            #expect(await again.waitForLine(timeout: .seconds(5)) { $0.contains("Cy (you) —") && $0.contains("1 game,") } != nil,
                    "\(again.transcript)")
            #expect(!again.lines.contains { $0.contains("Cy (left)") || $0.contains("Cy (2)") }, "\(again.transcript)")
            again.send("quit")
        }

        @Test("--help shows each room default beside the game's own")
        func helpShowsRoomDefaults() async throws {
            let (status, output) = try await TestTools.running([Executables.path("partyhost"), "--help"], environment: ["COLUMNS": "200"])
            #expect(status == 0)
            let flat = output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(flat.contains("0 = no end) (default 0; in a party room 5)"), "\(output)")
            #expect(flat.contains("(default 1000; in a party room 150)"), "\(output)")
        }
    }
}
