import Foundation
import PartyKit
import PartyServer
import PartyWire
import RockPaperScissors
import Testing
import TwentyFour

/// A member who leaves a party room and comes back with the token of their latest welcome gets
/// their scoreboard row and points back: one row, never "Cy (left) 100" beside "Cy 0".
@Suite("Leaving a party room and coming back")
struct PartyRoomReturnTests {
    static let settings = RoomSettings(
        games: [HostedGame(RockPaperScissors.self, configuration: .init(rounds: 1, roundSeconds: 60, revealSeconds: 1))],
        choice: .vote(countdownSeconds: 30), startDelayMilliseconds: 0)

    /// The next `room` message whose state is `state`.
    static func room(_ client: inout RawClient, _ state: String) async throws -> [String: Any]? {
        while let room = try await client.next("room") {
            if room["state"] as? String == state { return room }
        }
        return nil
    }

    static func lines(_ room: [String: Any]) -> [[String: Any]] { room["scoreboard"] as? [[String: Any]] ?? [] }

    @Test("Cy wins a game, leaves, comes back with the saved token: the same member, row and 100 points, welcomed back; the token works once")
    func comeBack() async throws {
        let (_, report) = try await withRoom(Self.settings) { _, port in
            try await RawClient.with(port: port) { ann in
                try await PartyRoomRawTests.hello(&ann, "Ann")
                _ = try #require(try await Self.room(&ann, "choosing"))
                var token = ""
                var member = 0
                try await RawClient.with(port: port) { cy in
                    try await PartyRoomRawTests.hello(&cy, "Cy")
                    let welcome = try #require(try await cy.next("welcome"))
                    token = try #require(welcome["token"] as? String)
                    member = try #require(try await Self.room(&cy, "choosing")?["you"] as? Int)
                    try await ann.send("vote", #""game": "rps""#)
                    try await cy.send("vote", #""game": "rps""#)
                    _ = try #require(try await ann.next("view"))
                    _ = try #require(try await cy.next("view"))
                    try await ann.send("move", #""move": {"shape": "scissors"}"#)
                    try await cy.send("move", #""move": {"shape": "rock"}"#)
                    _ = try #require(try await cy.next("gameOver"))
                    let after = try #require(try await Self.room(&cy, "choosing"))
                    #expect(Self.lines(after).first { $0["member"] as? Int == member }?["points"] as? Int == 100)
                    // The latest welcome's token is the one to come back with.
                    try await cy.send("leave")
                    _ = try await cy.drainUntilClosed()
                }
                // Ann sees Cy's line stay, marked gone.
                var gone: [String: Any]?
                while let room = try await Self.room(&ann, "choosing") {
                    if Self.lines(room).first(where: { $0["member"] as? Int == member })?["present"] as? Bool == false {
                        gone = room
                        break
                    }
                }
                #expect(gone.map { Self.lines($0).count } == 2)
                try await RawClient.with(port: port) { cy in
                    try await PartyRoomRawTests.hello(&cy, "Cyrus", extra: #""token": "\#(token)""#)
                    let welcome = try #require(try await cy.next())
                    #expect(welcome["type"] as? String == "welcome", "\(welcome)")
                    #expect(welcome["reconnected"] as? Bool == true)
                    #expect(welcome["name"] as? String == "Cy")
                    #expect(welcome["token"] as? String != token)
                    let room = try #require(try await Self.room(&cy, "choosing"))
                    #expect(room["you"] as? Int == member)
                    let cys = Self.lines(room).filter { ($0["name"] as? String ?? "").hasPrefix("Cy") }
                    #expect(cys.count == 1, "\(Self.lines(room))")
                    #expect(cys.first?["member"] as? Int == member)
                    #expect(cys.first?["points"] as? Int == 100)
                    #expect(cys.first?["present"] as? Bool == true)
                    #expect(Self.lines(room).count == 2)
                }
                // Each token works once: the one just used is spent.
                try await RawClient.with(port: port) { again in
                    try await PartyRoomRawTests.hello(&again, "Cy", extra: #""token": "\#(token)""#)
                    #expect(try await again.next()?["reason"] as? String == "badToken")
                }
            }
        }
        #expect(report.standings.count == 2, "\(report.standings)")
        #expect(report.standings.filter { $0.name == "Cy" }.map(\.points) == [100])
    }

    @Test("a member who left a running TwentyFour and comes back watches it: one seat per member in its standings")
    func comeBackDuringTheGame() async throws {
        let settings = RoomSettings(games: [HostedGame(TwentyFour.self, configuration: .init(roundSeconds: 600, rounds: 1))],
                                    choice: .vote(countdownSeconds: 30), startDelayMilliseconds: 0)
        _ = try await withRoom(settings) { _, port in
            try await RawClient.with(port: port) { ann in
                try await PartyRoomRawTests.hello(&ann, "Ann")
                _ = try #require(try await Self.room(&ann, "choosing"))
                var token = ""
                var member = 0
                try await RawClient.with(port: port) { cy in
                    try await PartyRoomRawTests.hello(&cy, "Cy")
                    token = try #require(try await cy.next("welcome")?["token"] as? String)
                    member = try #require(try await Self.room(&cy, "choosing")?["you"] as? Int)
                    try await ann.send("vote", #""game": "twentyfour""#)
                    try await cy.send("vote", #""game": "twentyfour""#)
                    _ = try #require(try await cy.next("view"))
                    try await cy.send("leave")
                    _ = try await cy.drainUntilClosed()
                }
                try await RawClient.with(port: port) { cy in
                    try await PartyRoomRawTests.hello(&cy, "Cy", extra: #""token": "\#(token)""#)
                    #expect(try await cy.next()?["reconnected"] as? Bool == true)
                    let lobby = try #require(try await cy.next("lobby"))
                    let me = (lobby["players"] as? [[String: Any]])?.first { $0["name"] as? String == "Cy" }
                    #expect(me?["watching"] as? Bool == true, "\(lobby)")
                    let room = try #require(try await Self.room(&cy, "playing"))
                    let current = room["current"] as? [String: Any]
                    #expect((current?["watchers"] as? [Int])?.contains(member) == true, "\(room)")
                    #expect((current?["players"] as? [Int])?.contains(member) == false, "\(room)")
                }
            }
        }
    }

    @Test("a member whose held seat ran out of grace (Ctrl-C, a lost laptop) also comes back with the token, to the same line")
    func comeBackAfterTheGrace() async throws {
        _ = try await withRoom(Self.settings, options: .test(graceMs: 300)) { _, port in
            try await RawClient.with(port: port) { ann in
                try await PartyRoomRawTests.hello(&ann, "Ann")
                _ = try #require(try await Self.room(&ann, "choosing"))
                var token = ""
                var member = 0
                try await RawClient.with(port: port) { cy in
                    try await PartyRoomRawTests.hello(&cy, "Cy")
                    token = try #require(try await cy.next("welcome")?["token"] as? String)
                    member = try #require(try await Self.room(&cy, "choosing")?["you"] as? Int)
                }
                // The connection closed without leave: the seat is held, then given up.
                let left = try #require(try await ann.next("playerLeft"))
                #expect(left["message"] as? String == "Cy did not come back in time.")
                try await RawClient.with(port: port) { cy in
                    try await PartyRoomRawTests.hello(&cy, "Cy", extra: #""token": "\#(token)""#)
                    let welcome = try #require(try await cy.next())
                    #expect(welcome["type"] as? String == "welcome", "\(welcome)")
                    #expect(welcome["reconnected"] as? Bool == true)
                    let room = try #require(try await Self.room(&cy, "choosing"))
                    #expect(room["you"] as? Int == member)
                    #expect(Self.lines(room).count == 2, "\(Self.lines(room))")
                }
            }
        }
    }
}
