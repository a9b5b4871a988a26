// The template of a new game, written by `new-game` with `__NAME__`, `__ID__` and `__TITLE__`
// replaced. It is a real game that compiles and passes its tests; edit it as Swift source here.

extension GameTemplate {
    /// The rules: the game state and `GameRules` itself (apply, advance, leave, schedule).
    static let rules = #"""
    import PartyKit

    /// The rules of __NAME__: players take turns adding 1, 2 or 3 to a running total, and whoever brings
    /// it to exactly the target (21 by default) wins.
    ///
    /// This is the game `new-game` generated: small, but it uses every part of the API a real game
    /// needs. Seats move in turn order (seat order, the start rotating with `GameSetup.gameNumber`);
    /// each turn has a time limit (`turn-seconds`), and when it runs out the host calls
    /// `advance(to:)` and the rules add 1 for the player. Nothing is hidden. Replace it with your game.
    public struct __NAME__: GameRules {
        /// A move adds an amount to the total.
        public typealias Move = __NAME__Move
        /// What one viewer sees.
        public typealias View = __NAME__View
        /// Why a move is refused.
        public typealias Rejection = __NAME__Rejection
        /// The target and the turn time limit.
        public typealias Configuration = __NAME__Configuration

        /// The smallest amount a move may add.
        public static let smallestStep = 1
        /// The largest amount a move may add.
        public static let largestStep = 3

        /// __NAME__'s id (as typed after `--game`), title and player counts.
        public static let descriptor = GameDescriptor(
            id: "__ID__",
            title: "__TITLE__",
            minPlayers: 2,
            maxPlayers: 6,
            joinInProgress: false,
            summary: "Take turns adding 1, 2 or 3 to a running total; whoever reaches the target exactly wins.",
            // One line the lobby shows before a game: the goal and the keys (at most 76 characters).
            howToPlay: "On your turn press 1, 2 or 3 to add it to the total; hit the target exactly.",
            // How to play in words for every screen (phone, TV, terminal): a few lines, no keys.
            rules: [
                "Players take turns adding 1, 2 or 3 to a running total.",
                "Whoever makes the total hit the target exactly wins.",
            ]
        )

        // The state is `internal(set)`, not `private(set)`: `hidingInformation` in
        // `__NAME__+View.swift` changes a copy's secrets, and a private setter is out of reach there.

        /// The settings this game was started with.
        public let configuration: __NAME__Configuration
        /// The players still in the game, in turn order.
        public internal(set) var players: [Seat]
        /// The running total.
        public internal(set) var total: Int
        /// The index in `players` of the player to move.
        public internal(set) var turnIndex: Int
        /// When the current turn runs out; nil once the game is over.
        public internal(set) var turnDeadline: GameInstant?
        /// The last move made, if any: who, how much, and whether the clock made it for them.
        public internal(set) var lastMove: __NAME__View.LastMove?
        /// The result, once the game is over.
        public internal(set) var outcome: GameOutcome?
        /// Everyone who started the game, in seat order: the standings list them all.
        public let startingSeats: [SeatID]

        /// Starts a game at total 0; the first player rotates with every rematch.
        public init(setup: GameSetup<__NAME__Configuration>) {
            configuration = setup.configuration
            players = setup.seats
            startingSeats = setup.seats.map(\.id)
            total = 0
            turnIndex = setup.seats.isEmpty ? 0 : setup.gameNumber % setup.seats.count
            lastMove = nil
            outcome = nil
            turnDeadline = setup.now.adding(milliseconds: configuration.turnMilliseconds)
            if players.count < 2 {
                finish(GameOutcome(winners: players.map(\.id), reason: .playersLeft, summary: "Not enough players to play __TITLE__",
                                   standings: standings(winners: players.map(\.id))))
            }
        }

        /// The seat whose turn it is, while the game runs.
        public var currentSeat: SeatID? {
            guard outcome == nil, players.indices.contains(turnIndex) else { return nil }
            return players[turnIndex].id
        }

        /// Adds `move.amount` for `seat`, or throws why it cannot (leaving the state unchanged).
        public mutating func apply(_ move: __NAME__Move, from seat: SeatID, at now: GameInstant) throws(__NAME__Rejection) {
            // Check everything first and change the state only after the last check: a rejected move
            // must leave the state exactly as it was.
            guard outcome == nil, let current = currentSeat else { throw .gameOver }
            guard current == seat else { throw .notYourTurn }
            guard (Self.smallestStep...Self.largestStep).contains(move.amount) else {
                throw .amountOutOfRange(amount: move.amount)
            }
            guard total + move.amount <= configuration.target else {
                throw .passesTarget(amount: move.amount, total: total, target: configuration.target)
            }
            add(move.amount, timedOut: false, at: now)
        }

        /// Ends the current turn when its time is up: the clock adds 1 for the player to move.
        public mutating func advance(to now: GameInstant) {
            // The host may call this at any time, so do something only when the deadline has passed.
            guard outcome == nil, let deadline = turnDeadline, now >= deadline else { return }
            add(Self.smallestStep, timedOut: true, at: now)
        }

        /// A player left for good: they drop out of the turn order; the last one left wins.
        public mutating func leave(_ seat: SeatID, at now: GameInstant) {
            guard outcome == nil, let index = players.firstIndex(where: { $0.id == seat }) else { return }
            let leaver = players.remove(at: index)
            if players.count < 2 {
                let summary = players.first.map { "\($0.name) wins: \(leaver.name) left the game" }
                    ?? "\(leaver.name) left the game"
                finish(GameOutcome(winners: players.map(\.id), reason: .playersLeft, summary: summary,
                                   standings: standings(winners: players.map(\.id))))
                return
            }
            if index < turnIndex {
                turnIndex -= 1
            } else if index == turnIndex {
                // The next player's turn starts now, with a full clock.
                turnIndex %= players.count
                turnDeadline = now.adding(milliseconds: configuration.turnMilliseconds)
            }
        }

        /// The player to move may act until the turn runs out; nobody may act once the game is over.
        public var schedule: Schedule {
            guard let seat = currentSeat else { return .idle }
            return Schedule(turn: .seat(seat), deadline: turnDeadline)
        }

        /// Every move worth trying, including illegal amounts so the conformance suite tests rejections.
        public func candidateMoves(for seat: SeatID) -> [__NAME__Move] {
            (Self.smallestStep - 1...Self.largestStep + 1).map { __NAME__Move(amount: $0) }
        }

        /// Adds `amount` for the player to move, then ends the game or passes the turn on.
        private mutating func add(_ amount: Int, timedOut: Bool, at now: GameInstant) {
            let mover = players[turnIndex]
            total += amount
            lastMove = __NAME__View.LastMove(seat: mover.id, amount: amount, timedOut: timedOut)
            if total >= configuration.target {
                finish(GameOutcome(winners: [mover.id], reason: .won, summary: "\(mover.name) reaches \(total) and wins",
                                   standings: standings(winners: [mover.id])))
                return
            }
            turnIndex = (turnIndex + 1) % players.count
            turnDeadline = now.adding(milliseconds: configuration.turnMilliseconds)
        }

        /// Where every seat that started finished: here the winners first and everyone else after
        /// them. A game that keeps scores ranks by them instead (`Standing.ranked`), so a party
        /// room's scoreboard can tell second from last.
        private func standings(winners: [SeatID]) -> [Standing] {
            Standing.winnersFirst(winners, of: startingSeats)
        }

        /// Records the result; with no deadline and nobody to move, the schedule becomes idle.
        private mutating func finish(_ result: GameOutcome) {
            outcome = result
            turnDeadline = nil
        }
    }
    """#

    /// The rules' per-viewer view and `hidingInformation(from:using:)`.
    static let rulesView = #"""
    import PartyKit

    extension __NAME__ {
        /// What `viewer` may see at `now`: everything, since nothing in __NAME__ is secret.
        ///
        /// Times travel as *remaining* milliseconds computed from `now`, never as instants: the
        /// client's clock is not the host's.
        public func view(for viewer: Viewer, at now: GameInstant) -> __NAME__View {
            __NAME__View(
                total: total,
                target: configuration.target,
                players: players.map(\.id),
                turn: currentSeat,
                you: viewer.seat,
                remainingMs: turnDeadline.map { max(0, $0.milliseconds(since: now)) },
                last: lastMove,
                winner: outcome?.winners.first,
                outcome: outcome?.summary
            )
        }

        /// Nothing is hidden in __NAME__, so the state is its own re-randomised copy.
        ///
        /// A game with secrets (cards in hand, a choice not yet revealed) returns a copy in which
        /// everything `viewer` may not see is replaced using `random` (shuffle the others' hands,
        /// pick other secret choices) and everything they may see is kept. The conformance suite then
        /// checks that `view(for: viewer, at:)` is the same for both: the view leaks no secret.
        public func hidingInformation(from viewer: Viewer, using random: inout SeededRandom) -> __NAME__ {
            self
        }
    }
    """#

    /// The fallback for clients without the presenter: plain text and labelled moves.
    static let rulesPlainText = #"""
    import PartyKit

    extension __NAME__ {
        /// The view as a few lines of plain text, for a client that has no presenter for __NAME__.
        public static func plainText(of view: __NAME__View, context: PresenterContext) -> String {
            var lines = ["Total: \(view.total) of \(view.target)"]
            let names = view.players.map { seat in
                seat == view.you ? "\(context.name(of: seat)) (you)" : context.name(of: seat)
            }
            lines.append("Players: " + names.joined(separator: ", "))
            if let last = view.last {
                lines.append("Last: " + last.sentence(context: context))
            }
            lines.append(view.status(context: context, elapsedMilliseconds: 0))
            return lines.flatMap { PlainText.wrap($0) }.joined(separator: "\n")
        }

        /// The amounts `seat` may add now, each labelled with the total it leads to.
        public static func labelledMoves(in view: __NAME__View, for seat: SeatID) -> [LabelledMove<__NAME__Move>] {
            view.legalAmounts(for: seat).map { amount in
                LabelledMove("Add \(amount) (total \(view.total + amount))", __NAME__Move(amount: amount))
            }
        }
    }
    """#

    /// The settings read from the host's command line.
    static let configuration = #"""
    import PartyKit

    /// __NAME__'s settings, read from the host's command line: `partyhost --game __ID__ --target 31`.
    public struct __NAME__Configuration: GameConfiguration {
        /// The total to reach.
        public var target: Int
        /// Seconds a player has for a turn before the clock adds 1 for them.
        public var turnSeconds: Int

        /// The allowed targets.
        public static let targetRange = 10...100
        /// The allowed turn lengths, in seconds.
        public static let turnRange = 5...600

        /// The settings this game understands, for `partyhost --help` and for checking the command line.
        public static let settings: [GameSetting] = [
            GameSetting(name: "target", help: "the total to reach (\(targetRange.lowerBound)-\(targetRange.upperBound))", defaultValue: "21"),
            GameSetting(name: "turn-seconds", help: "seconds per turn before the clock adds 1 (\(turnRange.lowerBound)-\(turnRange.upperBound))", defaultValue: "30"),
        ]

        /// A target of 21 and 30 seconds a turn.
        public init() {
            target = 21
            turnSeconds = 30
        }

        /// Chosen settings, clamped to the allowed ranges.
        public init(target: Int, turnSeconds: Int = 30) {
            self.target = min(max(target, Self.targetRange.lowerBound), Self.targetRange.upperBound)
            self.turnSeconds = min(max(turnSeconds, Self.turnRange.lowerBound), Self.turnRange.upperBound)
        }

        /// Reads `--target` and `--turn-seconds`; anything else, or a value out of range, is an error.
        public init(values: [String: String]) throws(GameSettingError) {
            try Self.checkNames(values)
            target = try Self.integer("target", in: values, range: Self.targetRange, default: 21)
            turnSeconds = try Self.integer("turn-seconds", in: values, range: Self.turnRange, default: 30)
        }

        /// A turn's length in milliseconds, as game time counts it.
        public var turnMilliseconds: Int64 { Int64(turnSeconds) * 1000 }
    }
    """#

    /// The move type players send.
    static let move = #"""
    import PartyKit

    /// A __NAME__ move: add 1, 2 or 3 to the total.
    ///
    /// On the wire it is `{"amount":2}`. Any integer decodes; the rules reject amounts out of range.
    public struct __NAME__Move: Hashable, Codable, Sendable, CustomStringConvertible {
        /// How much to add.
        public var amount: Int

        /// Creates the move that adds `amount`.
        public init(amount: Int) {
            self.amount = amount
        }

        /// The move as people type it in line mode: `add 2`.
        public var description: String { "add \(amount)" }
    }
    """#

    /// The typed reasons a move is refused.
    static let rejection = #"""
    import PartyKit

    /// Why __NAME__ refuses a move.
    public enum __NAME__Rejection: GameRejection {
        /// The game has ended; no more moves are taken.
        case gameOver
        /// The seat is not the one to move (or not playing).
        case notYourTurn
        /// The amount is not 1, 2 or 3.
        case amountOutOfRange(amount: Int)
        /// Adding the amount would go past the target.
        case passesTarget(amount: Int, total: Int, target: Int)

        /// The machine-readable code sent on the wire as the rejection's reason.
        public var code: String {
            switch self {
            case .gameOver: "gameOver"
            case .notYourTurn: "notYourTurn"
            case .amountOutOfRange: "amountOutOfRange"
            case .passesTarget: "passesTarget"
            }
        }
    }

    extension __NAME__Rejection: CustomStringConvertible {
        /// The sentence a player reads, such as "Adding 3 to 19 goes past 21."
        public var description: String {
            switch self {
            case .gameOver:
                "The game is over."
            case .notYourTurn:
                "It is not your turn."
            case .amountOutOfRange(let amount):
                "You cannot add \(amount): add 1, 2 or 3."
            case .passesTarget(let amount, let total, let target):
                "Adding \(amount) to \(total) goes past \(target)."
            }
        }
    }
    """#
}
