// Generated from Web/ and Games/*/Web/ by `new-game`; do not edit by hand. Change those files and
// regenerate with: swift package --allow-writing-to-package-directory new-game --sync (a test fails when this file is stale).

extension WebPage {
    /// `/connection.js`.
    static let connectionJS = #"""
// The WebSocket side of the protocol (docs/PROTOCOL.md): hello, heartbeats, the reconnect token,
// and reconnecting by itself within the grace period. The host's figures (grace, heartbeat, silence)
// come in its `welcome`; the defaults below are the protocol's, for a host that does not send them.
// A host that keeps a journal (its welcome's `restartWait`, section 12) comes back after a crash:
// while nothing answers the page says "The host is restarting… 42 s" and keeps trying that long.
// On a party server that runs as a fleet, that time is spent trying the fleet's other nodes too
// (fleet.js): the room comes back on one of them, and so does the page, with its token.

import { FleetNodes } from "./fleet.js";
import { ROOM, roomKey, useNode } from "./room.js";

/** This tab's token: a reload, or a live reconnection, presents it (per room on a party server). */
const TOKEN_KEY = roomKey("partyhost.token");
/** This browser's latest seat at this host ({ token, session, name, at }): a new tab or a window opened
 *  again after it was closed presents it, and the same phone gets its seat (or, in a party room, its
 *  scoreboard line) back. Forgotten when the party ends, and after SAVED_FOR_MS. */
const SAVED_KEY = roomKey("partyhost.seat");
const SAVED_FOR_MS = 12 * 3600 * 1000;
/** The token of a party room the page left: joining again from this tab under the same name (not
 *  reloading) comes back to the same scoreboard line (docs/PROTOCOL.md section 16). */
const RETURN_KEY = roomKey("partyhost.roomReturn");
/** On a party server: the key that makes this browser the room's VIP (kept by the front page). */
const VIP_KEY = roomKey("partyhost.vip");
/** The protocol's figures (section 11), until a `welcome` says the host's own. */
export const DEFAULT_TIMING = { heartbeatMs: 3000, silenceMs: 10000, graceMs: 30000 };
/** How long a WebSocket may take to open before the attempt counts as failed (a node that died
 *  with its machine answers nothing at all). */
const OPEN_TIMEOUT_MS = 5000;

/** Reads a stored JSON value, or null. */
function stored(storage, key) {
  try { return JSON.parse(storage.getItem(key) ?? "null"); } catch { return null; }
}

export class Connection {
  /**
   * options: { name, code, role, games, onMessage(msg), onState(state, detail) }.
   * States: "connecting", "open", "reconnecting" (detail: ms left), "restarting" (nothing answers
   * and the host keeps a journal; detail: ms left), "closed" (detail: reason text).
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
    // Since when the page has been without its connection, and until when it waits for a host that
    // restarts (set once an attempt found nobody answering, with the host's restartWait).
    this.droppedAt = null;
    this.restartingUntil = null;
    this.restartWaitMs = 0;
    this.timing = { ...DEFAULT_TIMING };
    // Where the WebSocket goes: this page's own origin, else another node of its fleet.
    this.fleet = new FleetNodes();
  }

  /** What the page says while it has no connection: the host restarting, or reconnecting. */
  get awayState() { return this.restartingUntil ? "restarting" : "reconnecting"; }

  /** The token to present: this tab's own, else this browser's latest seat at this host. */
  static get savedToken() { return sessionStorage.getItem(TOKEN_KEY) ?? Connection.browserSeat?.token ?? null; }
  /** This browser's latest seat at this host, while it is fresh. */
  static get browserSeat() {
    const seat = stored(localStorage, SAVED_KEY);
    return seat && typeof seat.token === "string" && Date.now() - (seat.at ?? 0) < SAVED_FOR_MS ? seat : null;
  }
  static forgetToken() {
    sessionStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(SAVED_KEY);
  }
  /** Keeps the token of a welcome for this tab and this browser. */
  static keep(welcome) {
    sessionStorage.setItem(TOKEN_KEY, welcome.token);
    localStorage.setItem(SAVED_KEY, JSON.stringify({ token: welcome.token, session: welcome.session, name: welcome.name, at: Date.now() }));
  }

  connect() {
    // On a party server each room has its own socket: /ABCD/ws (at this page's node, or another of its fleet).
    // A watcher (the TV, the audience) at ?watch: any node of a fleet serves it from its relay.
    const socket = new WebSocket(this.options.role === "spectator" ? this.fleet.watchURL : this.fleet.socketURL);
    this.socket = socket;
    this.seq = 0;
    this.welcomed = false;
    this.opened = false;
    this.notHere = false;
    this.connectedAt = Date.now();
    this.options.onState(this.retryUntil ? this.awayState : "connecting", this.retryUntil ? this.retryUntil - Date.now() : 0);
    socket.addEventListener("open", () => {
      this.opened = true;
      this.lastHeard = Date.now();
      const hello = {
        protocol: 2, client: "partyhost-web", clientVersion: "1", name: this.options.name,
        games: this.options.games,
        // The /tv page is a shared screen: it shows the predictions and is never asked for one.
        features: globalThis.document?.body?.classList.contains("tv") ? ["teams", "predictions", "display"] : ["teams", "predictions"],
      };
      // This tab's own token first; a tab without one (new, or opened again) takes this browser's.
      const own = sessionStorage.getItem(TOKEN_KEY);
      const token = own ?? (this.options.role === "spectator" ? null : Connection.browserSeat?.token ?? null);
      this.fromBrowser = !own && Boolean(token);
      // A room left from this tab: back to the same line only under the same name (a new name is a new guest).
      const left = stored(sessionStorage, RETURN_KEY);
      const back = token || this.options.role === "spectator" || !left || left.name !== this.options.name ? null : left.token;
      this.returning = Boolean(back);
      if (token) hello.token = token;
      else if (back) hello.token = back;
      else {
        if (this.options.code) hello.code = this.options.code;
        if (this.options.role === "spectator") hello.role = "spectator";
      }
      const vip = ROOM ? localStorage.getItem(VIP_KEY) : null;
      if (vip && this.options.role !== "spectator") hello.hostKey = vip;
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
        this.droppedAt = null;
        this.restartingUntil = null;
        // Absent or 0: the host keeps no journal, and a crashed host gives no seat back.
        this.restartWaitMs = Number.isFinite(msg.restartWait) && msg.restartWait > 0 ? msg.restartWait * 1000 : 0;
        this.room = msg.room === true;
        // The host's own figures: how long it holds a seat, how often it and we send heartbeats.
        for (const key of Object.keys(DEFAULT_TIMING)) {
          if (Number.isFinite(msg[key]) && msg[key] > 0) this.timing[key] = msg[key];
        }
        if (msg.token) Connection.keep(msg);
        else sessionStorage.removeItem(TOKEN_KEY);
        sessionStorage.removeItem(RETURN_KEY);
        this.everWelcomed = true;
        this.fleet.welcomed();
        useNode(this.fleet.current);
        this.options.onState("open", 0);
      } else if (msg.type === "reject") {
        if ((msg.reason === "noSuchRoom" || msg.reason === "roomUnreachable") && this.everWelcomed && this.fleet.hasOthers) {
          // This node does not have the room (yet), or cannot reach it to relay it to a watcher:
          // its node died and another claims it. Not the end: the next node is tried when this
          // socket closes.
          this.notHere = true;
          socket.close();
          return;
        }
        if (msg.reason === "badToken" && this.fromBrowser && !this.welcomed) {
          // This browser's seat from an earlier visit is gone (that party ended): ask for a name.
          Connection.forgetToken();
          this.finished = true;
          this.stop();
          socket.close();
          this.options.onState("forgotten", "");
          return;
        }
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
      if (this.welcomed && Date.now() - (this.lastSent || 0) >= this.timing.heartbeatMs) this.send("heartbeat");
      if (Date.now() - this.lastHeard > this.timing.silenceMs) socket.close();
      if (this.welcomed) this.fleet.learn();
    } else if (socket && socket.readyState === WebSocket.CONNECTING && Date.now() - this.connectedAt > OPEN_TIMEOUT_MS) {
      socket.close();
    } else if (this.retryUntil && !this.finished) {
      this.options.onState(this.awayState, this.retryUntil - Date.now());
    }
  }

  dropped() {
    this.socket = null;
    if (this.finished) { this.stop(); return; }
    // An attempt that never opened, or a node without the room: after two, the next node of the fleet.
    if (!this.opened || this.notHere) this.fleet.failed();
    // A player without a token cannot get a seat back; a spectator (the TV) simply watches again.
    if (!Connection.savedToken && this.options.role !== "spectator") {
      this.stop();
      this.options.onState("closed", "The connection to the host closed.");
      return;
    }
    const now = Date.now();
    if (!this.retryUntil) {
      this.droppedAt = now;
      this.retryUntil = now + this.timing.graceMs;
    }
    // An attempt that never opened: nothing answers at the host's address. A host with a journal
    // is given its restartWait from the drop (as partyclient does), counted down on the page.
    if (!this.opened && this.restartWaitMs > 0 && this.droppedAt !== null && !this.restartingUntil) {
      this.restartingUntil = this.droppedAt + this.restartWaitMs;
      this.retryUntil = this.restartingUntil;
    }
    if (now >= this.retryUntil) {
      this.stop();
      this.options.onState("closed", this.restartingUntil
        ? `The host has gone away: nothing answers at ${this.fleet.host} any more.`
        : "Could not reach the host again in time; your seat is given up.");
      return;
    }
    this.options.onState(this.awayState, this.retryUntil - now);
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
    const token = sessionStorage.getItem(TOKEN_KEY);
    if (this.room && token) sessionStorage.setItem(RETURN_KEY, JSON.stringify({ token, name: this.options.name }));
    Connection.forgetToken();
    this.stop();
    if (this.socket) this.socket.close();
  }
}

"""#
}
