import NIOCore

/// What a load client needs of a `lobby` frame: whether the game is over, and which game that was
/// (to ask for one rematch per game). Read straight from the frame, like `LeanView.scan`; the
/// clients saw a lobby per player at every start and end of a game, a few per game of ~11 moves.
struct LeanLobby {
    var over: Bool
    var gamesPlayed: Int

    /// The two fields of a `lobby` frame as partyhost writes it, or nil for any other frame or
    /// anything unexpected (which then goes through `JSONDecoder`).
    static func scan(_ frame: ByteBuffer) -> LeanLobby? {
        frame.withUnsafeReadableBytes { bytes -> LeanLobby? in
            guard bytes.starts(with: Keys.lobby), let state = LeanView.find(Keys.state, in: bytes),
                  let played = LeanView.find(Keys.gamesPlayed, in: bytes),
                  let count = LeanView.number(at: played, in: bytes) else { return nil }
            return LeanLobby(over: bytes[state...].starts(with: Keys.over), gamesPlayed: count)
        }
    }

    /// What the scan looks for, as bytes.
    private enum Keys {
        static let lobby = Array(#"{"type":"lobby","#.utf8)
        static let state = Array(#""state":""#.utf8)
        static let over = Array(#"over""#.utf8)
        static let gamesPlayed = Array(#""gamesPlayed":"#.utf8)
    }
}
