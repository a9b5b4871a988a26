// The table (players, ready, start, rematch) and the party room (menu, votes, countdown, scoreboard).
import { el, fill, label, seconds } from "./dom.js";
import { ROOM } from "./room.js";

/** The names at each table panel when it was last drawn. */
const seenPlayers = new WeakMap();

/** Draws the players at the table and the buttons the lobby offers. */
export function renderTable(section, { lobby, room, welcome, send, inRoom, endActions = null }) {
  if (!lobby) return;
  const news = section.querySelector("#lobby-message");
  // In a party room the room's own line says the same; the table does not repeat it.
  news.textContent = inRoom && room ? "" : lobby.message;
  // Teammates share a seat: "you" is the one with your name.
  // (After a team game its members still share the seat until the next one: the name decides.)
  const mine = (p) => p.seat === lobby.you && (!welcome?.name || p.name === welcome.name);
  // A player who was not at the table when it was last drawn is new (the TV shows them arriving).
  const known = seenPlayers.get(section);
  seenPlayers.set(section, new Set(lobby.players.map((p) => p.name)));
  const watchers = lobby.spectators > 0 ? [el("li", { class: "watchers", text: `${lobby.spectators} watching` })] : [];
  // The TV's column is short: a team is one line (its name already names its members), with only
  // the members who are away said beside it; six players in two teams are two lines, not six. A
  // player is one line too, their name first and a bot's level after it (a crowded TV shows the
  // names alone, tv.css: the room's scoreboard and the game name everyone in full).
  if (document.documentElement.classList.contains("tv")) {
    const ready = !inRoom && lobby.state !== "playing" ? (p) => (lobby.state === "over" ? p.rematch : p.ready) : null;
    fill(section.querySelector("#players"), teamLines(lobby.players, known, ready, lobby.state === "over" ? "rematch" : "ready").concat(watchers));
    fill(section.querySelector("#lobby-actions"), []);
    return;
  }
  fill(section.querySelector("#players"), lobby.players.map((p) => {
    const badges = [];
    if (mine(p)) badges.push(el("span", { class: "badge you", text: "you" }));
    if (p.team) badges.push(el("span", { class: "badge", text: p.team }));
    if (p.host) badges.push(el("span", { class: "badge vip", text: inRoom || ROOM ? "VIP" : "host" }));
    if (p.bot && !label(p).endsWith("(bot)")) badges.push(el("span", { class: "badge", text: "bot" }));
    if (p.watching) badges.push(el("span", { class: "badge", text: "watching" }));
    if (!p.connected) {
      badges.push(el("span", { class: "badge away", text: p.graceMs !== undefined ? `reconnecting… ${seconds(p.graceMs)}` : "away" }));
    } else if (!inRoom && lobby.state !== "playing" && (lobby.state === "over" ? p.rematch : p.ready)) {
      badges.push(el("span", { class: "badge ready", text: lobby.state === "over" ? "rematch" : "ready" }));
    }
    // The VIP may remove anyone else present (the room's scoreboard gives their member id; names
    // at the table are unique).
    const line = inRoom && room?.rights?.includes("remove") && !mine(p)
      ? room.scoreboard.find((l) => l.present && l.name === p.name) : null;
    if (line) {
      badges.push(el("button", {
        class: "remove", text: "Remove", "aria-label": `Remove ${p.name}`,
        onclick: () => { if (window.confirm(`Remove ${p.name} from the party?`)) send("remove", { member: line.member }); },
      }));
    }
    return el("li", { class: [mine(p) ? "me" : "", known && !known.has(p.name) ? "new" : ""].join(" ") },
      [el("span", { class: "name", text: label(p) }), ...badges]);
  }).concat(watchers));

  const actions = [];
  const me = lobby.players.find(mine);
  if (me && !inRoom && lobby.state === "lobby") {
    actions.push(el("button", {
      class: me.ready ? "" : "primary", id: "ready-button", text: me.ready ? "Not ready" : "Ready",
      onclick: () => send("ready", { ready: !me.ready }),
    }));
  }
  const rematch = me && !inRoom && lobby.state === "over"
    ? el("button", { class: "primary", id: "rematch-button", text: "Rematch", disabled: me.rematch, onclick: () => send("rematch") }) : null;
  if (rematch && !endActions) actions.push(rematch);
  if (endActions) fill(endActions, [rematch]);
  const roomStart = inRoom && me?.host && room && (room.state === "starting" || (room.state === "choosing" && room.votes.length > 0));
  if (lobby.canStart || roomStart) {
    actions.push(el("button", { class: "primary", id: "start-button", text: room?.state === "choosing" ? "Pick now" : "Start", onclick: () => send("start") }));
  }
  if (inRoom && room?.rights?.includes("end")) {
    actions.push(el("button", {
      id: "end-party-button", text: "End the party",
      onclick: () => { if (window.confirm("End the party for everyone?")) send("endParty"); },
    }));
  }
  fill(section.querySelector("#lobby-actions"), actions);
  void welcome;
}

/** The TV's players by team: one line per team (or per player without one), in the lobby's order,
 *  its away members named with their time left; `ready(p)` says whether a player outside a team
 *  is ready (a one-game host's lobby), badged `readyText`. */
function teamLines(players, known, ready, readyText) {
  const groups = [];
  for (const p of players) {
    const key = p.team ? `team:${p.seat}` : `player:${p.name}`;
    const group = groups.find((g) => g.key === key);
    if (group) group.members.push(p);
    else groups.push({ key, title: p.team || p.name, members: [p] });
  }
  return groups.map(({ key, title, members }) => {
    const alone = key.startsWith("player:") ? members[0] : null;
    const badges = [];
    if (members.some((p) => p.host)) badges.push(el("span", { class: "badge vip", text: ROOM ? "VIP" : "host" }));
    if (alone?.watching) badges.push(el("span", { class: "badge", text: "watching" }));
    for (const p of members.filter((m) => !m.connected)) {
      const away = p.graceMs !== undefined ? `reconnecting… ${seconds(p.graceMs)}` : "away";
      badges.push(el("span", { class: "badge away", text: members.length > 1 ? `${label(p)} ${away}` : away }));
    }
    if (alone?.connected && ready?.(alone)) badges.push(el("span", { class: "badge ready", text: readyText }));
    const fresh = known && members.some((p) => !known.has(p.name));
    return el("li", { class: [alone ? "player-line" : "team-line", alone?.bot ? "bot" : "", fresh ? "new" : ""].join(" ") }, [
      el("span", { class: "name" }, alone ? nameParts(alone) : [title]), ...badges]);
  });
}

/** `label(p)` in parts: the name, then a bot's level (" · normal") and " (bot)" in spans of their own,
 *  so that a crowded TV can leave the level out (tv.css); the same text everywhere else. */
function nameParts(p) {
  const rest = label(p).slice(p.name.length);
  if (!rest) return [p.name];
  const bot = rest.endsWith(" (bot)") ? " (bot)" : "";
  const level = rest.slice(0, rest.length - bot.length);
  return [p.name, level ? el("span", { class: "level", text: level }) : null, bot ? el("span", { class: "bot-mark", text: bot }) : null];
}

/** The points of each scoreboard line last drawn (per room panel), to mark the lines that changed. */
const pointsSeen = new WeakMap();

/** A vote bar's filling, `share` of its width (0…1); CSSOM, not a style attribute (CSP). */
function bar(share) {
  const fillNode = el("span", { class: "vote-fill" });
  fillNode.style.width = `${Math.round(Math.min(1, Math.max(0, share)) * 100)}%`;
  return fillNode;
}

/** A bumped line's animation goes on where it was (a redrawn line is a new element). */
function bumped(li, mark) {
  if (li.classList.contains("bump")) li.style.animationDelay = `${mark.until - 3000 - Date.now()}ms`;
  return li;
}

/** Draws the party room; with `clockOnly`, only its countdown. */
export function renderRoom(section, { room, roomAt, lobby, send, clockOnly = false }) {
  if (!room) return;
  const left = room.countdownMs !== undefined ? room.countdownMs - (Date.now() - roomAt) : null;
  const clock = section.querySelector("#room-countdown");
  if (left === null) clock.textContent = "";
  else if (room.state === "starting") clock.textContent = `${room.current?.title ?? "The game"} starts in ${seconds(left)}`;
  else clock.textContent = `Votes close in ${seconds(left)}`;
  if (clockOnly) return;

  section.querySelector("#room-title").textContent = `Game ${room.number} of the party`;
  section.querySelector("#room-message").textContent = room.message;
  const me = lobby?.players.find((p) => p.seat === lobby.you);
  const canVote = Boolean(me) && room.you !== undefined && room.state === "choosing";
  const mine = room.votes.find((v) => v.member === room.you)?.game;
  // Everyone who votes: the votes cast and the members still awaited (the bars' full width).
  const electorate = Math.max(1, room.votes.length + room.waitingFor.length);
  fill(section.querySelector("#menu"), room.menu.map((entry) => {
    const voters = room.votes.filter((v) => v.game === entry.id).map((v) => v.name);
    const classes = ["entry", entry.playable ? "playable" : "unplayable", mine === entry.id ? "chosen" : "",
      room.proposal === entry.id ? "proposed" : "", room.current?.game === entry.id ? "current" : ""].join(" ");
    return el("li", { class: classes, data: { game: entry.id } }, [
      el("div", { class: "entry-head" }, [
        el("span", { class: "mark", text: entry.playable ? "✓" : "✗", title: entry.playable ? "playable now" : "not playable now" }),
        el("span", { class: "title", text: entry.title }),
      ]),
      el("div", { class: "requirement", text: entry.playable ? entry.requirement : `needs ${entry.requirement}` }),
      // The votes as a bar and a count, under the title.
      el("div", { class: "vote-line" }, [
        el("span", { class: "vote-bar", "aria-hidden": "true" }, [bar(entry.votes / electorate)]),
        el("span", { class: "votes", text: `${entry.votes} vote${entry.votes === 1 ? "" : "s"}` }),
      ]),
      voters.length ? el("div", { class: "voters", text: voters.join(", ") }) : null,
      room.proposal === entry.id ? el("div", { class: "voters", text: "next on the playlist" }) : null,
      canVote ? el("button", {
        class: mine === entry.id ? "primary vote" : "vote", text: mine === entry.id ? "Your vote" : "Vote",
        disabled: !entry.playable, data: { vote: entry.id }, onclick: () => send("vote", { game: entry.id }),
      }) : null,
    ]);
  }));
  // A line whose points changed since the last drawing is marked, and the TV animates it.
  // (for 3 s from when the room is on screen: the panel is drawn again at every message, and the
  // animation must not restart or stop).
  const seen = pointsSeen.get(section) ?? new Map();
  pointsSeen.set(section, seen);
  const changed = (line) => {
    // Drawn while hidden (the TV holds a game's ending): the change shows when the room does.
    if (section.hidden) return false;
    const last = seen.get(line.member);
    if (!last || last.points !== line.points) seen.set(line.member, { points: line.points, until: last ? Date.now() + 3000 : 0 });
    return Date.now() < seen.get(line.member).until;
  };
  fill(section.querySelector("#scoreboard"), room.scoreboard.length === 0
    ? [el("li", { class: "empty", text: "No games played yet." })]
    : room.scoreboard.map((line) => bumped(el("li", {
      class: [line.present ? "" : "absent", changed(line) ? "bump" : ""].join(" "),
      data: { member: line.member },
    }, [
      el("span", { class: "place", text: `${line.place}.` }),
      el("span", { class: "name" }, [...nameParts(line), line.present ? "" : " (left)"]),
      el("span", { class: "points", text: `${line.points} pts` }),
      el("span", { class: "detail", text: `${line.wins} won of ${line.played}` }),
    ]), seen.get(line.member))));
  const last = room.last;
  section.querySelector("#last-box").hidden = !last;
  if (last) {
    section.querySelector("#last-title").textContent = `Last game: ${last.title}`;
    fill(section.querySelector("#last"), last.placements.map((p) => el("li", {}, [
      el("span", { class: "place", text: `${p.place}.` }),
      el("span", { class: "name", text: label(p) }),
      el("span", { class: "points", text: `+${p.points}` }),
      p.score !== undefined ? el("span", { class: "detail", text: `score ${p.score}` }) : null,
    ])));
  }
  fill(section.querySelector("#room-actions"), []);
}
