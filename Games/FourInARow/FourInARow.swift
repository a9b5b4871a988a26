import PartyKit

/// The rules of Four in a Row: two players take turns dropping discs into a 7 × 6 board; four in a
/// row horizontally, vertically or diagonally wins, and a full board is a draw.
///
/// The first seat plays red (side 0) and the second yellow (side 1). Red moves first in game 0 and
/// the first move alternates with every rematch (`GameSetup.gameNumber`). Nothing is hidden and
/// nothing is timed, so `advance(to:)` has nothing to do.
public struct FourInARow: GameRules {
    /// A move is a column to drop a disc into.
    public typealias Move = FourInARowMove
    /// The view every viewer gets.
    public typealias View = FourInARowView
    /// Why a move is refused.
    public typealias Rejection = FourInARowRejection

    /// Four in a Row's id, title and player counts.
    public static let descriptor = GameDescriptor(
        id: "fourinarow",
        title: "Four in a Row",
        minPlayers: 2,
        maxPlayers: 2,
        joinInProgress: false,
        summary: "Two players drop discs into a 7 × 6 board; the first to line up four wins.",
        howToPlay: "Take turns: ←/→ pick a column, Enter drops; line up four in any direction.",
        rules: [
            "Two players take turns dropping a disc into one of the seven columns.",
            "The disc falls to the lowest free space of its column.",
            "Four of your discs in a line (across, up or diagonal) win.",
            "A full board with no line of four is a draw.",
        ]
    )

    /// The two players, red (side 0) first.
    public let players: [Seat]
    /// The side (0 or 1) that moved first in this game.
    public let firstSide: Int
    /// The discs on the board.
    public private(set) var board: FourInARowBoard
    /// The column (1–7) of the last disc dropped; nil before the first move.
    public private(set) var lastColumn: Int?
    /// The four winning cells once someone has four in a row; empty otherwise.
    public private(set) var winningCells: [FourInARowCell]
    /// The result, once the game is over.
    public private(set) var outcome: GameOutcome?

    /// Starts a game for the first two seats of `setup` on an empty board.
    ///
    /// The host always seats exactly two players; should it ever pass fewer, the game is over at once
    /// (there is nobody to play against) rather than waiting for a seat that does not exist.
    public init(setup: GameSetup<NoConfiguration>) {
        players = Array(setup.seats.prefix(2))
        firstSide = setup.gameNumber.isMultiple(of: 2) ? 0 : 1
        board = FourInARowBoard()
        lastColumn = nil
        winningCells = []
        outcome = nil
        if players.count < 2 {
            outcome = GameOutcome(
                winners: players.map(\.id), reason: .playersLeft, summary: "Not enough players to play Four in a Row",
                standings: Standing.winnersFirst(players.map(\.id), of: players.map(\.id)))
        }
    }

    /// The side (0 or 1) whose turn it is, while the game runs.
    public var sideToMove: Int? {
        guard outcome == nil else { return nil }
        return (firstSide + board.discCount) % 2
    }

    /// The seat whose turn it is, while the game runs.
    public var currentSeat: SeatID? {
        sideToMove.map { players[$0].id }
    }

    /// Drops a disc for `seat` into `move.column`, or throws why it cannot.
    public mutating func apply(_ move: FourInARowMove, from seat: SeatID, at now: GameInstant) throws(FourInARowRejection) {
        guard outcome == nil, let side = sideToMove else { throw .gameOver }
        guard players[side].id == seat else { throw .notYourTurn }
        guard (1...FourInARowBoard.columns).contains(move.column) else {
            throw .columnOutOfRange(column: move.column)
        }
        guard board.drop(side: side, inColumn: move.column - 1) != nil else {
            throw .columnFull(column: move.column)
        }
        lastColumn = move.column
        if let four = board.fourInARow(for: side) {
            winningCells = four
            outcome = GameOutcome(
                winners: [seat], reason: .won, summary: "\(players[side].name) wins with four in a row",
                standings: Standing.winnersFirst([seat], of: players.map(\.id)))
        } else if board.isFull {
            outcome = GameOutcome(winners: [], reason: .draw, summary: "Draw: the board is full",
                                  standings: Standing.winnersFirst([], of: players.map(\.id)))
        }
    }

    /// Nothing in Four in a Row depends on time.
    public mutating func advance(to now: GameInstant) {}

    /// A player left for good: the other player wins, unless the game is already over.
    public mutating func leave(_ seat: SeatID, at now: GameInstant) {
        guard outcome == nil, let side = players.firstIndex(where: { $0.id == seat }) else { return }
        let remaining = players[1 - side]
        outcome = GameOutcome(
            winners: [remaining.id], reason: .playersLeft, summary: "\(players[side].name) left the game",
            standings: Standing.winnersFirst([remaining.id], of: players.map(\.id)))
    }

    /// The player to move may drop a disc; nobody may act once the game is over.
    public var schedule: Schedule {
        guard let seat = currentSeat else { return .idle }
        return Schedule(turn: .seat(seat))
    }

    /// The whole board, whose turn it is and the result; the same for every viewer but `you`.
    public func view(for viewer: Viewer, at now: GameInstant) -> FourInARowView {
        FourInARowView(
            board: board.rowStrings,
            players: players.map(\.id),
            turn: currentSeat,
            you: viewer.seat,
            last: lastColumn,
            moves: board.discCount,
            winning: winningCells,
            winner: outcome?.winners.first,
            outcome: outcome?.summary
        )
    }

    /// All seven columns (full ones included; the rules reject those).
    public func candidateMoves(for seat: SeatID) -> [FourInARowMove] {
        (1...FourInARowBoard.columns).map { FourInARowMove(column: $0) }
    }
}
