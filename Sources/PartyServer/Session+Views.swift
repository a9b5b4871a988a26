import PartyKit
import PartyWire

extension Session {
    /// Sends `view` (what `viewer` sees of `running`) to one connection: the game's own view, or for
    /// a client without the game's presenter the plain text and labelled moves built from it.
    /// Viewers who see the same view share its JSON through `encoded`. False when the client
    /// stopped reading.
    @discardableResult
    func sendView(_ view: Rules.View, of running: Rules, to peer: PeerLink, viewer: Viewer, plainText: Bool,
                  yourTurn: Bool, deadlineMs: Int64?, encoded: inout EncodedViews<Rules.View>) -> Bool {
        guard plainText else {
            guard let json = encoded.json(for: view) else {
                return peer.send(ViewMessage(game: gamesPlayed, view: view, yourTurn: yourTurn, deadlineMs: deadlineMs))
            }
            return peer.send(ViewMessage(game: gamesPlayed, view: json, yourTurn: yourTurn, deadlineMs: deadlineMs))
        }
        let context = PresenterContext(seat: viewer.seat, names: seatNames, color: false)
        var moves: [PlainTextView<Rules.Move>.Choice] = []
        var typing: String?
        if let seat = viewer.seat, running.outcome == nil {
            moves = Rules.labelledMoves(in: view, for: seat).map { .init(label: $0.label, move: $0.move) }
            typing = Rules.typedMovePrompt(in: view, for: seat)
        }
        let text = PlainTextView(text: Rules.plainText(of: view, context: context), moves: moves, typing: typing)
        return peer.send(ViewMessage(game: gamesPlayed, view: text, yourTurn: yourTurn, deadlineMs: deadlineMs))
    }

    /// Sends the running (or just finished) game's view to one client.
    func sendCurrentView(to peer: PeerLink, seat: Int?, plainText: Bool) {
        guard let running = rules, phase != .lobby else { return }
        let now = now()
        let schedule = running.schedule
        var encoded = EncodedViews<Rules.View>()
        let viewer: Viewer = seat.map { .seat(SeatID($0)) } ?? .spectator
        sendView(running.view(for: viewer, at: now), of: running, to: peer, viewer: viewer, plainText: plainText,
                 yourTurn: seat.map { running.outcome == nil && schedule.allows(SeatID($0)) } ?? false,
                 deadlineMs: schedule.deadline.map { max(0, $0.milliseconds(since: now)) }, encoded: &encoded)
    }

    /// Whether the client that sent `hello` lacks this game's presenter (it listed the games it
    /// can draw, and this one is not among them).
    func wantsPlainText(_ hello: Hello) -> Bool {
        guard let games = hello.games else { return false }
        return !games.contains { $0.lowercased() == descriptor.id }
    }

    /// The seated players' names, for plain-text views.
    var seatNames: [SeatID: String] {
        Dictionary(players.map { (SeatID($0.seat), $0.name) }, uniquingKeysWith: { first, _ in first })
    }
}
