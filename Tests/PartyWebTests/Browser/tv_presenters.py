"""Each game's TV presenter drawn in /tv from views like those of docs/PROTOCOL.md section 9: Four in
a Row's last disc ringed and winning line drawn; Snap's called snap flashing the matched cards and
marking the caller's pile; RPS's every shape at the reveal; TwentyFour's four cards, clock and
solving time; SunTouch's field beside the score."""
from browser import Browser, Failure, Host, run

SCRIPT = """
const [id, views, done] = [arguments[0], arguments[1], arguments[arguments.length - 1]];
import(`/games/${id}-tv.js`).then((m) => {
  const board = document.createElement('div');
  board.className = `board board-${id} tv-board`;
  document.getElementById('game-root').replaceChildren(board);
  for (const id2 of ['join', 'code', 'done', 'room', 'table']) document.getElementById(id2).hidden = true;
  document.getElementById('game').hidden = false;
  document.body.classList.add('tv-playing');
  const names = ['Ann', 'Bob', 'Cy'];
  const ctx = { name: (seat) => names[seat] ?? `Seat ${seat + 1}`, spectator: true, sinceMs: () => 0, seat: null };
  for (const view of views) m.default.render(board, { type: 'view', game: 1, yourTurn: false, view }, ctx);
  done('ok');
}).catch((e) => done(String(e)));
"""

C4 = {"board": [".......", ".......", ".......", ".......", "...1...", "000011."], "players": [0, 1], "last": 4,
      "moves": 7, "winner": 0, "outcome": "Ann wins with four in a row",
      "winning": [{"column": 1, "row": 1}, {"column": 2, "row": 1}, {"column": 3, "row": 1}, {"column": 4, "row": 1}]}


def snap(event=None, tops=("7H", "7C")):
    view = {"phase": "playing", "active": 0, "turnMs": 9000, "paused": False, "turn": 8, "limit": 150, "table": 8,
            "events": 1 if event else 0, "winners": [],
            "players": [{"seat": 0, "name": "Ann", "closed": 20, "open": 4, "top": tops[0], "out": False, "gone": False, "away": False, "ready": True},
                        {"seat": 1, "name": "Bob", "closed": 22, "open": 4, "top": tops[1], "out": False, "gone": False, "away": False, "ready": True}]}
    if event:
        view["event"] = event
        view["eventAgeMs"] = 100
    return view


RPS = {"round": 1, "rounds": 5, "phase": "reveal", "remainingMs": 4000,
       "players": [{"seat": 0, "score": 1, "chosen": False, "waiting": False}, {"seat": 1, "score": 0, "chosen": False, "waiting": False}],
       "last": {"round": 1, "picks": [{"seat": 0, "shape": "rock", "points": 1}, {"seat": 1, "shape": "scissors", "points": 0}]}, "winners": []}
TWENTYFOUR = {"round": 2, "phase": "round", "numbers": [2, 2, 3, 6], "remainingMs": 60000, "rounds": 5,
              "results": [{"seat": 0, "name": "Ann", "standing": "solved", "ms": 12340}, {"seat": 1, "name": "Bob", "standing": "guessing"}],
              "scores": [{"seat": 0, "name": "Ann", "won": 1, "solved": 1}, {"seat": 1, "name": "Bob", "won": 0, "solved": 0}]}
SUNTOUCH = {"phase": "playing", "suns": 7, "clock": 2000, "left": 118000, "dur": 1000,
            "players": [{"seat": 0, "score": 1, "cool": 0, "tossed": False, "away": False}, {"seat": 1, "score": 0, "cool": 0, "tossed": False, "away": False}],
            "strikes": [{"n": 0, "seat": 0, "x": 0.5, "y": 0.5, "r": 0.2, "age": 300}],
            "captured": [{"x": 0.5, "y": 0.5, "seat": 0, "at": 1900}], "paused": False}


def scenario(partyhost, shots):
    host = Host(partyhost, "--game", "snap", "--dedicated")
    tv = Browser("desktop")
    try:
        tv.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1920, "height": 1080, "deviceScaleFactor": 1, "mobile": False})
        tv.driver.get(host.url + "tv")
        tv.wait("the TV page", lambda: tv.find("#game-root"))
        # The page draws its own panels when the host's welcome and lobby arrive: draw the presenters
        # after that (on a busy machine they came after the first drawing and hid it: "0 px high").
        tv.wait("the TV's table from the host's lobby", lambda: tv.visible("#table"))
        # The host sends a newcomer its lobby at once and everyone the new spectator count with a
        # later one (PROTOCOL.md section 5): that second lobby redraws the page's panels too, so
        # the presenters are drawn once it has come (a loaded CI machine drew before it: "0 px high").
        tv.wait("the lobby with the TV counted", lambda: sum(1 for m in tv.received() if m.get("type") == "lobby") >= 2)

        def draw(game, views):
            result = tv.driver.execute_async_script(SCRIPT, game, views)
            if result != "ok":
                raise Failure(f"{game}-tv.js failed: {result}")
            if shots:
                tv.driver.save_screenshot(f"{shots}/tv-presenter-{game}.png")

        draw("fourinarow", [C4])
        if len(tv.find(".tv-c4 .win-line line")) != 1 or len(tv.find(".tv-c4 .cell.winning")) != 4:
            raise Failure("Four in a Row: no winning line over the four")
        if len(tv.find(".tv-c4 .cell.last")) != 1 or tv.find(".tv-c4 .column"):
            raise Failure("Four in a Row: the last disc is not marked once, or the TV has columns to tap")
        height = tv.driver.execute_script("return document.querySelector('.tv-c4').getBoundingClientRect().height")
        if height < 0.6 * 1080:
            raise Failure(f"Four in a Row: the board is {height} px high")

        won = {"kind": "snapWon", "seat": 1, "cards": 10, "text": "Bob snapped and takes 10 cards"}
        draw("snap", [snap(), snap(won, tops=(None, None))])
        if len(tv.find(".tv-match .card.flash")) != 2:
            raise Failure(f"Snap: the matched cards do not flash:\n{tv.text()}")
        called = tv.find(".pile.called .called-by")
        if len(called) != 1 or "Bob" not in tv.find(".pile.called")[0].text:
            raise Failure(f"Snap: the caller's pile is not marked:\n{tv.text()}")
        draw("snap", [snap()])
        card = tv.driver.execute_script("return document.querySelector('.tv-piles .card').getBoundingClientRect().height")
        if card < 200:
            raise Failure(f"Snap: a card is {card} px tall")

        draw("rps", [RPS])
        # Read as text content: the reveal fades in, and WebDriver gives no text while it is transparent.
        shapes = tv.driver.execute_script("return [...document.querySelectorAll('.reveal .tv-pick')].map((e) => e.textContent.trim())")
        if shapes != ["Rock", "Scissors"]:
            raise Failure(f"RPS: the reveal shows {shapes}")

        draw("twentyfour", [TWENTYFOUR])
        if [e.text for e in tv.find(".tv-number")] != ["2", "2", "3", "6"] or tv.find(".tv-clock-text")[0].text != "60":
            raise Failure(f"TwentyFour: the cards or the clock:\n{tv.text()}")
        if "12.34 s" not in tv.find(".tv-results")[0].text:
            raise Failure(f"TwentyFour: no solving time:\n{tv.text()}")

        draw("suntouch", [SUNTOUCH])
        field = tv.driver.execute_script("return document.querySelector('.tv-field').getBoundingClientRect().height")
        if field < 0.6 * 1080 or "1 of 7 suns found" not in tv.text():
            raise Failure(f"SunTouch: the field is {field} px high, or no count:\n{tv.text()}")
        if tv.errors():
            raise Failure(f"console errors: {tv.errors()}")
    finally:
        tv.quit()
        host.stop()


run(scenario)
