import FourInARow
import PartyClient
import PartyKit
import PartyWire
import Testing

/// An ended game's board keeps its own names while it is shown, whatever the room does next.
@Suite("The names of an ended game")
struct EndedGameNamesTests {
    @Test("a party room reseats its members as soon as a team game ends: the ended board still names the team's seat by the team, and our own seat as it was; the next game takes the lobby's")
    func teamSeatAfterTheEnd() {
        let welcome = Welcome(session: "s", game: "fourinarow", title: "Four in a Row", sessionName: "Test", seat: 2, role: "player",
                              reconnected: false, name: "Cy", players: [], minPlayers: 2, maxPlayers: 2, token: "t")
        var table = TableState<FourInARowView>(welcome: welcome)
        let team = "Team Ann & Cy"
        _ = table.apply(.lobby(Lobby(state: "playing", players: [
            PlayerInfo(seat: 0, name: "Ann", ready: false, host: false, bot: false, team: team),
            PlayerInfo(seat: 0, name: "Cy", ready: false, host: false, bot: false, team: team),
            PlayerInfo(seat: 1, name: "Bob", ready: false, host: false, bot: false),
        ], you: 0, canStart: false, gamesPlayed: 1, message: "")))
        #expect(table.names[SeatID(0)] == team && table.viewerSeat == SeatID(0))
        #expect(table.apply(.gameOver(GameOver(game: 1, winners: [0], reason: "fourInARow", summary: "\(team) wins"))) == .gameOver)
        // The room is choosing again: Cy now has seat 2 of three, nobody is in a team.
        let choosing = [PlayerInfo(seat: 0, name: "Ann", ready: false, host: false, bot: false),
                        PlayerInfo(seat: 1, name: "Bob", ready: false, host: false, bot: false),
                        PlayerInfo(seat: 2, name: "Cy", ready: false, host: false, bot: false)]
        _ = table.apply(.lobby(Lobby(state: "lobby", players: choosing, you: 2, canStart: false, gamesPlayed: 1, message: "")))
        #expect(table.names[SeatID(0)] == team)
        #expect(table.names[SeatID(1)] == "Bob")
        #expect(table.viewerSeat == SeatID(0))
        // The next game: the lobby's seats again.
        _ = table.apply(.lobby(Lobby(state: "playing", players: choosing, you: 2, canStart: false, gamesPlayed: 2, message: "")))
        #expect(table.names[SeatID(0)] == "Ann" && table.viewerSeat == SeatID(2))
    }
}
