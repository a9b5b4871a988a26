/// A party room member who left, as the room keeps them for coming back: the same member id (so
/// the same scoreboard row and points) and the name they had.
struct DepartedMember: Hashable, Sendable {
    /// Their member id.
    var member: Int
    /// The name they had when they left.
    var name: String
}
