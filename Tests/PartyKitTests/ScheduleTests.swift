import PartyKit
import Testing

@Suite("Schedule, Turn and Viewer")
struct ScheduleTests {
    @Test("allows follows the turn", arguments: [
        (Turn.nobody, [false, false, false]),
        (Turn.everyone, [true, true, true]),
        (Turn.seat(SeatID(1)), [false, true, false]),
        (Turn.seats([SeatID(0), SeatID(2)]), [true, false, true]),
        (Turn.seats([]), [false, false, false]),
    ])
    func allows(turn: Turn, expected: [Bool]) {
        let schedule = Schedule(turn: turn)
        #expect((0..<3).map { schedule.allows(SeatID($0)) } == expected)
    }

    @Test("interrupts do not let anyone make an ordinary move")
    func interrupts() {
        let schedule = Schedule(turn: .seat(SeatID(0)), interrupts: true, deadline: .seconds(3))
        #expect(!schedule.allows(SeatID(1)))
        #expect(schedule.allows(SeatID(0)))
        #expect(schedule.deadline == GameInstant(milliseconds: 3000))
    }

    @Test("idle is nobody, no interrupts, no deadline")
    func idle() {
        #expect(Schedule.idle == Schedule(turn: .nobody, interrupts: false, deadline: nil))
        #expect(!Schedule.idle.allows(SeatID(0)))
    }

    @Test("Turn.seat is a set of one")
    func singleSeat() {
        #expect(Turn.seat(SeatID(4)) == .seats([SeatID(4)]))
    }

    @Test("Viewer.seat")
    func viewer() {
        #expect(Viewer.seat(SeatID(2)).seat == SeatID(2))
        #expect(Viewer.spectator.seat == nil)
    }

    @Test("SeatID orders, describes and encodes as its index")
    func seatID() throws {
        #expect(SeatID(0) < SeatID(1))
        #expect(SeatID(3).description == "seat 3")
        let data = try JSONEncoder().encode([SeatID(3)])
        #expect(String(decoding: data, as: UTF8.self) == "[3]")
    }

    @Test("PresenterContext names unknown seats by number")
    func contextNames() {
        let context = PresenterContext(seat: SeatID(0), names: [SeatID(0): "Ann"])
        #expect(context.name(of: SeatID(0)) == "Ann")
        #expect(context.name(of: SeatID(1)) == "Seat 2")
    }
}

import Foundation
