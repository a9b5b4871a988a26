import PartyKit

/// How a party room picks its next game.
public enum RoomChoice: Hashable, Sendable {
    /// Every player votes; the room picks when all have voted or the countdown (seconds, started by
    /// the first vote) ends. The most votes win; a tie goes to the game played least (then longest
    /// ago), and a tie after that is drawn by lot, and the room says which.
    case vote(countdownSeconds: Int)
    /// The host's own player picks alone (`--choose host`).
    case host
    /// Games in this order, over and over (`--playlist a,b,c`), skipping any the people present
    /// cannot play.
    case playlist([String])
}
