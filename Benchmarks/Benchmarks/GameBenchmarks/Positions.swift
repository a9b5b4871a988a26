import FourInARow
import PartyKit
import Snap
import SunTouch

/// The game states the benchmarks start from, built once through the rules' public API.
enum Positions {
    static let twoSeats = [Seat(id: SeatID(0), name: "Ada"), Seat(id: SeatID(1), name: "Alan")]

    /// A Four in a Row game twelve moves in, with no four yet, and who moves next.
    static func fourInARowMidGame() -> (state: FourInARow, toMove: SeatID) {
        var state = FourInARow(setup: GameSetup(seats: twoSeats, seed: 1))
        for column in [4, 4, 3, 5, 5, 3, 6, 2, 2, 6, 7, 7] {
            guard let seat = state.currentSeat else { preconditionFailure("the game ended early") }
            do { try state.apply(FourInARowMove(column: column), from: seat, at: .zero) } catch {
                preconditionFailure("\(error)")
            }
        }
        guard state.outcome == nil, let seat = state.currentSeat else { preconditionFailure("the game ended early") }
        return (state, seat)
    }

    /// A Four in a Row position where dropping into column 1 completes four in a column.
    static func fourInARowWinning() -> (state: FourInARow, toMove: SeatID) {
        var state = FourInARow(setup: GameSetup(seats: twoSeats, seed: 1))
        for column in [1, 2, 1, 2, 1, 2] {
            guard let seat = state.currentSeat else { preconditionFailure("the game ended early") }
            do { try state.apply(FourInARowMove(column: column), from: seat, at: .zero) } catch {
                preconditionFailure("\(error)")
            }
        }
        guard let seat = state.currentSeat else { preconditionFailure("the game ended early") }
        return (state, seat)
    }

    /// Every multiset of four numbers from 1 to 9 (495 of them).
    static func allTwentyFourSets() -> [[Int]] {
        var sets: [[Int]] = []
        for a in 1...9 {
            for b in a...9 {
                for c in b...9 {
                    for d in c...9 { sets.append([a, b, c, d]) }
                }
            }
        }
        return sets
    }

    /// A Snap game whose deal both players confirmed, and the seat whose turn it is.
    static func snapPlaying() -> (state: Snap, active: SeatID) {
        var state = Snap(setup: GameSetup(seats: twoSeats, configuration: SnapConfiguration(), seed: 7))
        for seat in twoSeats {
            do { try state.apply(.confirmDeal, from: seat.id, at: GameInstant(milliseconds: 100)) } catch {
                preconditionFailure("\(error)")
            }
        }
        guard case .seats(let seats) = state.schedule.turn, let active = seats.first else {
            preconditionFailure("nobody's turn after the deal")
        }
        return (state, active)
    }

    /// A SunTouch game past its coin toss, the instant to strike at and how long a strike takes.
    static func sunTouchPlaying() -> (state: SunTouch, now: GameInstant, strikeMilliseconds: Int64) {
        let configuration = SunTouchConfiguration()
        var state = SunTouch(setup: GameSetup(seats: twoSeats, configuration: configuration, seed: 11))
        do {
            try state.apply(.toss(1), from: SeatID(0), at: GameInstant(milliseconds: 10))
            try state.apply(.toss(2), from: SeatID(1), at: GameInstant(milliseconds: 20))
        } catch {
            preconditionFailure("\(error)")
        }
        precondition(state.schedule.turn == .everyone, "the toss did not start play")
        return (state, GameInstant(milliseconds: 1_000), configuration.strikeMilliseconds)
    }
}
