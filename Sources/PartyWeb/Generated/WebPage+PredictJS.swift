// Generated from Web/ and Games/*/Web/ by `new-game`; do not edit by hand. Change those files and
// regenerate with: swift package --allow-writing-to-package-directory new-game --sync (a test fails when this file is stale).

extension WebPage {
    /// `/predict.js`.
    static let predictJS = #"""
// The audience (docs/PROTOCOL.md section 18): who wins? A watcher (a spectator, or a room member
// who does not play this game) picks a seat while predictions are open; everyone sees the live
// split ("62 % think Bob wins"), and once the game is over who was right. The /tv page shows the
// split large and never predicts. Names come from other guests: text only (el/textContent).
import { el, fill, seconds } from "./dom.js";
import { cap } from "./tv.js";

const $ = (id) => document.getElementById(id);
const tv = document.body.classList.contains("tv");

const state = {
  send: null,
  // The latest `predictions` message, when it arrived, and our own `prediction` for that game.
  split: null, splitAt: 0, mine: null,
  // Whether we watch the running game (a spectator, or our lobby entry says watching).
  spectator: false, watching: false, playing: false,
};

/** Takes every message the page receives (app.js calls it first); `send(type, fields)` sends. */
export function audience(msg, send) {
  state.send = send;
  switch (msg.type) {
    case "welcome":
      state.spectator = msg.role === "spectator";
      break;
    case "lobby": {
      const me = msg.players?.find((p) => p.seat === msg.you && msg.you !== undefined);
      state.watching = Boolean(me?.watching);
      // A new game: the last one's result gives way (its own predictions, if any, follow).
      if (msg.state === "playing" && !state.playing && state.split?.state === "settled") state.split = null;
      state.playing = msg.state === "playing";
      break;
    }
    case "predictions":
      if (state.mine && state.mine.game !== msg.game) state.mine = null;
      state.split = msg;
      state.splitAt = Date.now();
      break;
    case "prediction":
      state.mine = msg;
      break;
    default:
      return;
  }
  render();
}

/** Whether this page may predict now: it watches, is not the TV, and has not predicted yet. */
function mayPredict() {
  return !tv && state.split?.state === "open" && !state.mine && (state.spectator || state.watching);
}

function render() {
  const box = $("game-predict");
  if (!box) return;
  const split = state.split;
  // Open or closed predictions show while their game runs; the settled result until the next game.
  // A player's phone shows it once somebody predicted (an audience of nobody is not news).
  const watcher = tv || state.spectator || state.watching;
  // The TV says nothing of a game nobody predicted once predictions are closed.
  const untold = split && split.total === 0 && (!watcher || (tv && split.state !== "open"));
  if (!split || (split.state !== "settled" && !state.playing) || untold) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  // A player's card is news, not a control (players do not predict): a short screen keeps its
  // title alone (style.css), so that the board stays on the screen.
  box.classList.toggle("predict-quiet", !watcher);
  const pick = mayPredict();
  const winners = new Set(split.winners ?? []);
  const rows = split.choices.map((choice) => el("li", { class: `predict-row${winners.has(choice.seat) ? " won" : ""}` }, [
    pick
      ? el("button", { type: "button", class: "predict-choice", data: { seat: choice.seat }, text: choice.name,
        onclick: () => state.send?.("predict", { seat: choice.seat }) })
      : el("span", { class: "predict-name", text: choice.name }),
    el("span", { class: "predict-bar" }, [bar(choice.percent)]),
    el("span", { class: "predict-percent", text: `${choice.percent} %` }),
  ]));
  const children = [
    el("p", { class: "predict-title", text: pick ? `Who wins? A right guess scores ${split.points}.` : split.message }),
    el("ol", { class: "predict-split" }, rows),
  ];
  if (pick) children.push(el("p", { class: "predict-detail", text: split.message }));
  const closes = el("p", { class: "predict-closes" });
  if (split.state === "open" && split.closesMs !== undefined) children.push(closes);
  if (state.mine && state.mine.game === split.game) {
    children.push(el("p", { class: `predict-mine${state.mine.right === true ? " right" : ""}`, text: state.mine.message }));
  }
  if (split.board?.length) {
    children.push(el("ol", { class: "predict-board" }, split.board.map((line) =>
      el("li", { text: `${line.place}. ${line.name} · ${line.points}` }))));
  }
  fill(box, children);
  if (tv) {
    // Many seats: the TV's split goes in two columns of short rows (tv.css), at most 16 of them.
    if (rows.length > 5) box.dataset.crowd = "many";
    else delete box.dataset.crowd;
    cap(box.querySelector(".predict-split"), "");
  }
  tick();
}

/** A bar filled to `percent` (set through the CSSOM: the page's CSP allows no style attributes). */
function bar(percent) {
  const fillBar = el("span", { class: "predict-fill" });
  fillBar.style.width = `${Math.max(0, Math.min(100, percent))}%`;
  return fillBar;
}

/** Counts the time left to predict down between messages. */
function tick() {
  const closes = document.querySelector("#game-predict .predict-closes");
  const split = state.split;
  if (!closes || split?.state !== "open" || split.closesMs === undefined) return;
  closes.textContent = `Predictions close at the first move or in ${seconds(split.closesMs - (Date.now() - state.splitAt))}.`;
}

setInterval(tick, 250);

"""#
}
