// Rock Paper Scissors on the TV (/tv): a card per player; while the round is open, who has chosen
// (never what); at the reveal, every player's shape large with the points it made.
import { el, fill } from "/dom.js";

const NAMES = { rock: "Rock", paper: "Paper", scissors: "Scissors" };
/** A mark per shape beside its word (the TV has no emoji font to count on). */
const MARKS = { rock: "●", paper: "▬", scissors: "✂" };

export default {
  render(board, message, ctx) {
    const view = message.view;
    const revealed = view.phase !== "choosing" && view.last;
    const picks = new Map((revealed ? view.last.picks : []).map((pick) => [pick.seat, pick]));
    const status = view.phase === "over" ? ""
      : view.phase === "reveal" ? `Round ${view.last?.round ?? view.round} of ${view.rounds}: the shapes are out!`
      : `Round ${view.round} of ${view.rounds}: choose on your phone`;
    const cards = view.players.map((row) => {
      const pick = picks.get(row.seat);
      const shape = pick?.shape;
      const state = revealed ? (pick ? (shape ? NAMES[shape] : "nothing") : "sat out")
        : row.waiting ? "plays next round" : row.chosen ? "chosen ✓" : "choosing…";
      return el("div", { class: ["tv-hand", shape ?? "", revealed ? "shown" : "", row.chosen ? "chosen" : ""].join(" ") }, [
        el("div", { class: "name", text: ctx.name(row.seat) }),
        el("div", { class: "tv-shape", text: revealed ? (MARKS[shape] ?? "–") : row.chosen ? "✓" : "?", "aria-hidden": "true" }),
        el("div", { class: "tv-pick", text: state }),
        el("div", { class: "tv-score", text: `${row.score} pt${row.score === 1 ? "" : "s"}${pick?.points ? ` (+${pick.points})` : ""}` }),
      ]);
    });
    fill(board, [
      el("p", { class: "tv-status", text: status }),
      el("div", { class: revealed ? "tv-hands reveal" : "tv-hands" }, cards),
    ]);
  },
};
