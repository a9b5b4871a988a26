import Foundation
import Testing

/// The phone comes back to a party room it left, as partyclient does: Web/connection.js keeps the
/// room's token when the page leaves, and joining again from the tab presents it (run by node,
/// with a stand-in WebSocket and sessionStorage).
@Suite("The phone comes back to a party room it left")
struct RoomReturnJSTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Sets up the stand-ins, imports connection.js and runs `scenario`, which prints lines.
    static func run(_ scenario: String) throws -> [String] {
        let connection = root.appendingPathComponent("Web/connection.js").absoluteString
        let script = #"""
        const store = new Map();
        globalThis.sessionStorage = { getItem: (k) => store.has(k) ? store.get(k) : null, setItem: (k, v) => store.set(k, String(v)),
                                      removeItem: (k) => store.delete(k) };
        globalThis.location = { protocol: "http:", host: "host" };
        const sockets = [];
        class FakeSocket {
          static OPEN = 1;
          constructor() { this.readyState = 0; this.sent = []; this.handlers = {}; sockets.push(this); }
          addEventListener(type, f) { (this.handlers[type] ??= []).push(f); }
          emit(type, event = {}) { for (const f of this.handlers[type] ?? []) f(event); }
          open() { this.readyState = 1; this.emit("open"); }
          receive(msg) { this.emit("message", { data: JSON.stringify(msg) }); }
          send(text) { this.sent.push(JSON.parse(text)); }
          close() { this.readyState = 3; this.emit("close"); }
        }
        globalThis.WebSocket = FakeSocket;
        const hello = (socket) => socket.sent.find((m) => m.type === "hello");
        const options = (role) => ({ name: "Cy", role, games: [], onMessage() {}, onState() {} });
        import("\#(connection)").then(async ({ Connection }) => {
          \#(scenario)
          process.exit(0);
        }).catch((e) => { console.log("ERROR " + e); process.exit(1); });
        """#
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/node")
        process.arguments = ["--input-type=module", "-e", script]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test("left a room: joining again presents the token; a refused one joins as a newcomer; watching never uses it; reloading does not rejoin",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/node"), "needs /usr/bin/node"))
    func comesBack() throws {
        let lines = try Self.run("""
        const first = new Connection(options("player"));
        first.connect(); sockets[0].open();
        console.log("first hello token: " + hello(sockets[0]).token);
        sockets[0].receive({ type: "welcome", token: "t1", room: true });
        first.leave();
        console.log("after leave, saved: " + Connection.savedToken);
        const watcher = new Connection(options("spectator"));
        watcher.connect(); sockets[1].open();
        console.log("watching hello token: " + hello(sockets[1]).token + " role " + hello(sockets[1]).role);
        watcher.leave();
        const again = new Connection(options("player"));
        again.connect(); sockets[2].open();
        console.log("again hello token: " + hello(sockets[2]).token);
        sockets[2].receive({ type: "reject", reason: "badToken", message: "gone" });
        sockets[3].open();
        console.log("retry hello token: " + hello(sockets[3]).token + ", sockets " + sockets.length);
        again.stop();
        """)
        #expect(lines == [
            "first hello token: undefined",
            "after leave, saved: null",
            "watching hello token: undefined role spectator",
            "again hello token: t1",
            "retry hello token: undefined, sockets 4",
        ], "\(lines)")
    }

    @Test("a locked game's token is forgotten on leave, as before",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/node"), "needs /usr/bin/node"))
    func lockedGameForgets() throws {
        let lines = try Self.run("""
        const first = new Connection(options("player"));
        first.connect(); sockets[0].open();
        sockets[0].receive({ type: "welcome", token: "t1" });
        first.leave();
        const again = new Connection(options("player"));
        again.connect(); sockets[1].open();
        console.log("again hello token: " + hello(sockets[1]).token);
        again.stop();
        """)
        #expect(lines == ["again hello token: undefined"], "\(lines)")
    }
}
