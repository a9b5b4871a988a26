// Snap! in the browser: the piles face up, a button to turn your card, and a big SNAP button.
// Only what the host sends is drawn: face-down cards are counts, never cards.
import { el, fill } from "/dom.js";

const SUITS = { S: ["♠", "black"], H: ["♥", "red"], D: ["♦", "red"], C: ["♣", "black"] };
const RANKS = { T: "10", J: "J", Q: "Q", K: "K", A: "A" };

/** A face-up card (or an empty place), as the phone and the TV draw it. */
export function card(code) {
  if (!code) return el("div", { class: "card none", text: "–" });
  const [suit, colour] = SUITS[code[1]] ?? ["?", "black"];
  return el("div", { class: `card ${colour}`, data: { card: code } }, [
    el("span", { class: "rank", text: RANKS[code[0]] ?? code[0] }), el("span", { class: "suit", text: suit }),
  ]);
}

export default {
  render(board, message, ctx) {
    const view = message.view;
    const me = view.me ?? null;
    const player = view.players.find((p) => p.seat === me);
    const status = view.outcome ? view.outcome
      : view.phase === "dealing" ? "Dealing: confirm to begin."
      : view.paused ? `Waiting for ${ctx.name(view.active)} to come back…${ctx.away?.(view.active) ? ` (${ctx.away(view.active)})` : ""}`
      : view.active === me ? "Your turn: turn a card." : `${ctx.name(view.active)} turns next.`;
    const piles = view.players.map((p) => el("div", {
      class: ["pile", p.seat === view.active ? "active" : "", p.seat === me ? "mine" : "", p.out || p.gone ? "out" : ""].join(" "),
    }, [
      el("div", { class: "pile-name", text: p.name + (p.seat === me ? " (you)" : "") }),
      card(p.top),
      el("div", { class: "pile-count", text: `${p.closed} down · ${p.open} up${p.out ? " · out" : ""}${p.away || ctx.away?.(p.seat) ? ` · ${ctx.away?.(p.seat) ?? "away"}` : ""}` }),
    ]));
    const buttons = [];
    if (player && !ctx.spectator) {
      if (view.phase === "dealing") {
        buttons.push(el("button", { class: "primary big", text: player.ready ? "Waiting for the others" : "I'm ready", disabled: player.ready,
          onclick: () => ctx.move({ confirmDeal: {} }) }));
      } else if (view.phase === "playing") {
        buttons.push(el("button", { class: "turn", id: "turn-button", text: "Turn card", disabled: view.active !== me || view.paused || player.out,
          onclick: () => ctx.move({ turn: {} }) }));
        buttons.push(el("button", { class: "snap", id: "snap-button", text: "SNAP!", disabled: player.out,
          onclick: () => ctx.move({ snap: { seen: view.table } }) }));
      }
    }
    fill(board, [
      el("div", { class: "status", text: status }),
      el("div", { class: "piles" }, piles),
      view.event ? el("p", { class: "event", text: view.event.text }) : null,
      el("div", { class: "snap-actions" }, buttons),
      el("p", { class: "detail", text: `Cards turned: ${view.turn} of ${view.limit}` }),
    ]);
  },
};
