/// The game the party room has picked, who plays it, who watches, and why it was picked.
public struct RoomPlan: Hashable, Sendable {
    /// The game's id.
    public var game: String
    /// The members who play, in the order they take seats.
    public var players: [Int]
    /// Members present who watch this game (more people than it seats).
    public var watchers: [Int]
    /// With teams: the member ids holding each seat, in seat order (`players` lists them all,
    /// seat after seat); nil when everyone who plays has a seat of their own.
    public var teams: [[Int]]? = nil
    /// One sentence for everyone: "Snap! has the most votes (3).", "Tie between Snap! and
    /// TwentyFour: Snap! was played less.", "Four in a Row seats 2: Ann and Bob play, who played least."
    public var announcement: String
    /// Why the game was picked, without who plays and who watches ("Snap! has the most votes (3).").
    public var headline: String
}
