import FourInARow
import PartyKit
@testable import PartyServer
import PartyWire
import Testing

/// The audience of a locked table: spectators predict who wins; the first move closes the
/// predictions, the end settles them.
@Suite("The table: predictions")
struct TableAudienceTests {
    /// Eve (peer 1, asks for the split) and Zed (peer 2, does not) watch; Ann (3) and Bob (4) play
    /// Four in a Row, which starts at instant 0. Predictions stay open `predictMs`; right ones score 30.
    static func watchedGame(predictMs: Int64 = 60_000) throws -> TableDriver {
        var options = HostOptions()
        options.predictionMilliseconds = predictMs
        options.predictionPoints = 30
        var driver = fourInARowTable(options)
        driver.join("Eve", peer: 1, spectator: true, features: ["predictions"])
        driver.join("Zed", peer: 2, spectator: true)
        driver.join("Ann", peer: 3)
        driver.join("Bob", peer: 4)
        try driver.say(Ready(), from: 3, at: .zero)
        try driver.say(Ready(), from: 4, at: .zero)
        return driver
    }

    @Test("predictions open at the start; the split goes out at most every 250 ms; the first move closes them")
    func openSplitClose() throws {
        var driver = try Self.watchedGame()
        let open = try #require(driver.last(PredictionsMessage.self, by: 1))
        #expect(open.game == 1 && open.state == "open" && open.total == 0)
        #expect(open.choices == [PredictionChoice(seat: 0, name: "Ann", votes: 0, percent: 0),
                                 PredictionChoice(seat: 1, name: "Bob", votes: 0, percent: 0)])
        #expect(open.closesMs == 60_000 && open.points == 30)
        #expect(open.message == "Who wins? Nobody has predicted yet.")
        // Zed and the players did not ask for the split.
        #expect(driver.received(PredictionsMessage.self, by: 2).isEmpty)
        #expect(driver.received(PredictionsMessage.self, by: 3).isEmpty)

        try driver.say(Predict(seat: 1), from: 1, seq: 2, at: at(100))
        #expect(driver.last(PredictionMessage.self, by: 1) == PredictionMessage(game: 1, seat: 1, name: "Bob", message: "You said Bob."))
        try driver.say(Predict(seat: 0), from: 2, seq: 2, at: at(150))
        #expect(driver.last(PredictionMessage.self, by: 2)?.message == "You said Ann.")
        #expect(driver.received(PredictionsMessage.self, by: 1).count == 1)
        driver.feed(.tick, at: at(250))
        let split = try #require(driver.last(PredictionsMessage.self, by: 1))
        #expect(split.total == 2 && split.choices.map(\.votes) == [1, 1] && split.choices.map(\.percent) == [50, 50])
        #expect(split.message == "50 % think Ann wins (1 of 2)")
        #expect(split.closesMs == 59_750)

        try driver.say(Predict(seat: 0), from: 1, seq: 3, at: at(300))
        #expect(driver.last(ErrorMessage.self, by: 1)
            == ErrorMessage(reason: "alreadyPredicted", message: "You already said Bob wins; a prediction cannot be changed.", inReplyTo: 3))
        try driver.say(Predict(seat: 0), from: 3, seq: 2, at: at(300))
        #expect(driver.last(ErrorMessage.self, by: 3)?.reason == "playing")
        #expect(driver.last(ErrorMessage.self, by: 3)?.message == "You play in this game; predictions are for those who watch it.")

        try driver.drop(1, from: 3, seq: 3, at: at(1_000))
        let closed = try #require(driver.last(PredictionsMessage.self, by: 1))
        #expect(closed.state == "closed" && closed.closesMs == nil)
        #expect(closed.message == "Predictions closed: 50 % think Ann wins (1 of 2)")
        driver.join("Kim", peer: 5, at: at(1_100), spectator: true)
        try driver.say(Predict(seat: 1), from: 5, seq: 2, at: at(1_200))
        #expect(driver.last(ErrorMessage.self, by: 5)
            == ErrorMessage(reason: "predictionsClosed", message: "Predictions for this game are closed; predict in the next one.", inReplyTo: 2))
    }

    @Test("predict before any game is nothingToPredict; an unknown seat is unknownSeat")
    func refusals() throws {
        var driver = fourInARowTable()
        driver.join("Eve", peer: 1, spectator: true)
        try driver.say(Predict(seat: 0), from: 1, seq: 2, at: at(10))
        #expect(driver.last(ErrorMessage.self, by: 1)?.reason == "nothingToPredict")
        #expect(driver.last(ErrorMessage.self, by: 1)?.message == "There is nothing to predict now; predict when the next game starts.")
        driver.join("Ann", peer: 2)
        driver.join("Bob", peer: 3)
        try driver.say(Ready(), from: 2, at: at(20))
        try driver.say(Ready(), from: 3, at: at(20))
        try driver.say(Predict(seat: 7), from: 1, seq: 3, at: at(30))
        #expect(driver.last(ErrorMessage.self, by: 1) == ErrorMessage(reason: "unknownSeat", message: "There is no seat 7 in this game.", inReplyTo: 3))
        try driver.say(Predict(seat: 1), from: 1, seq: 4, at: at(40))
        #expect(driver.last(PredictionMessage.self, by: 1)?.seat == 1)
    }

    @Test("predictions close by time with nothing played: at predictionMilliseconds, not before")
    func closeByTime() throws {
        var driver = try Self.watchedGame(predictMs: 1_000)
        driver.feed(.tick, at: at(999))
        #expect(driver.received(PredictionsMessage.self, by: 1).map(\.state) == ["open"])
        driver.feed(.tick, at: at(1_000))
        let closed = try #require(driver.last(PredictionsMessage.self, by: 1))
        #expect(closed.state == "closed" && closed.message == "Predictions closed; nobody predicted.")
        try driver.say(Predict(seat: 0), from: 1, seq: 2, at: at(1_001))
        #expect(driver.last(ErrorMessage.self, by: 1)?.reason == "predictionsClosed")
    }

    @Test("settlement: Bob wins; who said Bob is right (+30 on the spectators' board), who said Ann is not")
    func settlement() throws {
        var driver = try Self.watchedGame()
        try driver.say(Predict(seat: 1), from: 1, seq: 2, at: at(100))
        try driver.say(Predict(seat: 0), from: 2, seq: 2, at: at(100))
        // Ann 1, Bob 2, three times; Ann 5; Bob 2 wins.
        for (turn, column) in [1, 2, 1, 2, 1, 2, 5, 2].enumerated() {
            try driver.drop(column, from: turn % 2 == 0 ? 3 : 4, seq: 10 + turn, at: at(1_000 * Int64(turn + 1)))
        }
        let over = try #require(driver.last(GameOver.self, by: 1))
        #expect(over.winners == [1] && over.reason == "won")

        let eve = try #require(driver.last(PredictionMessage.self, by: 1))
        #expect(eve == PredictionMessage(game: 1, seat: 1, name: "Bob", right: true, points: 30, message: "You said Bob — right! +30"))
        let zed = try #require(driver.last(PredictionMessage.self, by: 2))
        #expect(zed == PredictionMessage(game: 1, seat: 0, name: "Ann", right: false, points: 0, message: "You said Ann — not this time."))

        let settled = try #require(driver.last(PredictionsMessage.self, by: 1))
        #expect(settled.state == "settled" && settled.winners == [1])
        #expect(settled.message == "Bob won: 1 of 2 said so.")
        #expect(settled.board == [PredictionBoardLine(place: 1, name: "Eve", points: 30, right: 1),
                                  PredictionBoardLine(place: 2, name: "Zed", points: 0, right: 0)])
        // Zed never asked for the split: only his own answers.
        #expect(driver.received(PredictionsMessage.self, by: 2).isEmpty)
        #expect(driver.received(PredictionMessage.self, by: 2).count == 2)
    }
}
