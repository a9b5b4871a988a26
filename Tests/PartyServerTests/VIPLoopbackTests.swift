import FourInARow
import Foundation
import PartyKit
import PartyServer
import PartyWire
import Testing
import TwentyFour

/// The VIP's `remove` and `endParty` over a real loopback connection.
@Suite("The VIP on the wire")
struct VIPLoopbackTests {
    static let settings = RoomSettings(games: [HostedGame(FourInARow.self, configuration: .init()),
                                               HostedGame(TwentyFour.self, configuration: .init())],
                                       choice: .vote(countdownSeconds: 30), startDelayMilliseconds: 0)

    @Test("a removed client is sent ended (removed) with the sentence and closed; its token is refused; the VIP ends the party")
    func removeThenEnd() async throws {
        _ = try await withRoom(Self.settings) { host, port in
            try await RawClient.with(port: port) { ann in
                try await RawClient.with(port: port) { bob in
                    try await PartyRoomRawTests.hello(&ann, "Ann", hostKey: host.hostKey)
                    let annRoom = try #require(try await PartyRoomRawTests.room(&ann, "choosing"))
                    #expect(annRoom["rights"] as? [String] == ["start", "remove", "end"])
                    try await PartyRoomRawTests.hello(&bob, "Bob")
                    let bobWelcome = try #require(try await bob.next("welcome"))
                    let bobRoom = try #require(try await PartyRoomRawTests.room(&bob, "choosing"))
                    #expect(bobRoom["vip"] as? Int == 1 && bobRoom["rights"] == nil)
                    let bobMember = try #require(bobRoom["you"] as? Int)
                    try await bob.send("endParty")
                    #expect(try await bob.next("error")?["reason"] as? String == "notVIP")
                    try await ann.send("remove", #""member": \#(bobMember)"#)
                    let ended = try #require(try await bob.next("ended"))
                    #expect(ended["reason"] as? String == "removed")
                    #expect(ended["message"] as? String == "The VIP removed you from the party.")
                    #expect(try await bob.next() == nil)
                    let left = try #require(try await ann.next("playerLeft"))
                    #expect(left["message"] as? String == "The VIP removed Bob from the party.")
                    let token = try #require(bobWelcome["token"] as? String)
                    try await RawClient.with(port: port) { again in
                        try await PartyRoomRawTests.hello(&again, "Bob", extra: #""token": "\#(token)""#)
                        #expect(try await again.next("reject")?["reason"] as? String == "badToken")
                    }
                    try await ann.send("endParty")
                    let over = try #require(try await ann.next("ended"))
                    #expect(over["reason"] as? String == "vipEnded")
                    #expect(try await ann.next() == nil)
                }
            }
        }
    }
}
