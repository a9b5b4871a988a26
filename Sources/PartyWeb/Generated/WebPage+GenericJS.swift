// Generated from Web/ and Games/*/Web/ by `new-game`; do not edit by hand. Change those files and
// regenerate with: swift package --allow-writing-to-package-directory new-game --sync (a test fails when this file is stale).

extension WebPage {
    /// `/generic.js`.
    static let genericJS = #"""
// The generic game view: the host's plain text, a button per labelled move, and a text box for
// games whose moves are typed. Any game plays with it, with no web code of its own.
import { el, fill } from "./dom.js";

export const generic = {
  render(board, message, ctx) {
    const view = message.view;
    if (!board.firstChild) {
      board.append(
        el("pre", { class: "plain-text" }),
        el("div", { class: "choices" }),
        el("form", { class: "typed", autocomplete: "off" }, [
          el("input", { name: "typed", "aria-label": "Your move" }),
          el("button", { type: "submit", class: "primary", text: "Send" }),
        ]),
      );
      board.querySelector("form.typed").addEventListener("submit", (event) => {
        event.preventDefault();
        const input = event.target.elements.typed;
        const text = input.value.trim();
        if (text) ctx.typed(text);
        input.value = "";
      });
    }
    board.querySelector("pre").textContent = view.text ?? JSON.stringify(view, null, 1);
    const moves = Array.isArray(view.moves) ? view.moves : [];
    fill(board.querySelector(".choices"), moves.map((choice, index) => el("button", {
      class: "choice", text: choice.label, data: { index: index + 1 }, onclick: () => ctx.move(choice.move),
    })));
    const form = board.querySelector("form.typed");
    form.hidden = !view.typing || ctx.spectator;
    form.elements.typed.placeholder = view.typing ?? "";
  },
};

"""#
}
