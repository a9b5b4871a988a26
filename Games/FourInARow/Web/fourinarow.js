// Four in a Row in the browser: tap a column to drop a disc (docs/PROTOCOL.md section 9).
import { el, fill } from "/dom.js";

export default {
  /** A move in words for the screen reader: who dropped a disc where. */
  describe(message, previous, ctx) {
    const view = message.view;
    if (!view.last || view.moves === previous.view.moves) return null;
    const mover = view.moves > previous.view.moves ? previous.view.turn : null;
    if (mover === null || mover === undefined) return null;
    return `${mover === view.you ? "You" : ctx.name(mover)} dropped a disc in column ${view.last}.`;
  },

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
