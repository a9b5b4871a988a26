import NIOCore
import PartyWire
import Testing

/// The handshake and silence limits as a pure calculation on given instants.
@Suite("PeerDeadlines")
struct PeerDeadlinesTests {
    static func at(_ milliseconds: Int64) -> NIODeadline {
        .uptimeNanoseconds(UInt64(1_000_000_000 + milliseconds * 1_000_000))
    }

    @Test("before the handshake the nearer limit counts; after it only silence")
    func limits() {
        var deadlines = PeerDeadlines(handshakeTimeout: .milliseconds(5_000), peerTimeout: .milliseconds(15_000))
        deadlines.start(at: Self.at(0))
        #expect(deadlines.deadline == Self.at(5_000))
        #expect(deadlines.expired(at: Self.at(4_999)) == nil)
        deadlines.heard(at: Self.at(4_000))
        #expect(deadlines.expired(at: Self.at(5_000)) == .handshake)
        deadlines.handshakeCompleted()
        #expect(deadlines.deadline == Self.at(19_000))
        #expect(deadlines.expired(at: Self.at(18_999)) == nil)
        #expect(deadlines.expired(at: Self.at(19_000)) == .silentPeer)
        deadlines.heard(at: Self.at(18_000))
        #expect(deadlines.expired(at: Self.at(19_000)) == nil)
        #expect(deadlines.deadline == Self.at(33_000))
    }

    @Test("silence shorter than the handshake limit counts first")
    func silenceFirst() {
        var deadlines = PeerDeadlines(handshakeTimeout: .milliseconds(10_000), peerTimeout: .milliseconds(2_000))
        deadlines.start(at: Self.at(0))
        #expect(deadlines.deadline == Self.at(2_000))
        #expect(deadlines.expired(at: Self.at(2_000)) == .silentPeer)
    }
}
