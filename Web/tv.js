// The big screen (/tv): which layout the room or the game takes (body classes that tv.css draws),
// the join code beside the QR code, and a game's ending as a moment: the winner's name large over
// the final board, then the points of the game, then (app.js's hold runs out) back to the room.
import { address, el, fill, label } from "./dom.js";
import { ROOM, currentOrigin, roomLink } from "./room.js";

/** How long the winner's name stands alone over the final board before the points come. */
const WINNER_MS = 6000;
/** Without a room (one game, then maybe a rematch): how long the points stand over the board
 * before the final board is seen again, with the winner's line, until the rematch. */
const SCORES_MS = 12000;
/** The most lines a TV list shows (a room of eight players and their audience, and more): beyond
 *  it, the first ones and "and N more" in the last line. */
const MOST_LINES = 16;
/** More members than this make a crowd: tv.css lays the room and the game's column out for it. */
const CROWD = 5;

export class TvScreen {
  constructor() {
    this.ending = null;
    this.endedAt = 0;
  }

  /**
   * `screen`: { code, playing, shown (the game panel is on screen), ending (a gameOver or null),
   * room (the latest room message or null), context (app.js's context(): names of seats) }.
   */
  render({ code, playing, shown, ending, room, context }) {
    const body = document.body;
    const codeLine = document.getElementById("join-code");
    // A join code (LAN host), or on a party server the room's code.
    codeLine.hidden = !code && !ROOM;
    codeLine.textContent = code ? `Code: ${code}` : ROOM ? `Room ${ROOM}` : "";
    // In the corner during a game the address goes without its scheme, to fit on one line.
    const link = roomLink();
    address(document.getElementById("join-url"), shown ? link.replace(/^https?:\/\//i, "").replace(/\/$/, "") : link);
    // On a party server the QR code is the room's, at the node in use (the page's own may be gone).
    const qr = document.querySelector("img.qr");
    const source = `${currentOrigin()}/${ROOM}/join.svg`;
    if (ROOM && qr && qr.src !== source) qr.src = source;
    body.classList.toggle("tv-playing", Boolean(shown));
    body.classList.toggle("tv-room", Boolean(room) && !shown);
    if (ending !== this.ending) {
      this.ending = ending;
      this.endedAt = Date.now();
      if (ending) this.draw(ending, room, context);
    }
    const over = Boolean(ending) && shown && !playing;
    const showAll = Boolean(ending) && shown;
    body.classList.toggle("tv-ending", showAll);
    const since = Date.now() - this.endedAt;
    body.classList.toggle("tv-scores", over && since >= WINNER_MS && (Boolean(room) || since < WINNER_MS + SCORES_MS));
    // (The room of the game just ended: the one before it still names the game before.)
    if (showAll && room?.last && room.state !== "playing") this.drawRoomPoints(room);
    this.crowd();
  }

  /** Marks a crowd on the body (`data-crowd`: many, or lots beyond ten) from the scoreboard and the
   *  players' lines (drawn just before), and caps those lists at MOST_LINES. */
  crowd() {
    const scoreboard = document.getElementById("scoreboard");
    const players = document.getElementById("players");
    const count = (list, selector) => list.querySelectorAll(`:scope > li${selector}`).length;
    const members = Math.max(count(scoreboard, ":not(.empty):not(.more)"), count(players, ":not(.more)"));
    const crowd = members > 10 ? "lots" : members > CROWD ? "many" : "";
    if ((document.body.dataset.crowd ?? "") !== crowd) {
      if (crowd) document.body.dataset.crowd = crowd;
      else delete document.body.dataset.crowd;
    }
    cap(scoreboard, ":not(.empty)");
    cap(players, ":not(.watchers)");
  }

  /** The winner's line and the game's points (seats' standings until the room's result arrives). */
  draw(ending, room, context) {
    const names = ending.winners.map((seat) => context.name(seat));
    const winner = document.getElementById("tv-winner");
    winner.textContent = names.length === 0 ? "A draw!"
      : names.length === 1 ? `${names[0]} wins!`
      : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]} win!`;
    document.getElementById("tv-final").hidden = false;
    document.getElementById("tv-final-title").textContent = "Places this game";
    fill(document.getElementById("tv-final-list"), (ending.standings ?? []).map((line) => el("li", {}, [
      el("span", { class: "place", text: `${line.place}.` }),
      el("span", { class: "name", text: context.name(line.seat) }),
      line.score !== undefined ? el("span", { class: "points", text: `${line.score}` }) : null,
    ])));
    this.roomDrawn = null;
  }

  /** In a party room: the points each member got for the game, and their total now. */
  drawRoomPoints(room) {
    if (this.roomDrawn === room.last) return;
    this.roomDrawn = room.last;
    const totals = new Map(room.scoreboard.map((line) => [line.member, line.points]));
    document.getElementById("tv-final-title").textContent = `Points for ${room.last.title}`;
    fill(document.getElementById("tv-final-list"), room.last.placements.map((p, index) => {
      const li = el("li", { class: "bump" }, [
        el("span", { class: "place", text: `${p.place}.` }),
        el("span", { class: "name", text: label(p) }),
        el("span", { class: "points", text: `+${p.points}` }),
        totals.has(p.member) ? el("span", { class: "detail", text: `${totals.get(p.member)} in all` }) : null,
      ]);
      // One line after the other, from the winner down.
      li.style.animationDelay = `${index * 150}ms`;
      return li;
    }));
  }
}

/** Shows the first MOST_LINES - 1 of a list's `selector` lines and "and N more" after them when
 *  there are more than MOST_LINES (again at every drawing: the lists are drawn anew). */
export function cap(list, selector) {
  if (!list) return;
  const lines = [...list.querySelectorAll(`:scope > li${selector}:not(.more)`)];
  const more = list.querySelector(":scope > li.more");
  if (lines.length <= MOST_LINES) {
    more?.remove();
    for (const line of lines) line.classList.remove("over");
    return;
  }
  const hidden = lines.slice(MOST_LINES - 1);
  lines.forEach((line, index) => line.classList.toggle("over", index >= MOST_LINES - 1));
  const text = `and ${hidden.length} more`;
  const line = more ?? el("li", { class: "more detail" });
  if (line.textContent !== text) line.textContent = text;
  // After the last one shown (before a "watching" line).
  if (line.previousElementSibling !== lines[MOST_LINES - 2]) lines[MOST_LINES - 2].after(line);
}
