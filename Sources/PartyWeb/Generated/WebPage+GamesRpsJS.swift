// Generated from Web/ and Games/*/Web/ by `new-game`; do not edit by hand. Change those files and
// regenerate with: swift package --allow-writing-to-package-directory new-game --sync (a test fails when this file is stale).

extension WebPage {
    /// `/games/rps.js`.
    static let gamesRpsJS = #"""
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
      ctx.away?.(row.seat) && view.phase !== "over"
        ? el("span", { class: "detail away", text: ctx.away(row.seat) })
        : el("span", { class: "detail", text: view.phase === "choosing" ? (row.chosen ? "chosen" : "choosing…") : "" }),
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

"""#
}
