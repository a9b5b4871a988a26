// SunTouch on the TV (/tv): the field as large as the screen allows, strikes growing as they do on
// the phones, each sun flaring as it is found, and the score and time left beside it.
import { el, fill, seconds } from "/dom.js";
import { COLOURS, draw } from "/games/suntouch.js";

/** How long a newly found sun flares. */
const FLARE_MS = 900;

export default {
  ownClock: true,

  render(board, message, ctx) {
    const view = message.view;
    if (!board.firstChild) {
      board.append(
        el("p", { class: "tv-status" }),
        el("div", { class: "tv-split" }, [
          el("canvas", { class: "field tv-field", width: 900, height: 900, "aria-label": "The field" }),
          el("div", { class: "tv-side" }, [el("div", { class: "tv-players" }), el("p", { class: "tv-found" }), el("p", { class: "tv-left countdown" })]),
        ]),
      );
    }
    board._message = message;
    board.querySelector(".tv-status").textContent = view.phase === "toss" ? "Coin toss: it decides where the suns hide."
      : view.phase === "over" ? "" : view.paused ? "Paused: waiting for a player to come back." : "Find the hidden suns!";
    fill(board.querySelector(".tv-players"), view.players.map((p, i) => {
      const dot = el("span", { class: "dot", text: String(i + 1), "aria-hidden": "true" });
      dot.style.background = COLOURS[i] ?? "#888";
      return el("div", { class: "tv-who" }, [dot, el("span", { class: "name", text: ctx.name(p.seat) }),
        el("span", { class: "tv-score", text: `${p.score} ☀` })]);
    }));
    const found = view.captured.length;
    board.querySelector(".tv-found").textContent = `${found} of ${view.suns} suns found`;
    this.tick(board, message, ctx.sinceMs());
  },

  tick(board, message, sinceMs) {
    if (!message || board._message !== message) return;
    const view = message.view;
    const running = view.phase === "playing" && !view.paused;
    board.querySelector(".tv-left").textContent = view.phase === "over" ? ""
      : `${seconds(view.left - (running ? sinceMs : 0))} left`;
    draw(board, message, sinceMs);
    flare(board.querySelector("canvas"), view, running ? view.clock + sinceMs : view.clock);
  },
};

/** A ring that opens around each sun found in the last moment. */
function flare(canvas, view, now) {
  const g = canvas.getContext("2d");
  const size = canvas.width;
  for (const sun of view.captured) {
    const age = now - sun.at;
    if (age < 0 || age > FLARE_MS) continue;
    const t = age / FLARE_MS;
    g.beginPath();
    g.arc(sun.x * size, sun.y * size, size * (0.03 + 0.09 * t), 0, Math.PI * 2);
    g.strokeStyle = "#ffd23f";
    g.globalAlpha = 1 - t;
    g.lineWidth = 6;
    g.stroke();
    g.globalAlpha = 1;
  }
}
