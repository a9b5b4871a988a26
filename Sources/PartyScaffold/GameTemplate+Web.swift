extension GameTemplate {
    /// The game's web presenter: draws the view in the browser and sends moves. Without it the page
    /// still plays the game through the generic view (the plain text and labelled moves).
    static let webPresenter = #"""
    // __TITLE__ in the browser: the running total, the target, and a button per amount.
    // render(board, message, ctx) is called with every `view` message; `board` is this game's element
    // (it stays while the game runs), `message.view` the game's view (__NAME__View), and ctx gives
    // ctx.move(object) to send a move, ctx.name(seat), ctx.seat and ctx.spectator. Put text in with
    // textContent only (el's `text`), never as HTML: names come from other guests.
    import { el, fill } from "/dom.js";

    const AMOUNTS = [1, 2, 3];

    export default {
      render(board, message, ctx) {
        const view = message.view;
        const status = view.outcome
          ? view.outcome
          : message.yourTurn ? "Your turn: add 1, 2 or 3." : `${ctx.name(view.turn)}'s turn.`;
        const buttons = ctx.spectator ? [] : AMOUNTS.map((amount) => el("button", {
          class: "primary", text: `+${amount}`, disabled: !message.yourTurn || view.total + amount > view.target,
          onclick: () => ctx.move({ amount }),
        }));
        fill(board, [
          el("div", { class: "status", text: status }),
          el("p", { class: "news", text: `Total ${view.total} of ${view.target}` }),
          el("div", { class: "row" }, buttons),
        ]);
      },
    };
    """#

    /// The game's TV presenter (`/tv`): the same view drawn for a room, large and with nothing to tap.
    /// Without it the TV draws the game with its phone presenter.
    static let tvPresenter = #"""
    // __TITLE__ on the TV (/tv): the running total large against the target, and whose turn it is.
    // render(board, message, ctx) as in __ID__.js, for a room watching from the sofa: nothing to tap,
    // text big enough to read from 3 m (tv.css's classes: tv-board, tv-status, tv-big, tv-small).
    // Text goes in with textContent only (el's `text`), never as HTML: names come from other guests.
    import { el, fill } from "/dom.js";

    export default {
      render(board, message, ctx) {
        const view = message.view;
        // The result is the TV's own ending (the winner's name over the final board).
        const status = view.outcome ? "" : `${ctx.name(view.turn)}'s turn`;
        fill(board, [
          el("div", { class: "tv-board" }, [
            el("p", { class: "tv-status", text: status }),
            el("div", { class: "tv-big", text: `${view.total}` }),
            el("p", { class: "tv-small", text: `of ${view.target}` }),
          ]),
        ]);
      },
    };
    """#
}
