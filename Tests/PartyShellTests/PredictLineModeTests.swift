import Foundation
import Testing

extension EndToEnd {
    /// The audience end to end: `partyhost --game fourinarow` with two line-mode players and a
    /// line-mode `partyclient --watch` who predicts by the seat's number.
    @Suite("The audience in line mode", .timeLimit(.minutes(2)))
    struct PredictLineModeTests {
        @Test("a watching partyclient sees the split with the seats' numbers, predicts with '2', sees its own line and the host's refusal of a second")
        func predictLine() async throws {
            let port = TestTools.freePort()
            let host = try LiveProcess(Executables.path("partyhost"), [
                "--game", "fourinarow", "--dedicated", "--players", "2", "--port", "\(port)", "--bind", "127.0.0.1",
                "--interface", "lo", "--line-mode", "--name", "Dee", "--predict-seconds", "120",
            ])
            defer { host.stop() }
            try #require(await host.waitForLine(timeout: .seconds(10)) { $0.contains("on port \(port).") } != nil, "\(host.transcript)")
            let eve = try LiveProcess(Executables.path("partyclient"), ["--connect", "127.0.0.1:\(port)", "--line-mode", "--name", "Eve", "--watch"])
            defer { eve.stop() }
            try #require(await eve.waitForLine(timeout: .seconds(10)) { $0.hasPrefix("Joined Dee's Four in a Row") } != nil, "\(eve.transcript)")
            var players: [LiveProcess] = []
            defer { for player in players { player.stop() } }
            for name in ["Ann", "Bob"] {
                let player = try LiveProcess(Executables.path("partyclient"), ["--connect", "127.0.0.1:\(port)", "--line-mode", "--name", name])
                players.append(player)
                try #require(await player.waitForLine(timeout: .seconds(10)) { $0.hasPrefix("Joined Dee's Four in a Row") } != nil,
                             "\(player.transcript)")
            }
            for player in players { player.send("ready") }
            #expect(await eve.waitForLine(timeout: .seconds(15)) { $0.hasPrefix("! Who wins? 1 Ann 0 % · 2 Bob 0 % (0 predictions) · ") } != nil,
                    "\(eve.transcript)")
            eve.send("2")
            #expect(await eve.waitForLine(timeout: .seconds(10)) { $0 == "! You said Bob." } != nil, "\(eve.transcript)")
            #expect(await eve.waitForLine(timeout: .seconds(10)) { $0.hasPrefix("! Who wins? 1 Ann 0 % · 2 Bob 100 % (1 prediction) · ") } != nil,
                    "\(eve.transcript)")
            eve.send("p 1")
            #expect(await eve.waitForLine(timeout: .seconds(10)) { $0 == "! You already said Bob wins; a prediction cannot be changed." } != nil,
                    "\(eve.transcript)")
            // The players saw the split too (partyclient asks for it).
            #expect(await players[0].waitForLine(timeout: .seconds(10)) { $0.hasPrefix("! Who wins? 1 Ann 0 % · 2 Bob 100 %") } != nil,
                    "\(players[0].transcript)")
        }
    }
}
