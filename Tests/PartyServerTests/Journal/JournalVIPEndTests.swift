import FourInARow
import Logging
import NIOCore
import NIOPosix
import PartyKit
@testable import PartyServer
import PartyWire
import Testing
import TwentyFour

/// The VIP's `endParty`, carried out by the session: the journal marks the party finished (as the
/// host quitting does), so that a restarted host does not resume it.
@Suite("The VIP ends a journaled party")
struct JournalVIPEndTests {
    @Test("endParty from the VIP marks the party finished in the journal; a guest's endParty does not")
    func endPartyFinishesTheJournal() async throws {
        let store = TestJournalStore()
        let party = try JournalLoopbackTests.newParty(store)
        let journal = HostJournal(store: store, party: party, entries: []) { _ in }
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let settings = RoomSettings(games: [HostedGame(FourInARow.self, configuration: .init()),
                                            HostedGame(TwentyFour.self, configuration: .init())], choice: .host)
        let made = HostCore.makeSession(game: nil, room: settings, options: HostOptions(), logger: Logger(label: "vip-journal"),
                                        loop: group.next(), journal: journal)
        let session = made.session
        let codec = MessageCodec()
        func hello(_ name: String, peer: Int, host: Bool) -> TableInput {
            .hello(peer: peer, address: "10.0.0.\(peer)", hello: Hello(protocol: 2, client: "test", name: name, hostKey: host ? made.hostKey : nil),
                   token: "token-\(peer)")
        }
        func endParty(from peer: Int, seq: Int) throws -> TableInput {
            .message(peer: peer, envelope: try codec.envelope(of: try codec.encode(EndParty(), seq: seq)))
        }
        await session.apply(hello("Ann", peer: 1, host: true))
        await session.apply(hello("Bob", peer: 2, host: false))
        await session.apply(try endParty(from: 2, seq: 2))
        #expect(await !session.ended)
        #expect(try store.unfinishedParty()?.id == party.id)
        await session.apply(try endParty(from: 1, seq: 2))
        #expect(await session.ended)
        #expect(try store.unfinishedParty() == nil)
        #expect(store.finishedReason(party.id) == "vipEnded")
        #expect(store.kept(party.id).last?.kind == "message")
        try await group.shutdownGracefully()
    }
}
