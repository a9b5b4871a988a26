// How to play: each game's rules, written once in its module and served by the host in /games.json.
// The phone shows them when a game starts, until "Got it" or its first move ("?" brings them back);
// /tv shows them while a game starts (the room's countdown, or a one-game host's lobby) and hides
// them once play begins.
import { el } from "./dom.js";

const SEEN_KEY = "partyhost.howto.seen";
const guides = new Map();
const loaded = fetch("/games.json")
  .then((response) => (response.ok ? response.json() : { games: [] }))
  .then((doc) => { for (const guide of doc.games ?? []) guides.set(guide.id, guide); })
  .catch(() => {});

export class HowTo {
  /** `tv`: the big screen (no buttons, shown while a game starts). */
  constructor(tv) {
    this.tv = tv;
    this.gameId = null;
    this.title = "";
    this.wanted = false;
    this.heading = el("h3", { id: "how-to-title" });
    this.list = el("ul", { id: "how-to-rules", class: "how-to-rules" });
    this.close = el("button", { id: "how-to-close", type: "button", text: "Got it", onclick: () => this.dismiss() });
    this.panel = el("section", { id: "how-to", class: "how-to", "aria-labelledby": "how-to-title", hidden: true },
      [this.heading, this.list, tv ? null : this.close]);
    this.help = el("button", { id: "how-to-button", type: "button", class: "how-to-button", text: "?",
      title: "How to play", "aria-label": "How to play", "aria-controls": "how-to", hidden: true,
      onclick: () => (this.panel.hidden ? this.open() : this.dismiss()) });
    const game = document.getElementById("game");
    // On the phone the panel sits above the board; on /tv above everything, so the room's countdown shows it.
    if (tv || !game) document.querySelector("main").prepend(this.panel);
    else game.insertBefore(this.panel, document.getElementById("game-root"));
    document.querySelector(".game-head")?.append(this.help);
  }

  /** The game now on (`id` as in welcome.game / room.current.game). */
  setGame(id, title) {
    if (id === this.gameId) return;
    this.gameId = id;
    this.title = title;
    this.help.hidden = this.tv || !id;
    this.hide();
  }

  /** A new game began on this page (its first view): the phone shows how to play, once per game a tab. */
  started() {
    if (this.tv || !this.gameId || this.seen().includes(this.gameId)) return;
    this.open();
  }

  /** The room changed: /tv shows the next game's rules during the countdown, not once it plays. */
  room(room) {
    if (!this.tv) return;
    if (room?.state === "starting" && room.current) {
      this.setGame(room.current.game, room.current.title);
      this.open();
    } else {
      this.hide();
    }
  }

  /** A one-game host's lobby: /tv shows the game's rules while it waits for the game to start. */
  lobby(lobby) {
    if (!this.tv) return;
    if (lobby?.state === "lobby") this.open();
    else this.hide();
  }

  /** The game ended: on a phone the rules give way to the final board (a team's member who never
   *  moved had them open to the end, over the result). */
  ended() {
    if (!this.panel.hidden && !this.tv) this.dismiss();
  }

  /** This page made a move: the rules give way to the board. */
  moved() {
    if (!this.panel.hidden && !this.tv) this.dismiss();
  }

  async open() {
    const id = this.gameId;
    this.wanted = true;
    await loaded;
    const guide = guides.get(id);
    if (!guide || id !== this.gameId || !this.wanted) return;
    this.heading.textContent = `How to play ${guide.title}`;
    this.list.replaceChildren(...guide.rules.map((line) => el("li", { text: line })));
    this.panel.hidden = false;
    this.help.setAttribute("aria-expanded", "true");
  }

  hide() {
    this.wanted = false;
    this.panel.hidden = true;
    this.help.setAttribute("aria-expanded", "false");
  }

  /** Closed by the player: not shown by itself again for this game in this tab. */
  dismiss() {
    this.hide();
    if (this.gameId && !this.seen().includes(this.gameId)) {
      sessionStorage.setItem(SEEN_KEY, JSON.stringify([...this.seen(), this.gameId]));
    }
  }

  seen() {
    try { return JSON.parse(sessionStorage.getItem(SEEN_KEY) ?? "[]"); } catch { return []; }
  }
}
