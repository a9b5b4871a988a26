import PartyKit
import PartyWire

/// The views of a game of `Rules` as it stood at one instant, for the connections the table chose:
/// each seat's own view, the spectator view for watchers and spectators, plain text for a client
/// without the game's presenter. Made and written when the host carries out a `views` effect, from
/// the game the effect kept (a value: what is written is what was there when the table made it).
struct RulesViews<Rules: GameRules> {
    let rules: Rules
    let schedule: Schedule
    let names: [SeatID: String]
    let number: Int
    let viewWriter: ViewWriter<Rules.View>?
    /// Who gets a view, as the table decided.
    let audience: ViewAudience
    let now: GameInstant

    func write(to output: ViewOutput) {
        let deadline = schedule.deadline.map { max(0, $0.milliseconds(since: now)) }
        // Seats (and spectators) that see the same view share one encoding of it.
        var encoded = EncodedViews<Rules.View>()
        var spectatorView: Rules.View?
        audience.forEachPlayer { recipient in
            guard let seat = recipient.seat.map(SeatID.init) else {
                let view = spectatorView ?? rules.view(for: .spectator, at: now)
                spectatorView = view
                send(view, to: recipient.peer, viewer: .spectator, plainText: recipient.plainText, yourTurn: false,
                     deadlineMs: deadline, encoded: &encoded, output: output)
                return
            }
            let yourTurn = rules.outcome == nil && schedule.allows(seat)
            send(rules.view(for: .seat(seat), at: now), to: recipient.peer, viewer: .seat(seat), plainText: recipient.plainText,
                 yourTurn: yourTurn, deadlineMs: deadline, encoded: &encoded, output: output)
        }
        let spectators = audience.spectators
        guard !spectators.isEmpty else { return }
        let view = spectatorView ?? rules.view(for: .spectator, at: now)
        guard spectators.count >= Session.sharedFrom else {
            for spectator in spectators {
                send(view, to: spectator.peer, viewer: .spectator, plainText: spectator.plainText,
                     yourTurn: false, deadlineMs: deadline, encoded: &encoded, output: output)
            }
            return
        }
        // Every spectator's message is the same but for its number: encoded once (one for those who
        // draw the game, one for those who get plain text), copied per connection.
        var shared: [Bool: SharedMessage?] = [:]
        for spectator in spectators {
            let plainText = spectator.plainText
            if shared[plainText] == nil {
                shared[plainText] = .some(message(for: view, viewer: .spectator, plainText: plainText, deadlineMs: deadline))
            }
            if let message = shared[plainText] ?? nil {
                output.send(message, to: spectator.peer)
            } else {
                send(view, to: spectator.peer, viewer: .spectator, plainText: plainText,
                     yourTurn: false, deadlineMs: deadline, encoded: &encoded, output: output)
            }
        }
    }

    /// The spectator's message, encoded once to be shared by many connections (nil when it cannot
    /// be: the connections then encode their own).
    func message(for view: Rules.View, viewer: Viewer, plainText: Bool, deadlineMs: Int64?) -> SharedMessage? {
        guard plainText else {
            return SharedMessage(ViewMessage(game: number, view: view, yourTurn: false, deadlineMs: deadlineMs, writer: viewWriter))
        }
        return SharedMessage(ViewMessage(game: number, view: plainTextView(view, viewer: viewer), yourTurn: false, deadlineMs: deadlineMs))
    }

    /// Sends `view` (what `viewer` sees) to one connection: the game's own view, or for a client
    /// without the game's presenter the plain text and labelled moves built from it. Viewers who
    /// see the same view share its JSON through `encoded`.
    func send(_ view: Rules.View, to peer: Int, viewer: Viewer, plainText: Bool, yourTurn: Bool, deadlineMs: Int64?,
                                  encoded: inout EncodedViews<Rules.View>, output: ViewOutput) {
        guard plainText else {
            guard viewWriter == nil || viewer.seat == nil, let json = encoded.json(for: view) else {
                output.send(ViewMessage(game: number, view: view, yourTurn: yourTurn, deadlineMs: deadlineMs, writer: viewWriter), to: peer)
                return
            }
            output.send(ViewMessage(game: number, view: json, yourTurn: yourTurn, deadlineMs: deadlineMs), to: peer)
            return
        }
        output.send(ViewMessage(game: number, view: plainTextView(view, viewer: viewer), yourTurn: yourTurn, deadlineMs: deadlineMs), to: peer)
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
