import PartyKit
import PartyWire

extension RulesGame {
    func read(_ envelope: Envelope, codec: MessageCodec, seat: Int, at now: GameInstant) -> Result<TableMove, MoveRefusal> {
        let message: MoveMessage<Rules.Move>
        do {
            message = try moveReader.read(envelope, codec: codec)
        } catch {
            return .failure(Self.refusal(.invalidMove(error)))
        }
        if let claimed = message.seat, claimed != seat {
            return .failure(Self.refusal(.notYourSeat(claimed: claimed, actual: seat)))
        }
        return .success(tableMove(message.move, seat: SeatID(seat), at: now))
    }

    func readTyped(_ text: String, seat: Int, at now: GameInstant) -> Result<TableMove, MoveRefusal> {
        let id = SeatID(seat)
        switch Rules.typedMove(text, in: rules.view(for: .seat(id), at: now), for: id) {
        case .success(let move):
            return .success(tableMove(move, seat: id, at: now))
        case .failure(let error):
            return .failure(Self.refusal(.notAMove(detail: error.message)))
        }
    }

    func kind(of move: TableMove, seat: Int) -> MoveKind {
        let schedule = self.schedule
        guard case .seats(let seats) = schedule.turn, seats.contains(SeatID(seat)), !schedule.interrupts,
              let move = move.value.base as? Rules.Move, !Rules.isInterrupt(move) else { return .immediate }
        return .proposal
    }

    func judge(_ move: TableMove, seat: Int, at now: GameInstant) -> MoveAnswer {
        guard let move = move.value.base as? Rules.Move else { return .host(.notYourTurn) }
        var copy = rules
        do {
            try copy.apply(move, from: SeatID(seat), at: now)
        } catch {
            return .rejected(code: error.code, message: error.description)
        }
        return .played
    }

    func play(_ move: TableMove, seat: Int, at now: GameInstant) -> MoveAnswer {
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

    /// `move` with the label the game gives it in `seat`'s menu (`Drop in column 4`), or a
    /// description of it when the menu has no such move.
    private func tableMove(_ move: Rules.Move, seat: SeatID, at now: GameInstant) -> TableMove {
        let view = rules.view(for: .seat(seat), at: now)
        let label = Rules.labelledMoves(in: view, for: seat).first { $0.move == move }?.label
            ?? String(describing: move)
        return TableMove(value: AnyHashable(move), label: label)
    }

    private static func refusal(_ rejection: HostRejection) -> MoveRefusal {
        MoveRefusal(code: rejection.code, message: rejection.description)
    }
}
