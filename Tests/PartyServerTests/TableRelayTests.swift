import FourInARow
import PartyKit
@testable import PartyServer
import PartyWire
import Testing

/// A fleet node's relay at the table: one spectator connection standing for the watchers another
/// node serves. Its `audience` counts in `lobby.spectators`; its watchers' predictions count once
/// each and are answered to the relay with the watcher's number.
@Suite("The table: a fleet node's relay")
struct TableRelayTests {
    /// Relays allowed (a fleet's room), right predictions score 30; the relay is peer 9 and says
    /// it serves `audience` watchers; Eve (1) watches here; Ann (3) and Bob (4) play.
    static func relayedGame(audience: Int = 3) throws -> TableDriver {
        var options = HostOptions()
        options.acceptsRelays = true
        options.predictionPoints = 30
        var driver = fourInARowTable(options)
        driver.join("Relay", peer: 9, spectator: true, features: ["relay", "predictions"])
        try driver.say(AudienceMessage(count: audience), from: 9, seq: 2, at: .zero)
        driver.join("Eve", peer: 1, spectator: true, features: ["predictions"])
        driver.join("Ann", peer: 3)
        driver.join("Bob", peer: 4)
        try driver.say(Ready(), from: 3, at: .zero)
        try driver.say(Ready(), from: 4, at: .zero)
        return driver
    }

    @Test("a relay counts as the watchers it serves, in every lobby and in the people the room has")
    func audienceCounts() throws {
        var driver = try Self.relayedGame(audience: 3)
        driver.feed(.tick, at: at(1_000))
        // Eve and the relay's three; the relay's connection itself is nobody.
        #expect(driver.last(Lobby.self, by: 3)?.spectators == 4)
        #expect(driver.table.audienceCount == 4)
        try driver.say(AudienceMessage(count: 1_000), from: 9, seq: 3, at: at(1_100))
        driver.feed(.tick, at: at(3_000))
        #expect(driver.last(Lobby.self, by: 1)?.spectators == 1_001)
        // The relay goes: its audience goes with it.
        driver.feed(.departed(peer: 9, reason: .connectionClosed), at: at(3_100))
        driver.feed(.tick, at: at(5_000))
        #expect(driver.last(Lobby.self, by: 3)?.spectators == 1)
        #expect(driver.table.relays == (count: 0, audience: 0))
    }

    @Test("a watcher's prediction through the relay counts once, is answered with its number, and settles on the board")
    func relayedPredictions() throws {
        var driver = try Self.relayedGame()
        try driver.say(Predict(seat: 1, watcher: 7, name: "Kim\u{1B}[31m"), from: 9, seq: 3, at: at(100))
        #expect(driver.last(PredictionMessage.self, by: 9)
            == PredictionMessage(game: 1, seat: 1, name: "Bob", message: "You said Bob.", watcher: 7))
        try driver.say(Predict(seat: 0, watcher: 8, name: "Lou"), from: 9, seq: 4, at: at(120))
        try driver.say(Predict(seat: 1), from: 1, seq: 2, at: at(150))
        // Watcher 7 again: refused for that watcher alone, named in the answer.
        try driver.say(Predict(seat: 0, watcher: 7, name: "Kim"), from: 9, seq: 5, at: at(160))
        #expect(driver.last(ErrorMessage.self, by: 9)
            == ErrorMessage(reason: "alreadyPredicted", message: "You already said Bob wins; a prediction cannot be changed.",
                            inReplyTo: 5, watcher: 7))
        driver.feed(.tick, at: at(400))
        let split = try #require(driver.last(PredictionsMessage.self, by: 1))
        #expect(split.total == 3 && split.choices.map(\.votes) == [1, 2])

        // Ann 1, Bob 2, three times; Ann 5; Bob 2 wins.
        for (turn, column) in [1, 2, 1, 2, 1, 2, 5, 2].enumerated() {
            try driver.drop(column, from: turn % 2 == 0 ? 3 : 4, seq: 10 + turn, at: at(1_000 * Int64(turn + 1)))
        }
        let answers = driver.received(PredictionMessage.self, by: 9).filter { $0.right != nil }
        #expect(Set(answers.map(\.watcher)) == [7, 8])
        #expect(answers.first { $0.watcher == 7 }
            == PredictionMessage(game: 1, seat: 1, name: "Bob", right: true, points: 30, message: "You said Bob — right! +30", watcher: 7))
        #expect(answers.first { $0.watcher == 8 }?.right == false)
        // The relay gets the spectators' copy, with the board: Kim (her name cleaned) and Eve tie
        // at 30; equals go by connection, and Eve's (peer 1) came before the relay's (peer 9).
        let settled = try #require(driver.last(PredictionsMessage.self, by: 9))
        #expect(settled.state == "settled")
        #expect(settled.board == [PredictionBoardLine(place: 1, name: "Eve", points: 30, right: 1),
                                  PredictionBoardLine(place: 1, name: "Kim", points: 30, right: 1),
                                  PredictionBoardLine(place: 3, name: "Lou", points: 0, right: 0)])
    }

    @Test("relays only where they are accepted; audience and a watcher's predict only from a relay; bad counts refused")
    func refusals() throws {
        var lan = fourInARowTable()
        lan.join("Relay", peer: 9, spectator: true, features: ["relay"])
        #expect(lan.last(Reject.self, by: 9)
            == Reject(reason: "relayRefused", message: "Only another node of this party server may relay watchers."))

        var driver = try Self.relayedGame()
        try driver.say(AudienceMessage(count: 2), from: 1, seq: 2, at: at(10))
        #expect(driver.last(ErrorMessage.self, by: 1)?.reason == "notARelay")
        try driver.say(AudienceMessage(count: 2), from: 3, seq: 2, at: at(10))
        #expect(driver.last(ErrorMessage.self, by: 3)?.reason == "notARelay")
        try driver.say(Predict(seat: 0, watcher: 4), from: 1, seq: 3, at: at(20))
        #expect(driver.last(ErrorMessage.self, by: 1)
            == ErrorMessage(reason: "notARelay", message: "Only a fleet node's relay sends audience counts and its watchers' predictions.", inReplyTo: 3))
        try driver.say(AudienceMessage(count: -1), from: 9, seq: 3, at: at(30))
        #expect(driver.last(ErrorMessage.self, by: 9)?.reason == "invalidFields")
        try driver.send(#"{"type":"audience","seq":4,"count":"many"}"#, from: 9, at: at(40))
        #expect(driver.last(ErrorMessage.self, by: 9)?.reason == "invalidFields")
        try driver.say(Predict(seat: 0), from: 9, seq: 5, at: at(50))
        #expect(driver.last(ErrorMessage.self, by: 9)?.message == #"The fields of this "predict" message are not valid: missing field "watcher"."#)
        // None of it changed the count.
        driver.feed(.tick, at: at(2_000))
        #expect(driver.last(Lobby.self, by: 3)?.spectators == 4)
    }
}
