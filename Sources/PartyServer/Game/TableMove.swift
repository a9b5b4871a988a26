/// A move read from a client and not played yet: the rules' own move, its type erased so that the
/// table can hold a team's proposals, compare them and later hand the chosen one back to the game.
struct TableMove: Hashable {
    /// The game's move (a `Rules.Move`).
    let value: AnyHashable
}

/// How the running game wants a move of one seat handled when several people hold the seat.
enum MoveKind {
    /// An ordinary move in the seat's turn: the team proposes, and agrees or runs out of time.
    case proposal
    /// An interrupt, a real-time move or a move out of turn: played (or refused) at once.
    case immediate
}
