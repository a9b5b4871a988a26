import Foundation
import PartyServer

/// Helpers for team tests: several raw clients, seated one after the other.
enum TeamTestSupport {
    /// The hello field that asks for `team` messages.
    static let teams = #""features": ["teams"]"#

    /// Connects one raw client per entry of `hellos` (name, extra hello fields, protocol), in
    /// order, each welcomed before the next connects (so member ids and arrival order follow
    /// the list), and runs `body` with all of them.
    static func withClients<T: Sendable>(port: Int, _ hellos: [(name: String, extra: String)], protocolVersion: Int = 2,
                                         _ body: (inout [RawClient]) async throws -> T) async throws -> T {
        try await open(port: port, hellos: hellos[...], protocolVersion: protocolVersion, opened: [], body)
    }

    private static func open<T: Sendable>(port: Int, hellos: ArraySlice<(name: String, extra: String)>, protocolVersion: Int,
                                          opened: [RawClient], _ body: (inout [RawClient]) async throws -> T) async throws -> T {
        guard let first = hellos.first else {
            var all = opened
            return try await body(&all)
        }
        return try await RawClient.with(port: port) { client in
            let more = first.extra.isEmpty ? "" : ", \(first.extra)"
            try await client.send("hello", #""protocol": \#(protocolVersion), "client": "test", "clientVersion": "1", "name": "\#(first.name)""# + more)
            guard try await client.next("welcome") != nil else { throw CancellationError() }
            return try await open(port: port, hellos: hellos.dropFirst(), protocolVersion: protocolVersion, opened: opened + [client], body)
        }
    }

    /// Options for a dedicated locked session with teams that starts at `startAt` players.
    static func options(startAt: Int, proposalMs: Int64 = 10_000) -> HostOptions {
        var options = HostOptions.dedicated(startAt: startAt)
        options.teams = true
        options.proposalMilliseconds = proposalMs
        return options
    }
}

extension RawClient {
    /// The next message of `type` for which `condition` holds, or nil at close.
    mutating func next(_ type: String, where condition: ([String: Any]) -> Bool) async throws -> [String: Any]? {
        while let message = try await next(type) {
            if condition(message) { return message }
        }
        return nil
    }

    /// The types of every message up to and including the next one of `type`.
    mutating func types(through type: String) async throws -> [String] {
        var seen: [String] = []
        while let message = try await next() {
            let kind = message["type"] as? String ?? "?"
            seen.append(kind)
            if kind == type { return seen }
        }
        return seen
    }

    /// Sends a Four in a Row move.
    mutating func drop(_ column: Int) async throws {
        try await send("move", #""move": {"column": \#(column)}"#)
    }
}

/// Reading Four in a Row views.
enum Board {
    /// The number of discs in a view message's board.
    static func discs(_ view: [String: Any]) -> Int {
        ((view["view"] as? [String: Any])?["moves"] as? Int) ?? -1
    }

    /// The column (1–7) of the last disc of a view message.
    static func last(_ view: [String: Any]) -> Int? {
        (view["view"] as? [String: Any])?["last"] as? Int
    }
}
