import FourInARow
import PartyKit
import PartyWire

/// Typical host messages of a running Four in a Row game.
enum SampleMessages {
    static let players = [
        PlayerInfo(seat: 0, name: "Ada", ready: false, host: true, bot: false),
        PlayerInfo(seat: 1, name: "Alan (bot)", ready: false, host: false, bot: true),
    ]

    /// The view a seat gets twelve moves into a game.
    static var view: ViewMessage<FourInARowView> {
        let seats = [Seat(id: SeatID(0), name: "Ada"), Seat(id: SeatID(1), name: "Alan")]
        var state = FourInARow(setup: GameSetup(seats: seats, seed: 1))
        for column in [4, 4, 3, 5, 5, 3, 6, 2, 2, 6, 7, 7] {
            guard let seat = state.currentSeat else { break }
            try? state.apply(FourInARowMove(column: column), from: seat, at: .zero)
        }
        return ViewMessage(game: 1, view: state.view(for: .seat(SeatID(0)), at: .zero), yourTurn: true, deadlineMs: nil)
    }

    /// The table while a game runs.
    static let lobby = Lobby(state: "playing", players: players, you: 0, canStart: false, gamesPlayed: 1,
                             message: "Four in a Row is on.")
}
