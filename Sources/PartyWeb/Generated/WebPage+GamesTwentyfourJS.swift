// Generated from Web/ and Games/*/Web/ by `new-game`; do not edit by hand. Change those files and
// regenerate with: swift package --allow-writing-to-package-directory new-game --sync (a test fails when this file is stale).

extension WebPage {
    /// `/games/twentyfour.js`.
    static let gamesTwentyfourJS = #"""
// TwentyFour in the browser: the four numbers and the operators as buttons, plus typing.
import { el, fill, seconds, stopwatch } from "/dom.js";

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
    // Once over, the result is the ending's own line (app.js), not said twice.
    board.querySelector(".round").textContent = view.outcome ? `Round ${view.round}${view.rounds ? ` of ${view.rounds}` : ""}`
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
      el("span", { class: "points", text: r.ms !== undefined ? `${stopwatch(r.ms)} s` : "" }),
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

"""#
}
