"""The party room's panel drawn from a `room` message shaped as protocol 2 sends it (RoomMessage): the
menu with playable marks and votes, vote buttons that send `vote`, the countdown, the scoreboard and
the last result, names as text. Until a party-room host is on this branch the messages are fed to the
page's own lobby.js directly; the page is served by a real host."""
import json

from browser import Browser, Failure, Host, run

LOBBY = {"type": "lobby", "seq": 3, "state": "lobby", "you": 1, "spectators": 1, "canStart": False, "gamesPlayed": 2,
         "message": "Vote for the next game: 1 of 3 have voted.", "players": [
             {"seat": 0, "name": "Alice", "ready": False, "host": True, "bot": False, "rematch": False, "connected": True},
             {"seat": 1, "name": "Bob", "ready": False, "host": False, "bot": False, "rematch": False, "connected": True},
             {"seat": 2, "name": "<b>Cy</b>", "ready": False, "host": False, "bot": False, "rematch": False,
              "connected": False, "graceMs": 21000},
             {"seat": 3, "name": "Ada · normal", "ready": False, "host": False, "bot": True, "rematch": False, "connected": True}]}
ROOM = {"type": "room", "seq": 4, "state": "choosing", "choice": "vote", "number": 3, "countdownMs": 27000,
        "message": "Vote for the next game: 1 of 3 have voted.", "waitingFor": ["Bob", "<b>Cy</b>"], "you": 2,
        "menu": [
            {"id": "fourinarow", "title": "Four in a Row", "minPlayers": 2, "maxPlayers": 2, "playable": True,
             "requirement": "exactly 2 players", "votes": 0},
            {"id": "snap", "title": "Snap!", "minPlayers": 2, "maxPlayers": 4, "playable": True,
             "requirement": "2–4 players", "votes": 1},
            {"id": "twentyfour", "title": "TwentyFour", "minPlayers": 1, "maxPlayers": 16, "playable": True,
             "requirement": "1–16 players", "votes": 0},
            {"id": "suntouch", "title": "SunTouch", "minPlayers": 2, "maxPlayers": 2, "playable": False,
             "requirement": "exactly 2 players", "votes": 0}],
        "votes": [{"member": 1, "name": "Alice", "game": "snap"}],
        "scoreboard": [
            {"place": 1, "member": 1, "name": "Alice", "points": 5, "played": 2, "wins": 1, "present": True},
            {"place": 2, "member": 2, "name": "Bob", "points": 3, "played": 2, "wins": 1, "present": True},
            {"place": 3, "member": 3, "name": "<b>Cy</b>", "points": 1, "played": 2, "wins": 0, "present": True},
            {"place": 4, "member": 5, "name": "Dora", "points": 0, "played": 1, "wins": 0, "present": False}],
        "last": {"number": 2, "game": "fourinarow", "title": "Four in a Row", "placements": [
            {"member": 1, "name": "Alice", "place": 1, "points": 3}, {"member": 2, "name": "Bob", "place": 2, "points": 1}]}}

SCRIPT = """
const [lobby, room, done] = [arguments[0], arguments[1], arguments[arguments.length - 1]];
Promise.all([import('/lobby.js')]).then(([m]) => {
  window.sent = [];
  const send = (type, fields) => window.sent.push({type, ...fields});
  for (const id of ['join', 'code', 'done', 'game']) document.getElementById(id).hidden = true;
  document.getElementById('table').hidden = false;
  document.getElementById('room').hidden = false;
  m.renderTable(document.getElementById('table'), {lobby, room, welcome: {room: true}, send, inRoom: true});
  m.renderRoom(document.getElementById('room'), {room, roomAt: Date.now(), lobby, welcome: {room: true}, send});
  done('ok');
}).catch((e) => done(String(e)));
"""


def scenario(partyhost, shots):
    host = Host(partyhost, "--game", "snap", "--dedicated")
    page = Browser()
    try:
        page.driver.get(host.url)
        page.wait("the page", lambda: page.visible("#name-input"))
        result = page.driver.execute_async_script(SCRIPT, LOBBY, ROOM)
        if result != "ok":
            raise Failure(f"lobby.js failed: {result}")
        text = page.text()
        for expected in ["Game 3 of the party", "Votes close in 27 s", "Snap!", "1 vote", "Alice", "needs exactly 2 players",
                         "<b>Cy</b>", "reconnecting… 21 s", "Dora (left)", "Last game: Four in a Row", "5 pts", "+3"]:
            if expected not in text:
                raise Failure(f"{expected!r} is not on the page:\n{text}")
        # After a game a guest first sees how it ended: the last result stands above the menu.
        last_top = page.find("#last-box")[0].rect["y"]
        menu_top = page.find("#menu")[0].rect["y"]
        if not last_top < menu_top:
            raise Failure(f"the last result ({last_top}px) is below the menu ({menu_top}px) on a phone")
        if page.find("#room b, #table b"):
            raise Failure("a name became HTML")
        page.shoot(shots, "room")
        suntouch = page.find('[data-vote="suntouch"]')[0]
        if suntouch.is_enabled():
            raise Failure("a game that cannot be played now offers a vote")
        page.click('[data-vote="twentyfour"]')
        sent = page.driver.execute_script("return window.sent")
        if sent != [{"type": "vote", "game": "twentyfour"}]:
            raise Failure(f"the vote button sent {json.dumps(sent)}")
    finally:
        page.quit()
        host.stop()


run(scenario)
