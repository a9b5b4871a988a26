// Generated from Web/ and Games/*/Web/ by `new-game`; do not edit by hand. Change those files and
// regenerate with: swift package --allow-writing-to-package-directory new-game --sync (a test fails when this file is stale).

extension WebPage {
    /// `/tv.css`.
    static let tvCSS = #"""
/* The big screen (/tv), read from the sofa: every size follows the screen (--u is 1 % of a 16:9
   screen's width, so 1280x720, 1920x1080 and 3840x2160 look the same), nothing scrolls, and no text
   is under 1.7u (32 px at 1920x1080); titles are 3.4u (64 px) and more. tv.js sets the body's classes:
   tv-room (the party room), tv-playing (a game on screen), tv-ending and tv-scores (its ending). */
html.tv { --u: min(1vw, 1.7778vh); font-size: calc(2 * var(--u)); overflow: hidden; }
html.tv body { font-size: 1rem; height: 100vh; min-height: 0; overflow: hidden; }
.tv #bar { padding: 0.2rem 0.8rem; font-size: 0.9rem; }
.tv #link-state, .tv .mute-button { font-size: 0.85rem; }
.tv .mute-button { min-height: 0; padding: 0.1rem 0.5rem; }
.tv main { flex: 1; min-height: 0; max-width: none; padding: 0.4rem; gap: 0.4rem; overflow: hidden;
  grid-template-columns: minmax(0, 32fr) minmax(0, 68fr); grid-template-rows: auto minmax(0, 1fr); align-content: stretch; }
.tv section { padding: 0.3rem 0.7rem; border-radius: 0.5rem; overflow: hidden; min-height: 0; }
.tv h1 { font-size: 1.8rem; }
.tv h2 { font-size: 1.8rem; line-height: 1.1; margin: 0 0 0.2rem; }
.tv h3 { font-size: 0.9rem; margin: 0.3rem 0 0.15rem; }
/* Nothing smaller than 0.85rem (32 px at 1920x1080). */
.tv .badge, .tv .detail, .tv .hint, .tv .watchers, .tv .requirement, .tv .voters, .tv .votes, .tv .tv-note,
.tv .pile-count, .tv .expression, .tv code, .tv .plain-text, .tv .join-url, .tv label { font-size: 0.85rem; }
.tv .badge { padding: 0 0.35rem; }
.tv button { min-height: 0; padding: 0.2rem 0.6rem; }
.tv .players li, .tv .scoreboard li, .tv .scores li, .tv .results li { padding: 0.1rem 0; gap: 0.3rem; }
.tv .place { width: 1.6em; }

/* Where each panel goes: the join panel and the players at the left, the room at the right. */
.tv #tv-join { grid-column: 1; grid-row: 1; text-align: center; }
.tv #table { grid-column: 1; grid-row: 2; }
.tv #room, .tv #game { grid-column: 2; grid-row: 1 / span 2; }
/* The panels that span both rows take the height they are given and never size the rows. */
.tv #room, .tv #game, .tv #table { contain: size; }
/* A one-game host's lobby (no room): the join panel at the left, the players at the right. */
body.tv:not(.tv-room):not(.tv-playing) #tv-join { grid-row: 1 / span 2; }
body.tv:not(.tv-room):not(.tv-playing) #table { grid-column: 2; grid-row: 1 / span 2; font-size: 1.2rem; }
.tv #join, .tv #code, .tv #done { grid-column: 1 / -1; grid-row: 1 / span 2; }
.tv .tv-label { font-size: 1rem; color: var(--muted); margin: 0; }
.tv #tv-join h2 { font-size: 1.2rem; margin: 0.1rem 0; }
.tv .qr { width: min(100%, 38vh); max-width: none; display: block; margin: 0.2rem auto; }
.tv .join-url { font-size: 1rem; margin: 0.2rem 0; }
.tv .join-code { font-size: 1.4rem; font-weight: 800; margin: 0.1rem 0; letter-spacing: 0.05em; }
.tv .tv-note { margin: 0.2rem 0; }
/* Players appear as they join. */
.tv-room #players { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 0 1rem; }
/* A room's join panel leaves the players room for five one-line names under it (a party server's
   panel also shows the room's code under a longer address): a smaller QR code, the heading and the
   address on a line each, and no bot level in the list (the scoreboard shows it). */
.tv-room .qr { width: min(100%, 30vh); }
.tv-room #tv-join h2 { font-size: 1rem; }
.tv-room .join-url { font-size: 0.85rem; }
.tv-room #players .level { display: none; }
.tv-room #players .name { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; min-width: 0; }
.tv .players li.new { animation: tv-pop 0.6s ease-out; }

/* The party room. */
.tv #room { display: flex; flex-direction: column; }
.tv .room-head { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: baseline; gap: 0 1rem; }
.tv .countdown { font-size: 1.8rem; }
.tv #room-countdown { font-size: 2rem; color: var(--warn); margin: 0; line-height: 1.1; }
.tv #room-message, .tv #room-away { margin: 0 0 0.2rem; }
.tv #room-countdown:empty { display: none; }
.tv #room-message { font-size: 1rem; }
.tv .room-body { flex: 1; min-height: 0; display: grid; grid-template-columns: 5fr 3fr; gap: 0.8rem; }
.tv .room-menu, .tv .room-scores { min-height: 0; overflow: hidden; }
.tv .menu { grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 0.35rem; }
.tv .menu .entry { padding: 0.15rem 0.5rem; gap: 0.05rem; border-radius: 0.4rem; line-height: 1.15; }
.tv .entry-head .title { font-size: 1rem; }
.tv .vote-bar { height: 0.6rem; }
.tv .scoreboard .points { font-size: 1rem; }
.tv .scoreboard li.bump { animation: tv-bump 1.2s ease-out 2; transform-origin: left center; }
.tv #room-actions:empty { display: none; }

/* A game on: it takes the screen; the players and a small join panel in the right corner. */
.tv-playing main { grid-template-columns: minmax(0, 1fr) minmax(0, 20vw); grid-template-rows: auto minmax(0, 1fr) auto; }
.tv-playing #game { grid-column: 1; grid-row: 1 / span 3; }
.tv-playing #table { grid-column: 2; grid-row: 2; }
/* The game names the players (or teams) large; the column only lists them, smaller, with who is away. */
.tv-playing #table .tv-label { display: none; }
.tv-playing #players li { font-size: 0.85rem; line-height: 1.2; padding: 0.05rem 0; }
.tv-playing #tv-join { grid-column: 2; grid-row: 3; align-self: end; padding: 0.2rem; }
/* The audience's split (predict.js) heads the right-hand column while a game is on: it never takes
   the game's height. Between games the room has the screen. */
.tv #game-predict { display: none; }
.tv-playing #game-predict:not([hidden]) { display: block; grid-column: 2; grid-row: 1; margin: 0; padding: 0.3rem 0.6rem;
  font-size: 0.85rem; border-radius: 0.5rem; background: var(--card); border: 1px solid var(--line); min-height: 0; overflow: hidden; }
.tv .predict-title { font-size: 0.9rem; line-height: 1.15; margin: 0 0 0.2rem; }
.tv .predict-split { gap: 0.15rem; }
.tv .predict-row { grid-template-columns: minmax(0, 1fr) auto; gap: 0 0.4rem; }
.tv .predict-row .predict-bar { grid-column: 1 / -1; grid-row: 2; height: 0.5rem; border-radius: 0.25rem; }
.tv .predict-percent { grid-column: 2; grid-row: 1; }
.tv .predict-closes, .tv .predict-detail, .tv .predict-board { font-size: 0.85rem; }
.tv-playing #tv-join h2, .tv-playing #tv-join .tv-note { display: none; }
.tv-playing .qr { width: min(100%, 16vh); }
.tv-playing .join-url { font-size: 0.85rem; }
.tv-playing .join-code { font-size: 1rem; }
.tv-playing #room, .tv-playing #lobby-message { display: none; }
.tv #game { display: flex; flex-direction: column; position: relative; }
.tv .game-head { align-items: center; }
.tv #game-title { font-size: 1.8rem; margin: 0; }
.tv #game-clock { font-size: 1.8rem; }
.tv #game-watching { display: none; }
.tv #game-note, .tv #game-away, .tv #game-team { font-size: 0.9rem; margin: 0; }
.tv #game-root { flex: 1; min-height: 0; display: flex; flex-direction: column; }
.tv .tv-board { flex: 1; min-height: 0; display: flex; flex-direction: column; gap: 0.3rem; }
.tv .tv-status { font-size: 1.2rem; font-weight: 700; text-align: center; margin: 0; }
.tv .tv-split { flex: 1; min-height: 0; display: flex; align-items: center; justify-content: center; gap: 1.2rem; }
.tv .tv-side { display: grid; gap: 0.4rem; align-content: center; min-width: 0; font-size: 1.1rem; }
.tv .tv-who { display: flex; align-items: center; gap: 0.5rem; padding: 0.2rem 0.6rem; border-radius: 0.5rem;
  border: 0.12rem solid transparent; }
.tv .tv-who.on { border-color: var(--accent); background: var(--bg); }
.tv .tv-who .disc, .tv .tv-who .dot { width: 1.3em; height: 1.3em; font-size: 0.85rem; flex: none; }
.tv .tv-score { font-size: 1.6rem; font-weight: 800; font-variant-numeric: tabular-nums; margin-left: auto; }
.tv .tv-small { font-size: 0.85rem; color: var(--muted); text-align: center; margin: 0; }
/* A game's one big figure (the scaffold's running total): as large as the space it is given. */
.tv .tv-big { flex: 1; min-height: 0; display: flex; align-items: center; justify-content: center; font-size: 8rem;
  font-weight: 900; line-height: 1; font-variant-numeric: tabular-nums; }

/* The ending: the winner's name large over the final board, then the points. */
.tv .game-end { display: none; }
/* First the winner above the final board (the title gives way), ... */
.tv-ending .game-head, .tv-ending #game-root .tv-status { display: none; }
.tv-ending .game-end { display: grid; order: -1; margin: 0; justify-items: center; gap: 0.1rem; padding: 0.2rem 1rem;
  animation: tv-rise 0.5s ease-out; }
.tv .tv-winner { font-size: 2.6rem; font-weight: 900; line-height: 1.1; margin: 0; text-align: center; overflow-wrap: anywhere;
  color: var(--accent); }
.tv #game-over { font-size: 1rem; margin: 0; text-align: center; }
.tv .tv-final { display: none; }
/* ... then the points of the game over the whole panel. */
.tv-scores .game-end { position: absolute; inset: 0; z-index: 5; align-content: center; background: var(--card);
  animation: tv-rise 0.4s ease-out; }
.tv-scores .tv-winner { font-size: 2.4rem; }
.tv-scores .tv-final:not([hidden]) { display: block; width: min(100%, 34em); font-size: 1.2rem; }
.tv-scores .tv-final h3 { font-size: 1rem; text-align: center; }
.tv .tv-final li { animation: tv-pop 0.5s ease-out backwards; }
.tv .tv-final .points { font-size: 1.2rem; }
.tv #back-countdown, .tv .end-actions, .tv #back-button { display: none; }

/* How to play over the room while a game starts. */
html.tv .how-to { font-size: 1rem; bottom: 0.6rem; width: min(94vw, 60rem); padding: 0.4rem 1rem; }
html.tv .how-to h3 { font-size: 1.2rem; }

@keyframes tv-pop { from { opacity: 0; transform: translateY(0.6rem) scale(0.96); } }
@keyframes tv-rise { from { opacity: 0; transform: scale(0.9); } }
@keyframes tv-bump { 40% { background: color-mix(in srgb, var(--accent) 30%, transparent); transform: scale(1.02); } }
@keyframes tv-flash { 50% { box-shadow: 0 0 0 0.4rem var(--yellow), 0 0 2rem var(--yellow); transform: scale(1.05); } }
@media (prefers-reduced-motion: reduce) {
  .tv *, .tv *::before, .tv *::after { animation: none !important; transition: none !important; }
}

/* Four in a Row: the board about 72 % of the screen's height. */
.tv .tv-c4 { position: relative; width: auto; height: min(70vh, 100%); aspect-ratio: 7 / 6; margin: 0; gap: 0.35rem;
  padding: 0.35rem; border-radius: 0.6rem; grid-template-rows: 100%; flex: none; }
.tv .tv-col { display: grid; grid-template-rows: repeat(6, 1fr); gap: 0.35rem; min-height: 0; }
.tv .tv-c4 .cell { width: auto; height: 100%; font-size: 2rem; }
.tv .tv-c4 .cell.last { outline: 0.3rem solid #fff; outline-offset: -0.5rem; }
.tv .tv-c4 .cell.winning { box-shadow: 0 0 0 0.3rem #fff inset; animation: tv-flash 1s ease-in-out 3; }
.tv .win-line { position: absolute; inset: 0.35rem; width: calc(100% - 0.7rem); height: calc(100% - 0.7rem); pointer-events: none; }
.tv .win-line line { stroke: #fff; stroke-width: 0.14; stroke-linecap: round; opacity: 0.9; }
.tv .tv-who .disc.red::after, .tv .tv-who .disc.yellow::after { font-size: 0.85rem; }

/* Snap!: each pile's top card about a third of the screen's height. */
.tv .tv-piles { flex: 1; min-height: 0; display: flex; justify-content: center; align-items: center; gap: 1rem; }
.tv .tv-piles .pile { padding: 0.4rem 0.8rem; border-width: 0.15rem; border-radius: 0.6rem; gap: 0.3rem; position: relative; }
.tv .tv-piles .pile.active { border-color: var(--accent); box-shadow: 0 0 0 0.15rem var(--accent); }
.tv .pile-name { font-size: 1.1rem; }
/* A long name (a team, or 24 characters without a space) takes at most two lines: the pile stays in its box. */
.tv .tv-piles .pile-name { display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; line-clamp: 2; overflow: hidden; }
.tv .card { width: calc(34vh * 0.7); height: 34vh; font-size: 3rem; border-radius: 0.6rem; }
.tv .card .suit { font-size: 3.6rem; }
.tv .card.flash { animation: tv-flash 0.6s ease-in-out 4; }
.tv .pile.called { border-color: var(--good); }
.tv .pile.called.wrongSnap, .tv .pile.called.tooLate { border-color: var(--bad); }
.tv .called-by { position: absolute; top: 40%; left: 50%; transform: translate(-50%, -50%) rotate(-8deg); font-size: 2rem;
  font-weight: 900; color: var(--bad-fg); background: var(--bad); padding: 0 0.5rem; border-radius: 0.4rem; animation: tv-rise 0.3s ease-out; }
.tv .tv-event { display: flex; align-items: center; justify-content: center; gap: 0.6rem; min-height: 1.6rem; }
.tv .tv-event .event { font-size: 1.1rem; margin: 0; }
.tv .tv-match { display: flex; gap: 0.3rem; }
.tv .tv-match .card { width: calc(10vh * 0.7); height: 10vh; font-size: 1.2rem; }
.tv .tv-match .card .suit { font-size: 1.4rem; }

/* SunTouch: the field about 78 % of the screen's height. */
.tv .tv-field { width: auto; height: min(76vh, 100%); aspect-ratio: 1; margin: 0; border-radius: 0.6rem; flex: none; }
.tv .tv-players { display: grid; gap: 0.4rem; }
.tv .tv-found, .tv .tv-left { font-size: 1.2rem; font-weight: 700; margin: 0; }
.tv .dot { font-size: 0.85rem; }

/* Rock Paper Scissors: a card per player; their shapes at the reveal. */
.tv .tv-hands { flex: 1; min-height: 0; display: grid; gap: 0.6rem; align-content: center;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 9em), 1fr)); }
.tv .tv-hand { display: grid; justify-items: center; gap: 0.1rem; padding: 0.5rem; border-radius: 0.6rem;
  border: 0.15rem solid var(--line); background: var(--bg); text-align: center; }
.tv .tv-hand .name { font-size: 1.2rem; font-weight: 700; flex: none; }
.tv .tv-hand.chosen:not(.shown) { border-color: var(--good); }
.tv .tv-hand.shown { animation: tv-rise 0.4s ease-out; }
.tv .tv-shape { font-size: 4rem; line-height: 1; }
.tv .tv-hand.rock .tv-shape { color: #8d6e63; }
.tv .tv-hand.paper .tv-shape { color: var(--accent); }
.tv .tv-hand.scissors .tv-shape { color: var(--bad); }
.tv .tv-pick { font-size: 1.3rem; font-weight: 700; }

/* TwentyFour: four large cards and a round clock; who solved it in how long. */
.tv .tv-numbers { display: grid; grid-template-columns: repeat(4, 1fr); gap: 0.8rem; }
.tv .tv-number { display: grid; place-items: center; width: 11vw; height: 30vh; font-size: 5rem; font-weight: 800;
  background: #fff; color: #111; border: 0.1rem solid #999; border-radius: 0.7rem; }
.tv .tv-clock { position: relative; width: 24vh; height: 24vh; display: grid; place-items: center; flex: none; }
.tv .tv-clock svg { position: absolute; inset: 0; transform: rotate(-90deg); }
.tv .tv-clock circle { fill: none; stroke-width: 9; }
.tv .tv-clock .track { stroke: var(--line); }
.tv .tv-clock .left { stroke: var(--accent); stroke-dasharray: 100; transition: stroke-dashoffset 0.25s linear; }
.tv .tv-clock.pause .left { stroke: var(--muted); }
.tv .tv-clock-text { font-size: 2.4rem; font-weight: 800; font-variant-numeric: tabular-nums; }
.tv .tv-results { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 0 1.5rem; font-size: 1.1rem; }
.tv .tv-results li { display: flex; gap: 0.5rem; align-items: baseline; border-bottom: 1px solid var(--line); }
.tv .tv-results li.solved { font-weight: 700; }
.tv .tv-results li.solved .detail { color: var(--good); font-size: 1.1rem; }
/* A party room's end: the final standings large, in two columns when they are many. */
.tv #done { text-align: center; }
.tv #done .final-standings { font-size: 1.4rem; display: grid; grid-template-columns: minmax(0, 1fr); grid-auto-flow: column;
  gap: 0 2rem; text-align: left; max-width: 90vw; margin: 0.5rem auto; }
/* More than 8: two columns, a step smaller (still over the 32 px floor at 1920x1080). */
.tv #done .final-standings.many { font-size: 1rem; grid-template-columns: repeat(2, minmax(0, 1fr)); }
.tv #done .final-standings.many .points { font-size: 1rem; }
.tv #done .final-standings.crowd { font-size: 0.85rem; grid-template-columns: repeat(3, minmax(0, 1fr)); }
.tv #done .final-standings .name { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; min-width: 0; flex: 1; }
.tv #done .final-standings .points { font-size: 1.4rem; }
.tv #done-title { font-size: 3.4rem; }
/* The TV cannot join again by itself: no button under the standings. */
.tv #again-button { display: none; }

/* A crowd (tv.js sets the body's data-crowd past five members: "many", past ten "lots"): everyone
   still shows, at the same floor (0.85rem). A list of more than 16 shows 15 and "and N more". */
.tv li.over { display: none !important; }
.tv li.more { font-size: 0.85rem; border-bottom: none; }
.tv[data-crowd] #players .level, .tv[data-crowd] #players .bot-mark, .tv[data-crowd] #scoreboard .level { display: none; }
.tv[data-crowd] .badge { white-space: nowrap; flex: none; }
/* The players, a flow of names (the scoreboard or the game names everyone, bots as such). */
.tv[data-crowd] #players { display: flex; flex-wrap: wrap; gap: 0 0.8rem; align-content: start; }
.tv[data-crowd] #players li { font-size: 0.85rem; line-height: 1.15; padding: 0; border: none; flex-wrap: nowrap;
  max-width: 100%; min-width: 0; }
.tv[data-crowd] #players li.team-line { flex: 1 1 100%; flex-wrap: wrap; }
.tv[data-crowd] #players .player-line .name { flex: 0 1 auto; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.tv[data-crowd] #players .watchers { flex: 1 1 100%; }
/* The room: a smaller QR code; the menu across the top, the scoreboard across the panel under it,
   a line per member in two columns (the last game's places: the TV showed them at its end). */
.tv-room[data-crowd] .qr { width: min(100%, 28vh); }
.tv-room[data-crowd] .room-body { grid-template-columns: minmax(0, 1fr); grid-template-rows: minmax(0, max-content) max-content; gap: 0.2rem; }
.tv-room[data-crowd] .menu { grid-template-columns: repeat(auto-fit, minmax(min(100%, 10em), 1fr)); }
.tv-room[data-crowd] .menu .voters { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.tv-room[data-crowd] #last-box { display: none; }
.tv-room[data-crowd] #scoreboard { columns: 2; column-gap: 1.2rem; }
.tv-room[data-crowd] #scoreboard li { flex-wrap: nowrap; break-inside: avoid; line-height: 1.2; padding: 0.05rem 0; gap: 0.25rem; }
.tv-room[data-crowd] #scoreboard .place { width: 1.2em; flex: none; }
.tv-room[data-crowd] #scoreboard .name { flex: 1 1 0; font-size: 0.9rem; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.tv-room[data-crowd] #scoreboard .points, .tv-room[data-crowd] #scoreboard .detail { flex: none; white-space: nowrap; }
.tv-room[data-crowd] #scoreboard .points { font-size: 0.85rem; }
/* A game on: a wider column; the players keep the height of their names and the split takes what is
   left (at most its own height), the QR code small beside the address. */
.tv-playing[data-crowd] main { grid-template-columns: minmax(0, 1fr) minmax(0, 30vw);
  grid-template-rows: minmax(0, max-content) minmax(max-content, 1fr) auto; }
.tv-playing[data-crowd] #table { contain: none; padding: 0.2rem 0.6rem; }
.tv-playing[data-crowd] #tv-join { display: grid; grid-template-columns: auto minmax(0, 1fr); align-items: center;
  column-gap: 0.5rem; text-align: left; }
.tv-playing[data-crowd] #tv-join .qr { grid-column: 1; grid-row: 1 / span 2; width: 8vh; margin: 0; }
.tv-playing[data-crowd] #tv-join { padding: 0.1rem 0.4rem; }
.tv-playing[data-crowd] #tv-join .join-url, .tv-playing[data-crowd] #tv-join .join-code { grid-column: 2; margin: 0; }
/* The split of many seats: two columns of one-line rows (name and share over a thin bar). */
.tv #game-predict[data-crowd] { padding: 0.2rem 0.6rem; }
.tv #game-predict[data-crowd] .predict-title { font-size: 0.85rem; margin: 0 0 0.1rem; }
.tv #game-predict[data-crowd] .predict-split { grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 0 0.8rem; }
.tv #game-predict[data-crowd] .predict-row { position: relative; line-height: 1.1; padding-bottom: 0.15rem; }
.tv #game-predict[data-crowd] .predict-row .predict-bar { position: absolute; left: 0; right: 0; bottom: 0.03rem; height: 0.14rem; }
.tv #game-predict[data-crowd] .predict-closes { margin: 0.05rem 0 0; line-height: 1.1; }
/* TwentyFour among many: smaller cards, and who solved it in one-line rows (the expressions left out). */
.tv-playing[data-crowd] .tv-number { height: 22vh; width: 9vw; font-size: 4rem; }
.tv-playing[data-crowd] .tv-clock { width: 20vh; height: 20vh; }
.tv-playing[data-crowd] .tv-results { gap: 0 1rem; font-size: 0.85rem; }
.tv-playing[data-crowd] .tv-results li { gap: 0.3rem; min-width: 0; }
.tv-playing[data-crowd] .tv-results li .name { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.tv-playing[data-crowd] .tv-results li .detail, .tv-playing[data-crowd] .tv-results li.solved .detail,
.tv-playing[data-crowd] .tv-results li .points { font-size: 0.85rem; white-space: nowrap; flex: none; }
.tv-playing[data-crowd] .tv-results li .expression { display: none; }

"""#
}
