import PartyKit

/// A minimal game for host tests that need more than two seats: nothing to do but pass.
struct TwoSeatsOrMore: GameRules {
    struct Move: Codable, Hashable, Sendable {}
    struct View: Codable, Hashable, Sendable { var turn: Int }
    enum Rejection: GameRejection {
        case notYourTurn
        var code: String { "notYourTurn" }
        var description: String { "It is not your turn." }
    }

    static let descriptor = GameDescriptor(id: "passing", title: "Passing", minPlayers: 2, maxPlayers: 4,
                                           joinInProgress: false, summary: "Pass the turn on.",
                                           howToPlay: "Press Enter to pass the turn on.")
    var seats: [SeatID]
    var turn = 0
    var passes = 0

    init(setup: GameSetup<NoConfiguration>) { seats = setup.seats.map(\.id) }
    mutating func apply(_ move: Move, from seat: SeatID, at now: GameInstant) throws(Rejection) {
        guard seats[turn] == seat else { throw .notYourTurn }
        turn = (turn + 1) % seats.count
        passes += 1
    }
    mutating func advance(to now: GameInstant) {}
    mutating func leave(_ seat: SeatID, at now: GameInstant) { passes = 99 }
    var schedule: Schedule { passes >= 6 ? .idle : Schedule(turn: .seat(seats[turn])) }
    var outcome: GameOutcome? { passes >= 6 ? GameOutcome(winners: [], reason: .draw, summary: "Everyone passed.",
                                                                    standings: Standing.winnersFirst([], of: seats)) : nil }
    func view(for viewer: Viewer, at now: GameInstant) -> View { View(turn: turn) }
    func candidateMoves(for seat: SeatID) -> [Move] { [Move()] }
    static func plainText(of view: View, context: PresenterContext) -> String {
        "\(context.name(of: SeatID(view.turn))) passes next."
    }
    // Seats are numbered 0… in turn order when the game starts, so the turn index is the seat.
    static func labelledMoves(in view: View, for seat: SeatID) -> [LabelledMove<Move>] {
        view.turn == seat.index ? [LabelledMove("Pass", Move())] : []
    }
}
