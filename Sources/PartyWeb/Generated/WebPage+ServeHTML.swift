// Generated from Web/ and Games/*/Web/ by `new-game`; do not edit by hand. Change those files and
// regenerate with: swift package --allow-writing-to-package-directory new-game --sync (a test fails when this file is stale).

extension WebPage {
    /// `/serve.html`.
    static let serveHTML = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>partyhost</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/style.css">
<link rel="stylesheet" href="/serve.css">
<script type="module" src="/serve.js"></script>
</head>
<body class="serve">
<header id="bar"><span id="session-name">partyhost</span></header>
<main>
  <section id="join-room">
    <h1>Join a party</h1>
    <form id="join-form" autocomplete="off">
      <label for="code-input">The room's code</label>
      <input id="code-input" name="code" maxlength="4" autocapitalize="characters" autocomplete="off" spellcheck="false"
             enterkeyhint="go" placeholder="ABCD" pattern="[A-Za-z]{4}" required>
      <button type="submit">Join</button>
      <p class="problem" id="join-problem" role="alert"></p>
    </form>
  </section>
  <section id="start-room">
    <h1>Start a party</h1>
    <form id="start-form" autocomplete="off">
      <label for="room-name">Name</label>
      <input id="room-name" name="name" maxlength="64" placeholder="Ann's party">
      <fieldset id="games"><legend>Games</legend></fieldset>
      <label><input type="checkbox" id="teams"> Teams</label>
      <label for="bots">Bots</label>
      <input id="bots" type="number" min="0" max="7" value="0">
      <label for="choose">The next game is</label>
      <select id="choose"><option value="vote">voted by everyone</option><option value="host">picked by you (the VIP)</option></select>
      <button type="submit">Start the party</button>
      <p class="problem" id="start-problem" role="alert"></p>
    </form>
  </section>
</main>
</body>
</html>

"""#
}
