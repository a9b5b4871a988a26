// Generated from Web/ and Games/*/Web/ by `new-game`; do not edit by hand. Change those files and
// regenerate with: swift package --allow-writing-to-package-directory new-game --sync (a test fails when this file is stale).

extension WebPage {
    /// `/serve.js`.
    static let serveJS = #"""
// The party server's front page: join a room by its code, or start one (POST /api/rooms). The
// room's creator keeps the room's VIP key in this browser; the room's page presents it in hello.

const $ = (id) => document.getElementById(id);

async function listGames() {
  const answer = await fetch("/api/games");
  const games = answer.ok ? await answer.json() : [];
  const box = $("games");
  for (const game of games) {
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.type = "checkbox";
    input.value = game.id;
    input.checked = true;
    label.append(input, ` ${game.title}`);
    box.append(label);
  }
}

$("join-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const code = $("code-input").value.trim().toUpperCase();
  $("join-problem").textContent = "";
  if (!/^[A-Z]{4}$/.test(code)) {
    $("join-problem").textContent = "A code is four letters.";
    return;
  }
  const answer = await fetch(`/api/rooms/${code}`);
  if (answer.ok) {
    location.assign(`/${code}`);
  } else {
    const body = await answer.json().catch(() => ({}));
    $("join-problem").textContent = body.error ?? "No party has that code.";
  }
});

$("start-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  $("start-problem").textContent = "";
  const request = {
    name: $("room-name").value,
    games: [...document.querySelectorAll("#games input:checked")].map((input) => input.value),
    teams: $("teams").checked,
    bots: Number($("bots").value) || 0,
    choose: $("choose").value,
  };
  const answer = await fetch("/api/rooms", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(request),
  });
  const body = await answer.json().catch(() => ({}));
  if (answer.status === 201 && body.code) {
    localStorage.setItem(`partyhost.vip:${body.code}`, body.key);
    location.assign(`/${body.code}`);
  } else {
    $("start-problem").textContent = body.error ?? `The party could not be started (${answer.status}).`;
  }
});

listGames();

"""#
}
