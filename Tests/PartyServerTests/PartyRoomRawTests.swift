import FourInARow
import Foundation
import PartyKit
import PartyServer
import PartyWire
import RockPaperScissors
import Snap
import Testing
import TwentyFour

/// The party room's wire, frame by frame, on raw connections.
@Suite("Party room on the wire")
struct PartyRoomRawTests {
    static let games = [
        HostedGame(FourInARow.self, configuration: .init()),
        HostedGame(Snap.self, configuration: .init()),
        HostedGame(TwentyFour.self, configuration: .init()),
    ]

    @Test("a protocol-2 newcomer gets welcome (party), lobby, room; votes answer with the room or a typed error")
    func welcomeLobbyRoomAndVotes() async throws {
        let settings = RoomSettings(games: Self.games, choice: .vote(countdownSeconds: 30), startDelayMilliseconds: 0)
        _ = try await withRoom(settings) { host, port in
            try await RawClient.with(port: port) { ann in
                try await ann.send("hello", #""protocol": 2, "client": "test", "clientVersion": "1", "name": "Ann""#)
                let welcome = try #require(try await ann.next())
                Self.show(welcome)
                #expect(welcome["type"] as? String == "welcome")
                #expect(welcome["game"] as? String == "party")
                #expect(welcome["room"] as? Bool == true)
                #expect(welcome["maxPlayers"] as? Int == 16)
                let lobby = try #require(try await ann.next())
                #expect(lobby["type"] as? String == "lobby")
                let room = try #require(try await ann.next())
                Self.show(room)
                #expect(room["type"] as? String == "room")
                #expect(room["state"] as? String == "choosing")
                try await ann.send("vote", #""game": "fourinarow""#)
                let refused = try #require(try await ann.next("error"))
                Self.show(refused)
                #expect(refused["reason"] as? String == "notPlayable")
                try await ann.send("vote", #""game": "chess""#)
                #expect(try await ann.next("error")?["reason"] as? String == "unknownGame")
                try await ann.send("vote", #""game": "twentyfour""#)
                let started = try #require(try await ann.next("room"))
                Self.show(started)
            }
        }
    }

    static func show(_ object: [String: Any]) {
        guard ProcessInfo.processInfo.environment["ROOM_TEST_LOG"] != nil,
              let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return }
        print("WIRE", String(decoding: data, as: UTF8.self))
    }
}
