// Generated from Web/ and Games/*/Web/ by `new-game`; do not edit by hand. Change those files and
// regenerate with: swift package --allow-writing-to-package-directory new-game --sync (a test fails when this file is stale).

extension WebPage {
    /// `/game.js`.
    static let gameJS = #"""
// The game panel: picks the game's web presenter, or the generic view for plain-text views.
import { el, seconds } from "./dom.js";
import { presenters, tvPresenters } from "./presenters.js";
import { generic } from "./generic.js";
import { HowTo } from "./howto.js";
import { Sound } from "./sound.js";
import { Announcer } from "./announce.js";

export class GameView {
  /** `actions`: { move(object), typed(text) }. */
  constructor(root, actions) {
    this.root = root;
    const tv = document.body.classList.contains("tv");
    this.tv = tv;
    this.howTo = new HowTo(tv);
    this.sound = new Sound(tv);
    this.announcer = new Announcer();
    // A move of this page's own puts the how-to-play panel away.
    this.actions = {
      move: (move) => { this.howTo.moved(); actions.move(move); },
      typed: (text) => { this.howTo.moved(); actions.typed(text); },
    };
    this.reset();
    if (tv) this.loadTvPresenters();
  }

  /** /tv: loads the games' TV presenters (a phone never does), and draws the game with its own once here. */
  async loadTvPresenters() {
    const loaded = await Promise.all(Object.entries(tvPresenters).map(async ([id, load]) => {
      try {
        return [id, (await load()).default];
      } catch {
        return [id, null];  // that game's TV draws with its phone presenter
      }
    }));
    this.tvPresenters = new Map(loaded.filter(([, presenter]) => presenter));
    // A view drawn meanwhile with the phone's presenter is drawn again with the TV's.
    if (this.message && this.context) {
      const receivedAt = this.receivedAt;
      this.update(this.message, this.context);
      this.receivedAt = receivedAt;  // the view is as old as it was (the clocks count from it)
    }
  }

  reset() {
    this.gameId = null;
    this.title = "";
    this.message = null;
    this.receivedAt = 0;
    this.key = null;
    this.howTo.setGame(null, "");
    this.root.replaceChildren();
    document.getElementById("game-note").textContent = "";
  }

  get hasView() { return this.message !== null; }

  /** The game now on (a locked session's game, or the room's current one). */
  setGame(id, title) {
    // A view that came before the page knew the game (a newcomer's first view, drawn as raw data)
    // is drawn again with the game's own presenter.
    const redraw = this.drawnWithoutGame && id && id !== this.gameId && this.message && this.context;
    this.gameId = id;
    this.title = title;
    document.getElementById("game-title").textContent = title;
    this.howTo.setGame(id, title);
    if (redraw) {
      const receivedAt = this.receivedAt;
      this.update(this.message, this.context);
      this.receivedAt = receivedAt;  // the view is as old as it was (the clocks count from it)
    }
  }

  /** A `room` message arrived (/tv shows how to play while a game starts). */
  room(message) {
    this.howTo.room(message);
  }

  /** A `lobby` message of a one-game host arrived (/tv shows how to play until the game starts). */
  lobby(message) {
    this.howTo.lobby(message);
  }

  /** A `gameOver` message arrived (a cue: the win, the loss, the room's end of a game). */
  gameOver(message, context) {
    this.howTo.ended();
    this.sound.gameOver(message, context);
  }

  /** A `view` message arrived. */
  update(message, context) {
    // The last view of the same game, for the cues (none for a game's first view).
    const previous = this.message && this.key === `${this.gameId}/${message.game}/${this.plain}` ? this.message : null;
    this.message = message;
    this.receivedAt = Date.now();
    const plain = typeof message.view?.text === "string" && Array.isArray(message.view?.moves);
    // /tv draws a game with its TV presenter (Games/X/Web/<id>-tv.js) where it has one.
    this.context = context;
    const own = (this.tv && this.tvPresenters?.get(this.gameId)) || presenters[this.gameId];
    const presenter = plain ? generic : (own ?? generic);
    const key = `${this.gameId}/${message.game}/${plain}`;
    this.plain = plain;
    this.drawnWithoutGame = !this.gameId && !plain;
    if (key !== this.key || presenter !== this.presenter) {
      // A new game (or a new form of view): a fresh board, nothing left over from the last one.
      this.key = key;
      this.presenter = presenter;
      this.board = el("div", { class: `board board-${plain ? "generic" : this.gameId}${this.tv ? " tv-board" : ""}` });
      this.root.replaceChildren(this.board);
      document.getElementById("game-note").textContent = "";
      this.howTo.started();
    }
    this.sound.view(message, previous, context);
    this.refresh(context);
    this.announcer.view(this.board, this.presenter, message, previous, context);
  }

  /** Draws the latest view again (the table's names may have changed). */
  refresh(context) {
    if (!this.message) return;
    const note = document.getElementById("game-note");
    if (note.dataset.sticky !== "1" && this.message.yourTurn && !context.spectator) note.textContent = "";
    note.dataset.sticky = "0";
    this.presenter.render(this.board, this.message, { ...context, ...this.actions, sinceMs: () => Date.now() - this.receivedAt });
    this.tick();
  }

  /** A line under the title: a refused move (in red) or news. */
  note(text, isError) {
    const node = document.getElementById("game-note");
    node.textContent = text;
    node.className = isError ? "note error" : "note";
    node.dataset.sticky = "1";
  }

  /** Counts the view's deadline down on this device's clock. */
  tick() {
    const clock = document.getElementById("game-clock");
    const deadline = this.message?.deadlineMs;
    // A presenter that shows its own clock (ownClock) gets no second one in the title line.
    const shown = deadline !== undefined && deadline !== null && !this.presenter?.ownClock;
    clock.textContent = shown ? seconds(deadline - (Date.now() - this.receivedAt)) : "";
    this.presenter?.tick?.(this.board, this.message, Date.now() - this.receivedAt);
  }
}

"""#
}
