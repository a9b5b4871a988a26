/// Someone watching a session: sees the spectator view, never moves.
struct Spectator: Sendable {
    /// The connection's id.
    var peer: Int
    /// The cleaned name.
    var name: String
    /// The games the client can draw (`hello.games`); nil: all of them.
    var games: [String]?
    /// Whether this connection's client lacks the running game's presenter and gets plain-text views.
    var plainText = false
    /// Whether the client asked for `predictions` messages (`hello.features` has `predictions`).
    var wantsPredictions = false
    /// A shared screen (`hello.features` has `display`, the /tv page): shown the split, never asked.
    var isDisplay = false
    /// Another node of the fleet relaying this room to its own watchers (`hello.features` has
    /// `relay`): one connection that stands for `audience` watchers.
    var isRelay = false
    /// A relay's watchers, as its last `audience` said.
    var audience = 0
}
