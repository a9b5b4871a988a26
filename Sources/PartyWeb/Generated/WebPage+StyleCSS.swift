// Generated from Web/ and Games/*/Web/ by `new-game`; do not edit by hand. Change those files and
// regenerate with: swift package --allow-writing-to-package-directory new-game --sync (a test fails when this file is stale).

extension WebPage {
    /// `/style.css`.
    static let styleCSS = #"""
:root {
  --bg: #f6f4ef; --fg: #1d1d1f; --muted: #6b6b70; --card: #ffffff; --line: #deded8;
  --accent: #2a62c4; --accent-fg: #ffffff; --good: #1a7a44; --bad: #c0392b; --bad-fg: #ffffff; --warn: #8a5a12;
  --red: #e03131; --yellow: #f5c518; --board: #1f4fb5;
  color-scheme: light dark;
}
@media (prefers-color-scheme: dark) {
  :root { --bg: #15161a; --fg: #ececf0; --muted: #a0a0a8; --card: #22242a; --line: #3a3c44;
          --accent: #6d9cf2; --accent-fg: #10131a; --good: #45c27a; --bad: #ff7a6e; --bad-fg: #10131a;
          --warn: #e8a84a; --board: #1b3f8f; }
}
* { box-sizing: border-box; }
[hidden] { display: none !important; }
html, body { margin: 0; background: var(--bg); color: var(--fg);
  font: 16px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
body { min-height: 100vh; display: flex; flex-direction: column; }
#bar { display: flex; justify-content: space-between; align-items: center; gap: 0.5rem;
  padding: 0.5rem 0.75rem; background: var(--card); border-bottom: 1px solid var(--line); }
#session-name { font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
#link-state { font-size: 0.9rem; color: var(--muted); white-space: nowrap; }
#link-state.reconnecting, #link-state.restarting { color: var(--warn); font-weight: 600; }
main { flex: 1; width: 100%; max-width: 60rem; margin: 0 auto; padding: 0.75rem; display: grid; gap: 0.75rem;
  align-content: start; }
@media (min-width: 900px) { body:not(.tv) main:has(#game:not([hidden])) { grid-template-columns: 16rem 1fr; }
  body:not(.tv) main:has(#room:not([hidden])) { grid-template-columns: 16rem 1fr; } }
/* On a phone the game comes first; the table follows below it. */
@media (max-width: 899px) { #game, #room { order: -1; } }
.news:empty { display: none; }
section { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 0.75rem 1rem; min-width: 0; }
h1 { font-size: 1.5rem; margin: 0.25rem 0 0.75rem; }
h2 { font-size: 1.2rem; margin: 0 0 0.5rem; }
h3 { font-size: 1rem; margin: 0.75rem 0 0.25rem; color: var(--muted); }
label { display: block; margin: 0.5rem 0 0.25rem; color: var(--muted); }
input { font: inherit; width: 100%; padding: 0.6rem 0.7rem; border-radius: 8px; border: 1px solid var(--line);
  background: var(--bg); color: var(--fg); }
button { font: inherit; padding: 0.6rem 1rem; min-height: 44px; border-radius: 8px; border: 1px solid var(--line);
  background: var(--bg); color: var(--fg); cursor: pointer; touch-action: manipulation; }
button.primary { background: var(--accent); color: var(--accent-fg); border-color: var(--accent); font-weight: 600; }
button:disabled { opacity: 0.45; cursor: default; }
#code-form button { margin-top: 0.75rem; }
.row { display: flex; flex-wrap: wrap; gap: 0.5rem; margin-top: 0.75rem; }
.hint, .detail { color: var(--muted); font-size: 0.9rem; }
code { background: var(--bg); padding: 0 0.25em; border-radius: 4px; }
.news { margin: 0 0 0.5rem; font-weight: 500; }
.countdown { font-variant-numeric: tabular-nums; color: var(--warn); font-weight: 600; }
.note:empty { display: none; }
body.offline main section:not(#join):not(#code):not(#done):not(#tv-join) { opacity: 0.5; pointer-events: none; }
.note { min-height: 1.4em; margin: 0.25rem 0; color: var(--muted); }
.note.error { color: var(--bad); }
.players, .menu, .scoreboard, .scores, .results { list-style: none; margin: 0; padding: 0; }
.players li, .scoreboard li, .scores li, .results li { display: flex; flex-wrap: wrap; align-items: center; gap: 0.4rem;
  padding: 0.35rem 0; border-bottom: 1px solid var(--line); }
.players li:last-child, .scoreboard li:last-child { border-bottom: none; }
.players li.me .name { font-weight: 700; }
.name { overflow-wrap: anywhere; flex: 1 1 6rem; min-width: 0; }
.badge { font-size: 0.75rem; padding: 0.1rem 0.45rem; border-radius: 999px; background: var(--bg); border: 1px solid var(--line); }
.badge.ready { color: var(--good); border-color: var(--good); }
.badge.away { color: var(--warn); border-color: var(--warn); }
.badge.you { color: var(--accent); border-color: var(--accent); }
.badge.vip { color: var(--accent); border-color: var(--accent); font-weight: 600; }
button.remove { margin-left: auto; font-size: 0.75rem; padding: 0.1rem 0.6rem; }
.watchers { color: var(--muted); font-size: 0.9rem; }
/* A held seat's countdown ("Cy is reconnecting… 19 s") over the room and every game. */
.away-line, .detail.away { color: var(--warn); font-weight: 600; }
.away-line:empty { display: none; }
.game-end { margin-top: 0.5rem; }
/* The result once: the ending's line says it, the board's own status line gives way. */
#game:has(#game-end:not([hidden])) #game-root .status { display: none; }
/* The ending (result, rematch, back to the room) stays in reach at the bottom of a small screen. */
body:not(.tv) .game-end { position: sticky; bottom: 0; z-index: 2; background: var(--card); padding: 0.4rem 0;
  border-top: 1px solid var(--line); }
.game-end .row { margin-top: 0.25rem; }
.end-actions:empty { display: none; }
.watching-line { margin: 0 0 0.25rem; font-weight: 600; color: var(--accent); }
.game-end .detail:empty { display: none; }
.place { width: 1.8rem; color: var(--muted); }
.points { font-variant-numeric: tabular-nums; font-weight: 600; }
.absent { opacity: 0.6; }
.menu { display: grid; gap: 0.5rem; grid-template-columns: repeat(auto-fill, minmax(13rem, 1fr)); }
.menu .entry { border: 1px solid var(--line); border-radius: 10px; padding: 0.5rem 0.75rem; display: grid; gap: 0.25rem; }
.menu .entry.chosen { border-color: var(--accent); box-shadow: 0 0 0 2px var(--accent) inset; }
.menu .entry.unplayable { opacity: 0.6; }
.entry-head { display: flex; gap: 0.4rem; align-items: baseline; }
.entry-head .title { font-weight: 600; flex: 1; }
.mark { font-weight: 700; }
.playable .mark { color: var(--good); }
.unplayable .mark { color: var(--bad); }
.votes { color: var(--accent); font-size: 0.9rem; font-variant-numeric: tabular-nums; white-space: nowrap; }
/* A menu entry's votes: a bar (its share of everyone who votes) and the count beside it. */
.vote-line { display: flex; align-items: center; gap: 0.5rem; }
.vote-bar { flex: 1; height: 0.5rem; border-radius: 999px; background: var(--bg); border: 1px solid var(--line); overflow: hidden; }
.vote-fill { display: block; height: 100%; background: var(--accent); transition: width 0.4s ease-out; }
@media (prefers-reduced-motion: reduce) { .vote-fill { transition: none; } }
.requirement, .voters { font-size: 0.85rem; color: var(--muted); overflow-wrap: anywhere; }
/* What just happened, first: the last game's result above the menu. */
.last-box { border: 1px solid var(--line); border-radius: 10px; padding: 0 0.75rem 0.25rem; margin-bottom: 0.5rem; }
.last-box h3 { color: var(--fg); }
.columns { display: grid; gap: 0 1rem; grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr)); }
.game-head { display: flex; justify-content: space-between; align-items: baseline; gap: 0.5rem; }
.status { font-weight: 600; margin: 0.25rem 0 0.5rem; overflow-wrap: anywhere; }
/* Generic view */
.plain-text { white-space: pre-wrap; overflow-x: auto; font: 0.85rem/1.3 ui-monospace, "DejaVu Sans Mono", monospace;
  background: var(--bg); padding: 0.5rem; border-radius: 8px; margin: 0 0 0.5rem; }
.choices { display: grid; gap: 0.4rem; grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr)); }
form.typed { display: flex; gap: 0.5rem; margin-top: 0.5rem; }
/* Four in a Row */
.c4-grid { display: grid; grid-template-columns: repeat(7, 1fr); gap: 5px; background: var(--board); padding: 6px;
  border-radius: 12px; width: min(100%, 30rem, 62vh); margin: 0 auto; align-items: start; }
.c4-grid .column { display: flex; flex-direction: column; gap: 5px; padding: 0; min-height: 0; border: none;
  background: transparent; border-radius: 999px; }
.c4-grid .column:not(:disabled):hover, .c4-grid .column:not(:disabled):focus-visible { background: rgba(255, 255, 255, 0.18); }
.c4-grid .column:disabled { opacity: 1; }
.cell { width: 100%; aspect-ratio: 1; border-radius: 50%; background: var(--bg); }
.cell.red, .disc.red { background: var(--red); }
.cell.yellow, .disc.yellow { background: var(--yellow); }
.cell.winning { box-shadow: 0 0 0 3px #fff inset, 0 0 0 3px var(--good); }
.cell.last { outline: 2px dashed rgba(255, 255, 255, 0.8); outline-offset: -5px; }
.legend { display: flex; justify-content: center; gap: 1rem; margin-top: 0.5rem; flex-wrap: wrap; }
.who { display: flex; align-items: center; gap: 0.3rem; }
.disc { display: inline-block; width: 1rem; height: 1rem; border-radius: 50%; }
/* TwentyFour */
.game-line { display: flex; justify-content: space-between; gap: 0.5rem; font-weight: 600; }
.numbers { display: grid; grid-template-columns: repeat(4, 1fr); gap: 0.5rem; margin: 0.5rem 0; }
.numbers .number { font-size: 2rem; font-weight: 700; min-height: 4rem; }
.entry input.expression { font-size: 1.3rem; text-align: center; }
.operators { display: grid; grid-template-columns: repeat(6, 1fr); gap: 0.4rem; margin-top: 0.5rem; }
.operators .operator { font-size: 1.3rem; padding: 0.4rem 0; }
.entry .row button { flex: 1 1 4rem; }
.reply { font-weight: 600; min-height: 1.2em; margin: 0.5rem 0 0; }
.solution { color: var(--muted); margin: 0.25rem 0; }
.expression { font-family: ui-monospace, monospace; font-size: 0.85rem; }
/* Snap */
.piles { display: grid; grid-template-columns: repeat(auto-fit, minmax(7rem, 1fr)); gap: 0.5rem; }
.pile { border: 2px solid var(--line); border-radius: 10px; padding: 0.4rem; text-align: center; display: grid; justify-items: center; gap: 0.25rem; }
.pile.active { border-color: var(--accent); }
.pile.out { opacity: 0.5; }
.pile-name { font-weight: 600; overflow-wrap: anywhere; }
.pile-count { font-size: 0.8rem; color: var(--muted); }
.card { width: 4.2rem; height: 6rem; border-radius: 8px; background: #fff; color: #111; border: 1px solid #999;
  display: grid; place-content: center; font-weight: 700; font-size: 1.5rem; line-height: 1.1; text-align: center; }
.card.red { color: #c62828; }
.card.none { background: transparent; color: var(--muted); border-style: dashed; }
.card .suit { font-size: 1.7rem; }
.event { font-weight: 600; text-align: center; }
.snap-actions { display: grid; gap: 0.5rem; margin-top: 0.5rem; }
.snap-actions .snap { font-size: 2.2rem; font-weight: 800; min-height: 5.5rem; background: var(--bad); color: var(--bad-fg); border-color: var(--bad); }
.snap-actions .turn { font-size: 1.2rem; min-height: 3.2rem; }
.big { font-size: 1.3rem; min-height: 3.5rem; }
/* Rock Paper Scissors */
/* Three equal columns that never outgrow a 360 px phone; the word in the middle of its button. */
.shapes { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 0.5rem; }
.shape { display: grid; place-content: center; min-height: 5.5rem; min-width: 0; padding: 0.6rem 0.2rem;
  font-size: 1.1rem; font-weight: 600; }
.reveal ul { margin: 0; padding-left: 1.2rem; }
/* SunTouch */
.field { width: min(100%, 70vh); aspect-ratio: 1; display: block; margin: 0 auto; border-radius: 10px; touch-action: none; }
label.size { display: flex; align-items: center; gap: 0.75rem; }
label.size input { flex: 1; }
.dot { width: 0.9rem; height: 0.9rem; border-radius: 50%; display: inline-block; }
footer { padding: 0.5rem 0.75rem 1rem; text-align: center; }
/* TV: tv.css */
.qr { width: 100%; max-width: 22rem; image-rendering: pixelated; background: #fff; border-radius: 8px; }
.join-url { font-weight: 700; overflow-wrap: anywhere; }
.tv-note { color: var(--muted); }
/* How to play (howto.js): a card above the board on the phone, over the room on /tv while a game starts. */
.how-to { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 0.75rem 1rem; margin: 0.5rem 0; }
.how-to h3 { margin: 0 0 0.35rem; font-size: 1.1em; color: var(--fg); }
.how-to-rules { margin: 0 0 0.5rem; padding-left: 1.25rem; }
.how-to-rules li { margin: 0.15rem 0; }
.how-to-button { min-width: 44px; padding: 0.3rem 0.7rem; font-weight: 700; }
body.tv .how-to { position: fixed; left: 50%; bottom: 2rem; transform: translateX(-50%); width: min(92vw, 64rem);
  z-index: 10; font-size: 1.75rem; box-shadow: 0 0.5rem 2rem rgb(0 0 0 / 0.35); }
/* The sound toggle (sound.js), at the right of the bar. */
.mute-button { min-height: 36px; min-width: 44px; padding: 0.15rem 0.5rem; line-height: 1; }
/* Accessibility: read aloud, not shown (announce.js); discs and marks told apart without colour. */
.visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.cell.red::after, .disc.red::after { content: "✕"; }
.cell.yellow::after, .disc.yellow::after { content: "○"; }
.cell.red, .cell.yellow { display: grid; place-items: center; color: #1d1d1f; font-weight: 800; line-height: 1;
  font-size: clamp(0.75rem, 5vw, 1.6rem); }
.disc.red, .disc.yellow { display: inline-grid; place-items: center; color: #1d1d1f; font-weight: 800; line-height: 1;
  font-size: 0.7rem; vertical-align: middle; }
.cell.red, .disc.red { color: #ffffff; }
.dot { display: inline-grid; place-items: center; color: #000000; font-size: 0.65rem; font-weight: 800; line-height: 1; }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
/* A phone on its side (844x390) or a small one: everything a player taps stays on the screen. */
@media (orientation: landscape) and (max-height: 500px) {
  body:not(.tv) #bar { padding: 0.2rem 0.75rem; }
  body:not(.tv) main { padding: 0.4rem; gap: 0.4rem; }
  body:not(.tv) section { padding: 0.4rem 0.75rem; }
  body:not(.tv) .status { margin: 0 0 0.25rem; }
  .board-snap, .board-suntouch { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 0 0.75rem; align-items: start; }
  .board-snap > .status, .board-suntouch > .status { grid-column: 1 / -1; }
  .board-snap .card { width: 3.2rem; height: 4.6rem; font-size: 1.2rem; }
  .board-snap .snap-actions { grid-column: 2; grid-row: 2 / span 3; margin-top: 0; }
  .board-suntouch .field { grid-column: 1; grid-row: 1 / span 5; width: min(100%, calc(100vh - 9.5rem)); }
  .board-suntouch > :not(.field) { grid-column: 2; }
  .board-suntouch > .status { grid-column: 2; }
  .c4-grid { width: min(100%, 30rem, calc(100vh - 9rem) * 7 / 6); }
  /* A team's proposals and the prediction split take lines above the board: it is that much smaller. */
  body:not(.tv) #game-predict.predict-quiet .predict-split, body:not(.tv) #game-predict.predict-quiet .predict-board,
  body:not(.tv) #game-predict.predict-quiet .predict-mine, body:not(.tv) #game-predict.predict-quiet .predict-closes,
  body:not(.tv) #game-predict.predict-quiet .predict-detail { display: none; }
  body:not(.tv) #game-predict { margin: 0 0 0.25rem; padding: 0.2rem 0.6rem; }
  body:not(.tv) #game-predict .predict-title { margin: 0; }
  body:not(.tv):has(#game-predict:not([hidden])) .c4-grid,
  body:not(.tv):has(#game-team:not(:empty)) .c4-grid { width: min(100%, 30rem, calc(100vh - 12.5rem) * 7 / 6); }
  body:not(.tv) .how-to { position: fixed; left: 0.5rem; right: 0.5rem; bottom: 0.5rem; z-index: 20; max-height: 70vh;
    overflow: auto; margin: 0; box-shadow: 0 0.25rem 1.5rem rgb(0 0 0 / 0.35); }
}
/* Said under the name field: its limit, or why it cannot be used. */
.hint.error { color: var(--bad); }
/* A party room's end: the final standings, best first. */
.final-standings { margin: 0.6rem 0 1rem; }
.final-standings li.me { font-weight: 700; }
/* At a game's end on a short phone the board gives way, so that who played which colour stays in
   sight above the ending's panel (which keeps its place at the bottom, in reach). */
@media (orientation: portrait) and (max-height: 700px) {
  body:not(.tv):has(#game-end:not([hidden])) .c4-grid { width: min(100%, 30rem, max(9rem, (100vh - 26rem) * 7 / 6)); }
}

/* A party server's room page: "Invite" in the bar. */
#invite { font-size: 0.85rem; padding: 0.2rem 0.6rem; }

"""#
}
