// The table (players, ready, start, rematch) and the party room (menu, votes, countdown, scoreboard).
import { el, fill, label, seconds } from "./dom.js";

/** Draws the players at the table and the buttons the lobby offers. */
export function renderTable(section, { lobby, room, welcome, send, inRoom }) {
  if (!lobby) return;
  const news = section.querySelector("#lobby-message");
  // In a party room the room's own line says the same; the table does not repeat it.
  news.textContent = inRoom && room ? "" : lobby.message;
  // Teammates share a seat: "you" is the one with your name.
  const mine = (p) => p.seat === lobby.you && (!p.team || p.name === welcome?.name);
  const watchers = lobby.spectators > 0 ? [el("li", { class: "watchers", text: `${lobby.spectators} watching` })] : [];
  fill(section.querySelector("#players"), lobby.players.map((p) => {
    const badges = [];
    if (mine(p)) badges.push(el("span", { class: "badge you", text: "you" }));
    if (p.team) badges.push(el("span", { class: "badge", text: p.team }));
    if (p.host) badges.push(el("span", { class: "badge", text: "host" }));
    if (p.bot && !label(p).endsWith("(bot)")) badges.push(el("span", { class: "badge", text: "bot" }));
    if (p.watching) badges.push(el("span", { class: "badge", text: "watching" }));
    if (!p.connected) {
      badges.push(el("span", { class: "badge away", text: p.graceMs !== undefined ? `reconnecting… ${seconds(p.graceMs)}` : "away" }));
    } else if (!inRoom && lobby.state !== "playing" && (lobby.state === "over" ? p.rematch : p.ready)) {
      badges.push(el("span", { class: "badge ready", text: lobby.state === "over" ? "rematch" : "ready" }));
    }
    return el("li", { class: mine(p) ? "me" : "" }, [el("span", { class: "name", text: label(p) }), ...badges]);
  }).concat(watchers));

  const actions = [];
  const me = lobby.players.find(mine);
  if (me && !inRoom && lobby.state === "lobby") {
    actions.push(el("button", {
      class: me.ready ? "" : "primary", id: "ready-button", text: me.ready ? "Not ready" : "Ready",
      onclick: () => send("ready", { ready: !me.ready }),
    }));
  }
  if (me && !inRoom && lobby.state === "over") {
    actions.push(el("button", { class: "primary", id: "rematch-button", text: "Rematch", disabled: me.rematch, onclick: () => send("rematch") }));
  }
  const roomStart = inRoom && me?.host && room && (room.state === "starting" || (room.state === "choosing" && room.votes.length > 0));
  if (lobby.canStart || roomStart) {
    actions.push(el("button", { class: "primary", id: "start-button", text: room?.state === "choosing" ? "Pick now" : "Start", onclick: () => send("start") }));
  }
  fill(section.querySelector("#lobby-actions"), actions);
  void welcome;
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

  section.querySelector("#room-title").textContent = `Party room · game ${room.number}`;
  section.querySelector("#room-message").textContent = room.message;
  const me = lobby?.players.find((p) => p.seat === lobby.you);
  const canVote = Boolean(me) && room.you !== undefined && room.state === "choosing";
  const mine = room.votes.find((v) => v.member === room.you)?.game;
  fill(section.querySelector("#menu"), room.menu.map((entry) => {
    const voters = room.votes.filter((v) => v.game === entry.id).map((v) => v.name);
    const classes = ["entry", entry.playable ? "playable" : "unplayable", mine === entry.id ? "chosen" : "",
      room.proposal === entry.id ? "proposed" : "", room.current?.game === entry.id ? "current" : ""].join(" ");
    return el("li", { class: classes, data: { game: entry.id } }, [
      el("div", { class: "entry-head" }, [
        el("span", { class: "mark", text: entry.playable ? "✓" : "✗", title: entry.playable ? "playable now" : "not playable now" }),
        el("span", { class: "title", text: entry.title }),
        el("span", { class: "votes", text: entry.votes > 0 ? `${entry.votes} vote${entry.votes === 1 ? "" : "s"}` : "" }),
      ]),
      el("div", { class: "requirement", text: entry.playable ? entry.requirement : `needs ${entry.requirement}` }),
      voters.length ? el("div", { class: "voters", text: voters.join(", ") }) : null,
      room.proposal === entry.id ? el("div", { class: "voters", text: "next on the playlist" }) : null,
      canVote ? el("button", {
        class: mine === entry.id ? "primary vote" : "vote", text: mine === entry.id ? "Your vote" : "Vote",
        disabled: !entry.playable, data: { vote: entry.id }, onclick: () => send("vote", { game: entry.id }),
      }) : null,
    ]);
  }));
  fill(section.querySelector("#scoreboard"), room.scoreboard.length === 0
    ? [el("li", { class: "empty", text: "No games played yet." })]
    : room.scoreboard.map((line) => el("li", { class: line.present ? "" : "absent" }, [
      el("span", { class: "place", text: `${line.place}.` }),
      el("span", { class: "name", text: label(line) + (line.present ? "" : " (left)") }),
      el("span", { class: "points", text: `${line.points} pts` }),
      el("span", { class: "detail", text: `${line.wins} won of ${line.played}` }),
    ])));
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
