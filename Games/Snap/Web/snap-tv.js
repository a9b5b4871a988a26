// Snap! on the TV (/tv): every pile's top card large, whose turn it is, and when someone calls snap
// the matching cards flash and the caller's pile says so. Only what the spectator view carries:
// face-down cards are counts, never cards.
import { el, fill } from "/dom.js";
import { card } from "/games/snap.js";

/** How long a snap stays called out on the caller's pile. */
const CALLED_MS = 3000;

export default {
  render(board, message, ctx) {
    const view = message.view;
    const event = view.event && (view.eventAgeMs ?? 0) + ctx.sinceMs() < CALLED_MS ? view.event : null;
    const calls = event && (event.kind === "snapWon" || event.kind === "wrongSnap" || event.kind === "tooLate");
    // A won snap takes the piles, so the match is the top cards of the view before it: they flash
    // under the caller's name.
    if (view.events !== board._events) {
      board._match = event?.kind === "snapWon" ? match(board._tops ?? []) : [];
      board._events = view.events;
    }
    board._tops = view.players.map((p) => p.top).filter(Boolean);
    const rank = event?.kind === "snapWon" ? matchingRank(view.players) : null;
    const status = view.outcome ? ""
      : view.phase === "dealing" ? "Dealing: every player confirms on their phone."
      : view.paused ? `Waiting for ${ctx.name(view.active)} to come back…`
      : `${ctx.name(view.active)} turns a card`;
    const piles = view.players.map((p) => {
      const top = card(p.top);
      if (rank && p.top && p.top[0] === rank) top.classList.add("flash");
      const called = calls && event.seat === p.seat;
      return el("div", { class: ["pile", p.seat === view.active && !view.outcome ? "active" : "", p.out || p.gone ? "out" : "",
        called ? `called ${event.kind}` : ""].join(" ") }, [
        el("div", { class: "pile-name", text: ctx.name(p.seat) }),
        top,
        el("div", { class: "pile-count", text: `${p.closed} down · ${p.open} up${p.out ? " · out" : ""}${p.away ? " · away" : ""}` }),
        called ? el("div", { class: "called-by", text: event.kind === "snapWon" ? "SNAP!" : "Snap?" }) : null,
      ]);
    });
    fill(board, [
      el("p", { class: "tv-status", text: status }),
      el("div", { class: "piles tv-piles" }, piles),
      el("div", { class: `tv-event ${event ? event.kind : ""}` }, [
        event?.kind === "snapWon" && board._match.length ? el("div", { class: "tv-match" }, board._match.map((code) => {
          const shown = card(code);
          shown.classList.add("flash");
          return shown;
        })) : null,
        el("p", { class: "event", text: event ? event.text : "" }),
      ]),
      el("p", { class: "tv-small", text: `Cards turned: ${view.turn} of ${view.limit}` }),
    ]);
  },

  /** The called-out snap fades after a few seconds without a new view. */
  tick(board, message, sinceMs) {
    const event = message?.view?.event;
    if (!event) return;
    const shown = (message.view.eventAgeMs ?? 0) + sinceMs < CALLED_MS;
    if (!shown && board.querySelector(".called, .flash, .tv-match")) {
      for (const node of board.querySelectorAll(".called-by, .tv-match")) node.remove();
      for (const node of board.querySelectorAll(".called, .flash")) node.classList.remove("called", "flash");
      board.querySelector(".tv-event .event").textContent = "";
    }
  },
};

/** The top cards that share a rank (the snap's match), or []. */
function match(tops) {
  const rank = matchingRank(tops.map((top) => ({ top })));
  return rank ? tops.filter((top) => top[0] === rank) : [];
}

/** The rank two or more piles show on top (a snap), or null. */
function matchingRank(players) {
  const seen = new Set();
  for (const p of players) {
    if (!p.top) continue;
    if (seen.has(p.top[0])) return p.top[0];
    seen.add(p.top[0]);
  }
  return null;
}
