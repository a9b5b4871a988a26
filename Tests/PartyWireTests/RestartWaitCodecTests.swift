import NIOCore
import PartyWire
import Testing

/// The welcome's `restartWait`: how long clients wait for a host that keeps a journal to come back.
@Suite("welcome.restartWait")
struct RestartWaitCodecTests {
    static let players = [PlayerInfo(seat: 0, name: "Ann", ready: false, host: false, bot: false, rematch: false, connected: true)]

    static func welcome(restartWait: Int?) -> Welcome {
        Welcome(session: "abcd", game: "fourinarow", title: "Four in a Row", sessionName: "n", seat: 0, name: "Ann",
                players: players, minPlayers: 2, maxPlayers: 2, token: "0f", graceMs: 30_000, restartWait: restartWait)
    }

    @Test("a welcome with restartWait says it, and reads back the same", arguments: [1, 3, 300, 3600])
    func withRestartWait(seconds: Int) throws {
        let (decoded, object) = try roundTrip(Self.welcome(restartWait: seconds))
        #expect(decoded.restartWait == seconds)
        #expect(decoded == Self.welcome(restartWait: seconds))
        #expect(object["restartWait"] as? Int == seconds)
    }

    @Test("a welcome without restartWait leaves the field out")
    func withoutRestartWait() throws {
        let (decoded, object) = try roundTrip(Self.welcome(restartWait: nil))
        #expect(decoded.restartWait == nil)
        #expect(object["restartWait"] == nil)
    }

    @Test("an older host's welcome, without the field, still reads: it keeps no journal")
    func olderWelcomeDecodes() throws {
        let text = #"{"type":"welcome","seq":1,"protocol":2,"session":"cb4ef9af93677dcf","game":"fourinarow","title":"Four in a Row","sessionName":"Wire docs","seat":1,"role":"player","reconnected":false,"name":"Bob","players":[{"seat":0,"name":"Ann","ready":true,"host":false,"bot":false,"rematch":false,"connected":true}],"minPlayers":2,"maxPlayers":2,"token":"4d48129cabf643032b65011057817d80","graceMs":30000,"heartbeatMs":3000,"silenceMs":10000}"#
        let codec = MessageCodec()
        let welcome = try codec.decode(Welcome.self, from: codec.envelope(of: ByteBuffer(string: text)))
        #expect(welcome.restartWait == nil)
        #expect(welcome.name == "Bob" && welcome.graceMs == 30_000)
    }

    @Test("restartWait 0 reads as 0 (no journal)")
    func zeroDecodes() throws {
        let (decoded, object) = try roundTrip(Self.welcome(restartWait: 0))
        #expect(decoded.restartWait == 0)
        #expect(object["restartWait"] as? Int == 0)
    }
}
