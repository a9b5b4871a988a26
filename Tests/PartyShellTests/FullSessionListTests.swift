import Foundation
import Testing

extension EndToEnd {
    @Suite("A session that cannot seat you sends you back to the list", .timeLimit(.minutes(2)))
    struct FullSessionListTests {
        @Test("choosing a full session from the list shows why and lists the sessions again; q then quits cleanly")
        func fullSessionBackToList() async throws {
            let port = TestTools.freePort()
            let name = "Full\(port)"
            let host = try LiveProcess(Executables.path("partyhost"), [
                "--game", "fourinarow", "--dedicated", "--bots", "2", "--port", "\(port)", "--bind", "127.0.0.1",
                "--interface", "lo", "--name", name,
            ], label: "partyhost \(name)")
            defer { host.stop() }
            let printed = await Poll.until(timeout: .seconds(10), interval: .milliseconds(20)) { host.output.contains("on port \(port).") }
            try #require(printed, "\(host.transcript)")

            let client = try LiveProcess(Executables.path("partyclient"), [
                "--interface", "lo", "--line-mode", "--name", "Carol", "--game", "fourinarow",
            ], label: "partyclient Carol")
            defer { client.stop() }
            // Enter refreshes the numbered list until it shows the full session.
            var line: String?
            for _ in 0..<15 where line == nil {
                client.send("")
                line = await client.waitForLine(timeout: .seconds(1)) { $0.contains("\(name)'s Four in a Row") }
            }
            let listed = try #require(line, "\(client.transcript)")
            let number = try #require(listed.split(separator: ".").first.map(String.init), "\(listed)")
            #expect(listed.contains("no seat free"), "\(listed)")

            client.send(number)
            let refused = await client.waitForLine(timeout: .seconds(10)) { $0.contains("The session is full") }
            #expect(refused != nil, "\(client.transcript)")
            // Back at the list (it looks again), not out of the program.
            let again = await Poll.until(timeout: .seconds(10), interval: .milliseconds(50)) {
                client.output.components(separatedBy: "Looking for sessions on the network").count > 2
            }
            #expect(again, "\(client.transcript)")
            try await Task.sleep(for: .seconds(2))
            client.send("q")
            #expect(await client.waitForExit(timeout: .seconds(10)) == 0, "\(client.transcript)")
        }
    }
}
