/// The typed reason a game's rules reject a move; every game's rejection enum conforms.
///
/// `code` is machine-readable (it travels on the wire as the rejection's `reason`), and
/// `description` is the sentence a player reads ("Column 3 is full").
public protocol GameRejection: Error, Hashable, Sendable, CustomStringConvertible {
    /// A stable camelCase code, such as `notYourTurn` or `columnFull`.
    var code: String { get }
}
