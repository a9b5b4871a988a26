import Foundation
import Testing

extension EndToEnd {
    @Suite("Joining from the list: a refusal sends you back to it, a join code is asked for", .timeLimit(.minutes(2)))
    struct FullSessionListTests {
        /// Starts `partyclient` in line mode on `lo` and presses Enter until the list shows the session
        /// called `name`; returns the client and the session's number in the list.
        func listed(_ name: String) async throws -> (client: LiveProcess, number: String, line: String) {
            let client = try LiveProcess(Executables.path("partyclient"), [
                "--interface", "lo", "--line-mode", "--name", "Carol", "--game", "fourinarow",
            ], label: "partyclient Carol")
            var line: String?
            for _ in 0..<15 where line == nil {
                client.send("")
                line = await client.waitForLine(timeout: .seconds(1)) { $0.contains("\(name)'s Four in a Row") }
            }
            guard let line, let number = line.split(separator: ".").first.map(String.init) else {
                client.stop()
                Issue.record("never listed: \(client.transcript)")
                throw CancellationError()
            }
            return (client, number, line)
        }

        /// Starts a dedicated Four in a Row host on `lo` with `arguments` and waits until it prints its port.
        func startHost(name: String, _ arguments: [String]) async throws -> LiveProcess {
            let port = TestTools.freePort()
            let host = try LiveProcess(Executables.path("partyhost"), [
                "--game", "fourinarow", "--dedicated", "--port", "\(port)", "--bind", "127.0.0.1", "--interface", "lo", "--name", name,
            ] + arguments, label: "partyhost \(name)")
            let printed = await Poll.until(timeout: .seconds(10), interval: .milliseconds(20)) { host.output.contains("on port \(port).") }
            if !printed { host.stop() }
            try #require(printed, "\(host.transcript)")
            return host
        }

        @Test("choosing a full session from the list shows why and lists the sessions again; q then quits cleanly")
        func fullSessionBackToList() async throws {
            let name = "Full\(TestTools.freePort())"
            let host = try await startHost(name: name, ["--bots", "2"])
            defer { host.stop() }
            let (client, number, listed) = try await listed(name)
            defer { client.stop() }
            #expect(listed.contains("(full: w to watch)"), "\(listed)")

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

        @Test("a session chosen from the list that wants a join code asks for it, and the typed code seats you")
        func joinCodeAfterList() async throws {
            let name = "Coded\(TestTools.freePort())"
            let host = try await startHost(name: name, ["--code", "4711"])
            defer { host.stop() }
            let (client, number, _) = try await listed(name)
            defer { client.stop() }
            client.send(number)
            let asked = await Poll.until(timeout: .seconds(10), interval: .milliseconds(20)) { client.output.contains("Join code: ") }
            #expect(asked, "\(client.transcript)")
            client.send("4711")
            let joined = await client.waitForLine(timeout: .seconds(10)) { $0.contains("Joined \(name)'s Four in a Row") }
            #expect(joined != nil, "\(client.transcript)")
        }
    }
}
