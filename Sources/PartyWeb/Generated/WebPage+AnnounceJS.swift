// Generated from Web/ and Games/*/Web/ by `new-game`; do not edit by hand. Change those files and
// regenerate with: swift package --allow-writing-to-package-directory new-game --sync (a test fails when this file is stale).

extension WebPage {
    /// `/announce.js`.
    static let announceJS = #"""
// What a screen reader hears: one polite live region, told your turn and the others' moves. The words
// come from the game's presenter: `describe(message, previous, ctx)` when it has one (a move said in
// words), then the line its board shows as `.status`, whenever that line changes.
import { el } from "./dom.js";

export class Announcer {
  constructor() {
    this.region = el("div", { id: "announce", class: "visually-hidden", role: "status", "aria-live": "polite", "aria-atomic": "true" });
    document.body.append(this.region);
    this.lastStatus = "";
  }

  /** After a view was drawn on `board`: `previous` is the last view of the same game, or null. */
  view(board, presenter, message, previous, context) {
    const parts = [];
    const moved = previous ? presenter.describe?.(message, previous, context) : null;
    if (moved) parts.push(moved);
    const status = board.querySelector(".status")?.textContent?.trim() ?? "";
    if (status && status !== this.lastStatus) parts.push(status);
    else if (!context.spectator && message.yourTurn && !previous?.yourTurn && !status) parts.push("Your turn.");
    this.lastStatus = status;
    if (parts.length) this.say(parts.join(" "));
  }

  say(text) {
    this.region.textContent = text;
  }
}

"""#
}
