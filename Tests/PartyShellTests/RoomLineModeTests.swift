import Foundation
import Testing

extension EndToEnd {
    /// A party room in line mode through pipes: vote by name and number, scores, menu (issue 18).
    @Suite("A party room in line mode", .timeLimit(.minutes(2)))
    struct RoomLineModeTests {
        @Test("vote by a bad name, then by name; --list --game party shows the room playing; the game is played; scores shows the scoreboard; --results is written on SIGINT")
        func voteAndScores() async throws {
            let port = TestTools.freePort()
            let results = FileManager.default.temporaryDirectory.appendingPathComponent(TestTools.unique("room-results") + ".json").path
            let host = try LiveProcess(Executables.path("partyhost"), [
                "--dedicated", "--bots", "1", "--games", "rps,snap", "--rounds", "1", "--reveal-seconds", "1", "--round-seconds", "60",
                "--port", "\(port)", "--bind", "127.0.0.1", "--interface", "lo", "--line-mode", "--name", "Dee", "--results", results,
            ])
            defer { host.stop() }
            try #require(await host.waitForLine(timeout: .seconds(10)) { $0.contains("on port \(port)") } != nil, "\(host.transcript)")
            let client = try LiveProcess(Executables.path("partyclient"), ["--connect", "127.0.0.1:\(port)", "--line-mode", "--name", "Bob"])
            defer { client.stop() }
            try #require(await client.waitForLine(timeout: .seconds(10)) { $0.hasPrefix("Joined Dee's party (party room)") } != nil,
                         "\(client.transcript)")
            #expect(await client.waitForLine(timeout: .seconds(10)) { $0 == "  1. Rock Paper Scissors — 2–8 players, playable" } != nil,
                    "\(client.transcript)")

            client.send("vote chess")
            #expect(await client.waitForLine(timeout: .seconds(5)) { $0.hasPrefix("! There is no game \"chess\" on the menu") } != nil,
                    "\(client.transcript)")
            client.send("menu")
            #expect(await client.waitForLine(timeout: .seconds(5)) { $0.hasPrefix("Votes: none yet") } != nil, "\(client.transcript)")
            client.send("vote rock paper")
            #expect(await client.waitForLine(timeout: .seconds(10)) { $0.hasPrefix("Game 1: Rock Paper Scissors starts in") } != nil,
                    "\(client.transcript)")
            try #require(await client.waitForLine(timeout: .seconds(15)) { $0.contains("choose your shape") } != nil, "\(client.transcript)")
            // The network sees a room playing its game.
            var listed = ""
            let seen = await Poll.until(timeout: .seconds(15)) {
                listed = (try? await TestTools.running([Executables.path("partyclient"), "--list", "--game", "party", "--interface", "lo",
                                               "--timeout", "1"]).output) ?? ""
                return listed.contains("Dee's party\tparty room, playing Rock Paper Scissors\t2/64 players\tplaying") // teams (auto): 64
            }
            #expect(seen, "\(listed)")
            client.send("rock")
            #expect(await client.waitForLine(timeout: .seconds(15)) { $0.hasPrefix("Game over:") } != nil, "\(client.transcript)")
            #expect(await client.waitForLine(timeout: .seconds(10)) { $0.hasPrefix("Last game (1, Rock Paper Scissors):") } != nil,
                    "\(client.transcript)")
            client.send("scores")
            let line = await client.waitForLine(timeout: .seconds(5)) { $0.contains("Bob (you) —") && $0.contains("1 game,") }
            #expect(line != nil, "\(client.transcript)")

            host.signal(SIGINT)
            #expect(await client.waitForLine(timeout: .seconds(10)) { $0 == "Final standings:" } != nil, "\(client.transcript)")
            #expect(await host.waitForExit(timeout: .seconds(10)) != nil, "\(host.transcript)")
            #expect(host.output.contains("Final standings of Dee's party:"), "\(host.transcript)")
            let data = try Data(contentsOf: URL(fileURLWithPath: results))
            let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(report["sessionName"] as? String == "Dee's party")
            #expect((report["games"] as? [Any])?.count == 1, "\(report)")
            #expect((report["standings"] as? [Any])?.count == 2, "\(report)")
            try? FileManager.default.removeItem(atPath: results)
        }

        @Test("--plain-text in a room: the game comes as the host's text with numbered moves, and a number plays")
        func plainText() async throws {
            let port = TestTools.freePort()
            let host = try LiveProcess(Executables.path("partyhost"), [
                "--dedicated", "--bots", "1", "--games", "rps", "--rounds", "1", "--reveal-seconds", "1", "--port", "\(port)",
                "--bind", "127.0.0.1", "--no-advertise", "--line-mode", "--name", "Dee",
            ])
            defer { host.stop() }
            try #require(await host.waitForLine(timeout: .seconds(10)) { $0.contains("on port \(port)") } != nil, "\(host.transcript)")
            let client = try LiveProcess(Executables.path("partyclient"), ["--connect", "127.0.0.1:\(port)", "--plain-text", "--name", "Bob"])
            defer { client.stop() }
            try #require(await client.waitForLine(timeout: .seconds(10)) { $0.hasPrefix("Type vote and a game's name") } != nil,
                         "\(client.transcript)")
            client.send("vote 1")
            try #require(await client.waitForLine(timeout: .seconds(15)) { $0 == "  2) Paper" } != nil, "\(client.transcript)")
            client.send("2")
            #expect(await client.waitForLine(timeout: .seconds(15)) { $0.hasPrefix("Game over:") } != nil, "\(client.transcript)")
            #expect(client.lines.contains { $0.contains("Bob Paper") }, "\(client.transcript)")
            client.send("quit")
            #expect(await client.waitForExit(timeout: .seconds(10)) == 0, "\(client.transcript)")
        }
    }
}
