// The guest's page: name → (code) → lobby / party room → games, over one WebSocket (connection.js).
import { Connection } from "./connection.js";
import { address, awayText, el, fill, graphemes, label, seconds, teamLine } from "./dom.js";
import { renderTable, renderRoom } from "./lobby.js";
import { GameView } from "./game.js";
import { presenters } from "./presenters.js";
import { audience } from "./predict.js";
import { TvScreen } from "./tv.js";
import { ROOM, roomKey, roomLink } from "./room.js";
import { keepAwake, offerInvite } from "./invite.js";

const NAME_KEY = "partyhost.name";
// The longest name the host keeps, in characters (NameCleaner.maxLength): said where people type it.
const NAME_LIMIT = 24;
// After a party room's game ends, its final view and result stay this long (or until "Back to the room").
const HOLD_SECONDS = 20;
const $ = (id) => document.getElementById(id);
// The big screen's layout and endings (tv.js); null on a phone.
const tvScreen = document.body.classList.contains("tv") ? new TvScreen() : null;

const state = {
  connection: null, name: "", code: "", role: "player",
  welcome: null, lobby: null, lobbyAt: 0, room: null, roomAt: 0, gameOver: null, done: false,
  // A room game's ending held on screen: { gameOver, until } (Date.now() milliseconds).
  hold: null,
  // This seat's team and its proposals (the latest `team` message), while a team game runs.
  team: null,
};
const game = new GameView($("game-root"), {
  move: (move) => state.connection?.send("move", { move }),
  typed: (text) => state.connection?.send("typedMove", { text }),
});

function show(...ids) {
  for (const id of ["join", "code", "table", "room", "game", "done"]) $(id).hidden = !ids.includes(id);
  $("leave-button").hidden = !(ids.includes("table") || ids.includes("game"));
}

function start() {
  state.connection?.stop();
  state.done = false;
  state.connection = new Connection({
    // `?plain` in the address asks for every game as plain text with labelled moves (the generic view).
    name: state.name, code: state.code, role: state.role,
    // (A game's TV presenter, `<id>-tv`, is not a game of its own.)
    games: new URLSearchParams(location.search).has("plain") ? [] : Object.keys(presenters).filter((id) => !id.endsWith("-tv")),
    onMessage: received, onState: linkState,
  });
  state.connection.connect();
}

function linkState(kind, detail) {
  const label = $("link-state");
  if (kind === "forgotten") {
    // This browser's seat from an earlier visit is gone (that party is over): a name, as a newcomer.
    label.textContent = "";
    document.body.classList.remove("offline");
    show("join");
    return;
  }
  label.className = kind;
  // While the page has no connection nothing on it can be sent: the game and buttons wait, dimmed.
  document.body.classList.toggle("offline", kind === "reconnecting" || kind === "restarting" || kind === "connecting");
  if (kind === "reconnecting") label.textContent = `reconnecting… ${seconds(detail)}`;
  // The host went away and keeps a journal: it resumes the party when it is started again.
  else if (kind === "restarting") label.textContent = `The host is restarting… ${seconds(detail)}`;
  else if (kind === "connecting") label.textContent = "connecting…";
  else if (kind === "open") label.textContent = state.welcome?.role === "spectator" ? "watching" : "";
  else if (kind === "closed" && !state.done) finish("Disconnected", detail);
}

function finish(title, message, scoreboard = null) {
  state.done = true;
  $("done-title").textContent = scoreboard?.length ? "Final standings" : title;
  $("done-message").textContent = message;
  $("link-state").textContent = "";
  // A party room's end: everyone sees the final standings (large on the TV), names as text.
  const list = $("done-standings");
  list.hidden = !scoreboard?.length;
  // The TV lays a long list out in columns (tv.css): a room of 16 fits one screen.
  list.dataset.count = String(scoreboard?.length ?? 0);
  list.classList.toggle("many", (scoreboard?.length ?? 0) > 8);
  list.classList.toggle("crowd", (scoreboard?.length ?? 0) > 16);
  // Read down each column, best first (CSSOM: no style attribute under the page's policy).
  const columns = (scoreboard?.length ?? 0) > 16 ? 3 : (scoreboard?.length ?? 0) > 8 ? 2 : 1;
  list.style.gridTemplateRows = `repeat(${Math.max(1, Math.ceil((scoreboard?.length ?? 0) / columns))}, auto)`;
  fill(list, (scoreboard ?? []).map((line) => el("li", { class: line.member === state.room?.you ? "me" : "" }, [
    el("span", { class: "place", text: `${line.place}.` }),
    el("span", { class: "name", text: label(line) + (line.present ? "" : " (left)") }),
    el("span", { class: "points", text: `${line.points} pts` }),
    el("span", { class: "detail", text: `${line.wins} won of ${line.played}` }),
  ])));
  show("done");
  // The TV gives the whole screen to the end: no game layout, no audience split beside it.
  if (tvScreen) {
    document.body.classList.remove("tv-playing", "tv-ending", "tv-scores", "tv-room");
    $("game-predict").hidden = true;
  }
}

function received(msg) {
  audience(msg, send);
  switch (msg.type) {
    case "welcome":
      // A member who comes back (a new tab, the window opened again) is told so; a reload is not news.
      $("welcome-line").textContent = msg.reconnected && !state.welcome && !reloaded ? `Welcome back, ${msg.name}.` : "";
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
      state.lobbyAt = Date.now();
      if (msg.state !== "playing") state.gameOver = msg.state === "over" ? state.gameOver : null;
      if (msg.state !== "playing") state.team = null;
      if (!state.welcome?.room) game.lobby(msg);
      break;
    case "room":
      state.room = msg;
      state.roomAt = Date.now();
      // The next game is picked: the last one's ending gives way.
      if (msg.state !== "choosing") state.hold = null;
      if (msg.current) game.setGame(msg.current.game, msg.current.title);
      game.room(msg);
      break;
    case "view":
      if (state.gameOver && state.gameOver.game !== msg.game) state.gameOver = null;
      game.update(msg, context());
      break;
    case "team":
      state.team = msg;
      state.teamAt = Date.now();
      break;
    case "gameOver": {
      // A page that comes back after the end gets the result again: no second cue for it.
      const again = state.gameOver?.game === msg.game;
      state.gameOver = msg;
      if (again) break;
      // The game's names (a team's seat goes by the team) as they were when it ended: the room's
      // lobby that follows seats its members anew, and the TV's ending names the winner from this.
      state.endContext = context();
      game.gameOver(msg, state.endContext);
      if (state.welcome?.room && game.hasView) state.hold = { gameOver: msg, until: Date.now() + HOLD_SECONDS * 1000 };
      break;
    }
    case "moveRejected":
      game.note(msg.message, true);
      break;
    case "playerLeft":
      game.note(msg.message, false);
      break;
    case "ended":
      finish(msg.reason === "removed" ? "You were removed" : "The session ended", msg.message, msg.scoreboard);
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
  const names = new Map((lobby?.players ?? []).map((p) => [p.seat, label(p)]));
  // A seat several players hold goes by their team's name.
  for (const p of lobby?.players ?? []) if (p.team) names.set(p.seat, p.team);
  return {
    seat: lobby?.you ?? null,
    // "reconnecting… 19 s" while the host holds the seat for a dropped player, else null.
    away: (seat) => {
      const player = lobby?.players?.find((p) => p.seat === seat);
      return player && !player.connected && player.graceMs !== undefined
        ? `reconnecting… ${seconds(player.graceMs - (Date.now() - state.lobbyAt))}` : null;
    },
    spectator: state.welcome?.role === "spectator" || lobby?.you === undefined
      || Boolean(lobby?.players?.find((p) => p.seat === lobby.you)?.watching),
    name: (seat) => names.get(seat) ?? `Seat ${seat + 1}`,
  };
}

/** Whether a room game's ending is held on screen now. */
function holding() {
  return Boolean(state.hold) && Date.now() < state.hold.until && game.hasView;
}

/** "Cy is reconnecting… 19 s" for every seat the host holds, or "". */
function awayLine() {
  const lobby = state.lobby;
  return (lobby?.players ?? []).filter((p) => !p.connected && p.graceMs !== undefined)
    .map((p) => awayText(p.name, p.graceMs - (Date.now() - state.lobbyAt))).join(" · ");
}

/** The big screen's layout and its ending's steps (tv.js). */
function renderTv() {
  if (!tvScreen || !state.welcome) return;
  const lobby = state.lobby;
  const playing = lobby?.state === "playing";
  const inRoom = Boolean(state.welcome.room);
  const ending = state.gameOver ?? (inRoom && holding() ? state.hold.gameOver : null);
  const shown = !$("game").hidden;
  tvScreen.render({ code: state.code, playing, shown, ending: playing ? null : ending, room: state.room,
    context: !playing && ending && state.endContext ? state.endContext : context() });
}

/** The lines that count down between messages: held seats, and the held ending's return to the room. */
function renderClocks() {
  const away = awayLine();
  $("room-away").textContent = away;
  $("game-away").textContent = away;
  $("back-countdown").textContent = holding() ? `Back to the room in ${seconds(state.hold.until - Date.now())}.` : "";
  // A team's proposal window counts down between its messages.
  if (state.team && state.lobby?.state === "playing") $("game-team").textContent = teamLine(state.team, Date.now() - state.teamAt);
}

function render() {
  if (state.done || !state.welcome) return;
  const lobby = state.lobby;
  const inRoom = Boolean(state.welcome.room);
  const playing = lobby?.state === "playing";
  keepAwake(playing && !tvScreen);
  const held = inRoom && !playing && holding();
  const sections = ["table"];
  if (inRoom && !playing && !held) sections.push("room");
  if (playing || held || (!inRoom && lobby?.state === "over" && game.hasView)) sections.push("game");
  show(...sections);
  const ending = state.gameOver ?? (held ? state.hold.gameOver : null);
  $("game-end").hidden = !ending;
  // The rematch sits with the result, in reach on a small phone (the table is below the board).
  const endActions = ending && !$("game").hidden ? $("end-actions") : null;
  renderTable($("table"), { lobby, room: state.room, welcome: state.welcome, send, inRoom, endActions });
  if (inRoom) renderRoom($("room"), { room: state.room, roomAt: state.roomAt, lobby, welcome: state.welcome, send });
  $("game-over").textContent = ending ? `Game over: ${ending.summary}` : "";
  $("back-button").hidden = !held;
  // A watcher's phone says so over the game.
  $("game-watching").hidden = !playing || !context().spectator;
  renderClocks();
  renderTv();
  // "Team Ann & Bob — proposals: Drop in column 4 (Ann), …" while this seat is held by a team
  // (names from other guests: text only).
  $("game-team").textContent = playing && state.team ? teamLine(state.team, Date.now() - state.teamAt) : "";
  // An ended game's board keeps its names (a team's seat by the team), not the next lobby's seats.
  if (game.hasView) game.refresh(!playing && ending && state.endContext ? state.endContext : context());
}

function send(type, fields) {
  state.connection?.send(type, fields);
}

// The clocks on screen (room countdown, game deadline) tick between messages.
setInterval(() => {
  game.tick();
  if (state.hold && !holding()) {
    // The ending was held long enough: back to the room.
    state.hold = null;
    render();
  } else if (state.welcome && !state.done) {
    renderClocks();
    renderTv();
  }
  if (state.welcome?.room && !$("room").hidden) {
    renderRoom($("room"), { room: state.room, roomAt: state.roomAt, lobby: state.lobby, welcome: state.welcome, send, clockOnly: true });
  }
}, 250);

/** Why the typed name cannot be used, or "" (said under the field, never a silent cut). */
function nameProblem(name) {
  if (!name) return "Type your name first (letters, not only spaces).";
  const length = graphemes(name);
  return length > NAME_LIMIT ? `That name is ${length} characters; names keep ${NAME_LIMIT} at most.` : "";
}

$("name-input").addEventListener("input", () => {
  const name = $("name-input").value.trim();
  $("name-hint").textContent = name && nameProblem(name) ? nameProblem(name) : `Up to ${NAME_LIMIT} characters.`;
  $("name-hint").classList.toggle("error", Boolean(name && nameProblem(name)));
});

$("join-form").addEventListener("submit", (event) => {
  event.preventDefault();
  state.name = $("name-input").value.trim();
  const problem = nameProblem(state.name);
  if (problem) {
    $("name-hint").textContent = problem;
    $("name-hint").classList.add("error");
    $("name-input").focus();
    return;
  }
  localStorage.setItem(NAME_KEY, state.name);
  state.role = event.submitter?.id === "watch-button" ? "spectator" : "player";
  start();
});
$("watch-button").addEventListener("click", () => {
  state.name = $("name-input").value.trim() || "Spectator";
  if (graphemes(state.name) > NAME_LIMIT) {
    $("name-hint").textContent = nameProblem(state.name);
    $("name-hint").classList.add("error");
    return;
  }
  state.role = "spectator";
  start();
});
$("code-form").addEventListener("submit", (event) => {
  event.preventDefault();
  state.code = $("code-input").value.trim();
  start();
});
$("back-button").addEventListener("click", () => {
  state.hold = null;
  render();
});
$("leave-button").addEventListener("click", () => {
  // In the middle of a game a first tap asks; a second within 5 s leaves (one stray tap loses nothing).
  const button = $("leave-button");
  const inGame = state.lobby?.state === "playing" && !context().spectator;
  if (inGame && !(Number(button.dataset.armedUntil) > Date.now())) {
    button.dataset.armedUntil = String(Date.now() + 5000);
    button.textContent = "Leave the game? Tap again";
    setTimeout(() => { button.textContent = "Leave"; button.dataset.armedUntil = "0"; }, 5000);
    return;
  }
  button.textContent = "Leave";
  button.dataset.armedUntil = "0";
  state.connection?.leave();
  finish("You left", "You left the session.");
});
$("again-button").addEventListener("click", () => {
  Connection.forgetToken();
  state.welcome = null;
  state.lobby = null;
  state.room = null;
  state.gameOver = null;
  state.hold = null;
  game.reset();
  show("join");
});

// /partyclient.json says whether this host hands out a self-contained partyclient (always 200, so
// nothing is logged as a failed load): the join screen then shows the command and its checksum.
async function offerClient() {
  const answer = await fetch("/partyclient.json", { cache: "no-cache" }).catch(() => null);
  const info = answer?.ok ? await answer.json().catch(() => null) : null;
  if (!info?.available || typeof info.sha256 !== "string" || !$("client-download")) return;
  const sha = info.sha256;
  $("client-command").textContent =
    `curl -fsSL ${location.origin}/partyclient -o partyclient && chmod +x partyclient && ./partyclient`;
  $("client-sha").textContent = sha;
  $("client-download").hidden = false;
}

// The TV page (/tv) watches at once, as a spectator, and shows the join address and its QR code.
const tv = document.body.classList.contains("tv");
// A page reloaded during a session has its token: straight back to its seat; so has a new tab (or
// the window opened again) of a browser that had a seat here.
const reloaded = Boolean(sessionStorage.getItem(roomKey("partyhost.token")));
state.name = localStorage.getItem(NAME_KEY) ?? Connection.browserSeat?.name ?? "";
$("name-input").value = state.name;
if (!tv) offerInvite();
if (tv) {
  address($("join-url"), roomLink());
  // On a party server the QR code is the room's own.
  if (ROOM) document.querySelector("img.qr")?.setAttribute("src", `/${ROOM}/join.svg`);
  state.name = "TV";
  state.role = "spectator";
  start();
} else if (Connection.savedToken) {
  start();
} else {
  show("join");
  if (!state.name) $("name-input").focus();
}
if (!tv) offerClient();
