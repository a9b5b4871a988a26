/// A watcher's prediction of who wins the running game: the seat (a team's seat stands for the
/// team). Accepted once per game, while predictions are open, from anyone who does not play it.
public struct Predict: WireMessage, Hashable {
    public static let type = MessageType.predict
    /// The seat predicted to win.
    public var seat: Int
    /// From a fleet node's relay: which of its watchers predicts (the relay's own number for them).
    public var watcher: Int?
    /// From a relay: that watcher's name, for the spectators' board.
    public var name: String?

    /// Creates a prediction (a relay's names its `watcher` and their `name`).
    public init(seat: Int, watcher: Int? = nil, name: String? = nil) {
        self.seat = seat
        self.watcher = watcher
        self.name = name
    }
}

/// From a fleet node's relay to the room's node: how many watchers the relay serves now (they
/// count in `lobby.spectators`). Only a connection that said `relay` in `hello.features` sends it.
public struct AudienceMessage: WireMessage, Hashable {
    public static let type = MessageType.audience
    /// Watchers connected to the relay.
    public var count: Int

    /// Creates an audience count.
    public init(count: Int) { self.count = count }
}

/// The audience's predictions for the running game: who is predicted to win, by how many, and
/// once the game is over who was right. Sent to every client whose `hello.features` contains
/// `predictions` (players too): when the game starts, as predictions come in (at most about four
/// times a second), when they close and when the game ends.
public struct PredictionsMessage: WireMessage, Hashable {
    public static let type = MessageType.predictions
    /// The game number (as in `view`).
    public var game: Int
    /// `open` (watchers may predict), `closed` (the first move was played or the time ran out) or
    /// `settled` (the game is over; `winners` says who won).
    public var state: String
    /// Every seat of the game with its name and the predictions for it, in seat order.
    public var choices: [PredictionChoice]
    /// How many predictions there are in all.
    public var total: Int
    /// While `open`: milliseconds until predictions close by time (they close earlier at the first move).
    public var closesMs: Int64?
    /// What a right prediction scores.
    public var points: Int
    /// When `settled`: the seats that won (empty for a draw: then nobody was right).
    public var winners: [Int]?
    /// The split for people: `62 % think Bob wins (5 of 8)`, `Bob won: 5 of 8 said so`.
    public var message: String
    /// When `settled`, in the copy spectators get: the spectators' own board, best first.
    public var board: [PredictionBoardLine]?

    /// Creates a predictions message.
    public init(game: Int, state: String, choices: [PredictionChoice], total: Int, closesMs: Int64?, points: Int,
                winners: [Int]?, message: String, board: [PredictionBoardLine]? = nil) {
        self.game = game
        self.state = state
        self.choices = choices
        self.total = total
        self.closesMs = closesMs
        self.points = points
        self.winners = winners
        self.message = message
        self.board = board
    }
}

/// One seat as the audience may predict it.
public struct PredictionChoice: Codable, Hashable, Sendable {
    /// The seat.
    public var seat: Int
    /// The seat's name in the game (a team's name for a team).
    public var name: String
    /// How many predict this seat wins.
    public var votes: Int
    /// `votes` as a whole percentage of all predictions (0 while there are none).
    public var percent: Int

    /// Creates a choice.
    public init(seat: Int, name: String, votes: Int, percent: Int) {
        self.seat = seat
        self.name = name
        self.votes = votes
        self.percent = percent
    }
}

/// One spectator's line on the spectators' board: points from right predictions in this session.
public struct PredictionBoardLine: Codable, Hashable, Sendable {
    /// 1 for the most points; equal points share the place.
    public var place: Int
    /// The spectator's name.
    public var name: String
    /// Points so far.
    public var points: Int
    /// Right predictions so far.
    public var right: Int

    /// Creates a board line.
    public init(place: Int, name: String, points: Int, right: Int) {
        self.place = place
        self.name = name
        self.points = points
        self.right = right
    }
}

/// Your own prediction: sent to you when it is accepted and again, with `right` and `points`,
/// when the game ends.
public struct PredictionMessage: WireMessage, Hashable {
    public static let type = MessageType.prediction
    /// The game number (as in `view`).
    public var game: Int
    /// The seat you predicted.
    public var seat: Int
    /// That seat's name.
    public var name: String
    /// Once the game is over: whether the seat won.
    public var right: Bool?
    /// Once the game is over: the points it earned you (0 when wrong).
    public var points: Int?
    /// The line for people: `You said Bob.`, `You said Bob — right! +50`, `You said Bob — not this time.`
    public var message: String
    /// To a relay: the watcher this prediction is for (the relay removes it before passing it on).
    public var watcher: Int?

    /// Creates a prediction message.
    public init(game: Int, seat: Int, name: String, right: Bool? = nil, points: Int? = nil, message: String, watcher: Int? = nil) {
        self.game = game
        self.seat = seat
        self.name = name
        self.right = right
        self.points = points
        self.message = message
        self.watcher = watcher
    }
}

extension PredictionsMessage {
    /// The split as one status line for terminals: while open `Who wins? 1 Ann 67 % · 2 Bob 33 %
    /// (3 predictions) · 12 s` (seat numbers from 1: the keys that predict), else `message`.
    public var line: String {
        guard state == "open" else { return message }
        let seats = choices.map { "\($0.seat + 1) \($0.name) \($0.percent) %" }.joined(separator: " · ")
        let count = " (\(total) prediction\(total == 1 ? "" : "s"))"
        return "Who wins? \(seats)\(count)" + (closesMs.map { " · \(($0 + 999) / 1000) s" } ?? "")
    }
}
