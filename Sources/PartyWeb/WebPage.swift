// Generated from Web/ and Games/*/Web/ by `new-game`; do not edit by hand. Change those files and
// regenerate with: swift package --allow-writing-to-package-directory new-game --sync (a test fails when this file is stale).

/// The browser client's files, built into the binary: (served path, content type, text).
enum WebPage {
    static let files: [(path: String, contentType: String, text: String)] = [
        ("/app.js", "text/javascript; charset=utf-8", #"""
// The guest's page: name → (code) → lobby / party room → games, over one WebSocket (connection.js).
import { Connection } from "./connection.js";
import { seconds } from "./dom.js";
import { renderTable, renderRoom } from "./lobby.js";
import { GameView } from "./game.js";
import { presenters } from "./presenters.js";

const NAME_KEY = "partyhost.name";
const $ = (id) => document.getElementById(id);

const state = {
  connection: null, name: "", code: "", role: "player",
  welcome: null, lobby: null, room: null, roomAt: 0, gameOver: null, done: false,
};
const game = new GameView($("game-root"), {
  move: (move) => state.connection?.send("move", { move }),
  typed: (text) => state.connection?.send("typedMove", { text }),
});

function show(...ids) {
  for (const id of ["join", "code", "table", "room", "game", "done"]) $(id).hidden = !ids.includes(id);
  $("leave-button").hidden = !(ids.includes("table") || ids.includes("game"));
  if (ids.includes("game") && document.body.classList.contains("tv") && state.room) $("room").hidden = false;
}

function start() {
  state.connection?.stop();
  state.done = false;
  state.connection = new Connection({
    // `?plain` in the address asks for every game as plain text with labelled moves (the generic view).
    name: state.name, code: state.code, role: state.role,
    games: new URLSearchParams(location.search).has("plain") ? [] : Object.keys(presenters),
    onMessage: received, onState: linkState,
  });
  state.connection.connect();
}

function linkState(kind, detail) {
  const label = $("link-state");
  label.className = kind;
  // While the page has no connection nothing on it can be sent: the game and buttons wait, dimmed.
  document.body.classList.toggle("offline", kind === "reconnecting" || kind === "connecting");
  if (kind === "reconnecting") label.textContent = `reconnecting… ${seconds(detail)}`;
  else if (kind === "connecting") label.textContent = "connecting…";
  else if (kind === "open") label.textContent = state.welcome?.role === "spectator" ? "watching" : "";
  else if (kind === "closed" && !state.done) finish("Disconnected", detail);
}

function finish(title, message) {
  state.done = true;
  $("done-title").textContent = title;
  $("done-message").textContent = message;
  $("link-state").textContent = "";
  show("done");
}

function received(msg) {
  switch (msg.type) {
    case "welcome":
      state.welcome = msg;
      $("session-name").textContent = msg.sessionName;
      document.title = msg.sessionName;
      if (!msg.room) game.setGame(msg.game, msg.title);
      break;
    case "reject":
      $("link-state").textContent = "";
      if (["codeRequired", "wrongCode", "tooManyAttempts"].includes(msg.reason)) {
        $("code-message").textContent = msg.message;
        show("code");
        $("code-input").select();
        state.connection.stop();
        return;
      }
      finish(msg.reason === "badToken" ? "Your seat is gone" : "Could not join", msg.message);
      return;
    case "lobby":
      state.lobby = msg;
      if (msg.state !== "playing") state.gameOver = msg.state === "over" ? state.gameOver : null;
      break;
    case "room":
      state.room = msg;
      state.roomAt = Date.now();
      if (msg.current) game.setGame(msg.current.game, msg.current.title);
      break;
    case "view":
      if (state.gameOver && state.gameOver.game !== msg.game) state.gameOver = null;
      game.update(msg, context());
      break;
    case "gameOver":
      state.gameOver = msg;
      break;
    case "moveRejected":
      game.note(msg.message, true);
      break;
    case "playerLeft":
      game.note(msg.message, false);
      break;
    case "ended":
      finish("The session ended", msg.message);
      return;
    case "error":
      if (msg.fatal) { finish("Disconnected", msg.message); return; }
      game.note(msg.message, true);
      break;
    default:
      return;
  }
  render();
}

function context() {
  const lobby = state.lobby;
  const names = new Map((lobby?.players ?? []).map((p) => [p.seat, p.name]));
  return {
    seat: lobby?.you ?? null,
    spectator: state.welcome?.role === "spectator" || lobby?.you === undefined
      || Boolean(lobby?.players?.find((p) => p.seat === lobby.you)?.watching),
    name: (seat) => names.get(seat) ?? `Seat ${seat + 1}`,
  };
}

function render() {
  if (state.done || !state.welcome) return;
  const lobby = state.lobby;
  const inRoom = Boolean(state.welcome.room);
  const playing = lobby?.state === "playing";
  const sections = ["table"];
  if (inRoom && !playing) sections.push("room");
  if (playing || (!inRoom && lobby?.state === "over" && game.hasView)) sections.push("game");
  show(...sections);
  renderTable($("table"), { lobby, room: state.room, welcome: state.welcome, send, inRoom });
  if (inRoom) renderRoom($("room"), { room: state.room, roomAt: state.roomAt, lobby, welcome: state.welcome, send });
  const over = $("game-over");
  over.hidden = !state.gameOver;
  over.textContent = state.gameOver ? `Game over: ${state.gameOver.summary}` : "";
  if (game.hasView) game.refresh(context());
}

function send(type, fields) {
  state.connection?.send(type, fields);
}

// The clocks on screen (room countdown, game deadline) tick between messages.
setInterval(() => {
  game.tick();
  if (state.welcome?.room && !$("room").hidden) {
    renderRoom($("room"), { room: state.room, roomAt: state.roomAt, lobby: state.lobby, welcome: state.welcome, send, clockOnly: true });
  }
}, 250);

$("join-form").addEventListener("submit", (event) => {
  event.preventDefault();
  state.name = $("name-input").value.trim();
  if (!state.name) return;
  localStorage.setItem(NAME_KEY, state.name);
  state.role = event.submitter?.id === "watch-button" ? "spectator" : "player";
  start();
});
$("watch-button").addEventListener("click", () => {
  state.name = $("name-input").value.trim() || "Spectator";
  state.role = "spectator";
  start();
});
$("code-form").addEventListener("submit", (event) => {
  event.preventDefault();
  state.code = $("code-input").value.trim();
  start();
});
$("leave-button").addEventListener("click", () => {
  state.connection?.leave();
  finish("You left", "You left the session.");
});
$("again-button").addEventListener("click", () => {
  Connection.forgetToken();
  state.welcome = null;
  state.lobby = null;
  state.room = null;
  state.gameOver = null;
  game.reset();
  show("join");
});

// The TV page (/tv) watches at once, as a spectator, and shows the join address and its QR code.
const tv = document.body.classList.contains("tv");
// A page reloaded during a session has its token: straight back to its seat.
state.name = localStorage.getItem(NAME_KEY) ?? "";
$("name-input").value = state.name;
if (tv) {
  $("join-url").textContent = `${location.origin}/`;
  state.name = "TV";
  state.role = "spectator";
  start();
} else if (Connection.savedToken) {
  start();
} else {
  show("join");
  if (!state.name) $("name-input").focus();
}

"""#),
        ("/connection.js", "text/javascript; charset=utf-8", #"""
// The WebSocket side of the protocol (docs/PROTOCOL.md): hello, heartbeats every 3 s, the reconnect
// token kept in sessionStorage, and reconnecting by itself within the grace period.

const TOKEN_KEY = "partyhost.token";
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
      };
      const token = Connection.savedToken;
      if (token) hello.token = token;
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
        if (msg.token) sessionStorage.setItem(TOKEN_KEY, msg.token);
        else Connection.forgetToken();
        this.options.onState("open", 0);
      } else if (msg.type === "reject") {
        this.finished = true;
        if (msg.reason === "badToken") Connection.forgetToken();
      } else if (msg.type === "ended") {
        this.finished = true;
        Connection.forgetToken();
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

  /** Leaves the session for good. */
  leave() {
    this.finished = true;
    this.send("leave");
    Connection.forgetToken();
    this.stop();
    if (this.socket) this.socket.close();
  }
}

"""#),
        ("/dom.js", "text/javascript; charset=utf-8", #"""
// Small DOM helpers. Every piece of text goes in with textContent: nothing a guest or the host
// sends is ever parsed as HTML.

/** Creates an element: el("button", { class: "big", text: "Ready", onclick: f }, [children]). */
export function el(tag, props = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "text") node.textContent = String(value);
    else if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "data") for (const [k, v] of Object.entries(value)) node.dataset[k] = String(v);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of [].concat(children)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Replaces all children of `node`. */
export function fill(node, children) {
  node.replaceChildren(...[].concat(children).filter((c) => c !== null && c !== undefined && c !== false));
}

/** "12 s" from milliseconds, rounded up. */
export function seconds(ms) {
  return `${Math.max(0, Math.ceil(ms / 1000))} s`;
}

/** An SVG element (for boards and the QR code). */
export function svg(tag, attributes = {}, children = []) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  for (const child of children) node.append(child);
  return node;
}

"""#),
        ("/game.js", "text/javascript; charset=utf-8", #"""
// The game panel: picks the game's web presenter, or the generic view for plain-text views.
import { el, seconds } from "./dom.js";
import { presenters } from "./presenters.js";
import { generic } from "./generic.js";

export class GameView {
  /** `actions`: { move(object), typed(text) }. */
  constructor(root, actions) {
    this.root = root;
    this.actions = actions;
    this.reset();
  }

  reset() {
    this.gameId = null;
    this.title = "";
    this.message = null;
    this.receivedAt = 0;
    this.key = null;
    this.root.replaceChildren();
    document.getElementById("game-note").textContent = "";
  }

  get hasView() { return this.message !== null; }

  /** The game now on (a locked session's game, or the room's current one). */
  setGame(id, title) {
    this.gameId = id;
    this.title = title;
    document.getElementById("game-title").textContent = title;
  }

  /** A `view` message arrived. */
  update(message, context) {
    this.message = message;
    this.receivedAt = Date.now();
    const plain = typeof message.view?.text === "string" && Array.isArray(message.view?.moves);
    const presenter = plain ? generic : (presenters[this.gameId] ?? generic);
    const key = `${this.gameId}/${message.game}/${plain}`;
    if (key !== this.key) {
      // A new game (or a new form of view): a fresh board, nothing left over from the last one.
      this.key = key;
      this.presenter = presenter;
      this.board = el("div", { class: `board board-${plain ? "generic" : this.gameId}` });
      this.root.replaceChildren(this.board);
      document.getElementById("game-note").textContent = "";
    }
    this.refresh(context);
  }

  /** Draws the latest view again (the table's names may have changed). */
  refresh(context) {
    if (!this.message) return;
    const note = document.getElementById("game-note");
    if (note.dataset.sticky !== "1" && this.message.yourTurn && !context.spectator) note.textContent = "";
    note.dataset.sticky = "0";
    this.presenter.render(this.board, this.message, { ...context, ...this.actions, sinceMs: () => Date.now() - this.receivedAt });
    this.tick();
  }

  /** A line under the title: a refused move (in red) or news. */
  note(text, isError) {
    const node = document.getElementById("game-note");
    node.textContent = text;
    node.className = isError ? "note error" : "note";
    node.dataset.sticky = "1";
  }

  /** Counts the view's deadline down on this device's clock. */
  tick() {
    const clock = document.getElementById("game-clock");
    const deadline = this.message?.deadlineMs;
    // A presenter that shows its own clock (ownClock) gets no second one in the title line.
    const shown = deadline !== undefined && deadline !== null && !this.presenter?.ownClock;
    clock.textContent = shown ? seconds(deadline - (Date.now() - this.receivedAt)) : "";
    this.presenter?.tick?.(this.board, this.message, Date.now() - this.receivedAt);
  }
}

"""#),
        ("/games/fourinarow.js", "text/javascript; charset=utf-8", #"""
// Four in a Row in the browser: tap a column to drop a disc (docs/PROTOCOL.md section 9).
import { el, fill } from "/dom.js";

export default {
  render(board, message, ctx) {
    const view = message.view;
    const mine = view.you ?? null;
    const colour = (seat) => (seat === view.players[0] ? "red" : "yellow");
    const status = view.outcome
      ? view.outcome
      : message.yourTurn ? "Your turn: tap a column." : `${ctx.name(view.turn)}'s turn (${colour(view.turn)}).`;
    const winning = new Set((view.winning ?? []).map((c) => `${c.column}/${c.row}`));
    const columns = [];
    for (let column = 1; column <= 7; column++) {
      const open = view.board[0][column - 1] === "." && message.yourTurn && !ctx.spectator;
      const cells = [];
      for (let rowIndex = 0; rowIndex < 6; rowIndex++) {
        const mark = view.board[rowIndex][column - 1];
        const row = 6 - rowIndex;
        const classes = ["cell", mark === "0" ? "red" : mark === "1" ? "yellow" : "empty"];
        if (winning.has(`${column}/${row}`)) classes.push("winning");
        if (view.last === column && mark !== "." && (rowIndex === 0 || view.board[rowIndex - 1][column - 1] === ".")) classes.push("last");
        cells.push(el("div", { class: classes.join(" ") }));
      }
      columns.push(el("button", {
        class: "column", disabled: !open, "aria-label": `Drop in column ${column}`, data: { column },
        onclick: () => ctx.move({ column }),
      }, cells));
    }
    const who = view.players.map((seat) => el("span", { class: `who ${colour(seat)}` }, [
      el("span", { class: `disc ${colour(seat)}` }), el("span", { text: ctx.name(seat) + (seat === mine ? " (you)" : "") }),
    ]));
    fill(board, [
      el("div", { class: "status", text: status }),
      el("div", { class: "c4-grid" }, columns),
      el("div", { class: "legend" }, who),
    ]);
  },
};

"""#),
        ("/games/rps.js", "text/javascript; charset=utf-8", #"""
// Rock Paper Scissors in the browser: three big buttons, the scores, the last reveal.
import { el, fill } from "/dom.js";

const SHAPES = [["rock", "Rock"], ["paper", "Paper"], ["scissors", "Scissors"]];
const NAMES = Object.fromEntries(SHAPES);

export default {
  render(board, message, ctx) {
    const view = message.view;
    const status = view.outcome ? view.outcome
      : view.phase === "reveal" ? `Round ${view.round} of ${view.rounds}: the picks are out.`
      : view.mine ? `You chose ${NAMES[view.mine]}. Waiting for the others…`
      : message.yourTurn ? `Round ${view.round} of ${view.rounds}: choose!` : `Round ${view.round} of ${view.rounds}.`;
    const buttons = ctx.spectator ? [] : SHAPES.map(([id, name]) => el("button", {
      class: `shape ${view.mine === id ? "primary" : ""}`, disabled: !message.yourTurn, data: { shape: id },
      text: name, onclick: () => ctx.move({ shape: id }),
    }));
    const rows = view.players.map((row) => el("li", {}, [
      el("span", { class: "name", text: ctx.name(row.seat) + (row.seat === view.you ? " (you)" : "") }),
      el("span", { class: "points", text: `${row.score}` }),
      el("span", { class: "detail", text: view.phase === "choosing" ? (row.chosen ? "chosen" : "choosing…") : "" }),
    ]));
    const last = view.last ? el("div", { class: "reveal" }, [
      el("h3", { text: `Round ${view.last.round}` }),
      el("ul", {}, view.last.picks.map((pick) => el("li", {
        text: `${ctx.name(pick.seat)}: ${pick.shape ? NAMES[pick.shape] : "nothing"} (+${pick.points})`,
      }))),
    ]) : null;
    fill(board, [el("div", { class: "status", text: status }), el("div", { class: "shapes" }, buttons),
      el("ol", { class: "scores" }, rows), last]);
  },
};

"""#),
        ("/games/snap.js", "text/javascript; charset=utf-8", #"""
// Snap! in the browser: the piles face up, a button to turn your card, and a big SNAP button.
// Only what the host sends is drawn: face-down cards are counts, never cards.
import { el, fill } from "/dom.js";

const SUITS = { S: ["♠", "black"], H: ["♥", "red"], D: ["♦", "red"], C: ["♣", "black"] };
const RANKS = { T: "10", J: "J", Q: "Q", K: "K", A: "A" };

function card(code) {
  if (!code) return el("div", { class: "card none", text: "–" });
  const [suit, colour] = SUITS[code[1]] ?? ["?", "black"];
  return el("div", { class: `card ${colour}`, data: { card: code } }, [
    el("span", { class: "rank", text: RANKS[code[0]] ?? code[0] }), el("span", { class: "suit", text: suit }),
  ]);
}

export default {
  render(board, message, ctx) {
    const view = message.view;
    const me = view.me ?? null;
    const player = view.players.find((p) => p.seat === me);
    const status = view.outcome ? view.outcome
      : view.phase === "dealing" ? "Dealing: confirm to begin."
      : view.paused ? `Waiting for ${ctx.name(view.active)} to come back…`
      : view.active === me ? "Your turn: turn a card." : `${ctx.name(view.active)} turns next.`;
    const piles = view.players.map((p) => el("div", {
      class: ["pile", p.seat === view.active ? "active" : "", p.seat === me ? "mine" : "", p.out || p.gone ? "out" : ""].join(" "),
    }, [
      el("div", { class: "pile-name", text: p.name + (p.seat === me ? " (you)" : "") }),
      card(p.top),
      el("div", { class: "pile-count", text: `${p.closed} down · ${p.open} up${p.out ? " · out" : ""}${p.away ? " · away" : ""}` }),
    ]));
    const buttons = [];
    if (player && !ctx.spectator) {
      if (view.phase === "dealing") {
        buttons.push(el("button", { class: "primary big", text: player.ready ? "Waiting for the others" : "I'm ready", disabled: player.ready,
          onclick: () => ctx.move({ confirmDeal: {} }) }));
      } else if (view.phase === "playing") {
        buttons.push(el("button", { class: "turn", id: "turn-button", text: "Turn card", disabled: view.active !== me || view.paused || player.out,
          onclick: () => ctx.move({ turn: {} }) }));
        buttons.push(el("button", { class: "snap", id: "snap-button", text: "SNAP!", disabled: player.out,
          onclick: () => ctx.move({ snap: { seen: view.table } }) }));
      }
    }
    fill(board, [
      el("div", { class: "status", text: status }),
      el("div", { class: "piles" }, piles),
      view.event ? el("p", { class: "event", text: view.event.text }) : null,
      el("div", { class: "snap-actions" }, buttons),
      el("p", { class: "detail", text: `Cards turned: ${view.turn} of ${view.limit}` }),
    ]);
  },
};

"""#),
        ("/games/suntouch.js", "text/javascript; charset=utf-8", #"""
// SunTouch in the browser: tap the field to strike; a slider sets the strike's size.
import { el, fill, seconds } from "/dom.js";

const COLOURS = ["#e4572e", "#2e86de"];

export default {
  render(board, message, ctx) {
    const view = message.view;
    if (!board.firstChild) build(board, ctx);
    board._message = message;
    const me = view.players.find((p) => p.seat === view.you);
    const status = view.phase === "toss" ? "Coin toss: it seeds where the suns hide."
      : view.phase === "over" ? (view.end ?? "Game over.")
      : view.paused ? "Paused: waiting for a player to come back."
      : me && me.cool > 0 ? `Cooling down… ${seconds(me.cool)}` : ctx.spectator ? "Watching." : "Tap the field to strike.";
    board.querySelector(".status").textContent = status;
    fill(board.querySelector(".scores"), view.players.map((p, i) => el("li", {}, [
      el("span", { class: "dot", data: { seat: i } }),
      el("span", { class: "name", text: ctx.name(p.seat) + (p.seat === view.you ? " (you)" : "") }),
      el("span", { class: "points", text: `${p.score} ☀` }),
    ])));
    for (const dot of board.querySelectorAll(".dot")) dot.style.background = COLOURS[Number(dot.dataset.seat)] ?? "#888";
    const toss = board.querySelector(".toss");
    toss.hidden = !(view.phase === "toss" && me && !ctx.spectator);
    toss.disabled = Boolean(view.toss?.mine !== undefined || me?.tossed);
    toss.textContent = toss.disabled ? "Tossed — waiting" : "Toss the coin";
    board.querySelector(".size").hidden = ctx.spectator || view.phase !== "playing";
    draw(board, message, 0);
  },

  tick(board, message, sinceMs) {
    if (board._message === message) draw(board, message, sinceMs);
  },
};

function build(board, ctx) {
  const canvas = el("canvas", { class: "field", width: 600, height: 600, "aria-label": "The field: tap to strike" });
  const slider = el("input", { type: "range", min: "0.03", max: "0.2", step: "0.01", value: "0.1", "aria-label": "Strike size" });
  canvas.addEventListener("pointerdown", (event) => {
    const message = board._message;
    if (!message || message.view.phase !== "playing" || ctx.spectator) return;
    const box = canvas.getBoundingClientRect();
    const x = Math.min(1, Math.max(0, (event.clientX - box.left) / box.width));
    const y = Math.min(1, Math.max(0, (event.clientY - box.top) / box.height));
    ctx.move({ strike: { x: round(x), y: round(y), radius: Number(slider.value) } });
  });
  const toss = el("button", { class: "primary toss", type: "button", text: "Toss the coin", onclick: () => {
    const value = crypto.getRandomValues(new Uint32Array(1))[0];
    ctx.move({ toss: { value } });
  } });
  board.append(
    el("div", { class: "status" }),
    canvas,
    el("label", { class: "size" }, [el("span", { text: "Strike size" }), slider]),
    toss,
    el("ul", { class: "scores" }),
  );
}

function round(value) { return Math.round(value * 1000) / 1000; }

function draw(board, message, sinceMs) {
  const canvas = board.querySelector("canvas");
  const g = canvas.getContext("2d");
  const view = message.view;
  const size = canvas.width;
  g.fillStyle = "#10202e";
  g.fillRect(0, 0, size, size);
  const clock = view.phase === "playing" && !view.paused ? sinceMs : 0;
  const seatIndex = new Map(view.players.map((p, i) => [p.seat, i]));
  for (const strike of view.strikes) {
    const age = strike.age + clock;
    if (age > view.dur * 2) continue;
    const growth = Math.min(1, age / (view.dur / 2));
    g.beginPath();
    g.arc(strike.x * size, strike.y * size, Math.max(2, strike.r * size * growth), 0, Math.PI * 2);
    g.strokeStyle = COLOURS[seatIndex.get(strike.seat)] ?? "#ccc";
    g.lineWidth = 4;
    g.globalAlpha = Math.max(0.2, 1 - age / (view.dur * 2));
    g.stroke();
    g.globalAlpha = 1;
  }
  for (const sun of view.captured) {
    g.beginPath();
    g.arc(sun.x * size, sun.y * size, size * 0.02, 0, Math.PI * 2);
    g.fillStyle = "#ffd23f";
    g.fill();
    g.strokeStyle = COLOURS[seatIndex.get(sun.seat)] ?? "#ccc";
    g.lineWidth = 4;
    g.stroke();
  }
}

"""#),
        ("/games/twentyfour.js", "text/javascript; charset=utf-8", #"""
// TwentyFour in the browser: the four numbers and the operators as buttons, plus typing.
import { el, fill, seconds } from "/dom.js";

const STANDING = {
  waiting: "waiting", guessing: "thinking…", newGuessing: "thinking…", solved: "solved",
  gaveUp: "gave up", ranOutOfTime: "ran out of time",
};

export default {
  ownClock: true,

  render(board, message, ctx) {
    const view = message.view;
    if (!board.firstChild) build(board, ctx);
    const input = board.querySelector("input.expression");
    const playing = view.phase === "round" && message.yourTurn && !ctx.spectator
      && (view.me === "guessing" || view.me === "newGuessing");
    if (board.dataset.round !== String(view.round)) {
      board.dataset.round = String(view.round);
      input.value = "";
    }
    board.querySelector(".round").textContent = view.outcome ? view.outcome
      : `Round ${view.round}${view.rounds ? ` of ${view.rounds}` : ""}${view.phase === "pause" ? " is over" : ""}`;
    fill(board.querySelector(".numbers"), view.numbers.map((n) => el("button", {
      class: "number", text: n, disabled: !playing, data: { number: n }, onclick: () => insert(input, String(n)),
    })));
    board.querySelector(".entry").hidden = !playing;
    board.querySelector(".reply").textContent = view.reply ?? "";
    board.querySelector(".solution").textContent = view.solution ? `One solution: ${view.solution}` : "";
    fill(board.querySelector(".results"), view.results.map((r) => el("li", {}, [
      el("span", { class: "name", text: r.name }),
      el("span", { class: "detail", text: STANDING[r.standing] ?? r.standing }),
      el("span", { class: "points", text: r.ms !== undefined ? `${(r.ms / 1000).toFixed(2)} s` : "" }),
      r.expression ? el("span", { class: "expression", text: r.expression }) : null,
    ])));
    fill(board.querySelector(".scores"), view.scores.map((s) => el("li", {}, [
      el("span", { class: "name", text: s.name }),
      el("span", { class: "points", text: `${s.won} won` }),
      el("span", { class: "detail", text: `${s.solved} solved` }),
    ])));
  },

  tick(board, message, sinceMs) {
    const clock = board.querySelector(".remaining");
    if (!clock || !message) return;
    const left = message.view.remainingMs - sinceMs;
    clock.textContent = message.view.outcome ? "" : message.view.phase === "round" ? `${seconds(left)} left` : `next round in ${seconds(left)}`;
  },
};

function build(board, ctx) {
  const input = el("input", {
    class: "expression", "aria-label": "Your expression", placeholder: "(8 - 4) × 6", autocomplete: "off",
    autocapitalize: "off", spellcheck: "false", enterkeyhint: "send",
  });
  const operators = ["+", "−", "×", "÷", "(", ")"].map((op) => el("button", {
    type: "button", class: "operator", text: op, data: { op }, onclick: () => insert(input, "()".includes(op) ? op : ` ${op} `),
  }));
  const form = el("form", { class: "entry", autocomplete: "off" }, [
    input,
    el("div", { class: "operators" }, operators),
    el("div", { class: "row" }, [
      el("button", { type: "button", text: "⌫", "aria-label": "Delete", onclick: () => { input.value = input.value.trimEnd().slice(0, -1).trimEnd(); } }),
      el("button", { type: "button", text: "Clear", onclick: () => { input.value = ""; } }),
      el("button", { type: "submit", class: "primary", text: "Submit" }),
      el("button", { type: "button", class: "give-up", text: "Give up", onclick: () => ctx.move({ kind: "giveUp" }) }),
    ]),
  ]);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const expression = input.value.trim();
    if (expression) ctx.move({ kind: "submit", expression });
  });
  board.append(
    el("div", { class: "game-line" }, [el("span", { class: "round" }), el("span", { class: "remaining countdown" })]),
    el("div", { class: "numbers" }),
    form,
    el("p", { class: "reply" }),
    el("p", { class: "solution" }),
    el("div", { class: "columns" }, [
      el("div", {}, [el("h3", { text: "This round" }), el("ul", { class: "results" })]),
      el("div", {}, [el("h3", { text: "Rounds won" }), el("ul", { class: "scores" })]),
    ]),
  );
}

function insert(input, text) {
  const start = input.selectionStart ?? input.value.length;
  const end = input.selectionEnd ?? input.value.length;
  input.value = input.value.slice(0, start) + text + input.value.slice(end);
  const at = start + text.length;
  input.setSelectionRange?.(at, at);
}

"""#),
        ("/generic.js", "text/javascript; charset=utf-8", #"""
// The generic game view: the host's plain text, a button per labelled move, and a text box for
// games whose moves are typed. Any game plays with it, with no web code of its own.
import { el, fill } from "./dom.js";

export const generic = {
  render(board, message, ctx) {
    const view = message.view;
    if (!board.firstChild) {
      board.append(
        el("pre", { class: "plain-text" }),
        el("div", { class: "choices" }),
        el("form", { class: "typed", autocomplete: "off" }, [
          el("input", { name: "typed", "aria-label": "Your move" }),
          el("button", { type: "submit", class: "primary", text: "Send" }),
        ]),
      );
      board.querySelector("form.typed").addEventListener("submit", (event) => {
        event.preventDefault();
        const input = event.target.elements.typed;
        const text = input.value.trim();
        if (text) ctx.typed(text);
        input.value = "";
      });
    }
    board.querySelector("pre").textContent = view.text ?? JSON.stringify(view, null, 1);
    const moves = Array.isArray(view.moves) ? view.moves : [];
    fill(board.querySelector(".choices"), moves.map((choice, index) => el("button", {
      class: "choice", text: choice.label, data: { index: index + 1 }, onclick: () => ctx.move(choice.move),
    })));
    const form = board.querySelector("form.typed");
    form.hidden = !view.typing || ctx.spectator;
    form.elements.typed.placeholder = view.typing ?? "";
  },
};

"""#),
        ("/index.html", "text/html; charset=utf-8", #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>partyhost</title>
<link rel="stylesheet" href="/style.css">
<script type="module" src="/app.js"></script>
</head>
<body>
<header id="bar">
  <span id="session-name">partyhost</span>
  <span id="link-state" role="status" aria-live="polite"></span>
</header>
<main>
  <section id="join" hidden>
    <h1>Join the party</h1>
    <form id="join-form" autocomplete="off">
      <label for="name-input">Your name</label>
      <input id="name-input" name="name" maxlength="60" required autocomplete="nickname" enterkeyhint="go">
      <div class="row">
        <button id="join-button" type="submit" class="primary">Join</button>
        <button id="watch-button" type="button">Just watch</button>
      </div>
    </form>
    <p class="hint">Playing from a terminal? Run <code>partyclient</code> on the same network.</p>
  </section>
  <section id="code" hidden>
    <h1>Join code</h1>
    <p id="code-message"></p>
    <form id="code-form" autocomplete="off">
      <label for="code-input">The code on the host's screen</label>
      <input id="code-input" name="code" inputmode="numeric" maxlength="40" required enterkeyhint="go">
      <button type="submit" class="primary">Join</button>
    </form>
  </section>
  <section id="table" hidden>
    <p id="lobby-message" class="news"></p>
    <ul id="players" class="players"></ul>
    <div id="lobby-actions" class="row"></div>
  </section>
  <section id="room" hidden>
    <h2 id="room-title">Party room</h2>
    <p id="room-message" class="news"></p>
    <p id="room-countdown" class="countdown"></p>
    <ul id="menu" class="menu"></ul>
    <div id="room-actions" class="row"></div>
    <div class="columns">
      <div><h3>Scoreboard</h3><ol id="scoreboard" class="scoreboard"></ol></div>
      <div id="last-box" hidden><h3 id="last-title">Last game</h3><ol id="last" class="scoreboard"></ol></div>
    </div>
  </section>
  <section id="game" hidden>
    <div class="game-head"><h2 id="game-title"></h2><span id="game-clock" class="countdown"></span></div>
    <p id="game-note" class="note" role="status" aria-live="polite"></p>
    <div id="game-root"></div>
    <p id="game-over" class="news" hidden></p>
  </section>
  <section id="done" hidden>
    <h1 id="done-title">Goodbye</h1>
    <p id="done-message"></p>
    <button id="again-button" type="button" class="primary">Join again</button>
  </section>
</main>
<footer><button id="leave-button" type="button" hidden>Leave</button></footer>
</body>
</html>

"""#),
        ("/lobby.js", "text/javascript; charset=utf-8", #"""
// The table (players, ready, start, rematch) and the party room (menu, votes, countdown, scoreboard).
import { el, fill, seconds } from "./dom.js";

/** Draws the players at the table and the buttons the lobby offers. */
export function renderTable(section, { lobby, room, welcome, send, inRoom }) {
  if (!lobby) return;
  const news = section.querySelector("#lobby-message");
  // In a party room the room's own line says the same; the table does not repeat it.
  news.textContent = inRoom && room ? "" : lobby.message;
  const watchers = lobby.spectators > 0 ? [el("li", { class: "watchers", text: `${lobby.spectators} watching` })] : [];
  fill(section.querySelector("#players"), lobby.players.map((p) => {
    const badges = [];
    if (p.seat === lobby.you) badges.push(el("span", { class: "badge you", text: "you" }));
    if (p.host) badges.push(el("span", { class: "badge", text: "host" }));
    if (p.bot) badges.push(el("span", { class: "badge", text: "bot" }));
    if (p.watching) badges.push(el("span", { class: "badge", text: "watching" }));
    if (!p.connected) {
      badges.push(el("span", { class: "badge away", text: p.graceMs !== undefined ? `reconnecting… ${seconds(p.graceMs)}` : "away" }));
    } else if (!inRoom && lobby.state !== "playing" && (lobby.state === "over" ? p.rematch : p.ready)) {
      badges.push(el("span", { class: "badge ready", text: lobby.state === "over" ? "rematch" : "ready" }));
    }
    return el("li", { class: p.seat === lobby.you ? "me" : "" }, [el("span", { class: "name", text: p.name }), ...badges]);
  }).concat(watchers));

  const actions = [];
  const me = lobby.players.find((p) => p.seat === lobby.you);
  if (me && !inRoom && lobby.state === "lobby") {
    actions.push(el("button", {
      class: me.ready ? "" : "primary", id: "ready-button", text: me.ready ? "Not ready" : "Ready",
      onclick: () => send("ready", { ready: !me.ready }),
    }));
  }
  if (me && !inRoom && lobby.state === "over") {
    actions.push(el("button", { class: "primary", id: "rematch-button", text: "Rematch", disabled: me.rematch, onclick: () => send("rematch") }));
  }
  const roomStart = inRoom && me?.host && room && (room.state === "starting" || (room.state === "choosing" && room.votes.length > 0));
  if (lobby.canStart || roomStart) {
    actions.push(el("button", { class: "primary", id: "start-button", text: room?.state === "choosing" ? "Pick now" : "Start", onclick: () => send("start") }));
  }
  fill(section.querySelector("#lobby-actions"), actions);
  void welcome;
}

/** Draws the party room; with `clockOnly`, only its countdown. */
export function renderRoom(section, { room, roomAt, lobby, send, clockOnly = false }) {
  if (!room) return;
  const left = room.countdownMs !== undefined ? room.countdownMs - (Date.now() - roomAt) : null;
  const clock = section.querySelector("#room-countdown");
  if (left === null) clock.textContent = "";
  else if (room.state === "starting") clock.textContent = `${room.current?.title ?? "The game"} starts in ${seconds(left)}`;
  else clock.textContent = `Votes close in ${seconds(left)}`;
  if (clockOnly) return;

  section.querySelector("#room-title").textContent = `Party room · game ${room.number}`;
  section.querySelector("#room-message").textContent = room.message;
  const me = lobby?.players.find((p) => p.seat === lobby.you);
  const canVote = Boolean(me) && room.you !== undefined && room.state === "choosing";
  const mine = room.votes.find((v) => v.member === room.you)?.game;
  fill(section.querySelector("#menu"), room.menu.map((entry) => {
    const voters = room.votes.filter((v) => v.game === entry.id).map((v) => v.name);
    const classes = ["entry", entry.playable ? "playable" : "unplayable", mine === entry.id ? "chosen" : "",
      room.proposal === entry.id ? "proposed" : "", room.current?.game === entry.id ? "current" : ""].join(" ");
    return el("li", { class: classes, data: { game: entry.id } }, [
      el("div", { class: "entry-head" }, [
        el("span", { class: "mark", text: entry.playable ? "✓" : "✗", title: entry.playable ? "playable now" : "not playable now" }),
        el("span", { class: "title", text: entry.title }),
        el("span", { class: "votes", text: entry.votes > 0 ? `${entry.votes} vote${entry.votes === 1 ? "" : "s"}` : "" }),
      ]),
      el("div", { class: "requirement", text: entry.playable ? entry.requirement : `needs ${entry.requirement}` }),
      voters.length ? el("div", { class: "voters", text: voters.join(", ") }) : null,
      room.proposal === entry.id ? el("div", { class: "voters", text: "next on the playlist" }) : null,
      canVote ? el("button", {
        class: mine === entry.id ? "primary vote" : "vote", text: mine === entry.id ? "Your vote" : "Vote",
        disabled: !entry.playable, data: { vote: entry.id }, onclick: () => send("vote", { game: entry.id }),
      }) : null,
    ]);
  }));
  fill(section.querySelector("#scoreboard"), room.scoreboard.length === 0
    ? [el("li", { class: "empty", text: "No games played yet." })]
    : room.scoreboard.map((line) => el("li", { class: line.present ? "" : "absent" }, [
      el("span", { class: "place", text: `${line.place}.` }),
      el("span", { class: "name", text: line.name + (line.present ? "" : " (left)") }),
      el("span", { class: "points", text: `${line.points} pts` }),
      el("span", { class: "detail", text: `${line.wins} won of ${line.played}` }),
    ])));
  const last = room.last;
  section.querySelector("#last-box").hidden = !last;
  if (last) {
    section.querySelector("#last-title").textContent = `Last game: ${last.title}`;
    fill(section.querySelector("#last"), last.placements.map((p) => el("li", {}, [
      el("span", { class: "place", text: `${p.place}.` }),
      el("span", { class: "name", text: p.name }),
      el("span", { class: "points", text: `+${p.points}` }),
      p.score !== undefined ? el("span", { class: "detail", text: `score ${p.score}` }) : null,
    ])));
  }
  fill(section.querySelector("#room-actions"), []);
}

"""#),
        ("/presenters.js", "text/javascript; charset=utf-8", #"""
// Generated by new-game --sync: the games this page draws itself (game id -> presenter).
import p0 from "/games/fourinarow.js";
import p1 from "/games/rps.js";
import p2 from "/games/snap.js";
import p3 from "/games/suntouch.js";
import p4 from "/games/twentyfour.js";
export const presenters = { "fourinarow": p0, "rps": p1, "snap": p2, "suntouch": p3, "twentyfour": p4 };

"""#),
        ("/style.css", "text/css; charset=utf-8", #"""
:root {
  --bg: #f6f4ef; --fg: #1d1d1f; --muted: #6b6b70; --card: #ffffff; --line: #deded8;
  --accent: #2f6fdb; --accent-fg: #ffffff; --good: #1f8a4c; --bad: #c0392b; --warn: #b7791f;
  --red: #e03131; --yellow: #f5c518; --board: #1f4fb5;
  color-scheme: light dark;
}
@media (prefers-color-scheme: dark) {
  :root { --bg: #15161a; --fg: #ececf0; --muted: #a0a0a8; --card: #22242a; --line: #3a3c44;
          --accent: #5b8ff0; --board: #1b3f8f; }
}
* { box-sizing: border-box; }
[hidden] { display: none !important; }
html, body { margin: 0; background: var(--bg); color: var(--fg);
  font: 16px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
body { min-height: 100vh; display: flex; flex-direction: column; }
#bar { display: flex; justify-content: space-between; align-items: center; gap: 0.5rem;
  padding: 0.5rem 0.75rem; background: var(--card); border-bottom: 1px solid var(--line); }
#session-name { font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
#link-state { font-size: 0.9rem; color: var(--muted); white-space: nowrap; }
#link-state.reconnecting { color: var(--warn); font-weight: 600; }
main { flex: 1; width: 100%; max-width: 60rem; margin: 0 auto; padding: 0.75rem; display: grid; gap: 0.75rem;
  align-content: start; }
@media (min-width: 900px) { body:not(.tv) main:has(#game:not([hidden])) { grid-template-columns: 16rem 1fr; }
  body:not(.tv) main:has(#room:not([hidden])) { grid-template-columns: 16rem 1fr; } }
/* On a phone the game comes first; the table follows below it. */
@media (max-width: 899px) { #game, #room { order: -1; } }
.news:empty { display: none; }
section { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 0.75rem 1rem; min-width: 0; }
h1 { font-size: 1.5rem; margin: 0.25rem 0 0.75rem; }
h2 { font-size: 1.2rem; margin: 0 0 0.5rem; }
h3 { font-size: 1rem; margin: 0.75rem 0 0.25rem; color: var(--muted); }
label { display: block; margin: 0.5rem 0 0.25rem; color: var(--muted); }
input { font: inherit; width: 100%; padding: 0.6rem 0.7rem; border-radius: 8px; border: 1px solid var(--line);
  background: var(--bg); color: var(--fg); }
button { font: inherit; padding: 0.6rem 1rem; min-height: 44px; border-radius: 8px; border: 1px solid var(--line);
  background: var(--bg); color: var(--fg); cursor: pointer; touch-action: manipulation; }
button.primary { background: var(--accent); color: var(--accent-fg); border-color: var(--accent); font-weight: 600; }
button:disabled { opacity: 0.45; cursor: default; }
#code-form button { margin-top: 0.75rem; }
.row { display: flex; flex-wrap: wrap; gap: 0.5rem; margin-top: 0.75rem; }
.hint, .detail { color: var(--muted); font-size: 0.9rem; }
code { background: var(--bg); padding: 0 0.25em; border-radius: 4px; }
.news { margin: 0 0 0.5rem; font-weight: 500; }
.countdown { font-variant-numeric: tabular-nums; color: var(--warn); font-weight: 600; }
.note:empty { display: none; }
body.offline main section:not(#join):not(#code):not(#done):not(#tv-join) { opacity: 0.5; pointer-events: none; }
.note { min-height: 1.4em; margin: 0.25rem 0; color: var(--muted); }
.note.error { color: var(--bad); }
.players, .menu, .scoreboard, .scores, .results { list-style: none; margin: 0; padding: 0; }
.players li, .scoreboard li, .scores li, .results li { display: flex; flex-wrap: wrap; align-items: center; gap: 0.4rem;
  padding: 0.35rem 0; border-bottom: 1px solid var(--line); }
.players li:last-child, .scoreboard li:last-child { border-bottom: none; }
.players li.me .name { font-weight: 700; }
.name { overflow-wrap: anywhere; flex: 1 1 6rem; min-width: 0; }
.badge { font-size: 0.75rem; padding: 0.1rem 0.45rem; border-radius: 999px; background: var(--bg); border: 1px solid var(--line); }
.badge.ready { color: var(--good); border-color: var(--good); }
.badge.away { color: var(--warn); border-color: var(--warn); }
.badge.you { color: var(--accent); border-color: var(--accent); }
.watchers { color: var(--muted); font-size: 0.9rem; }
.place { width: 1.8rem; color: var(--muted); }
.points { font-variant-numeric: tabular-nums; font-weight: 600; }
.absent { opacity: 0.6; }
.menu { display: grid; gap: 0.5rem; grid-template-columns: repeat(auto-fill, minmax(13rem, 1fr)); }
.menu .entry { border: 1px solid var(--line); border-radius: 10px; padding: 0.5rem 0.75rem; display: grid; gap: 0.25rem; }
.menu .entry.chosen { border-color: var(--accent); box-shadow: 0 0 0 2px var(--accent) inset; }
.menu .entry.unplayable { opacity: 0.6; }
.entry-head { display: flex; gap: 0.4rem; align-items: baseline; }
.entry-head .title { font-weight: 600; flex: 1; }
.mark { font-weight: 700; }
.playable .mark { color: var(--good); }
.unplayable .mark { color: var(--bad); }
.votes { color: var(--accent); font-size: 0.9rem; }
.requirement, .voters { font-size: 0.85rem; color: var(--muted); overflow-wrap: anywhere; }
.columns { display: grid; gap: 0 1rem; grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr)); }
.game-head { display: flex; justify-content: space-between; align-items: baseline; gap: 0.5rem; }
.status { font-weight: 600; margin: 0.25rem 0 0.5rem; overflow-wrap: anywhere; }
/* Generic view */
.plain-text { white-space: pre-wrap; overflow-x: auto; font: 0.85rem/1.3 ui-monospace, "DejaVu Sans Mono", monospace;
  background: var(--bg); padding: 0.5rem; border-radius: 8px; margin: 0 0 0.5rem; }
.choices { display: grid; gap: 0.4rem; grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr)); }
form.typed { display: flex; gap: 0.5rem; margin-top: 0.5rem; }
/* Four in a Row */
.c4-grid { display: grid; grid-template-columns: repeat(7, 1fr); gap: 5px; background: var(--board); padding: 6px;
  border-radius: 12px; width: min(100%, 30rem, 62vh); margin: 0 auto; align-items: start; }
.c4-grid .column { display: flex; flex-direction: column; gap: 5px; padding: 0; min-height: 0; border: none;
  background: transparent; border-radius: 999px; }
.c4-grid .column:not(:disabled):hover, .c4-grid .column:not(:disabled):focus-visible { background: rgba(255, 255, 255, 0.18); }
.c4-grid .column:disabled { opacity: 1; }
.cell { width: 100%; aspect-ratio: 1; border-radius: 50%; background: var(--bg); }
.cell.red, .disc.red { background: var(--red); }
.cell.yellow, .disc.yellow { background: var(--yellow); }
.cell.winning { box-shadow: 0 0 0 3px #fff inset, 0 0 0 3px var(--good); }
.cell.last { outline: 2px dashed rgba(255, 255, 255, 0.8); outline-offset: -5px; }
.legend { display: flex; justify-content: center; gap: 1rem; margin-top: 0.5rem; flex-wrap: wrap; }
.who { display: flex; align-items: center; gap: 0.3rem; }
.disc { display: inline-block; width: 1rem; height: 1rem; border-radius: 50%; }
/* TwentyFour */
.game-line { display: flex; justify-content: space-between; gap: 0.5rem; font-weight: 600; }
.numbers { display: grid; grid-template-columns: repeat(4, 1fr); gap: 0.5rem; margin: 0.5rem 0; }
.numbers .number { font-size: 2rem; font-weight: 700; min-height: 4rem; }
.entry input.expression { font-size: 1.3rem; text-align: center; }
.operators { display: grid; grid-template-columns: repeat(6, 1fr); gap: 0.4rem; margin-top: 0.5rem; }
.operators .operator { font-size: 1.3rem; padding: 0.4rem 0; }
.entry .row button { flex: 1 1 4rem; }
.reply { font-weight: 600; min-height: 1.2em; margin: 0.5rem 0 0; }
.solution { color: var(--muted); margin: 0.25rem 0; }
.expression { font-family: ui-monospace, monospace; font-size: 0.85rem; }
/* Snap */
.piles { display: grid; grid-template-columns: repeat(auto-fit, minmax(7rem, 1fr)); gap: 0.5rem; }
.pile { border: 2px solid var(--line); border-radius: 10px; padding: 0.4rem; text-align: center; display: grid; justify-items: center; gap: 0.25rem; }
.pile.active { border-color: var(--accent); }
.pile.out { opacity: 0.5; }
.pile-name { font-weight: 600; overflow-wrap: anywhere; }
.pile-count { font-size: 0.8rem; color: var(--muted); }
.card { width: 4.2rem; height: 6rem; border-radius: 8px; background: #fff; color: #111; border: 1px solid #999;
  display: grid; place-content: center; font-weight: 700; font-size: 1.5rem; line-height: 1.1; text-align: center; }
.card.red { color: #c62828; }
.card.none { background: transparent; color: var(--muted); border-style: dashed; }
.card .suit { font-size: 1.7rem; }
.event { font-weight: 600; text-align: center; }
.snap-actions { display: grid; gap: 0.5rem; margin-top: 0.5rem; }
.snap-actions .snap { font-size: 2.2rem; font-weight: 800; min-height: 5.5rem; background: var(--bad); color: #fff; border-color: var(--bad); }
.snap-actions .turn { font-size: 1.2rem; min-height: 3.2rem; }
.big { font-size: 1.3rem; min-height: 3.5rem; }
/* Rock Paper Scissors */
.shapes { display: grid; grid-template-columns: repeat(3, 1fr); gap: 0.5rem; }
.shape { display: grid; justify-items: center; gap: 0.2rem; min-height: 5.5rem; }
.shape { font-size: 1.2rem; font-weight: 600; }
.reveal ul { margin: 0; padding-left: 1.2rem; }
/* SunTouch */
.field { width: min(100%, 70vh); aspect-ratio: 1; display: block; margin: 0 auto; border-radius: 10px; touch-action: none; }
label.size { display: flex; align-items: center; gap: 0.75rem; }
label.size input { flex: 1; }
.dot { width: 0.9rem; height: 0.9rem; border-radius: 50%; display: inline-block; }
footer { padding: 0.5rem 0.75rem 1rem; text-align: center; }
/* TV */
body.tv { font-size: 22px; }
body.tv main { max-width: none; grid-template-columns: minmax(14rem, 1fr) 3fr; }
body.tv #tv-join, body.tv #table { grid-column: 1; }
body.tv #game, body.tv #room { grid-column: 2; grid-row: 1 / span 3; }
body.tv main:has(#game:not([hidden])) #room { grid-row: 4 / span 3; }
body.tv .join-url { font-size: 1rem; }
.qr { width: 100%; max-width: 22rem; image-rendering: pixelated; background: #fff; border-radius: 8px; }
.join-url { font-weight: 700; overflow-wrap: anywhere; }
.tv-note { color: var(--muted); }
@media (max-width: 899px) { body.tv main { grid-template-columns: 1fr; }
  body.tv #tv-join, body.tv #table, body.tv #game, body.tv #room { grid-column: 1; grid-row: auto; } }

"""#),
        ("/tv.html", "text/html; charset=utf-8", #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>partyhost · TV</title>
<link rel="stylesheet" href="/style.css">
<script type="module" src="/app.js"></script>
</head>
<body class="tv">
<header id="bar">
  <span id="session-name">partyhost</span>
  <span id="link-state" role="status" aria-live="polite"></span>
</header>
<main>
  <section id="tv-join">
    <h2>Join from your phone</h2>
    <img class="qr" src="/join.svg" alt="QR code of the join address">
    <p class="join-url" id="join-url"></p>
    <p class="tv-note">Scan the code or type the address on a phone on this network.</p>
  </section>
  <section id="join" hidden>
    <h1>Join the party</h1>
    <form id="join-form" autocomplete="off">
      <label for="name-input">Your name</label>
      <input id="name-input" name="name" maxlength="60" required autocomplete="nickname" enterkeyhint="go">
      <div class="row">
        <button id="join-button" type="submit" class="primary">Join</button>
        <button id="watch-button" type="button">Just watch</button>
      </div>
    </form>
    <p class="hint">Playing from a terminal? Run <code>partyclient</code> on the same network.</p>
  </section>
  <section id="code" hidden>
    <h1>Join code</h1>
    <p id="code-message"></p>
    <form id="code-form" autocomplete="off">
      <label for="code-input">The code on the host's screen</label>
      <input id="code-input" name="code" inputmode="numeric" maxlength="40" required enterkeyhint="go">
      <button type="submit" class="primary">Join</button>
    </form>
  </section>
  <section id="table" hidden>
    <p id="lobby-message" class="news"></p>
    <ul id="players" class="players"></ul>
    <div id="lobby-actions" class="row"></div>
  </section>
  <section id="room" hidden>
    <h2 id="room-title">Party room</h2>
    <p id="room-message" class="news"></p>
    <p id="room-countdown" class="countdown"></p>
    <ul id="menu" class="menu"></ul>
    <div id="room-actions" class="row"></div>
    <div class="columns">
      <div><h3>Scoreboard</h3><ol id="scoreboard" class="scoreboard"></ol></div>
      <div id="last-box" hidden><h3 id="last-title">Last game</h3><ol id="last" class="scoreboard"></ol></div>
    </div>
  </section>
  <section id="game" hidden>
    <div class="game-head"><h2 id="game-title"></h2><span id="game-clock" class="countdown"></span></div>
    <p id="game-note" class="note" role="status" aria-live="polite"></p>
    <div id="game-root"></div>
    <p id="game-over" class="news" hidden></p>
  </section>
  <section id="done" hidden>
    <h1 id="done-title">Goodbye</h1>
    <p id="done-message"></p>
    <button id="again-button" type="button" class="primary">Join again</button>
  </section>
</main>
<footer hidden><button id="leave-button" type="button" hidden>Leave</button></footer>
</body>
</html>

"""#),
    ]

    /// Paths that serve the same text as another (alias → path in `files`).
    static let aliases: [String: String] = [
        "/": "/index.html",
        "/tv": "/tv.html",
    ]
}
