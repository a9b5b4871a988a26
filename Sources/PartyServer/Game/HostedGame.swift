import PartyKit

/// A game the host can run, its rules type erased: the descriptor for menus and checks, and a way
/// to start a game of it that the table drives through `TableGame`.
public struct HostedGame: Sendable {
    /// The game's id, title and player counts.
    public let descriptor: GameDescriptor
    /// Starts one game: the seats, the seed, how many games the session played before it, the
    /// clock, and the number its views carry.
    let start: @Sendable (_ seats: [Seat], _ seed: UInt64, _ gameNumber: Int, _ now: GameInstant, _ number: Int) -> any TableGame

    /// A game of `rules` with `configuration`.
    public init<Rules: GameRules>(_ rules: Rules.Type, configuration: Rules.Configuration) {
        descriptor = Rules.descriptor
        start = { seats, seed, gameNumber, now, number in
            RulesGame<Rules>(setup: GameSetup(seats: seats, configuration: configuration, seed: seed, gameNumber: gameNumber, now: now),
                             number: number)
        }
    }
}
