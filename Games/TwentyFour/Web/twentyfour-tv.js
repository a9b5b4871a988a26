// TwentyFour on the TV (/tv): the four numbers as large cards, a round clock that empties, and who
// solved it in how many seconds (fastest first, as the host ranks them).
import { el, fill, svg, stopwatch } from "/dom.js";

const STANDING = {
  waiting: "waiting", guessing: "thinking…", newGuessing: "thinking…", solved: "solved",
  gaveUp: "gave up", ranOutOfTime: "out of time",
};

export default {
  ownClock: true,

  render(board, message, ctx) {
    const view = message.view;
    if (!board.firstChild) {
      board.append(
        el("p", { class: "tv-status round" }),
        el("div", { class: "tv-split" }, [
          el("div", { class: "tv-numbers" }),
          el("div", { class: "tv-clock" }, [
            svg("svg", { viewBox: "0 0 100 100", "aria-hidden": "true" }, [
              svg("circle", { class: "track", cx: 50, cy: 50, r: 44 }),
              svg("circle", { class: "left", cx: 50, cy: 50, r: 44, pathLength: 100 }),
            ]),
            el("span", { class: "tv-clock-text" }),
          ]),
        ]),
        el("p", { class: "tv-small solution" }),
        el("ol", { class: "tv-results" }),
      );
    }
    // The clock's full circle is the round's time as first seen in it.
    const key = `${view.round}/${view.phase}`;
    if (board.dataset.clock !== key) {
      board.dataset.clock = key;
      board._full = Math.max(1, view.remainingMs);
    }
    board.querySelector(".round").textContent = view.outcome ? `Round ${view.round}${view.rounds ? ` of ${view.rounds}` : ""}`
      : `Round ${view.round}${view.rounds ? ` of ${view.rounds}` : ""}${view.phase === "pause" ? " is over" : ": make 24!"}`;
    fill(board.querySelector(".tv-numbers"), view.numbers.map((n) => el("div", { class: "tv-number", text: n })));
    board.querySelector(".solution").textContent = view.phase === "pause" && view.solution ? `One way: ${view.solution}` : "";
    fill(board.querySelector(".tv-results"), view.results.map((r) => el("li", { class: r.standing }, [
      el("span", { class: "name", text: r.name }),
      el("span", { class: "detail", text: r.ms !== undefined ? `${stopwatch(r.ms)} s` : STANDING[r.standing] ?? r.standing }),
      r.expression ? el("span", { class: "expression", text: r.expression }) : null,
      el("span", { class: "points", text: `${view.scores.find((s) => s.seat === r.seat)?.won ?? 0} won` }),
    ])));
    this.tick(board, message, ctx.sinceMs());
  },

  tick(board, message, sinceMs) {
    const text = board.querySelector(".tv-clock-text");
    if (!text || !message) return;
    const view = message.view;
    const left = Math.max(0, view.remainingMs - sinceMs);
    const over = Boolean(view.outcome);
    board.querySelector(".tv-clock").hidden = over;
    text.textContent = `${Math.ceil(left / 1000)}`;
    board.querySelector(".tv-clock").classList.toggle("pause", view.phase === "pause");
    board.querySelector("circle.left").style.strokeDashoffset = `${100 - (100 * left) / (board._full ?? 1)}`;
  },
};
