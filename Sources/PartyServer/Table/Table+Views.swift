import PartyKit
import PartyWire

extension Table {
    /// Whether a client that can draw `games` (nil: all) lacks the presenter of the game on (in a
    /// locked session, its game; in a room, the running one, or none between games).
    func wantsPlainText(_ games: [String]?) -> Bool {
        guard let games else { return false }
        let id: String
        if isRoom {
            guard let running = game else { return false }
            id = running.descriptor.id
        } else {
            id = descriptor.id
        }
        return !games.contains { $0.lowercased() == id }
    }

    /// Whether the client that sent `hello` gets plain-text views of the game on.
    func wantsPlainText(_ hello: Hello) -> Bool {
        wantsPlainText(hello.games)
    }
}
