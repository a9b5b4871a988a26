import Foundation
import Testing

/// Web/connection.js and Web/fleet.js on a room page whose node dies: after two attempts that
/// could not open there, the room's WebSocket goes to the next node `/api/fleet` listed, with the
/// room's token; a node without the room (yet) is no reason to stop; the page stays at its address
/// (run by node, with a stand-in WebSocket, fetch and storage).
@Suite("A room page carries on through another node of the fleet")
struct FleetFailoverJSTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("node A dies: A twice, then B (not there yet), B again, A, A, then B lets the page in with its token and invites to B",
          .enabled(if: NodeScript.available, "needs /usr/bin/node"))
    func failsOver() throws {
        let connection = Self.root.appendingPathComponent("Web/connection.js").absoluteString
        let room = Self.root.appendingPathComponent("Web/room.js").absoluteString
        let script = #"""
        \#(Self.pageAtA)
        // The fleet's answer, with entries a page must not use (not an origin).
        globalThis.fetch = async (url) => {
          console.log("fetch " + url);
          return { ok: true, json: async () => ({ nodes: ["http://a:1", "http://b:2", "javascript:alert(1)", "http://c:3/x"] }) };
        };
        \#(Self.fakeSocket)
        import("\#(connection)").then(async ({ Connection }) => {
          const { roomLink } = await import("\#(room)");
          const page = new Connection({ name: "Ann", role: "player", games: [], onMessage(m) { console.log("shown " + m.type); },
                                        onState() {} });
          page.connect(); sockets[0].open();
          sockets[0].receive({ type: "welcome", token: "t1", room: true, restartWait: 300 });
          await settle();
          sockets[0].close();  // node A dies
          for (let i = 1; i <= 7; i++) {
            await settle();
            const socket = sockets[i];
            const hello = () => socket.sent.find((m) => m.type === "hello");
            if (!socket.url.includes("b:2")) { console.log(`${i} ${socket.url} refused`); socket.close(); continue; }
            socket.open();
            const here = i === 7;
            console.log(`${i} ${socket.url} token ${hello().token} ${here ? "welcome" : "noSuchRoom"}`);
            if (here) socket.receive({ type: "welcome", token: "t2", room: true, reconnected: true });
            else socket.receive({ type: "reject", reason: "noSuchRoom", message: "No party has that code" });
          }
          await settle();
          console.log(`finished ${page.finished}, kept ${sessionStorage.getItem("partyhost.token:ABCD")}, sockets ${sockets.length}`);
          // Invitations and the TV's QR code name the node in use now, not the page's dead one.
          console.log(`invites to ${roomLink()}`);
          page.stop();
          process.exit(0);
        }).catch((e) => { console.log("ERROR " + e); process.exit(1); });
        """#
        let lines = try NodeScript.run(["--input-type=module", "-e", script]).split(separator: "\n").map(String.init)
        #expect(lines == [
            "fetch http://a:1/api/fleet",
            "shown welcome",
            "1 ws://a:1/ABCD/ws refused",
            "2 ws://a:1/ABCD/ws refused",
            "3 ws://b:2/ABCD/ws token t1 noSuchRoom",
            "4 ws://b:2/ABCD/ws token t1 noSuchRoom",
            "5 ws://a:1/ABCD/ws refused",
            "6 ws://a:1/ABCD/ws refused",
            "7 ws://b:2/ABCD/ws token t1 welcome",
            "fetch http://b:2/api/fleet",
            "shown welcome",
            "finished false, kept t2, sockets 8",
            "invites to http://b:2/ABCD",
        ], "\(lines)")
    }

    @Test("a watcher's page opens /CODE/ws?watch (a node without the room relays it), and a relay that cannot reach the room is no reason to stop",
          .enabled(if: NodeScript.available, "needs /usr/bin/node"))
    func watcherAtWatch() throws {
        let connection = Self.root.appendingPathComponent("Web/connection.js").absoluteString
        let script = #"""
        \#(Self.pageAtA)
        globalThis.fetch = async () => ({ ok: true, json: async () => ({ nodes: ["http://a:1", "http://b:2"] }) });
        \#(Self.fakeSocket)
        import("\#(connection)").then(async ({ Connection }) => {
          const tv = new Connection({ name: "TV", role: "spectator", games: [], onMessage() {}, onState() {} });
          tv.connect(); sockets[0].open();
          console.log(`${sockets[0].url} ${sockets[0].sent[0].role}`);
          sockets[0].receive({ type: "welcome", token: "", room: true, restartWait: 300 });
          await settle();
          sockets[0].receive({ type: "reject", reason: "roomUnreachable", message: "cannot be reached" });
          await settle(); await settle();
          console.log(`finished ${tv.finished}, then ${sockets[sockets.length - 1].url}`);
          const player = new Connection({ name: "Ann", role: "player", games: [], onMessage() {}, onState() {} });
          player.connect();
          console.log(sockets[sockets.length - 1].url);
          tv.stop(); player.stop();
          process.exit(0);
        }).catch((e) => { console.log("ERROR " + e); process.exit(1); });
        """#
        let lines = try NodeScript.run(["--input-type=module", "-e", script]).split(separator: "\n").map(String.init)
        #expect(lines == [
            "ws://a:1/ABCD/ws?watch spectator",
            "finished false, then ws://a:1/ABCD/ws?watch",
            "ws://a:1/ABCD/ws",
        ], "\(lines)")
    }

    /// A page at `http://a:1/ABCD`: storage that forgets nothing, the page's location.
    static let pageAtA = #"""
    \#(JSStandIns.storage)
    globalThis.location = { protocol: "http:", host: "a:1", origin: "http://a:1", pathname: "/ABCD" };
    """#

    /// The stand-in WebSocket, timers that run at once, `settle()`.
    static let fakeSocket = #"""
    \#(JSStandIns.socket)
    globalThis.setTimeout = (f) => { queueMicrotask(f); };
    globalThis.setInterval = () => 1;
    globalThis.clearInterval = () => {};
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    """#
}
