import PartyKit
import PartyWire

/// What a client knows about its party room, updated event by event: the menu, the votes, the
/// countdown (counted down locally from the host's `countdownMs`), the game picked or on, the
/// scoreboard and the last game's result. Shared by the room screen, line mode and the room's bots.
public struct RoomState: Sendable {
    /// The host's latest `room` message; nil before the first.
    public private(set) var room: RoomMessage?
    /// When it arrived, on this machine's clock (the countdown runs from there).
    public private(set) var arrived = ContinuousClock.now
    /// The final scoreboard the host sent when it ended the room.
    public private(set) var finalScoreboard: [RoomScoreLine]?
    /// The members whose seats the host holds after their connection dropped, with the grace
    /// milliseconds left, from the latest `lobby` (which the host re-sends once a second meanwhile).
    public private(set) var held: [HeldSeat] = []
    /// When that `lobby` arrived, on this machine's clock.
    public private(set) var heldArrived = ContinuousClock.now
    /// Our own prediction for the last game, once the host judged it (`right`, `points`), with the
    /// room's number of that game: shown with the last game's result until the next game starts.
    public private(set) var judgedPrediction: (number: Int, prediction: PredictionMessage)?
    /// The spectators' board from the latest settled `predictions` (only spectators get it): our
    /// running total as a spectator, kept to the party's end (`ended` carries members' points only).
    public private(set) var predictionBoard: [PredictionBoardLine]?
    /// Our judged predictions by game (the host's `prediction` at each game's end, `right` and
    /// `points` set): our total when the board does not list us.
    public private(set) var judgedPredictions: [Int: PredictionMessage] = [:]

    /// A seat the host holds for a member whose connection dropped.
    public struct HeldSeat: Hashable, Sendable {
        /// The member's name.
        public var name: String
        /// Milliseconds of grace left when the `lobby` was sent.
        public var graceMs: Int64

        /// Creates a held seat.
        public init(name: String, graceMs: Int64) {
            self.name = name
            self.graceMs = graceMs
        }
    }

    /// Starts before the first `room` message.
    public init() {}

    /// What a `room` message changed, for a client deciding what to say or draw.
    public enum Change: Hashable, Sendable {
        /// Not a room event, or nothing but the countdown moved.
        case none
        /// The countdown moved and nothing else.
        case countdown
        /// Votes, the menu, the message or who is waiting changed (same game number and state).
        case updated
        /// The room moved to another state or game number (`choosing`, `starting`, `playing`).
        case state
    }

    /// Applies one event; only `room` and `ended` concern the room.
    @discardableResult
    public mutating func apply(_ event: ClientEvent) -> Change {
        switch event {
        case .room(let message):
            return apply(message, at: .now)
        case .ended(let ended):
            if let scoreboard = ended.scoreboard { finalScoreboard = scoreboard }
            return .none
        case .lobby(let lobby):
            apply(lobby, at: .now)
            return .none
        case .prediction(let prediction):
            // Judged at the game's end, before the room moves on: the room's number is still that game's.
            if prediction.right != nil {
                judgedPrediction = (room?.number ?? 0, prediction)
                judgedPredictions[prediction.game] = prediction
            }
            return .none
        case .predictions(let predictions):
            if predictions.state == "settled", let board = predictions.board { predictionBoard = board }
            return .none
        default:
            return .none
        }
    }

    /// Applies a `room` message that arrived at `now`.
    @discardableResult
    public mutating func apply(_ message: RoomMessage, at now: ContinuousClock.Instant) -> Change {
        let previous = room
        room = message
        arrived = now
        guard let previous else { return .state }
        if previous.state != message.state || previous.number != message.number || previous.current?.game != message.current?.game {
            return .state
        }
        var withoutCountdown = previous
        withoutCountdown.countdownMs = message.countdownMs
        return withoutCountdown == message ? .countdown : .updated
    }

    /// Takes the held seats from a `lobby` that arrived at `now` (the room's own message does not
    /// carry them).
    public mutating func apply(_ lobby: Lobby, at now: ContinuousClock.Instant) {
        held = lobby.players.filter { !$0.connected }.map { HeldSeat(name: $0.name, graceMs: $0.graceMs ?? 0) }
        heldArrived = now
    }

    /// "Cy is reconnecting… 19 s" for each held seat (the seconds rounded up and counted down
    /// locally), joined with " · "; nil when nobody is away.
    public func reconnectingLine(at now: ContinuousClock.Instant = .now) -> String? {
        guard !held.isEmpty else { return nil }
        let elapsed = max(0, (now - heldArrived).wholeMilliseconds)
        return held.map { PlayerLabel.reconnecting($0.name, milliseconds: $0.graceMs - elapsed) }.joined(separator: " · ")
    }

    /// Our judged prediction for the last game ("You said Bob — right! +50"), while the room shows
    /// that game as its last one; nil during the next game and after it.
    public var lastPrediction: PredictionMessage? {
        guard let judgedPrediction, phase != "playing", last?.number == judgedPrediction.number else { return nil }
        return judgedPrediction.prediction
    }

    /// What our predictions earned this party, for the end: "Your predictions: 2 right, 100 points
    /// (place 2 among the watchers)." The spectators' board says it when it lists us (`name`), else the
    /// host's answers to our own predictions (a member's points are on the scoreboard already);
    /// nil when no prediction of ours was judged.
    public func predictionsSummary(name: String, spectator: Bool) -> String? {
        if spectator, let line = predictionBoard?.first(where: { $0.name == name }) {
            return "Your predictions: \(line.right) right, \(line.points) point\(line.points == 1 ? "" : "s") "
                + "(place \(line.place) among the watchers)."
        }
        guard !judgedPredictions.isEmpty else { return nil }
        let points = judgedPredictions.values.compactMap(\.points).reduce(0, +)
        let right = judgedPredictions.values.filter { $0.right == true }.count
        return "Your predictions: \(right) of \(judgedPredictions.count) right, \(points) point\(points == 1 ? "" : "s")."
    }

    /// Whether the first `room` message has arrived.
    public var known: Bool { room != nil }

    /// `choosing`, `starting` or `playing` (`choosing` before the first message).
    public var phase: String { room?.state ?? "choosing" }

    /// Our member id; nil for a spectator (or before the first message).
    public var you: Int? { room?.you }

    /// The VIP's member id (the member holding the host's role), when someone holds it.
    public var vip: Int? { room?.vip }

    /// Whether you are the VIP (your `room` lists your rights).
    public var youAreVIP: Bool { room?.rights != nil }

    /// The member present whose name is `name` (case does not matter), if exactly one is.
    public func presentMember(named name: String) -> RoomScoreLine? {
        let wanted = name.lowercased()
        let found = scoreboard.filter { $0.present && $0.name.lowercased() == wanted }
        return found.count == 1 ? found[0] : nil
    }

    /// The menu, in menu order.
    public var menu: [RoomMenuEntry] { room?.menu ?? [] }

    /// The votes cast for the game being chosen, in the order cast.
    public var votes: [RoomVote] { room?.votes ?? [] }

    /// The game picked or on; nil while choosing.
    public var current: RoomGame? { phase == "choosing" ? nil : room?.current }

    /// The scoreboard, best first: the final one once the room has ended.
    public var scoreboard: [RoomScoreLine] { finalScoreboard ?? room?.scoreboard ?? [] }

    /// The last finished game's result.
    public var last: RoomGameResult? { room?.last }

    /// The game our vote is for, if we voted.
    public var myVote: String? {
        guard let you else { return nil }
        return votes.last { $0.member == you }?.game
    }

    /// Whether we play the current game (false while watching it, or when none is on).
    public var playsCurrentGame: Bool {
        guard let current, let you else { return false }
        return current.players.contains(you)
    }

    /// The title of the game with `id`, from the menu (the id itself when the menu lacks it).
    public func title(of id: String) -> String {
        menu.first { $0.id == id }?.title ?? room.flatMap { $0.current?.game == id ? $0.current?.title : nil } ?? id
    }

    /// The names of the votes for `id`, in the order cast.
    public func voters(for id: String) -> [String] {
        votes.filter { $0.game == id }.map(\.name)
    }

    /// Milliseconds left on the countdown at `now`, counted down locally since the message came;
    /// nil when none runs.
    public func countdownMilliseconds(at now: ContinuousClock.Instant = .now) -> Int64? {
        guard let total = room?.countdownMs else { return nil }
        let elapsed = (now - arrived).wholeMilliseconds
        return max(0, total - elapsed)
    }

    /// Whole seconds left on the countdown (rounded up, so "1 s" shows until it runs out).
    public func countdownSeconds(at now: ContinuousClock.Instant = .now) -> Int64? {
        countdownMilliseconds(at: now).map { ($0 + 999) / 1000 }
    }

    /// The menu entry `text` names: its number in the menu (from 1), its id, its title (case,
    /// spaces and punctuation aside: "snap" for "Snap!", "four in a row"), or the start of exactly
    /// one id or title ("four", "tw"). Otherwise says what may be typed.
    public func entry(named text: String) -> Result<RoomMenuEntry, InputError> {
        let typed = text.trimmingWhitespace()
        let menu = self.menu
        guard !menu.isEmpty else { return .failure(InputError("The room has not shown its menu yet.")) }
        if let number = Int(typed) {
            guard menu.indices.contains(number - 1) else {
                return .failure(InputError("There is no game \(number) on the menu: type a number from 1 to \(menu.count) or a game's name."))
            }
            return .success(menu[number - 1])
        }
        let key = Self.squashed(typed)
        guard !key.isEmpty else { return .failure(InputError("Say which game: a number from 1 to \(menu.count) or a game's name (vote snap).")) }
        if let exact = menu.first(where: { Self.squashed($0.id) == key || Self.squashed($0.title) == key }) {
            return .success(exact)
        }
        let started = menu.filter { Self.squashed($0.id).hasPrefix(key) || Self.squashed($0.title).hasPrefix(key) }
        if started.count == 1 { return .success(started[0]) }
        let names = menu.map(\.id).joined(separator: ", ")
        if started.count > 1 {
            return .failure(InputError("\"\(typed)\" could be \(started.map(\.title).joined(separator: " or ")): type more of the name."))
        }
        return .failure(InputError("There is no game \"\(typed)\" on the menu; the menu has: \(names)."))
    }

    /// `text` lower-cased with only its letters and digits ("Snap!" → "snap", "Four in a Row" → "fourinarow").
    static func squashed(_ text: String) -> String {
        String(text.lowercased().filter { $0.isLetter || $0.isNumber })
    }
}
