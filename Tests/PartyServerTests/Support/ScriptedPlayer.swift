import PartyClient
import PartyKit
import PartyWire

/// A test player on a real connection: reads events into a `TableState` and waits for conditions.
struct ScriptedPlayer<Rules: GameRules> {
    let connection: PartyConnection
    var table: TableState<Rules.View>
    var events: AsyncStream<ClientEvent>.AsyncIterator
    /// Every change seen, in order.
    var changes: [TableState<Rules.View>.Change] = []

    init(connection: PartyConnection, welcome: Welcome) {
        self.connection = connection
        table = TableState(welcome: welcome)
        events = connection.events.makeAsyncIterator()
    }

    /// Reads events until `condition` holds; false if the connection closed first.
    mutating func wait(until condition: (TableState<Rules.View>) -> Bool) async -> Bool {
        if condition(table) { return true }
        while let event = await events.next() {
            changes.append(table.apply(event))
            if condition(table) { return true }
            if table.closed != nil { return false }
        }
        return false
    }

    /// Reads events until a notice arrives; returns it (nil if the connection closed first).
    mutating func nextNotice() async -> String? {
        while let event = await events.next() {
            let change = table.apply(event)
            changes.append(change)
            if case .notice(let text) = change { return text }
            if case .closed = change { return nil }
        }
        return nil
    }

    /// Sends a move.
    func move(_ move: Rules.Move) {
        connection.send(MoveMessage(move: move))
    }
}

/// Joins the host on `port` as a scripted player and runs `body`.
func asPlayer<Rules: GameRules, T: Sendable>(
    _: Rules.Type, port: Int, name: String, hostKey: String? = nil,
    _ body: @Sendable (inout ScriptedPlayer<Rules>) async throws -> T
) async throws -> T {
    let hello = Hello(client: "test", name: name, game: Rules.descriptor.id, hostKey: hostKey)
    return try await PartyConnection.withConnection(to: HostAddress(host: "127.0.0.1", port: port), hello: hello, timeouts: .patient) { connection, welcome in
        var player = ScriptedPlayer<Rules>(connection: connection, welcome: welcome)
        return try await body(&player)
    }
}
