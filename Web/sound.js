// Sound and touch: short cues made with Web Audio (no audio files), a buzz on your turn where the phone
// can, and a mute button in the bar that the browser remembers. A phone plays only its own cues (your
// turn, your snap, your win or loss, a round of yours starting); /tv plays the room's (every round
// start, every snap, the end of every game).
import { el } from "./dom.js";

const MUTE_KEY = "partyhost.muted";

/** Each cue: [frequency in Hz, start in s, length in s] tones, played in order. */
const CUES = {
  turn: [[660, 0, 0.09], [880, 0.1, 0.12]],
  round: [[523, 0, 0.08], [659, 0.09, 0.08], [784, 0.18, 0.14]],
  snap: [[1046, 0, 0.05], [1318, 0.06, 0.08]],
  win: [[523, 0, 0.12], [659, 0.13, 0.12], [784, 0.26, 0.12], [1046, 0.39, 0.3]],
  lose: [[392, 0, 0.16], [330, 0.18, 0.16], [262, 0.36, 0.32]],
};

export class Sound {
  constructor(tv) {
    this.tv = tv;
    this.context = null;
    /** The cues asked for, newest last; muted ones marked `(muted)`. */
    this.log = [];
    this.muted = localStorage.getItem(MUTE_KEY) === "1";
    this.button = el("button", { id: "mute-button", type: "button", class: "mute-button",
      onclick: () => this.setMuted(!this.muted) });
    document.getElementById("bar")?.append(this.button);
    this.draw();
    // Browsers start audio only after a gesture on the page: the first tap or key unlocks it.
    const unlock = () => { if (!this.muted) this.audio(); };
    addEventListener("pointerdown", unlock, { once: true });
    addEventListener("keydown", unlock, { once: true });
  }

  setMuted(muted) {
    this.muted = muted;
    localStorage.setItem(MUTE_KEY, muted ? "1" : "0");
    this.draw();
  }

  draw() {
    this.button.textContent = this.muted ? "♪ off" : "♪ on";
    this.button.setAttribute("aria-label", "Sound");
    this.button.setAttribute("aria-pressed", String(!this.muted));
    this.button.title = this.muted ? "Sound off (tap to turn on)" : "Sound on (tap to mute)";
  }

  audio() {
    if (!this.context) {
      const Context = window.AudioContext ?? window.webkitAudioContext;
      if (!Context) return null;
      this.context = new Context();
    }
    if (this.context.state === "suspended") this.context.resume().catch(() => {});
    return this.context;
  }

  /** Plays a cue (unless muted); `buzz` also vibrates where the device can. */
  play(name, buzz = false) {
    this.log.push(this.muted ? `${name}(muted)` : name);
    // The latest cues, readable in the page (a test checks them; nothing else reads them).
    this.button.dataset.cues = this.log.slice(-20).join(" ");
    if (this.muted) return;
    if (buzz && typeof navigator.vibrate === "function") navigator.vibrate(120);
    const context = this.audio();
    if (!context) return;
    const start = context.currentTime + 0.01;
    for (const [frequency, at, length] of CUES[name] ?? []) {
      const tone = context.createOscillator();
      const gain = context.createGain();
      tone.type = "triangle";
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + at);
      gain.gain.exponentialRampToValueAtTime(0.25, start + at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + at + length);
      tone.connect(gain).connect(context.destination);
      tone.start(start + at);
      tone.stop(start + at + length + 0.02);
    }
  }

  /** A `view` arrived: `previous` is the last view of the same game (null for its first). */
  view(message, previous, context) {
    const mine = !this.tv && !context.spectator;
    if (!previous) { if (this.tv || mine) this.play("round"); return; }
    const view = message.view ?? {};
    const before = previous.view ?? {};
    // A new round of a game that has rounds (TwentyFour, Rock Paper Scissors).
    if (typeof view.round === "number" && view.round !== before.round && (this.tv || mine)) this.play("round");
    // A won snap (Snap!): the room hears every one, a phone only its own.
    if (view.event?.kind === "snapWon" && view.events !== before.events
        && (this.tv || (mine && view.event.seat === (view.me ?? context.seat)))) this.play("snap");
    if (mine && message.yourTurn && !previous.yourTurn) this.play("turn", true);
  }

  /** A `gameOver` arrived. */
  gameOver(message, context) {
    if (this.tv) { this.play("win"); return; }
    if (context.spectator || context.seat === null || context.seat === undefined) return;
    this.play(message.winners?.includes(context.seat) ? "win" : "lose");
  }
}
