import FourInARow
import PartyServer
import Testing

/// The lobbies around a rematch, as two raw clients read them (PROTOCOL.md section 7, "Game over
/// and rematch"): every request is shown to everyone, the last one too (a client may wait to see
/// its own flag), and then the new game's lobby comes before its first view.
@Suite("Rematch lobbies", .timeLimit(.minutes(1)))
struct RematchLobbyTests {
    /// Reads `client`'s frames up to and including the first of `type`, returning the lobbies on the way.
    static func lobbies(until type: String, _ client: inout RawClient) async throws -> [[String: Any]] {
        var seen: [[String: Any]] = []
        while let message = try await client.next() {
            let kind = message["type"] as? String
            if kind == "lobby" { seen.append(message) }
            if kind == type { return seen }
        }
        Issue.record("the host closed before \(type)")
        return seen
    }

    /// Plays `column` for `mover` when the view says it is their turn (the other reads its view).
    static func move(_ mover: inout RawClient, _ other: inout RawClient, column: Int) async throws {
        _ = try await mover.next("view")
        _ = try await other.next("view")
        try await mover.send("move", #""move": {"column": \#(column)}"#)
    }

    @Test("the last rematch is shown with every flag set, then the new game's lobby and view follow")
    func lastRematchStartsTheGame() async throws {
        try await withHost(FourInARow.self) { _, port in
            try await RawClient.with(port: port) { ada in
                try await RawClient.with(port: port) { bo in
                    try await ada.hello("Ada")
                    _ = try await ada.next("welcome")
                    try await bo.hello("Bo")
                    _ = try await bo.next("welcome")
                    try await ada.send("ready", #""ready": true"#)
                    try await bo.send("ready", #""ready": true"#)
                    // Ada (seat 0) moves first and wins in column 1; Bo plays column 2.
                    for _ in 0..<3 {
                        try await Self.move(&ada, &bo, column: 1)
                        try await Self.move(&bo, &ada, column: 2)
                    }
                    try await Self.move(&ada, &bo, column: 1)
                    _ = try await ada.next("gameOver")
                    _ = try await bo.next("gameOver")
                    let overAda = try await Self.lobbies(until: "lobby", &ada)
                    _ = try await Self.lobbies(until: "lobby", &bo)
                    #expect(overAda.last?["state"] as? String == "over")

                    try await ada.send("rematch")
                    let afterFirst = try await Self.lobbies(until: "lobby", &bo)
                    let asked = (afterFirst.last?["players"] as? [[String: Any]] ?? []).map { $0["rematch"] as? Bool }
                    #expect(afterFirst.last?["state"] as? String == "over")
                    #expect(asked == [true, false])
                    _ = try await Self.lobbies(until: "lobby", &ada)

                    try await bo.send("rematch")
                    let adaNext = try await Self.lobbies(until: "view", &ada)
                    let boNext = try await Self.lobbies(until: "view", &bo)
                    for lobbies in [adaNext, boNext] {
                        #expect(lobbies.map { $0["state"] as? String } == ["over", "playing"])
                        let flags = (lobbies.first?["players"] as? [[String: Any]] ?? []).map { $0["rematch"] as? Bool }
                        #expect(flags == [true, true])
                        #expect(lobbies.last?["gamesPlayed"] as? Int == 2)
                    }
                }
            }
        }
    }
}
