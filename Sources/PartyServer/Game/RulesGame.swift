import PartyKit
import PartyWire

/// One running game of `Rules`: the per-game part of a session, generic over its rules, behind the
/// non-generic `TableGame` interface the table talks to.
final class RulesGame<Rules: GameRules>: TableGame {
    let number: Int
    /// The game's state; `schedule` follows every change of it.
    private(set) var rules: Rules {
        didSet { schedule = rules.schedule }
    }
    /// `rules.schedule`, read once per change of the state rather than on every use (a game's
    /// schedule may be built anew each time it is read: a turn is a set of seats).
    private(set) var schedule: Schedule
    /// The names of the game's seats, for plain-text views.
    var names: [SeatID: String]
    /// How the game's view writes its own JSON (`JSONWritable`), found once for the game; nil when
    /// `Encodable` writes it. With a writer a seat's view is written straight into its message,
    /// without looking for an equal view to share (a few hundred nanoseconds of writing against
    /// comparing whole views); spectators, who all see one view, still share its JSON.
    private let viewWriter = ViewWriter<Rules.View>.make()
    /// How the game's moves are read, found once for the game.
    let moveReader = MoveReader<Rules.Move>()

    /// Starts a game of `Rules` with `setup`; views carry `number`.
    init(setup: GameSetup<Rules.Configuration>, number: Int) {
        self.number = number
        let rules = Rules(setup: setup)
        self.rules = rules
        schedule = rules.schedule
        names = Dictionary(setup.seats.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    }

    var descriptor: GameDescriptor { Rules.descriptor }
    var outcome: GameOutcome? { rules.outcome }
    var deadline: GameInstant? { schedule.deadline }

    // MARK: Moves

    func move(_ envelope: Envelope, codec: MessageCodec, seat: Int, at now: GameInstant) -> MoveAnswer {
        let message: MoveMessage<Rules.Move>
        do {
            message = try moveReader.read(envelope, codec: codec)
        } catch {
            return .host(.invalidMove(error))
        }
        if let claimed = message.seat, claimed != seat {
            return .host(.notYourSeat(claimed: claimed, actual: seat))
        }
        return play(message.move, seat: SeatID(seat), at: now)
    }

    func typedMove(_ text: String, seat: Int, at now: GameInstant) -> MoveAnswer {
        let id = SeatID(seat)
        let view = rules.view(for: .seat(id), at: now)
        switch Rules.typedMove(text, in: view, for: id) {
        case .success(let move):
            return play(move, seat: id, at: now)
        case .failure(let error):
            return .host(.notAMove(detail: error.message))
        }
    }

    /// Lets the rules apply `move`, then checks the schedule.
    ///
    /// The rules judge first, so a refused move gets the game's own reason (`alreadyConfirmed`,
    /// `paused`, …) rather than a generic one; a move the schedule does not allow is refused with
    /// `notYourTurn` even if the rules would have taken it, and then changes nothing.
    func play(_ move: Rules.Move, seat: SeatID, at now: GameInstant) -> MoveAnswer {
        let schedule = self.schedule
        guard schedule.allows(seat) || (schedule.interrupts && Rules.isInterrupt(move)) else {
            // Out of turn: the rules judge a copy, which is then dropped whatever they say.
            var running = rules
            do {
                try running.apply(move, from: seat, at: now)
            } catch {
                return .rejected(code: error.code, message: error.description)
            }
            return .host(.notYourTurn)
        }
        // In turn: applied in place, with no copy of the state (a refused move leaves the state
        // as it was: the rules guarantee it, and the conformance suite checks it).
        do {
            try rules.apply(move, from: seat, at: now)
        } catch {
            return .rejected(code: error.code, message: error.description)
        }
        return .played
    }

    // MARK: Seats and time

    func join(seat: Int, name: String, at now: GameInstant) {
        names[SeatID(seat)] = name
        rules.join(Seat(id: SeatID(seat), name: name), at: now)
    }

    func leave(seat: Int, at now: GameInstant) {
        rules.leave(SeatID(seat), at: now)
    }

    func connectionChanged(seat: Int, connected: Bool, at now: GameInstant) {
        rules.connectionChanged(SeatID(seat), connected: connected, at: now)
    }

    func advance(to now: GameInstant) -> Bool {
        guard let deadline = schedule.deadline, deadline <= now else { return false }
        rules.advance(to: now)
        return true
    }

    // MARK: Views

    func sendViews(players: [TablePlayer], spectators: [Spectator], at now: GameInstant) -> [String] {
        let running = rules
        let schedule = self.schedule
        let deadline = schedule.deadline.map { max(0, $0.milliseconds(since: now)) }
        var stopped: [String] = []
        // Seats (and spectators) that see the same view share one encoding of it.
        var encoded = EncodedViews<Rules.View>()
        var spectatorView: Rules.View?
        // By index: a `TablePlayer` copied whole per view would retain all it holds.
        for index in players.indices where players[index].connected {
            if players[index].watching {
                let view = spectatorView ?? running.view(for: .spectator, at: now)
                spectatorView = view
                send(view, to: players[index].peer, viewer: .spectator, plainText: players[index].plainText, yourTurn: false,
                     deadlineMs: deadline, encoded: &encoded)
                continue
            }
            let seat = SeatID(players[index].seat)
            let yourTurn = running.outcome == nil && schedule.allows(seat)
            if !send(running.view(for: .seat(seat), at: now), to: players[index].peer, viewer: .seat(seat),
                     plainText: players[index].plainText, yourTurn: yourTurn, deadlineMs: deadline, encoded: &encoded) {
                stopped.append(players[index].name)
            }
        }
        if !spectators.isEmpty {
            let view = spectatorView ?? running.view(for: .spectator, at: now)
            guard spectators.count >= Session.sharedFrom else {
                for spectator in spectators {
                    send(view, to: spectator.peer, viewer: .spectator, plainText: spectator.plainText,
                         yourTurn: false, deadlineMs: deadline, encoded: &encoded)
                }
                return stopped
            }
            // Every spectator's message is the same but for its number: encoded once (one for
            // those who draw the game, one for those who get plain text), copied per connection.
            var shared: [Bool: SharedMessage?] = [:]
            for spectator in spectators {
                let plainText = spectator.plainText
                if shared[plainText] == nil {
                    shared[plainText] = .some(message(for: view, viewer: .spectator, plainText: plainText, yourTurn: false, deadlineMs: deadline))
                }
                if let message = shared[plainText] ?? nil {
                    spectator.peer.send(message)
                } else {
                    send(view, to: spectator.peer, viewer: .spectator, plainText: plainText,
                         yourTurn: false, deadlineMs: deadline, encoded: &encoded)
                }
            }
        }
        return stopped
    }

    func sendView(to peer: PeerLink, seat: Int?, plainText: Bool, at now: GameInstant) {
        let running = rules
        let schedule = self.schedule
        var encoded = EncodedViews<Rules.View>()
        let viewer: Viewer = seat.map { .seat(SeatID($0)) } ?? .spectator
        send(running.view(for: viewer, at: now), to: peer, viewer: viewer, plainText: plainText,
             yourTurn: seat.map { running.outcome == nil && schedule.allows(SeatID($0)) } ?? false,
             deadlineMs: schedule.deadline.map { max(0, $0.milliseconds(since: now)) }, encoded: &encoded)
    }

    /// The message `send(_:to:…)` would send, encoded once to be shared by many connections (nil
    /// when it cannot be: the connections then encode their own).
    func message(for view: Rules.View, viewer: Viewer, plainText: Bool, yourTurn: Bool, deadlineMs: Int64?) -> SharedMessage? {
        guard plainText else {
            return SharedMessage(ViewMessage(game: number, view: view, yourTurn: yourTurn, deadlineMs: deadlineMs, writer: viewWriter))
        }
        return SharedMessage(ViewMessage(game: number, view: plainTextView(view, viewer: viewer), yourTurn: yourTurn, deadlineMs: deadlineMs))
    }

    /// Sends `view` (what `viewer` sees) to one connection: the game's own view, or for a client
    /// without the game's presenter the plain text and labelled moves built from it. Viewers who
    /// see the same view share its JSON through `encoded`. False when the client stopped reading.
    @discardableResult
    func send(_ view: Rules.View, to peer: PeerLink, viewer: Viewer, plainText: Bool,
              yourTurn: Bool, deadlineMs: Int64?, encoded: inout EncodedViews<Rules.View>) -> Bool {
        guard plainText else {
            guard viewWriter == nil || viewer.seat == nil, let json = encoded.json(for: view) else {
                return peer.send(ViewMessage(game: number, view: view, yourTurn: yourTurn, deadlineMs: deadlineMs, writer: viewWriter))
            }
            return peer.send(ViewMessage(game: number, view: json, yourTurn: yourTurn, deadlineMs: deadlineMs))
        }
        return peer.send(ViewMessage(game: number, view: plainTextView(view, viewer: viewer), yourTurn: yourTurn, deadlineMs: deadlineMs))
    }

    /// `view` as plain text and labelled moves, for a client without the game's presenter.
    func plainTextView(_ view: Rules.View, viewer: Viewer) -> PlainTextView<Rules.Move> {
        let context = PresenterContext(seat: viewer.seat, names: names, color: false)
        var moves: [PlainTextView<Rules.Move>.Choice] = []
        var typing: String?
        if let seat = viewer.seat, rules.outcome == nil {
            moves = Rules.labelledMoves(in: view, for: seat).map { .init(label: $0.label, move: $0.move) }
            typing = Rules.typedMovePrompt(in: view, for: seat)
        }
        return PlainTextView(text: Rules.plainText(of: view, context: context), moves: moves, typing: typing)
    }
}
