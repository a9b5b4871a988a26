import FourInARow
import PartyClient
import PartyKit
import PartyServer
import PartyWire
import Testing

@Suite("Bot levels over loopback", .timeLimit(.minutes(3)))
struct BotLevelLoopbackTests {
    @Test("a bot's name at the table shows its level")
    func tableNameShowsTheLevel() {
        #expect(BotRunner<FourInARowGame>.tableName("Ada", level: .perfect) == "Ada · perfect (bot)")
        // The longest built-in bot name with the longest level still fits a table name.
        #expect(BotRunner<FourInARowGame>.tableName("Margaret", level: .perfect).count <= NameCleaner.maxLength)
    }

    @Test("a perfect bot joins under its level's name and beats a player who always plays the leftmost column")
    func perfectBotWins() async throws {
        try await withHost(FourInARow.self) { host, port in
            try await withThrowingTaskGroup(of: Bool.self) { group in
                // The bot says "Robo" and its level; the client's screens show both.
                let name = BotRunner<FourInARowGame>.tableName("Robo", level: .perfect)
                group.addTask {
                    try await BotRunner<FourInARowGame>(address: HostAddress(host: "127.0.0.1", port: port), name: "Robo",
                                                        seed: 7, level: .perfect, timeouts: .patient).run()
                    return true
                }
                let (over, names) = try await asPlayer(FourInARow.self, port: port, name: "Carol") { carol in
                    carol.connection.send(Ready())
                    while await carol.wait(until: { $0.yourTurn || $0.gameOver != nil }), carol.table.gameOver == nil {
                        guard let view = carol.table.view, let column = (1...7).first(where: view.canDrop(inColumn:)) else { break }
                        carol.move(FourInARowMove(column: column))
                        _ = await carol.wait { !$0.yourTurn || $0.gameOver != nil }
                    }
                    return (carol.table.gameOver, carol.table.names)
                }
                let botSeat = try #require(names.first { $0.value == name }?.key, "\(names)")
                #expect(over?.winners == [botSeat.index])
                host.shutdown()
                for try await finished in group { #expect(finished) }
            }
        }
    }
}
