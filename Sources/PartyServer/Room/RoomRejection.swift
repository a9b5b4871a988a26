/// Why the party room refuses a vote or a choice. A vote is checked in this order, and the first
/// check that fails is the answer: `notChoosing`, `notAPlayer`, `unknownGame`, `hostChooses` or
/// `playlist`, `notPlayable`.
public enum RoomRejection: Error, Hashable, Sendable {
    /// The room is playing a game (or has picked one); votes open when it ends.
    case notChoosing
    /// Bots (and anyone who is not a member) do not vote.
    case notAPlayer
    /// No game in the room's menu has that id.
    case unknownGame(String)
    /// Only the host's player chooses in this room.
    case hostChooses
    /// The room plays a fixed playlist, and this is not the game it proposes.
    case playlist
    /// The game cannot be played by the people present; the text says why ("exactly 2 players").
    case notPlayable(title: String, requirement: String)

    /// The machine-readable reason sent on the wire.
    public var code: String {
        switch self {
        case .notChoosing: "notChoosing"
        case .unknownGame: "unknownGame"
        case .notPlayable: "notPlayable"
        case .hostChooses: "hostChooses"
        case .playlist: "playlist"
        case .notAPlayer: "notAPlayer"
        }
    }
}

extension RoomRejection: CustomStringConvertible {
    /// One sentence for the person who voted.
    public var description: String {
        switch self {
        case .notChoosing: "A game is being played; vote for the next one when it ends."
        case .unknownGame(let id):
            "There is no game \"\(id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } ? String(id.prefix(24)) : "(not shown)")\" in this room."
        case .notPlayable(let title, let requirement): "\(title) needs \(requirement)."
        case .hostChooses: "The host chooses the games in this room."
        case .playlist: "This room plays a fixed list of games."
        case .notAPlayer: "Bots do not vote; the people in the room choose the games."
        }
    }
}
