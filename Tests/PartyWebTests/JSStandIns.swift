/// Stand-ins for what a browser gives the pages, for the tests that run the pages' modules in
/// node: storage and a WebSocket.
enum JSStandIns {
    /// `storage(map)`: a Storage over a Map; sessionStorage and localStorage each a new one.
    static let storage = #"""
    const storage = (store) => ({ getItem: (k) => store.has(k) ? store.get(k) : null, setItem: (k, v) => store.set(k, String(v)),
                                  removeItem: (k) => store.delete(k), clear: () => store.clear() });
    globalThis.sessionStorage = storage(new Map());
    globalThis.localStorage = storage(new Map());
    """#

    /// A stand-in WebSocket: every one made is in `sockets`; `open()`, `receive(msg)` and `close()`
    /// play the server's part, `sent` holds what the page sent (parsed).
    static let socket = #"""
    const sockets = [];
    class FakeSocket {
      static OPEN = 1; static CONNECTING = 0;
      constructor(url) { this.url = url; this.readyState = 0; this.sent = []; this.handlers = {}; sockets.push(this); }
      addEventListener(type, f) { (this.handlers[type] ??= []).push(f); }
      emit(type, event = {}) { for (const f of this.handlers[type] ?? []) f(event); }
      open() { this.readyState = 1; this.emit("open"); }
      receive(msg) { this.emit("message", { data: JSON.stringify(msg) }); }
      send(text) { this.sent.push(JSON.parse(text)); }
      close() { this.readyState = 3; this.emit("close"); }
    }
    globalThis.WebSocket = FakeSocket;
    """#
}
