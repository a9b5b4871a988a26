import FourInARow
import PartyServer
import Snap
import Testing
import TwentyFour

/// What the others are told about a member who drops out of a party room or leaves it, frame by
/// frame on raw connections.
@Suite("Party room: held seats and departures on the wire")
struct PartyRoomHeldSeatTests {
    static let games = [
        HostedGame(FourInARow.self, configuration: .init()),
        HostedGame(Snap.self, configuration: .init()),
        HostedGame(TwentyFour.self, configuration: .init()),
    ]

    @Test("between games a dropped member's seat is held on the wire: lobby players say connected false with a graceMs that counts down, re-sent, and the lobby's message says who is reconnecting")
    func heldSeatBetweenGames() async throws {
        let settings = RoomSettings(games: Self.games, choice: .vote(countdownSeconds: 600), startDelayMilliseconds: 0)
        _ = try await withRoom(settings) { _, port in
            try await RawClient.with(port: port) { ann in
                try await PartyRoomRawTests.hello(&ann, "Ann")
                _ = try #require(try await PartyRoomRawTests.room(&ann, "choosing"))
                try await RawClient.with(port: port) { cy in
                    try await PartyRoomRawTests.hello(&cy, "Cy")
                    _ = try #require(try await cy.next("room"))
                }
                // Cy's connection closed without a goodbye: the seat is held, and every lobby says so.
                var graces: [Int] = []
                while graces.count < 2, let lobby = try await ann.next("lobby") {
                    let players = try #require(lobby["players"] as? [[String: Any]])
                    guard let cy = players.first(where: { $0["name"] as? String == "Cy" }), cy["connected"] as? Bool == false else { continue }
                    let grace = try #require(cy["graceMs"] as? Int, "\(ann.lastFrame)")
                    let message = try #require(lobby["message"] as? String)
                    #expect(message.hasPrefix("Cy is reconnecting… ") && message.hasSuffix(" s"), "\(message)")
                    #expect(lobby["state"] as? String == "lobby")
                    if graces.last.map({ grace < $0 }) ?? true { graces.append(grace) }
                }
                #expect(graces.count == 2, "the held seat's lobby is sent again, counting down: \(graces)")
            }
        }
    }

    @Test("a member who leaves a room has left the party, not a game: playerLeft says so")
    func leavingSaysParty() async throws {
        let settings = RoomSettings(games: Self.games, choice: .vote(countdownSeconds: 600), startDelayMilliseconds: 0)
        _ = try await withRoom(settings) { _, port in
            try await RawClient.with(port: port) { ann in
                try await PartyRoomRawTests.hello(&ann, "Ann")
                _ = try #require(try await PartyRoomRawTests.room(&ann, "choosing"))
                try await RawClient.with(port: port) { dee in
                    try await PartyRoomRawTests.hello(&dee, "Dee")
                    _ = try #require(try await dee.next("room"))
                    try await dee.send("leave")
                    _ = try await dee.drainUntilClosed()
                }
                let left = try #require(try await ann.next("playerLeft"))
                #expect(left["message"] as? String == "Dee left the party.")
            }
        }
    }
}
