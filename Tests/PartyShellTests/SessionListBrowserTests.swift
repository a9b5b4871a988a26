import Foundation
import PartyDiscovery
import Testing
@testable import PartyShell

extension EndToEnd {
    /// The interactive session list says where browsers join the selected session (issue 19), in
    /// full screen and in line mode, from the TXT key `web=/` the host advertises.
    @Suite("The session list shows the browser URL", .serialized, .timeLimit(.minutes(2)))
    struct SessionListBrowserTests {
        /// Starts a dedicated Four in a Row host on `lo` and waits until it prints its port.
        func startHost(name: String, port: Int) async throws -> LiveProcess {
            let host = try LiveProcess(Executables.path("partyhost"), [
                "--game", "fourinarow", "--dedicated", "--port", "\(port)", "--bind", "127.0.0.1", "--interface", "lo", "--name", name,
            ], label: "partyhost \(name)")
            let printed = await Poll.until(timeout: .seconds(10), interval: .milliseconds(20)) { host.output.contains("on port \(port).") }
            if !printed { host.stop() }
            try #require(printed, "\(host.transcript)")
            return host
        }

        @Test("line mode: under the session's numbered line, an indented line says Browsers: http://127.0.0.1:PORT/")
        func lineMode() async throws {
            let port = TestTools.freePort()
            let name = "Web\(port)"
            let host = try await startHost(name: name, port: port)
            defer { host.stop() }
            let client = try LiveProcess(Executables.path("partyclient"), ["--interface", "lo", "--line-mode", "--name", "Carol"],
                                         label: "partyclient Carol")
            defer { client.stop() }
            var listed: String?
            for _ in 0..<15 where listed == nil {
                client.send("")
                listed = await client.waitForLine(timeout: .seconds(1)) { $0.contains("\(name)'s Four in a Row") }
            }
            try #require(listed != nil, "never listed: \(client.transcript)")
            let lines = await Poll.until(timeout: .seconds(10), interval: .milliseconds(50)) {
                let output = client.output.components(separatedBy: "\n")
                guard let index = output.lastIndex(where: { $0.contains("\(name)'s Four in a Row") }), index + 1 < output.count else { return false }
                return output[index + 1] == "   Browsers: http://127.0.0.1:\(port)/"
            }
            #expect(lines, "no browser line under the session:\n\(client.transcript)")
            client.send("q")
            #expect(await client.waitForExit(timeout: .seconds(10)) == 0, "\(client.transcript)")
        }

        @Test("full screen: the selected session's detail line says Browsers: http://127.0.0.1:PORT/", .enabled(if: TestTools.tmux))
        func fullScreen() async throws {
            let port = TestTools.freePort()
            let name = "Web\(port)"
            let host = try await startHost(name: name, port: port)
            defer { host.stop() }
            let tmux = try TmuxServer(width: 80, height: 24, command: TmuxServer.paneCommand([
                Executables.path("partyclient"), "--interface", "lo", "--name", "Carol",
            ]))
            defer { tmux.kill() }
            let (listed, screen) = await tmux.waitForScreen("s:0", timeout: .seconds(15)) { $0.contains("\(name)'s Four in a Row") }
            try #require(listed, "never listed:\n\(screen)")
            // Other tests' sessions may be listed too: move the selection to ours.
            for _ in 0..<10 {
                let rows = await tmux.screen("s:0").split(separator: "\n")
                if rows.contains(where: { $0.contains("▶") && $0.contains(name) }) { break }
                try await tmux.send("s:0", "Down")
                try await Task.sleep(for: .milliseconds(300))
            }
            let (ok, shown) = await tmux.waitForScreen("s:0", timeout: .seconds(10)) {
                $0.split(separator: "\n").contains { $0.contains("▶") && $0.contains(name) }
                    && $0.contains("Browsers: http://127.0.0.1:\(port)/")
            }
            #expect(ok, "no browser detail for the selected session:\n\(shown)")
            #expect(shown.contains("↑/↓ choose · Enter join · w watch · q quit"), "\(shown)")
            try await tmux.send("s:0", "q")
        }
    }
}

/// The detail line comes from the TXT key `web`, with the first address a browser can open.
@Suite struct SessionBrowserLineTests {
    func service(addresses: [String], txt: [String: String]) -> DiscoveredService {
        DiscoveredService(instanceName: "Alice's Snap!", serviceType: "_partyhost._tcp", hostName: "h.local.", port: 4711,
                          addresses: addresses, txt: txt)
    }

    @Test("web=/ gives the IPv4 address first, a global IPv6 address in brackets, nothing for link-local only or no web key")
    func lines() {
        #expect(SessionLobby.browserLine(for: service(addresses: ["fd00::5", "192.168.1.5"], txt: ["web": "/"])) == "Browsers: http://192.168.1.5:4711/")
        #expect(SessionLobby.browserLine(for: service(addresses: ["fe80::1", "fd00::5"], txt: ["web": "/"])) == "Browsers: http://[fd00::5]:4711/")
        #expect(SessionLobby.browserLine(for: service(addresses: ["fe80::1"], txt: ["web": "/"])) == nil)
        #expect(SessionLobby.browserLine(for: service(addresses: ["192.168.1.5"], txt: [:])) == nil)
    }
}
