import PartyKit
import PartyWire

extension RulesGame {
    func read(_ envelope: Envelope, codec: MessageCodec, seat: Int) -> Result<TableMove, MoveRefusal> {
        let message: MoveMessage<Rules.Move>
        do {
            message = try moveReader.read(envelope, codec: codec)
        } catch {
            return .failure(Self.refusal(.invalidMove(error)))
        }
        if let claimed = message.seat, claimed != seat {
            return .failure(Self.refusal(.notYourSeat(claimed: claimed, actual: seat)))
        }
        return .success(TableMove(value: AnyHashable(message.move)))
    }

    func readTyped(_ text: String, seat: Int, at now: GameInstant) -> Result<TableMove, MoveRefusal> {
        let id = SeatID(seat)
        switch Rules.typedMove(text, in: rules.view(for: .seat(id), at: now), for: id) {
        case .success(let move):
            return .success(TableMove(value: AnyHashable(move)))
        case .failure(let error):
            return .failure(Self.refusal(.notAMove(detail: error.message)))
        }
    }

    /// The label the game gives `move` in `seat`'s menu (`Drop in column 4`), or a description of
    /// it when the menu has no such move. Only a team's proposal is labelled (its members see it).
    func label(of move: TableMove, seat: Int, at now: GameInstant) -> String {
        guard let move = move.value.base as? Rules.Move else { return String(describing: move.value.base) }
        let id = SeatID(seat)
        let view = rules.view(for: .seat(id), at: now)
        return Rules.labelledMoves(in: view, for: id).first { $0.move == move }?.label ?? String(describing: move)
    }

    func kind(of move: TableMove, seat: Int) -> MoveKind {
        let schedule = self.schedule
        guard case .seats(let seats) = schedule.turn, seats.contains(SeatID(seat)), !schedule.interrupts,
              let move = move.value.base as? Rules.Move, !Rules.isInterrupt(move) else { return .immediate }
        return .proposal
    }

    func judge(_ move: TableMove, seat: Int, at now: GameInstant) -> MoveAnswer {
        guard let move = move.value.base as? Rules.Move else { return .host(.notYourTurn) }
        return Self.judge(move, seat: SeatID(seat), on: rules, at: now)
    }

    mutating func play(_ move: TableMove, seat: Int, at now: GameInstant) -> MoveAnswer {
        guard let move = move.value.base as? Rules.Move else { return .host(.notYourTurn) }
        return play(move, seat: SeatID(seat), at: now)
    }

    var movesAreProposals: Bool? {
        let schedule = self.schedule
        switch schedule.turn {
        case .nobody: return nil
        case .everyone: return false
        case .seats: return !schedule.interrupts
        }
    }

    func allows(seat: Int) -> Bool {
        rules.outcome == nil && schedule.allows(SeatID(seat))
    }

    private static func refusal(_ rejection: HostRejection) -> MoveRefusal {
        MoveRefusal(code: rejection.code, message: rejection.description)
    }
}
