// The template of a new game, written by `new-game` with `__NAME__`, `__ID__` and `__TITLE__`
// replaced. It is a real game that compiles and passes its tests; edit it as Swift source here.

extension GameTemplate {
    /// The view type sent to each viewer.
    static let view = #"""
    import PartyKit

    /// What one viewer sees of a __NAME__ game; the host sends it to that viewer's client as JSON.
    ///
    /// Keep views small with simple field names, for example
    /// `{"total":14,"target":21,"players":[0,1],"turn":1,"you":0,"remainingMs":29500,
    /// "last":{"seat":0,"amount":3,"timedOut":false}}`.
    public struct __NAME__View: Hashable, Codable, Sendable {
        /// The running total.
        public var total: Int
        /// The total to reach.
        public var target: Int
        /// The players still in the game, in turn order.
        public var players: [SeatID]
        /// Whose turn it is; nil once the game is over.
        public var turn: SeatID?
        /// The viewer's own seat; nil for a spectator.
        public var you: SeatID?
        /// Milliseconds left in the current turn when the host sent the view; nil once the game is over.
        public var remainingMs: Int64?
        /// The last move made, if any.
        public var last: LastMove?
        /// The winner, once someone has won.
        public var winner: SeatID?
        /// The result for people ("Alice reaches 21 and wins"); nil while the game runs.
        public var outcome: String?

        /// Creates a view.
        public init(
            total: Int, target: Int, players: [SeatID], turn: SeatID?, you: SeatID?, remainingMs: Int64?,
            last: LastMove? = nil, winner: SeatID? = nil, outcome: String? = nil
        ) {
            self.total = total
            self.target = target
            self.players = players
            self.turn = turn
            self.you = you
            self.remainingMs = remainingMs
            self.last = last
            self.winner = winner
            self.outcome = outcome
        }

        /// A move as the view reports it.
        public struct LastMove: Hashable, Codable, Sendable {
            /// Who moved.
            public var seat: SeatID
            /// How much was added.
            public var amount: Int
            /// Whether the clock added it because the turn ran out.
            public var timedOut: Bool

            /// Creates a report of a move.
            public init(seat: SeatID, amount: Int, timedOut: Bool) {
                self.seat = seat
                self.amount = amount
                self.timedOut = timedOut
            }

            /// "Bob added 3" or "Bob ran out of time: +1".
            public func sentence(context: PresenterContext) -> String {
                let name = context.name(of: seat)
                return timedOut ? "\(name) ran out of time: +\(amount)" : "\(name) added \(amount)"
            }
        }

        /// Whether the game has ended.
        public var isOver: Bool { outcome != nil }

        /// The amounts `seat` may add now according to this view: none unless it is their turn.
        public func legalAmounts(for seat: SeatID?) -> [Int] {
            guard !isOver, let seat, turn == seat else { return [] }
            return (__NAME__.smallestStep...__NAME__.largestStep).filter { total + $0 <= target }
        }

        /// Seconds left in the turn, `elapsedMilliseconds` after the view arrived, rounded up.
        public func secondsLeft(elapsedMilliseconds: Int64) -> Int64? {
            remainingMs.map { (max(0, $0 - max(0, elapsedMilliseconds)) + 999) / 1000 }
        }

        /// Whose turn it is and how long is left, or the result: "Your turn: add 1, 2 or 3 (12 s left)".
        public func status(context: PresenterContext, elapsedMilliseconds: Int64) -> String {
            if let outcome { return outcome }
            guard let turn else { return "" }
            let clock = secondsLeft(elapsedMilliseconds: elapsedMilliseconds).map { " (\($0) s left)" } ?? ""
            let viewer = context.seat ?? you
            if turn == viewer {
                let amounts = legalAmounts(for: turn).map(String.init)
                let choices = amounts.count > 1
                    ? amounts.dropLast().joined(separator: ", ") + " or " + amounts[amounts.count - 1]
                    : amounts.joined()
                return "Your turn: add \(choices)\(clock)"
            }
            return "\(context.name(of: turn)) to move\(clock)"
        }
    }
    """#

    /// The computer player.
    static let bot = #"""
    import PartyKit

    /// A computer player for __NAME__: it sees only its own view, like a person's client.
    ///
    /// It tries to leave a multiple of 4 to go (the winning strategy with two players) and otherwise
    /// adds a random legal amount, after a human-like pause of 500–1200 ms. Its level decides how
    /// often it plays the strategy: never (`easy`), two moves in three (`normal`), always (`perfect`).
    public struct __NAME__Bot: GameBot {
        /// The game this bot plays.
        public typealias Rules = __NAME__

        /// The shortest pause before answering, in milliseconds.
        public static let minimumDelay: Int64 = 500
        /// The longest pause before answering, in milliseconds.
        public static let maximumDelay: Int64 = 1200

        /// The seat the bot plays.
        public let seat: SeatID
        /// How well it plays.
        public let level: BotLevel
        private var random: SeededRandom
        private var planned: (total: Int, plan: BotPlan<__NAME__Move>)?

        /// Creates a bot for `seat` playing at `level`, whose choices and pauses are determined by `seed`.
        public init(seat: SeatID, seed: UInt64, level: BotLevel) {
            self.seat = seat
            self.level = level
            random = SeededRandom(seed: seed)
            planned = nil
        }

        /// The amount to add and when; nil when it is not the bot's turn.
        ///
        /// The driver calls this after every view and keeps only the latest plan, so a view of the same
        /// position while the plan is still pending returns that plan again (no restarted pause).
        public mutating func plan(for view: __NAME__View, at now: GameInstant) -> BotPlan<__NAME__Move>? {
            let amounts = view.legalAmounts(for: seat)
            guard !amounts.isEmpty else { return nil }
            if let planned, planned.total == view.total, planned.plan.at > now { return planned.plan }
            let strategic = switch level {
            case .easy: false
            case .normal: random.next() % 3 != 0
            case .perfect: true
            }
            let winning = strategic ? amounts.first { (view.target - view.total - $0) % 4 == 0 } : nil
            let amount = winning ?? amounts[Int(random.next() % UInt64(amounts.count))]
            let delay = Self.minimumDelay + Int64(random.next() % UInt64(Self.maximumDelay - Self.minimumDelay + 1))
            let plan = BotPlan(move: __NAME__Move(amount: amount), at: now.adding(milliseconds: delay))
            planned = (view.total, plan)
            return plan
        }
    }
    """#

    /// The terminal presenter: keys, line mode, description.
    static let presenter = #"""
    import PartyKit

    /// Draws __NAME__ in the terminal and turns keys (full screen) or typed lines (line mode) into moves.
    ///
    /// Keys: 1, 2 or 3 adds that amount. In line mode, type `2` or `add 2`. The shell itself handles
    /// `q` (leave), `r` (rematch) and Ctrl-C, so a presenter never sees those.
    public struct __NAME__Presenter: GamePresenter {
        /// The game this presenter draws.
        public typealias Rules = __NAME__

        /// Creates a presenter (__NAME__ keeps no UI state of its own; a cursor or a half-typed entry
        /// would live in stored properties here).
        public init() {}

        /// The keys this game uses, for the help line.
        public var keyHelp: String { "1, 2 or 3 adds that much to the total" }

        /// What to type in line mode, for the help text.
        public var lineHelp: String { "an amount to add, 1 to 3, like 2 or add 2" }

        /// Sends a move for the digits 1–3; explains in the status line why a move cannot be made.
        public mutating func handle(_ key: Key, view: __NAME__View, context: PresenterContext) -> PresenterAction<__NAME__Move> {
            guard case .character(let character) = key, character.isASCII, let digit = character.wholeNumberValue else {
                return .none
            }
            switch check(amount: digit, view: view, context: context) {
            case .success(let move): return .send(move)
            case .failure(let error): return .message(error.message)
            }
        }

        /// One line for line mode: "total 14/21 | last: Bob added 3 | Your turn: add 1, 2 or 3 (12 s left)".
        public func describe(_ view: __NAME__View, context: PresenterContext) -> String {
            var parts = ["total \(view.total)/\(view.target)"]
            if let last = view.last { parts.append("last: " + last.sentence(context: context)) }
            parts.append(view.status(context: context, elapsedMilliseconds: context.elapsedMilliseconds))
            return parts.joined(separator: " | ")
        }

        /// Reads `2` or `add 2` (any case, any spacing) as a move, checking it against the view.
        public func parse(line: String, view: __NAME__View, context: PresenterContext) -> Result<__NAME__Move, InputError> {
            var words = line.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" })
            if words.first == "add" || words.first == "a" { words.removeFirst() }
            guard words.count == 1, let amount = Int(words[0]) else {
                return .failure(InputError("Type an amount to add, 1 to 3, like 2 or add 2."))
            }
            return check(amount: amount, view: view, context: context)
        }

        /// Redraws every 250 ms while a turn clock runs, so the countdown moves.
        public func refreshInterval(for view: __NAME__View) -> Int? {
            view.remainingMs == nil ? nil : 250
        }

        /// The move adding `amount` if the viewer may make it now, or why not (checked before sending,
        /// so the player learns at once; the host checks again anyway).
        func check(amount: Int, view: __NAME__View, context: PresenterContext) -> Result<__NAME__Move, InputError> {
            if view.isOver { return .failure(InputError("The game is over.")) }
            guard let seat = context.seat ?? view.you, view.players.contains(seat) else {
                return .failure(InputError("You are watching this game; only the players can move."))
            }
            guard view.turn == seat else {
                return .failure(InputError(__NAME__Rejection.notYourTurn.description))
            }
            guard (__NAME__.smallestStep...__NAME__.largestStep).contains(amount) else {
                return .failure(InputError(__NAME__Rejection.amountOutOfRange(amount: amount).description))
            }
            guard view.total + amount <= view.target else {
                return .failure(InputError(
                    __NAME__Rejection.passesTarget(amount: amount, total: view.total, target: view.target).description))
            }
            return .success(__NAME__Move(amount: amount))
        }
    }
    """#

    /// The presenter's full-screen drawing.
    static let presenterDrawing = #"""
    import PartyKit

    extension __NAME__Presenter {
        /// Draws the total, a progress bar towards the target, the players and whose turn it is.
        ///
        /// The shell draws a title and a status line itself and hands over the rest as `canvas`
        /// (typically 80 × 20). Everything here is placed relative to the canvas size and clipped by
        /// it, so small terminals get less, never a crash.
        public func draw(_ view: __NAME__View, context: PresenterContext, on canvas: inout Canvas) {
            guard canvas.width > 0, canvas.height > 0 else { return }
            let accent: TextStyle = context.color ? .color(.cyan, bold: true) : TextStyle(bold: true)
            var y = max(0, (canvas.height - 8) / 2)

            canvas.putCentered("\(view.total) of \(view.target)", y: y, style: accent)
            y += 2

            // A bar that fills as the total nears the target.
            let barWidth = max(0, min(40, canvas.width - 4))
            if barWidth > 0 {
                let filled = view.target > 0 ? barWidth * min(view.total, view.target) / view.target : 0
                let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: barWidth - filled)
                canvas.putCentered(bar, y: y, style: context.color ? .color(.green) : .plain)
                y += 2
            }

            let names = view.players.map { seat -> String in
                let name = context.name(of: seat)
                return seat == view.turn ? "▶ \(name)" : name
            }
            canvas.putCentered(names.joined(separator: "   "), y: y)
            y += 1
            if let last = view.last {
                canvas.putCentered(last.sentence(context: context), y: y, style: TextStyle(dim: true))
            }
            y += 2

            let status = view.status(context: context, elapsedMilliseconds: context.elapsedMilliseconds)
            let mine = !view.isOver && view.turn != nil && view.turn == (context.seat ?? view.you)
            canvas.putCentered(status, y: y, style: mine ? accent : .plain)
            if mine, y + 1 < canvas.height {
                canvas.putCentered("Press 1, 2 or 3", y: y + 1, style: TextStyle(dim: true))
            }
        }
    }
    """#

    /// The `PartyGame` bundle the catalog lists.
    static let game = #"""
    import PartyKit

    /// __NAME__ as the catalog lists it: its rules, its bot and its terminal presenter.
    public enum __NAME__Game: PartyGame {
        /// The rules.
        public typealias Rules = __NAME__
        /// The computer player.
        public typealias Bot = __NAME__Bot
        /// The terminal presenter.
        public typealias Presenter = __NAME__Presenter
    }
    """#
}
