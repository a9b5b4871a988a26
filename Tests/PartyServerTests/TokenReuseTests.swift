import FourInARow
import PartyServer
import Testing

@Suite("A reconnect token works once", .timeLimit(.minutes(1)))
struct TokenReuseTests {
    /// The answer to a `hello` that presents `token`: the welcome's new token, or the reject's reason.
    enum Answer: Equatable {
        case welcome(token: String)
        case reject(String)
    }

    /// Says hello with `token` on `client` and reads until the welcome or the reject.
    static func present(_ token: String, on client: inout RawClient) async throws -> Answer? {
        try await client.send("hello", "\"protocol\": 1, \"client\": \"t\", \"clientVersion\": \"1\", \"name\": \"X\", \"token\": \"\(token)\"")
        while let message = try await client.next() {
            if message["type"] as? String == "welcome" { return .welcome(token: message["token"] as? String ?? "") }
            if message["type"] as? String == "reject" { return .reject(message["reason"] as? String ?? "") }
        }
        return nil
    }

    @Test("a token is spent the moment it is presented, even before the new connection says anything")
    func spentAtOnce() async throws {
        try await withHost(FourInARow.self) { host, port in
            try await RawClient.with(port: port) { alice in
                var bobToken = ""
                try await RawClient.with(port: port) { bob in
                    (_, bobToken) = try await ReconnectionTests.startGame(&alice, &bob, hostKey: host.hostKey)
                }
                try await RawClient.with(port: port) { bobAgain in
                    let answer = try await Self.present(bobToken, on: &bobAgain)
                    guard case .welcome(let newToken) = answer else {
                        Issue.record("the first use of the token got \(String(describing: answer))")
                        return
                    }
                    #expect(newToken != bobToken && newToken.count == 32)
                    // bobAgain has sent nothing since its hello. A stale client presents the old token twice.
                    for _ in 0..<2 {
                        let stale = try await RawClient.with(port: port) { stale in try await Self.present(bobToken, on: &stale) }
                        #expect(stale == .reject("badToken"))
                    }
                    // The reconnected connection still holds the seat: it gets Alice's move and plays on.
                    #expect(try await bobAgain.next("view")?["yourTurn"] as? Bool == false)
                    try await alice.send("move", "\"move\": {\"column\": 3}")
                    #expect(try await bobAgain.next("view")?["yourTurn"] as? Bool == true)
                    try await bobAgain.send("move", "\"move\": {\"column\": 5}")
                    let afterMove = try await bobAgain.next("view")
                    #expect(afterMove?["yourTurn"] as? Bool == false)
                }
            }
        }
    }

    @Test("a reconnection whose connection dies right after the welcome leaves the seat held for the new token only")
    func welcomeLost() async throws {
        try await withHost(FourInARow.self) { host, port in
            try await RawClient.with(port: port) { alice in
                var bobToken = ""
                try await RawClient.with(port: port) { bob in
                    (_, bobToken) = try await ReconnectionTests.startGame(&alice, &bob, hostKey: host.hostKey)
                }
                // The reconnecting connection gets its welcome and dies at once, as if the welcome were lost.
                let answer = try await RawClient.with(port: port) { lost in try await Self.present(bobToken, on: &lost) }
                guard case .welcome(let heldToken) = answer else {
                    Issue.record("the reconnection got \(String(describing: answer))")
                    return
                }
                // Alice sees Bob back, then reconnecting again: the seat is held, not given up.
                var states: [Bool] = []
                while let lobby = try await alice.next("lobby") {
                    let players = lobby["players"] as? [[String: Any]] ?? []
                    guard let connected = players.first(where: { $0["name"] as? String == "Bob" })?["connected"] as? Bool else { break }
                    if states.last != connected { states.append(connected) }
                    if states.suffix(2) == [true, false] { break }
                }
                #expect(states.suffix(2) == [true, false], "\(states)")
                // The old token stays spent; the token of that welcome brings the seat back.
                let old = try await RawClient.with(port: port) { client in try await Self.present(bobToken, on: &client) }
                #expect(old == .reject("badToken"))
                try await RawClient.with(port: port) { bobAgain in
                    let again = try await Self.present(heldToken, on: &bobAgain)
                    guard case .welcome(let next) = again else {
                        Issue.record("the held token got \(String(describing: again))")
                        return
                    }
                    #expect(next != heldToken)
                    #expect(try await bobAgain.next("view")?["yourTurn"] as? Bool == false)
                }
            }
        }
    }
}
