// Generated from Web/ and Games/*/Web/ by `new-game`; do not edit by hand. Change those files and
// regenerate with: swift package --allow-writing-to-package-directory new-game --sync (a test fails when this file is stale).

extension WebPage {
    /// `/fleet.js`.
    static let fleetJS = #"""
// A room on a party server that runs as a fleet (docs/PROTOCOL.md section 19, "Failover"): the
// room lives on one node; when that node dies another claims it within its lease and serves it on.
// The page stays at its address (its origin keeps the room's token); only its WebSocket moves: after
// FAILS_BEFORE_NEXT attempts in a row that failed at one node (could not open, or found no such
// room), it tries the next node of the fleet's list (`GET /api/fleet`), in turn, and keeps the one
// that lets it in.

import { ROOM } from "./room.js";

/** Failed attempts in a row at one node before the next node of the fleet is tried. */
const FAILS_BEFORE_NEXT = 2;
/** How often the page asks again which nodes are alive, while it is connected. */
const REFRESH_MS = 60 * 1000;

/** `http(s)://host[:port]` without a path: what the list may name. */
const ORIGIN = /^https?:\/\/[^/?#\s]+$/i;

export class FleetNodes {
  constructor() {
    /** The nodes' origins, this page's own first (a LAN host, or a server of its own: only that). */
    this.origins = [`${globalThis.location?.protocol}//${globalThis.location?.host}`];
    /** The origin the WebSocket goes to now. */
    this.current = this.origins[0];
    this.fails = 0;
    this.learnedAt = 0;
  }

  /** The room's WebSocket at the node in use (`ws://b.example.org:8080/ABCD/ws`). */
  get socketURL() {
    const base = this.current.replace(/^http/i, "ws");
    return `${base}${ROOM ? `/${ROOM}` : ""}/ws`;
  }

  /**
   * A watcher's WebSocket: the room's with `?watch`, so that a node that does not hold the room
   * serves the watcher from its own relay of it (the room's node sends each view once per node).
   */
  get watchURL() {
    return ROOM ? `${this.socketURL}?watch` : this.socketURL;
  }

  /** Asks the node in use for the fleet's live nodes (now and then; at once when `force`). */
  learn(force = false) {
    if (!ROOM || (!force && Date.now() - this.learnedAt < REFRESH_MS)) return;
    this.learnedAt = Date.now();
    fetch(`${this.current}/api/fleet`, { cache: "no-store" })
      .then((answer) => (answer.ok ? answer.json() : null))
      .then((body) => {
        const nodes = Array.isArray(body?.nodes) ? body.nodes.filter((node) => typeof node === "string" && ORIGIN.test(node)) : [];
        if (nodes.length === 0) return;
        // The page's own origin stays first; the node in use stays in the list while it answers.
        const own = this.origins[0];
        const seen = new Set([own.toLowerCase()]);
        const others = [...nodes, this.current].filter((node) => {
          const key = node.toLowerCase();
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        });
        this.origins = [own, ...others];
      })
      .catch(() => {});
  }

  /** The node in use let the page in: keep it. */
  welcomed() {
    this.fails = 0;
    this.learn(true);
  }

  /** An attempt failed: after FAILS_BEFORE_NEXT in a row, the next node of the list is tried. */
  failed() {
    this.fails += 1;
    if (this.fails < FAILS_BEFORE_NEXT || this.origins.length < 2) return;
    this.fails = 0;
    const index = this.origins.indexOf(this.current);
    this.current = this.origins[(index + 1) % this.origins.length];
  }

  /** Whether another node could still be tried (so a node without the room is no reason to stop). */
  get hasOthers() { return this.origins.length > 1; }

  /** The host part of the node in use, for sentences. */
  get host() { return this.current.replace(/^https?:\/\//i, ""); }
}

"""#
}
