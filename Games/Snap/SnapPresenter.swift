import PartyKit

/// Draws the Snap! table in a terminal and turns keys or typed lines into moves.
///
/// Keys: Space or Enter turns your card (and says you are ready while the cards are dealt), `s` calls snap.
/// Line mode: `t`, `turn` or an empty line (like Enter) turns your card; `s` or `snap` calls snap.
public struct SnapPresenter: GamePresenter {
    /// The game this presenter draws.
    public typealias Rules = Snap

    /// How long a snap event flashes, in milliseconds.
    public static let flashMilliseconds: Int64 = 2000

    /// Creates the presenter (it keeps no UI state).
    public init() {}

    /// The keys, for the help line.
    public var keyHelp: String { "Space/Enter turn your card · s call snap · q leave" }

    /// What to type in line mode.
    public var lineHelp: String { "t, turn or an empty line turns your card; s or snap calls snap" }

    /// Four redraws a second while a clock counts down.
    public func refreshInterval(for view: SnapView) -> Int? {
        view.phase == .over ? nil : 250
    }

    /// Space or Enter turns the card (or says you are ready while dealing), `s` calls snap.
    public mutating func handle(_ key: Key, view: SnapView, context: PresenterContext) -> PresenterAction<SnapMove> {
        let result: Result<SnapMove, InputError>
        switch key {
        case .character(" "), .enter: result = turnMove(view)
        case .character("s"), .character("S"): result = snapMove(view)
        default: return .none
        }
        switch result {
        case .success(let move): return .send(move)
        case .failure(let error): return .message(error.message)
        }
    }

    /// Reads `t`/`turn`/an empty line or `s`/`snap`.
    public func parse(line: String, view: SnapView, context: PresenterContext) -> Result<SnapMove, InputError> {
        switch line.trimmingWhitespace().lowercased() {
        case "", "t", "turn": turnMove(view)
        case "s", "snap": snapMove(view)
        default: .failure(InputError("Type t (or turn, or just Enter) to turn your card, or s (or snap) to call snap."))
        }
    }

    /// The move Space, Enter or `turn` means now: ready while dealing, or turn the card.
    func turnMove(_ view: SnapView) -> Result<SnapMove, InputError> {
        guard let me = view.mine else { return .failure(InputError("You are watching; only players turn cards.")) }
        switch view.phase {
        case .dealing:
            return me.ready ? .failure(InputError("You are ready; play starts when everyone is.")) : .success(.confirmDeal)
        case .playing:
            if view.active == me.seat { return .success(.turn) }
            if me.out { return .failure(InputError("You have no cards left; you are out.")) }
            let name = view.player(view.active)?.name ?? "someone else"
            return .failure(InputError("It is \(name)'s turn, not yours."))
        case .over:
            return .failure(InputError("The game is over; press r (or type rematch) for another."))
        }
    }

    /// The snap call on the table the viewer sees.
    func snapMove(_ view: SnapView) -> Result<SnapMove, InputError> {
        guard let me = view.mine else { return .failure(InputError("You are watching; only players call snap.")) }
        switch view.phase {
        case .dealing: return .failure(InputError("No cards are turned yet; snap once play starts."))
        case .over: return .failure(InputError("The game is over; press r (or type rematch) for another."))
        case .playing:
            return me.out ? .failure(InputError("You have no cards left, so you cannot call snap.")) : .success(.snap(seen: view.table))
        }
    }

    /// One line: the turn, whose turn and time left, everyone's cards and top card, the latest event.
    public func describe(_ view: SnapView, context: PresenterContext) -> String {
        var parts: [String] = []
        switch view.phase {
        case .dealing:
            let ready = view.players.filter { $0.ready && !$0.gone }.count
            let total = view.players.filter { !$0.gone }.count
            let seconds = Self.seconds(view.dealMs.map { $0 - context.elapsedMilliseconds } ?? 0)
            parts.append("Dealing: \(ready) of \(total) ready, play starts in \(seconds)s")
            if view.mine?.ready == false { parts.append("press Enter (or type t) when you are ready") }
        case .playing:
            parts.append((Self.turnOf(view).map { "T" + $0.dropFirst() } ?? "Turn \(view.turn + 1)")
                + (Self.turnsLeft(view).map { " (\($0))" } ?? ""))
            if let active = view.player(view.active) {
                let who = active.seat == view.me ? "your turn" : "\(active.name) to play"
                parts.append(view.paused ? "\(who) (paused: away)" : "\(who) (\(Self.seconds(remaining(view, context)))s)")
            }
        case .over:
            parts.append("Game over: \(view.outcome ?? "finished")")
        }
        parts.append(view.players.map(Self.summary).joined(separator: ", "))
        if let event = view.event { parts.append(event.text) }
        return parts.joined(separator: " · ")
    }

    /// "You 13 [Q♥]", "Bob 20 [--]", "Carol out".
    static func summary(_ player: SnapView.Player) -> String {
        if player.gone { return "\(player.name) left" }
        if player.out { return "\(player.name) out" }
        return "\(player.name) \(player.cards) [\(player.top?.label ?? "--")]"
    }

    /// Milliseconds left of the turn, counted down locally since the view arrived.
    func remaining(_ view: SnapView, _ context: PresenterContext) -> Int64 {
        let left = view.turnMs ?? 0
        return view.paused ? left : max(0, left - context.elapsedMilliseconds)
    }

    /// Whole seconds, rounded up.
    static func seconds(_ milliseconds: Int64) -> Int64 { max(0, (milliseconds + 999) / 1000) }
}
