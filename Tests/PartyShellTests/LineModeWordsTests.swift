import Foundation
import Testing

extension EndToEnd {
    /// The words line mode and `--list` use, through pipes (issue 17, points 15, 17 and 18).
    @Suite("Line mode words through pipes", .timeLimit(.minutes(2)))
    struct LineModeWordsTests {
        /// A dedicated Four in a Row host (no bots) advertised on `lo`; waits until it listens.
        func startHost(name: String, port: Int, extra: [String] = []) async throws -> LiveProcess {
            let host = try LiveProcess(Executables.path("partyhost"), [
                "--game", "fourinarow", "--dedicated", "--port", "\(port)", "--bind", "127.0.0.1",
                "--interface", "lo", "--line-mode", "--name", name,
            ] + extra, label: "partyhost \(name)")
            let listening = await host.waitForLine(timeout: .seconds(10)) { $0.contains("on port \(port).") } != nil
            if !listening { host.stop() }
            try #require(listening, "the host did not listen: \(host.transcript)")
            return host
        }

        func client(_ name: String, port: Int, extra: [String] = []) throws -> LiveProcess {
            try LiveProcess(Executables.path("partyclient"), ["--connect", "127.0.0.1:\(port)", "--line-mode", "--name", name] + extra,
                            label: "partyclient \(name)")
        }

        @Test("players are told someone watches and who asks for a rematch; after a game a move is answered with rematch")
        func spectatorRematchAndOverWords() async throws {
            let port = TestTools.freePort()
            let host = try await startHost(name: "Dee", port: port)
            defer { host.stop() }
            let bob = try client("Bob", port: port)
            defer { bob.stop() }
            try #require(await bob.waitForLine(timeout: .seconds(10)) { $0.hasPrefix("Joined ") } != nil, "\(bob.transcript)")
            let cy = try client("Cy", port: port)
            defer { cy.stop() }
            try #require(await cy.waitForLine(timeout: .seconds(10)) { $0.hasPrefix("Joined ") } != nil, "\(cy.transcript)")

            // Someone starts watching: both players are told.
            let wes = try client("Wes", port: port, extra: ["--watch"])
            defer { wes.stop() }
            try #require(await wes.waitForLine(timeout: .seconds(10)) { $0.hasPrefix("Joined ") } != nil, "\(wes.transcript)")
            for player in [bob, cy] {
                #expect(await player.waitForLine(timeout: .seconds(10)) { $0.hasPrefix("! Someone is watching") } != nil,
                        "\(player.transcript)")
            }
            wes.send("q")

            // A whole game, both players taking the first open column.
            bob.send("ready")
            cy.send("ready")
            async let bobResult = LinePlayer(client: bob).play(timeout: .seconds(60))
            async let cyResult = LinePlayer(client: cy).play(timeout: .seconds(60))
            let results = await (bobResult, cyResult)
            try #require(results.0 != nil && results.1 != nil, "the game did not end:\n\(bob.transcript)\n\(cy.transcript)")

            // A move after the game: the answer names the word that plays again.
            bob.send("4")
            let answer = await bob.waitForLine(timeout: .seconds(5)) { $0.hasPrefix("! ") && $0.contains("over") }
            #expect(answer?.contains("rematch") == true, "\(bob.transcript)")
            #expect(!bob.lines.contains { $0.contains("No game is running yet") }, "\(bob.transcript)")

            // Bob asks for a rematch: Cy is told, with the word to accept.
            bob.send("r")
            let told = await cy.waitForLine(timeout: .seconds(10)) { $0.hasPrefix("! Bob asks for a rematch") }
            #expect(told?.contains("r") == true, "\(cy.transcript)")
            #expect(!bob.lines.contains { $0.hasPrefix("! Bob asks for a rematch") }, "Bob is told of his own rematch:\n\(bob.transcript)")
        }

        @Test("lobby words during a game are answered as such; r after the others left says nobody is there")
        func lobbyWordsAndRematchAlone() async throws {
            let port = TestTools.freePort()
            let host = try await startHost(name: "Dee", port: port)
            defer { host.stop() }
            let bob = try client("Bob", port: port)
            defer { bob.stop() }
            let cy = try client("Cy", port: port)
            defer { cy.stop() }
            for player in [bob, cy] {
                try #require(await player.waitForLine(timeout: .seconds(10)) { $0.hasPrefix("Joined ") } != nil, "\(player.transcript)")
                player.send("ready")
            }
            try #require(await bob.waitForLine(timeout: .seconds(15)) { $0.contains(" | moves ") } != nil, "\(bob.transcript)")
            bob.send("ready")
            #expect(await bob.waitForLine(timeout: .seconds(5)) { $0.hasPrefix("! A game is running: ") } != nil, "\(bob.transcript)")

            // Cy leaves: the game is over and Bob sits alone, so there is nobody for a rematch.
            cy.send("q")
            let alone = await Poll.until(timeout: .seconds(10)) {
                let lines = bob.lines
                guard let over = lines.firstIndex(where: { $0.hasPrefix("Game over:") }) else { return false }
                return lines[over...].contains { $0.hasPrefix("Table [lobby]: Bob") && $0.contains("Waiting for 1 more player") }
            }
            try #require(alone, "\(bob.transcript)")
            bob.send("r")
            #expect(await bob.waitForLine(timeout: .seconds(5)) { $0.hasPrefix("! Nobody is left for a rematch") } != nil, "\(bob.transcript)")
            #expect(!bob.lines.contains { $0.contains("No game has ended yet") }, "\(bob.transcript)")
        }

        @Test("the line-mode session list shows the sessions without waiting for Enter")
        func sessionListWithoutEnter() async throws {
            let port = TestTools.freePort()
            let name = TestTools.unique("Lin")
            let host = try await startHost(name: name, port: port)
            defer { host.stop() }
            let chooser = try LiveProcess(Executables.path("partyclient"), ["--line-mode", "--interface", "lo", "--name", "Bob"])
            defer { chooser.stop() }
            let listed = await chooser.waitForLine(timeout: .seconds(15)) { $0.contains("\(name)'s Four in a Row") }
            try #require(listed != nil, "nothing listed before Enter:\n\(chooser.transcript)")
            let number = try #require(listed?.split(separator: ".").first.flatMap { Int($0) }, "\(listed ?? "")")
            chooser.send("\(number)")
            #expect(await chooser.waitForLine(timeout: .seconds(10)) { $0.hasPrefix("Joined \(name)'s Four in a Row") } != nil,
                    "\(chooser.transcript)")

            // A script that pipes its choice at once still gets the first look at the network.
            let piped = try LiveProcess(Executables.path("partyclient"), ["--line-mode", "--interface", "lo", "--name", "Cy"])
            defer { piped.stop() }
            piped.send("1")
            piped.closeInput()
            #expect(await piped.waitForLine(timeout: .seconds(10)) { $0.hasPrefix("Joined \(name)'s Four in a Row") } != nil,
                    "\(piped.transcript)")
        }

        @Test("--list says a code is needed; --json writes slashes as they are")
        func listSaysCode() async throws {
            let port = TestTools.freePort()
            let name = TestTools.unique("Cody")
            let host = try await startHost(name: name, port: port, extra: ["--code", "4711"])
            defer { host.stop() }
            var text = ""
            let found = await Poll.until(timeout: .seconds(10)) {
                text = (try? await TestTools.running([Executables.path("partyclient"), "--list", "--interface", "lo", "--timeout", "0.5"]).output) ?? ""
                return text.contains(name)
            }
            try #require(found, "never listed: \(text)")
            let line = try #require(text.split(separator: "\n").first { $0.contains(name) })
            #expect(line.contains("join code needed"), "\(line)")

            // A game id is a game id in any case.
            var filtered = ""
            let foundFiltered = await Poll.until(timeout: .seconds(10)) {
                filtered = (try? await TestTools.running([Executables.path("partyclient"), "--list", "--game", "FourInARow", "--interface", "lo",
                                                "--timeout", "0.5"]).output) ?? ""
                return filtered.contains(name)
            }
            #expect(foundFiltered, "--game FourInARow did not list it: \(filtered)")

            var json = ""
            let foundJSON = await Poll.until(timeout: .seconds(10)) {
                json = (try? await TestTools.running([Executables.path("partyclient"), "--list", "--json", "--interface", "lo", "--timeout", "0.5"]).output) ?? ""
                return json.contains(name)
            }
            try #require(foundJSON, "never listed: \(json)")
            let object = try #require(json.split(separator: "\n").first { $0.contains(name) })
            #expect(object.contains("\"0/2\""), "\(object)")
            #expect(!object.contains("\\/"), "\(object)")
        }
    }
}
