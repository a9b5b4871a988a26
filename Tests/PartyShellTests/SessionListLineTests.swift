import PartyDiscovery
import Testing
@testable import PartyShell

/// A session's line in the list fits 80 columns whole, even full and with a code (issue 17, point 10:
/// "… playing (no seat free: w" was cut mid-word).
@Suite struct SessionListLineTests {
    @Test("a full session with a join code, named after its game, is listed in full within 78 columns")
    func fullSessionFits() {
        let service = DiscoveredService(instanceName: "Alice's Four in a Row", serviceType: "_partyhost._tcp", hostName: "h.local.", port: 4711,
                                        addresses: ["127.0.0.1"],
                                        txt: ["title": "Four in a Row", "players": "2/2", "state": "playing", "open": "0", "code": "1"])
        let line = SessionLobby.line(for: service)
        #expect(line == "Alice's Four in a Row — 2/2 players, playing, code needed (full: w to watch)")
        #expect(("▶ " + line).displayWidth <= 79, "the list row (one column in, after the marker) is cut")
    }

    @Test("a session whose name does not say its game still names the game")
    func gameNamed() {
        let service = DiscoveredService(instanceName: "Friday night", serviceType: "_partyhost._tcp", hostName: "h.local.", port: 4711,
                                        addresses: [], txt: ["title": "Snap!", "players": "1/4", "state": "lobby"])
        #expect(SessionLobby.line(for: service) == "Friday night — Snap!, 1/4 players, lobby")
    }
}
