// Generated from Web/ and Games/*/Web/ by `new-game`; do not edit by hand. Change those files and
// regenerate with: swift package --allow-writing-to-package-directory new-game --sync (a test fails when this file is stale).

extension WebPage {
    /// `/index.html`.
    static let indexHTML = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>partyhost</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/style.css">
<link rel="stylesheet" href="/predict.css">
<script type="module" src="/app.js"></script>
</head>
<body>
<header id="bar">
  <span id="session-name">partyhost</span>
  <span id="link-state" role="status" aria-live="polite"></span>
</header>
<main>
  <section id="join" hidden>
    <h1>Join the party</h1>
    <form id="join-form" autocomplete="off">
      <label for="name-input">Your name</label>
      <input id="name-input" name="name" maxlength="96" autocomplete="nickname" enterkeyhint="go" aria-describedby="name-hint">
      <p id="name-hint" class="hint" role="status">Up to 24 characters.</p>
      <div class="row">
        <button id="join-button" type="submit" class="primary">Join</button>
        <button id="watch-button" type="button">Just watch</button>
      </div>
    </form>
    <p class="hint">Playing from a terminal? Run <code>partyclient</code> on the same network.</p>
    <p id="client-download" class="hint" hidden>No partyclient? This host hands one out:
      <code id="client-command"></code> (SHA-256 <code id="client-sha"></code>)</p>
  </section>
  <section id="code" hidden>
    <h1>Join code</h1>
    <p id="code-message"></p>
    <form id="code-form" autocomplete="off">
      <label for="code-input">The code on the host's screen</label>
      <input id="code-input" name="code" inputmode="numeric" maxlength="40" required enterkeyhint="go">
      <button type="submit" class="primary">Join</button>
    </form>
  </section>
  <section id="table" hidden>
    <p id="welcome-line" class="news" role="status"></p>
    <p id="lobby-message" class="news"></p>
    <ul id="players" class="players"></ul>
    <div id="lobby-actions" class="row"></div>
  </section>
  <section id="room" hidden>
    <h2 id="room-title">Party room</h2>
    <p id="room-message" class="news"></p>
    <p id="room-away" class="news away-line" role="status"></p>
    <p id="room-countdown" class="countdown"></p>
    <div id="last-box" class="last-box" hidden><h3 id="last-title">Last game</h3><ol id="last" class="scoreboard"></ol></div>
    <ul id="menu" class="menu"></ul>
    <div id="room-actions" class="row"></div>
    <h3>Scoreboard</h3><ol id="scoreboard" class="scoreboard"></ol>
  </section>
  <section id="game" hidden>
    <div class="game-head"><h2 id="game-title"></h2><span id="game-clock" class="countdown"></span></div>
    <p id="game-watching" class="watching-line" hidden>Watching</p>
    <p id="game-note" class="note" role="status" aria-live="polite"></p>
    <p id="game-away" class="news away-line"></p>
    <p id="game-team" class="news team-line" role="status" aria-live="polite"></p>
    <div id="game-predict" class="predict" hidden></div>
    <div id="game-root"></div>
    <div id="game-end" class="game-end" hidden>
      <p id="game-over" class="news"></p>
      <p id="back-countdown" class="detail"></p>
      <div id="end-actions" class="row end-actions"></div>
      <button id="back-button" type="button" class="primary" hidden>Back to the room</button>
    </div>
  </section>
  <section id="done" hidden>
    <h1 id="done-title">Goodbye</h1>
    <p id="done-message"></p>
    <ol id="done-standings" class="scoreboard final-standings" hidden></ol>
    <button id="again-button" type="button" class="primary">Join again</button>
  </section>
</main>
<footer><button id="leave-button" type="button" hidden>Leave</button></footer>
</body>
</html>

"""#
}
