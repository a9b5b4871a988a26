import PartyDiscovery
import Testing
@testable import PartyShell

/// A party room's line in the session list says it is a room and what it does (issue 18).
@Suite struct RoomListLineTests {
    func room(_ txt: [String: String]) -> DiscoveredService {
        DiscoveredService(instanceName: "Alice's party", serviceType: "_partyhost._tcp", hostName: "h.local.", port: 4711,
                          addresses: ["127.0.0.1"], txt: ["v": "1", "room": "1", "game": "party", "title": "Party room"].merging(txt) { $1 })
    }

    @Test("playing, starting and choosing rooms", arguments: [
        (["state": "playing", "now": "snap", "players": "3/16"], "Alice's party — party room, playing Snap! — 3/16 players"),
        (["state": "starting", "now": "snap", "players": "3/16"], "Alice's party — party room, starting Snap! — 3/16 players"),
        (["state": "choosing", "players": "3/16"], "Alice's party — party room, choosing the next game — 3/16 players"),
        (["state": "playing", "now": "chess", "players": "2/8", "code": "1"], "Alice's party — party room, playing chess — 2/8 players, code needed"),
    ])
    func lines(txt: [String: String], line: String) {
        #expect(SessionLobby.line(for: room(txt), titles: ["snap": "Snap!"]) == line)
    }

    @Test("a room is not marked plain text (its games are drawn one by one)")
    func notPlainText() {
        let lobby = SessionLobby(gameFilter: nil, interfaces: .automaticAndLoopback, fullScreen: false, color: false,
                                 drawnGames: ["snap"], gameTitles: ["snap": "Snap!"])
        #expect(!lobby.line(for: room(["state": "choosing", "players": "1/16"])).contains("plain text"))
    }
}
