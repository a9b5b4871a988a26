import FourInARow
import PartyServer
import Snap
import SunTouch
import TwentyFour
import Testing

/// What PROTOCOL.md promises in sections 8 and 9, checked on the wire.
@Suite("The host answers as PROTOCOL.md says", .timeLimit(.minutes(1)))
struct DocumentedAnswersTests {
    /// Seats Ann and Bob (no host player) and readies both, so a 2-player game starts; returns after
    /// both got their first view.
    static func startTwo(_ ann: inout RawClient, _ bob: inout RawClient) async throws {
        try await ann.hello("Ann")
        _ = try await ann.next("welcome")
        try await bob.hello("Bob")
        _ = try await bob.next("welcome")
        try await ann.send("ready", "\"ready\": true")
        try await bob.send("ready", "\"ready\": true")
        _ = try await ann.next("view")
        _ = try await bob.next("view")
    }

    /// Sends `move` (JSON text) and returns the `moveRejected` answer's reason and message.
    static func rejection(of move: String, from client: inout RawClient) async throws -> (String, String)? {
        try await client.send("move", "\"move\": \(move)")
        guard let answer = try await client.next("moveRejected") else { return nil }
        return (answer["reason"] as? String ?? "", answer["message"] as? String ?? "")
    }

    @Test("Snap: confirming the deal twice is answered alreadyConfirmed, not notYourTurn")
    func snapAlreadyConfirmed() async throws {
        try await withHost(Snap.self) { _, port in
            try await RawClient.with(port: port) { ann in
                try await RawClient.with(port: port) { bob in
                    try await Self.startTwo(&ann, &bob)
                    try await ann.send("move", "\"move\": {\"confirmDeal\": {}}")
                    _ = try await ann.next("view")
                    let answer = try await Self.rejection(of: "{\"confirmDeal\": {}}", from: &ann)
                    #expect(answer?.0 == "alreadyConfirmed", "\(String(describing: answer))")
                    // Out of turn while playing is still notYourTurn, from the rules.
                    try await bob.send("move", "\"move\": {\"confirmDeal\": {}}")
                    _ = try await bob.next("view")
                    var seat = -1
                    while let view = try await ann.next("view") {
                        let body = view["view"] as? [String: Any]
                        if body?["phase"] as? String == "playing" {
                            seat = body?["active"] as? Int ?? -1
                            break
                        }
                    }
                    let idle = seat == 0 ? try await Self.rejection(of: "{\"turn\": {}}", from: &bob)
                                         : try await Self.rejection(of: "{\"turn\": {}}", from: &ann)
                    #expect(idle?.0 == "notYourTurn")
                }
            }
        }
    }

    @Test("SunTouch: a second toss is answered alreadyTossed; a toss of -1 names the field and its range")
    func sunTouchToss() async throws {
        try await withHost(SunTouch.self) { _, port in
            try await RawClient.with(port: port) { ann in
                try await RawClient.with(port: port) { bob in
                    try await Self.startTwo(&ann, &bob)
                    try await ann.send("move", "\"move\": {\"toss\": {\"value\": 7}}")
                    _ = try await ann.next("view")
                    let again = try await Self.rejection(of: "{\"toss\": {\"value\": 8}}", from: &ann)
                    #expect(again?.0 == "alreadyTossed", "\(String(describing: again))")
                    let negative = try await Self.rejection(of: "{\"toss\": {\"value\": -1}}", from: &bob)
                    #expect(negative?.0 == "invalidMove")
                    #expect(negative?.1 == "That is not a move of this game: \"move.toss.value\" must be a whole number from 0 to 4294967295.")
                }
            }
        }
    }

    @Test("Field errors name the field, also for numbers that do not fit",
          arguments: [
              ("{\"column\": 18446744073709551616}",
               "That is not a move of this game: \"move.column\" must be a whole number from -9223372036854775808 to 9223372036854775807."),
              ("{\"column\": 4.5}", "That is not a move of this game: \"move.column\" must be a whole number."),
              ("{\"column\": \"4\"}", "That is not a move of this game: \"move.column\" has the wrong type."),
              ("{}", "That is not a move of this game: missing field \"column\" in \"move\"."),
          ])
    func fieldErrors(move: String, message: String) async throws {
        try await withHost(FourInARow.self) { _, port in
            try await RawClient.with(port: port) { ann in
                try await RawClient.with(port: port) { bob in
                    try await Self.startTwo(&ann, &bob)
                    let answer = try await Self.rejection(of: move, from: &ann)
                    #expect(answer?.0 == "invalidMove")
                    #expect(answer?.1 == message)
                }
            }
        }
    }

    @Test("A move message without a move field is answered invalidMove naming the field")
    func moveWithoutMove() async throws {
        try await withHost(FourInARow.self) { _, port in
            try await RawClient.with(port: port) { ann in
                try await RawClient.with(port: port) { bob in
                    try await Self.startTwo(&ann, &bob)
                    try await ann.send("move")
                    let answer = try await ann.next("moveRejected")
                    #expect(answer?["reason"] as? String == "invalidMove")
                    #expect(answer?["message"] as? String == "That is not a move of this game: missing field \"move\".")
                }
            }
        }
    }
}

/// The host's own player decides when a game with a choice of player counts starts, also when a
/// bot sits down before it (partyhost starts its bots and its own player at the same time).
@Suite("A bot that sits down before the host's player", .timeLimit(.minutes(1)))
struct HostSeatKeptTests {
    @Test("a ready bot alone does not start TwentyFour while the host's seat is kept; the host starts it")
    func botWaitsForTheHost() async throws {
        var options = HostOptions.test()
        options.reserveHostSeat = true
        try await withHost(TwentyFour.self, options: options) { host, port in
            try await RawClient.with(port: port) { bot in
                try await bot.hello("Ada (bot)", extra: "\"bot\": true")
                _ = try await bot.next("welcome")
                try await bot.send("ready", "\"ready\": true")
                let lobby = try await bot.next("lobby")
                #expect(lobby?["state"] as? String == "lobby")
                try await RawClient.with(port: port) { alice in
                    try await alice.hello("Alice", hostKey: host.hostKey)
                    let welcome = try await alice.next("welcome")
                    #expect(welcome?["seat"] as? Int == 0)
                    let first = try await alice.next("lobby")
                    #expect(first?["state"] as? String == "lobby", "the game started before the host's player sat down")
                    try await alice.send("ready", "\"ready\": true")
                    try await alice.send("start")
                    #expect(try await alice.next("view") != nil)
                }
            }
        }
    }
}
