import PartyKit

/// What one viewer of a TwentyFour game sees: the challenge, the time left, the results and scores.
///
/// Nobody sees a solution or another player's expression before the round has ended.
public struct TwentyFourView: Codable, Hashable, Sendable {
    /// Whether a round is running or the game pauses between rounds.
    public enum Phase: String, Codable, Hashable, Sendable {
        /// A round is running.
        case round
        /// The pause between rounds ("Next round will start shortly…").
        case pause
    }

    /// Where one player stands in the current (or just finished) round.
    public enum Standing: String, Codable, Hashable, Sendable {
        /// Joined too late for this round; plays from the next.
        case waiting
        /// Playing this round.
        case guessing
        /// Joined during this round and got the challenge at once.
        case newGuessing
        /// Found 24.
        case solved
        /// Gave up.
        case gaveUp
        /// Did not solve it before the round ended.
        case ranOutOfTime

        /// The status as the results table shows it.
        public var text: String {
            switch self {
            case .waiting: "Just joined, itching to play!"
            case .guessing: "Still guessing…"
            case .newGuessing: "New player, guessing…"
            case .solved: "Solved"
            case .gaveUp: "Gave up"
            case .ranOutOfTime: "Ran out of time"
            }
        }

        /// Whether the player may still answer.
        public var isGuessing: Bool { self == .guessing || self == .newGuessing }
    }

    /// One line of the results table.
    public struct Row: Codable, Hashable, Sendable {
        /// The player's seat.
        public var seat: SeatID
        /// The player's name.
        public var name: String
        /// How the player stands.
        public var standing: Standing
        /// Milliseconds the player took, for solvers.
        public var ms: Int64?
        /// The solver's expression, shown only after the round has ended (or to the solver).
        public var expression: String?

        /// Creates a row.
        public init(seat: SeatID, name: String, standing: Standing, ms: Int64? = nil, expression: String? = nil) {
            self.seat = seat
            self.name = name
            self.standing = standing
            self.ms = ms
            self.expression = expression
        }

        /// "Alice: 12.34 seconds" or "Bob: Still guessing…".
        public var line: String {
            if let ms { return "\(name): \(TwentyFourView.seconds(ms)) seconds" }
            return "\(name): \(standing.text)"
        }
    }

    /// One line of the running scores.
    public struct Score: Codable, Hashable, Sendable {
        /// The player's seat.
        public var seat: SeatID
        /// The player's name.
        public var name: String
        /// Rounds in which the player was the fastest solver.
        public var won: Int
        /// Rounds the player solved.
        public var solved: Int

        /// Creates a score line.
        public init(seat: SeatID, name: String, won: Int, solved: Int) {
            self.seat = seat
            self.name = name
            self.won = won
            self.solved = solved
        }
    }

    /// The round number, from 1.
    public var round: Int
    /// Round or pause.
    public var phase: Phase
    /// The four numbers of the current (or just finished) round.
    public var numbers: [Int]
    /// Milliseconds until the round ends (in a round) or the next starts (in a pause), from when the view was made.
    public var remainingMs: Int64
    /// The viewer's own standing; nil for spectators.
    public var me: Standing?
    /// The results table, solvers fastest first, then the others by name.
    public var results: [Row]
    /// The running scores, most rounds won first.
    public var scores: [Score]
    /// The host's last reply to this viewer ("Correct! 24 in 12.34 seconds.").
    public var reply: String?
    /// One solution, shown after the round to everyone who did not find one.
    public var solution: String?
    /// The number of rounds in the game; nil when it has no end (`--rounds 0`).
    public var rounds: Int?
    /// How the game ended, for people ("Ann wins 3 rounds to 1"), once it is over; the phase
    /// stays `pause` (with the last round's results) so that older clients still read the view.
    public var outcome: String?

    /// Creates a view.
    public init(round: Int, phase: Phase, numbers: [Int], remainingMs: Int64, me: Standing?, results: [Row],
                scores: [Score], reply: String?, solution: String?, rounds: Int? = nil, outcome: String? = nil) {
        self.round = round
        self.phase = phase
        self.numbers = numbers
        self.remainingMs = remainingMs
        self.me = me
        self.results = results
        self.scores = scores
        self.reply = reply
        self.solution = solution
        self.rounds = rounds
        self.outcome = outcome
    }

    /// Whether the game is over (its last round has been played, or everybody left).
    public var isOver: Bool { outcome != nil }

    /// "Round 3" or, in a game with an end, "Round 3 of 5".
    public var roundTitle: String {
        rounds.map { "Round \(round) of \($0)" } ?? "Round \(round)"
    }

    /// Whether the viewer may answer now.
    public var canAnswer: Bool { !isOver && phase == .round && me?.isGuessing == true && remainingMs > 0 }

    /// The viewer's status line: what they should know about their own round.
    public var status: String {
        if isOver { return "No more rounds: the game is over." }
        if phase == .pause { return "Next round will start shortly…" }
        guard let me else { return "Watching" }
        return me.text
    }

    /// Milliseconds as seconds with two decimals, cut (not rounded) like a stopwatch: 12345 → "12.34".
    public static func seconds(_ ms: Int64) -> String {
        let clamped = max(0, ms)
        let hundredths = clamped / 10 % 100
        return "\(clamped / 1000).\(hundredths < 10 ? "0" : "")\(hundredths)"
    }
}
