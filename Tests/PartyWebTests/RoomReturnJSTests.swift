import Foundation
import Testing

/// The phone comes back to a party room it left, as partyclient does: Web/connection.js keeps the
/// room's token when the page leaves, and joining again from the tab presents it; a new tab or a
/// window opened again presents this browser's latest seat (run by node, with a stand-in WebSocket,
/// sessionStorage and localStorage).
@Suite("The phone comes back to a party room it left")
struct RoomReturnJSTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Sets up the stand-ins, imports connection.js and runs `scenario`, which prints lines.
    static func run(_ scenario: String) throws -> [String] {
        let connection = root.appendingPathComponent("Web/connection.js").absoluteString
        let script = #"""
        \#(JSStandIns.storage)
        // A new tab of the same browser: its own sessionStorage, the same localStorage.
        const newTab = () => { globalThis.sessionStorage = storage(new Map()); };
        globalThis.location = { protocol: "http:", host: "host" };
        \#(JSStandIns.socket)
        const hello = (socket) => socket.sent.find((m) => m.type === "hello");
        const states = [];
        const options = (role, name = "Cy") => ({ name, role, games: [], onMessage() {}, onState(kind) { states.push(kind); } });
        import("\#(connection)").then(async ({ Connection }) => {
          \#(scenario)
          process.exit(0);
        }).catch((e) => { console.log("ERROR " + e); process.exit(1); });
        """#
        return try NodeScript.run(["--input-type=module", "-e", script]).split(separator: "\n").map(String.init)
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

    @Test("a new tab, or the window opened again, presents this browser's latest seat; the party's end forgets it",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/node"), "needs /usr/bin/node"))
    func browserKeepsTheSeat() throws {
        let lines = try Self.run("""
        const first = new Connection(options("player"));
        first.connect(); sockets[0].open();
        sockets[0].receive({ type: "welcome", token: "t1", session: "s1", name: "Cy", room: true });
        first.stop();
        newTab();
        const second = new Connection(options("player"));
        second.connect(); sockets[1].open();
        console.log("new tab hello token: " + hello(sockets[1]).token);
        sockets[1].receive({ type: "welcome", token: "t2", session: "s1", name: "Cy", room: true, reconnected: true });
        sockets[1].receive({ type: "ended", reason: "hostQuit", message: "Good night." });
        second.stop();
        newTab();
        const third = new Connection(options("player"));
        third.connect(); sockets[2].open();
        console.log("after the end hello token: " + hello(sockets[2]).token);
        third.stop();
        """)
        #expect(lines == ["new tab hello token: t1", "after the end hello token: undefined"], "\(lines)")
    }

    @Test("a seat from an earlier visit that the host refuses asks for a name again (not 'your seat is gone'); spectators never use it",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/node"), "needs /usr/bin/node"))
    func staleSeatIsForgotten() throws {
        let lines = try Self.run("""
        localStorage.setItem("partyhost.seat", JSON.stringify({ token: "old", session: "s0", name: "Cy", at: Date.now() }));
        const watcher = new Connection(options("spectator"));
        watcher.connect(); sockets[0].open();
        console.log("watcher hello token: " + hello(sockets[0]).token);
        watcher.stop();
        const page = new Connection(options("player"));
        page.connect(); sockets[1].open();
        console.log("hello token: " + hello(sockets[1]).token);
        sockets[1].receive({ type: "reject", reason: "badToken", message: "gone" });
        console.log("state: " + states[states.length - 1] + ", saved: " + Connection.savedToken + ", sockets " + sockets.length);
        """)
        #expect(lines == ["watcher hello token: undefined", "hello token: old", "state: forgotten, saved: null, sockets 2"], "\(lines)")
    }

    @Test("left a room and joined again under another name: a newcomer, not the old member",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/node"), "needs /usr/bin/node"))
    func newNameIsANewGuest() throws {
        let lines = try Self.run("""
        const first = new Connection(options("player"));
        first.connect(); sockets[0].open();
        sockets[0].receive({ type: "welcome", token: "t1", session: "s1", name: "Cy", room: true });
        first.leave();
        const other = new Connection(options("player", "Dee"));
        other.connect(); sockets[1].open();
        console.log("another name: " + hello(sockets[1]).token);
        other.stop();
        const same = new Connection(options("player", "Cy"));
        same.connect(); sockets[2].open();
        console.log("the same name: " + hello(sockets[2]).token);
        same.stop();
        """)
        #expect(lines == ["another name: undefined", "the same name: t1"], "\(lines)")
    }

    @Test("the welcome's graceMs is how long a dropped page keeps trying",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/node"), "needs /usr/bin/node"))
    func graceFromTheWelcome() throws {
        let lines = try Self.run("""
        const page = new Connection(options("player"));
        page.connect(); sockets[0].open();
        sockets[0].receive({ type: "welcome", token: "t1", session: "s1", name: "Cy", graceMs: 120000, heartbeatMs: 3000, silenceMs: 10000 });
        const before = Date.now();
        sockets[0].close();
        console.log("gives up within 120 s: " + (Math.abs(page.retryUntil - before - 120000) < 1000));
        page.stop();
        """)
        #expect(lines == ["gives up within 120 s: true"], "\(lines)")
    }
}
