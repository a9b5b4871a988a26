// Generated from Web/ and Games/*/Web/ by `new-game`; do not edit by hand. Change those files and
// regenerate with: swift package --allow-writing-to-package-directory new-game --sync (a test fails when this file is stale).

extension WebPage {
    /// `/connection.js`.
    static let connectionJS = #"""
// The WebSocket side of the protocol (docs/PROTOCOL.md): hello, heartbeats every 3 s, the reconnect
// token kept in sessionStorage, and reconnecting by itself within the grace period.

const TOKEN_KEY = "partyhost.token";
/** The token of a party room the page left: joining again from this tab (not reloading) comes back
 *  to the same scoreboard line (docs/PROTOCOL.md section 16). */
const RETURN_KEY = "partyhost.roomReturn";
const HEARTBEAT_MS = 3000;
const SILENCE_MS = 10000;
/** How long the page keeps trying to get its seat back (the host's default grace). */
export const GRACE_MS = 30000;

export class Connection {
  /**
   * options: { name, code, role, games, onMessage(msg), onState(state, detail) }.
   * States: "connecting", "open", "reconnecting" (detail: ms left), "closed" (detail: reason text).
   */
  constructor(options) {
    this.options = options;
    this.socket = null;
    this.seq = 0;
    this.welcomed = false;
    this.finished = false;
    this.lastHeard = Date.now();
    this.timer = null;
    this.retryUntil = null;
  }

  static get savedToken() { return sessionStorage.getItem(TOKEN_KEY); }
  static forgetToken() { sessionStorage.removeItem(TOKEN_KEY); }

  connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${scheme}//${location.host}/ws`);
    this.socket = socket;
    this.seq = 0;
    this.welcomed = false;
    this.options.onState(this.retryUntil ? "reconnecting" : "connecting", this.retryUntil ? this.retryUntil - Date.now() : 0);
    socket.addEventListener("open", () => {
      this.lastHeard = Date.now();
      const hello = {
        protocol: 2, client: "partyhost-web", clientVersion: "1", name: this.options.name,
        games: this.options.games,
        // The /tv page is a shared screen: it shows the predictions and is never asked for one.
        features: globalThis.document?.body?.classList.contains("tv") ? ["teams", "predictions", "display"] : ["teams", "predictions"],
      };
      const token = Connection.savedToken;
      const back = token || this.options.role === "spectator" ? null : sessionStorage.getItem(RETURN_KEY);
      this.returning = Boolean(back);
      if (token) hello.token = token;
      else if (back) hello.token = back;
      else {
        if (this.options.code) hello.code = this.options.code;
        if (this.options.role === "spectator") hello.role = "spectator";
      }
      this.send("hello", hello);
    });
    socket.addEventListener("message", (event) => {
      if (socket !== this.socket) return;
      this.lastHeard = Date.now();
      let msg;
      try { msg = JSON.parse(event.data); } catch { return; }
      if (msg.type === "welcome") {
        this.welcomed = true;
        this.retryUntil = null;
        this.room = msg.room === true;
        if (msg.token) sessionStorage.setItem(TOKEN_KEY, msg.token);
        else Connection.forgetToken();
        sessionStorage.removeItem(RETURN_KEY);
        this.options.onState("open", 0);
      } else if (msg.type === "reject") {
        if (msg.reason === "badToken" && this.returning) {
          // That room is over (or it is another party now): join as a newcomer instead.
          sessionStorage.removeItem(RETURN_KEY);
          this.socket = null;
          socket.close();
          this.connect();
          return;
        }
        this.finished = true;
        if (msg.reason === "badToken") Connection.forgetToken();
      } else if (msg.type === "ended") {
        this.finished = true;
        Connection.forgetToken();
        sessionStorage.removeItem(RETURN_KEY);
      } else if (msg.type === "error" && msg.fatal && msg.reason !== "timeout") {
        this.finished = true;
        Connection.forgetToken();
      }
      this.options.onMessage(msg);
    });
    socket.addEventListener("close", () => {
      if (socket !== this.socket) return;
      this.dropped();
    });
    if (!this.timer) this.timer = setInterval(() => this.tick(), 500);
  }

  /** Called every half second: heartbeats, the silence check, the reconnect countdown. */
  tick() {
    const socket = this.socket;
    if (socket && socket.readyState === WebSocket.OPEN) {
      if (this.welcomed && Date.now() - (this.lastSent || 0) >= HEARTBEAT_MS) this.send("heartbeat");
      if (Date.now() - this.lastHeard > SILENCE_MS) socket.close();
    } else if (this.retryUntil && !this.finished) {
      this.options.onState("reconnecting", this.retryUntil - Date.now());
    }
  }

  dropped() {
    this.socket = null;
    if (this.finished) { this.stop(); return; }
    // A player without a token cannot get a seat back; a spectator (the TV) simply watches again.
    if (!Connection.savedToken && this.options.role !== "spectator") {
      this.stop();
      this.options.onState("closed", "The connection to the host closed.");
      return;
    }
    if (!this.retryUntil) this.retryUntil = Date.now() + GRACE_MS;
    if (Date.now() >= this.retryUntil) {
      this.stop();
      this.options.onState("closed", "Could not reach the host again in time; your seat is given up.");
      return;
    }
    this.options.onState("reconnecting", this.retryUntil - Date.now());
    setTimeout(() => { if (!this.finished && !this.socket) this.connect(); }, 1000);
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Sends one message with the next seq. */
  send(type, fields = {}) {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return null;
    this.seq += 1;
    this.lastSent = Date.now();
    socket.send(JSON.stringify({ ...fields, type, seq: this.seq }));
    return this.seq;
  }

  /** Leaves the session for good; from a party room the page keeps the token to come back with. */
  leave() {
    this.finished = true;
    this.send("leave");
    if (this.room && Connection.savedToken) sessionStorage.setItem(RETURN_KEY, Connection.savedToken);
    Connection.forgetToken();
    this.stop();
    if (this.socket) this.socket.close();
  }
}

"""#
}
