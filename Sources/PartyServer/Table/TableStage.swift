import PartyKit
import PartyWire

/// Where the table is: between games, or a game on (or, at a locked table, just finished) with
/// everything that lives only as long as that game. Starting a game makes a `GameInPlay`; going
/// back to the lobby drops it, and all it held goes with it.
enum TableStage {
    /// No game: a locked table's lobby, a room choosing or starting.
    case lobby
    /// A game runs.
    case playing(GameInPlay)
    /// A locked table's game just finished: its views stay until a rematch or the lobby.
    case over(GameInPlay)
}

/// What the lobby message calls the table's phase (`lobby`, `playing`, `over`).
enum TablePhase: String {
    case lobby, playing, over
}

/// One game at the table, from its start to the table's return to the lobby.
struct GameInPlay {
    /// The game's rules, behind the table's narrow seam.
    var game: any TableGame
    /// Seats that take part (never reused for newcomers while the game runs).
    var seats: Set<Int>
    /// In a room: the seats → the member ids holding each (one, or a team; kept for those who leave).
    var seatMembers: [Int: [Int]] = [:]
    /// In a room: who plays it and who watches (newcomers included).
    var current: RoomGame?
    /// Teams: seat → the team's name, for seats several players hold.
    var teamNames: [Int: String] = [:]
    /// How the team moves were last said to be played (`TeamMessage.moves`).
    var teamMovesProposed = true
    /// Each team's proposals for its seat's next move, by seat.
    var proposals: [Int: SeatProposals] = [:]
    /// The audience's predictions (nil for a game of one seat, and once settled).
    var predictions: AudiencePredictions?
    /// Whether predictions changed since the split was last sent.
    var predictionsChanged = false
    /// When the split was last sent.
    var lastPredictionsBroadcast = GameInstant.zero
}

extension Table {
    /// The phase as the lobby names it.
    var phase: TablePhase {
        switch stage {
        case .lobby: .lobby
        case .playing: .playing
        case .over: .over
        }
    }

    /// The game on (or just finished) and what it holds; nil between games.
    var play: GameInPlay? {
        switch stage {
        case .lobby: nil
        case .playing(let play), .over(let play): play
        }
    }

    /// Changes the game on (or just finished) in place and returns what `change` returns; nil
    /// between games. The stage is emptied while the game is lent out, so that the value changed
    /// is the only reference to the game's state and nothing of it is copied. (A function rather
    /// than a `_modify` accessor: an accessor's frame this large is allocated on every access.)
    @inline(__always) @discardableResult
    mutating func changePlay<Result>(_ change: (inout GameInPlay) -> Result) -> Result? {
        switch stage {
        case .lobby:
            return nil
        case .playing(var play):
            stage = .lobby
            defer { stage = .playing(play) }
            return change(&play)
        case .over(var play):
            stage = .lobby
            defer { stage = .over(play) }
            return change(&play)
        }
    }

    /// The running (or just finished) game.
    var game: (any TableGame)? { play?.game }
    /// Seats that take part in the game on.
    var seatsInGame: Set<Int> { play?.seats ?? [] }
    /// The game's teams: seat → name.
    var teamNames: [Int: String] { play?.teamNames ?? [:] }
    /// The game's predictions.
    var predictions: AudiencePredictions? { play?.predictions }
}

/// The game changed in place, at the input's instant (nothing when no game is on).
extension Table {
    mutating func gameConnectionChanged(seat: Int, connected: Bool) {
        let now = self.now
        changePlay { $0.game.connectionChanged(seat: seat, connected: connected, at: now) }
    }

    mutating func gameJoin(seat: Int, name: String) {
        let now = self.now
        changePlay { $0.game.join(seat: seat, name: name, at: now) }
    }

    mutating func gameLeave(seat: Int) {
        let now = self.now
        changePlay { $0.game.leave(seat: seat, at: now) }
    }

    /// Lets the game's time pass; false when nothing was due.
    mutating func gameAdvance() -> Bool {
        let now = self.now
        return changePlay { $0.game.advance(to: now) } ?? false
    }

    /// Plays `move` for `seat` at `instant` (now unless said).
    mutating func gamePlay(_ move: TableMove, seat: Int, at instant: GameInstant? = nil) -> MoveAnswer {
        let instant = instant ?? now
        return changePlay { $0.game.play(move, seat: seat, at: instant) } ?? .host(.noGameRunning)
    }
}
