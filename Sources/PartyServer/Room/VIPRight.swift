/// What the VIP (the room member holding the host's role) may do that nobody else may.
public enum VIPRight: String, CaseIterable, Codable, Hashable, Sendable {
    /// End a vote's countdown or a start delay (`start`).
    case start
    /// Choose the next game, in a room whose choice is `host`.
    case choose
    /// Remove a member from the room (`remove`).
    case remove
    /// End the party for everyone (`endParty`).
    case end

    /// The right as a person reads it after "Only the VIP can …".
    public var phrase: String {
        switch self {
        case .start: "start the game now"
        case .choose: "choose the next game"
        case .remove: "remove a player"
        case .end: "end the party"
        }
    }
}
