// Generated from Web/ and Games/*/Web/ by `new-game`; do not edit by hand. Change those files and
// regenerate with: swift package --allow-writing-to-package-directory new-game --sync (a test fails when this file is stale).

extension WebPage {
    /// `/games/fourinarow-tv.js`.
    static let gamesFourinarowTvJS = #"""
// Four in a Row on the TV (/tv): the board as large as the screen allows, the last disc ringed, the
// winning four joined by a line, and who plays which colour beside it. Nothing to tap.
import { el, fill, svg } from "/dom.js";

export default {
  render(board, message, ctx) {
    const view = message.view;
    const colour = (seat) => (seat === view.players[0] ? "red" : "yellow");
    const winning = view.winning ?? [];
    const won = new Set(winning.map((c) => `${c.column}/${c.row}`));
    const columns = [];
    for (let column = 1; column <= 7; column++) {
      const cells = [];
      for (let rowIndex = 0; rowIndex < 6; rowIndex++) {
        const mark = view.board[rowIndex][column - 1];
        const classes = ["cell", mark === "0" ? "red" : mark === "1" ? "yellow" : "empty"];
        if (won.has(`${column}/${6 - rowIndex}`)) classes.push("winning");
        if (view.last === column && mark !== "." && (rowIndex === 0 || view.board[rowIndex - 1][column - 1] === ".")) classes.push("last");
        cells.push(el("div", { class: classes.join(" ") }));
      }
      columns.push(el("div", { class: "tv-col" }, cells));
    }
    const grid = el("div", { class: "c4-grid tv-c4" }, columns);
    if (winning.length >= 2) grid.append(line(winning));
    // The game's result is the ending's own line (app.js); the status says only whose turn it is.
    const status = view.outcome ? "" : `${ctx.name(view.turn)}'s turn`;
    const who = view.players.map((seat) => el("div", { class: `tv-who ${seat === view.turn ? "on" : ""}` }, [
      el("span", { class: `disc ${colour(seat)}` }),
      el("span", { class: "name", text: ctx.name(seat) }),
    ]));
    fill(board, [
      el("p", { class: "tv-status", text: status }),
      el("div", { class: "tv-split" }, [grid, el("div", { class: "tv-side" }, [
        ...who, el("p", { class: "tv-small", text: `${view.moves} disc${view.moves === 1 ? "" : "s"} dropped` }),
      ])]),
    ]);
  },
};

/** The winning four joined by a line, over the board (one unit per cell; row 1 is the bottom). */
function line(cells) {
  const sorted = [...cells].sort((a, b) => a.column - b.column || a.row - b.row);
  const [first, last] = [sorted[0], sorted[sorted.length - 1]];
  return svg("svg", { class: "win-line", viewBox: "0 0 7 6", preserveAspectRatio: "none", "aria-hidden": "true" }, [
    svg("line", { x1: first.column - 0.5, y1: 6.5 - first.row, x2: last.column - 0.5, y2: 6.5 - last.row }),
  ]);
}

"""#
}
