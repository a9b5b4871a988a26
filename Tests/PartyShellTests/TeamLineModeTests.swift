import Foundation
import Testing

extension EndToEnd {
    /// Teams end to end: `partyhost --game fourinarow --teams` and three line-mode `partyclient`s.
    @Suite("Teams in line mode", .timeLimit(.minutes(2)))
    struct TeamLineModeTests {
        @Test("three players, two seats: Ann and Cy are a team; a proposal shows on both as the team's line, and the second agreeing proposal plays it")
        func proposalLine() async throws {
            let port = TestTools.freePort()
            let host = try LiveProcess(Executables.path("partyhost"), [
                "--game", "fourinarow", "--teams", "--dedicated", "--players", "3", "--port", "\(port)", "--bind", "127.0.0.1",
                "--interface", "lo", "--line-mode", "--name", "Dee",
            ])
            defer { host.stop() }
            try #require(await host.waitForLine(timeout: .seconds(10)) { $0.contains("on port \(port).") } != nil, "\(host.transcript)")
            var clients: [LiveProcess] = []
            defer { for client in clients { client.stop() } }
            for name in ["Ann", "Bob", "Cy"] {
                let client = try LiveProcess(Executables.path("partyclient"), ["--connect", "127.0.0.1:\(port)", "--line-mode", "--name", name])
                clients.append(client)
                try #require(await client.waitForLine(timeout: .seconds(10)) { $0.hasPrefix("Joined Dee's Four in a Row") } != nil,
                             "\(client.transcript)")
            }
            for client in clients { client.send("ready") }
            let (ann, cy) = (clients[0], clients[2])
            try #require(await ann.waitForLine(timeout: .seconds(15)) { $0.contains(" | moves ") && $0.contains("Your turn") } != nil,
                         "\(ann.transcript)\n\(host.transcript)")
            ann.send("4")
            let line = "! Team Ann & Cy — proposals: Drop in column 4 (Ann)"
            #expect(await cy.waitForLine(timeout: .seconds(10)) { $0.hasPrefix(line) } != nil, "\(cy.transcript)")
            #expect(await ann.waitForLine(timeout: .seconds(10)) { $0.hasPrefix(line) } != nil, "\(ann.transcript)")
            cy.send("4")
            // Played: Bob's turn now, and the team's proposals are closed.
            #expect(await clients[1].waitForLine(timeout: .seconds(10)) { $0.contains(" | moves ") && $0.contains("Your turn") } != nil,
                    "\(clients[1].transcript)")
            #expect(await cy.waitForLine(timeout: .seconds(10)) { $0.hasPrefix("! Team Ann & Cy — 2 agreeing proposals play a move") } != nil,
                    "\(cy.transcript)")
        }
    }
}
