// Generated from Web/ and Games/*/Web/ by `new-game`; do not edit by hand. Change those files and
// regenerate with: swift package --allow-writing-to-package-directory new-game --sync (a test fails when this file is stale).

extension WebPage {
    /// `/games/suntouch.js`.
    static let gamesSuntouchJS = #"""
// SunTouch in the browser: tap the field to strike (or, from the keyboard, arrows aim and Enter or
// Space strikes); a slider sets the strike's size. Each player's marks have a number and a line style
// of their own, so they are told apart without colour: 1 solid, 2 dashed.
import { el, fill, seconds } from "/dom.js";

/** Each player's colour, by their place in `players` (the TV presenter uses them too). */
export const COLOURS = ["#e4572e", "#2e86de"];

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
      el("span", { class: "dot", data: { seat: i }, text: String(i + 1), "aria-hidden": "true" }),
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
  const canvas = el("canvas", { class: "field", width: 600, height: 600, tabindex: "0", role: "application",
    "aria-label": "The field: tap to strike, or aim with the arrow keys and strike with Enter or Space" });
  board._aim = { x: 0.5, y: 0.5 };
  const strike = (x, y) => {
    const message = board._message;
    if (!message || message.view.phase !== "playing" || ctx.spectator) return;
    ctx.move({ strike: { x: round(x), y: round(y), radius: Number(slider.value) } });
  };
  canvas.addEventListener("keydown", (event) => {
    const step = event.shiftKey ? 0.15 : 0.05;
    const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    if (moves[event.key]) {
      const [dx, dy] = moves[event.key];
      board._aim = { x: Math.min(1, Math.max(0, board._aim.x + dx)), y: Math.min(1, Math.max(0, board._aim.y + dy)) };
    } else if (event.key === "Enter" || event.key === " ") {
      strike(board._aim.x, board._aim.y);
    } else {
      return;
    }
    event.preventDefault();
    if (board._message) draw(board, board._message, 0);
  });
  canvas.addEventListener("focus", () => board._message && draw(board, board._message, 0));
  canvas.addEventListener("blur", () => board._message && draw(board, board._message, 0));
  const slider = el("input", { type: "range", min: "0.03", max: "0.2", step: "0.01", value: "0.1", "aria-label": "Strike size" });
  canvas.addEventListener("pointerdown", (event) => {
    const box = canvas.getBoundingClientRect();
    strike(Math.min(1, Math.max(0, (event.clientX - box.left) / box.width)),
      Math.min(1, Math.max(0, (event.clientY - box.top) / box.height)));
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

/** Draws the field: strikes growing and fading, captured suns with their player's number. */
export function draw(board, message, sinceMs) {
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
    g.setLineDash(seatIndex.get(strike.seat) === 1 ? [12, 8] : []);
    g.globalAlpha = Math.max(0.2, 1 - age / (view.dur * 2));
    g.stroke();
    g.globalAlpha = 1;
    g.setLineDash([]);
  }
  for (const sun of view.captured) {
    g.beginPath();
    g.arc(sun.x * size, sun.y * size, size * 0.02, 0, Math.PI * 2);
    g.fillStyle = "#ffd23f";
    g.fill();
    g.strokeStyle = COLOURS[seatIndex.get(sun.seat)] ?? "#ccc";
    g.lineWidth = 4;
    g.stroke();
    // Whose sun, in a number as well as a colour.
    g.fillStyle = "#10202e";
    g.font = `bold ${Math.round(size * 0.028)}px system-ui, sans-serif`;
    g.textAlign = "center";
    g.textBaseline = "middle";
    g.fillText(String((seatIndex.get(sun.seat) ?? 0) + 1), sun.x * size, sun.y * size);
  }
  // The keyboard's aim, while the field has the focus.
  if (document.activeElement === canvas && board._aim) {
    const x = board._aim.x * size, y = board._aim.y * size;
    g.strokeStyle = "#ffffff";
    g.lineWidth = 2;
    g.beginPath();
    g.moveTo(x - 14, y); g.lineTo(x + 14, y);
    g.moveTo(x, y - 14); g.lineTo(x, y + 14);
    g.stroke();
  }
}

"""#
}
