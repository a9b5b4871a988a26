"""Sound and touch: a phone hears its own cues (the game starting, its turn with a buzz, its win or
loss), the TV the room's (the game starting, its end) and never a turn; the mute button silences the
cues and is remembered across a reload. After the end, a connection cut and made again brings the
result again but no second cue; a page loaded after the end shows the result with one cue. The cues
are read from the mute button's data-cues (what sound.js asked Web Audio to play), the buzzes from a
stand-in for navigator.vibrate, and the page's sockets and gameOver messages from a wrapped
WebSocket."""
from browser import Browser, Failure, Host, run

BUZZ = """Object.defineProperty(Navigator.prototype, "vibrate", { configurable: true,
  value: function (pattern) { window.__buzz = (window.__buzz || 0) + 1; return true; } });"""


# Keeps the page's sockets in window.__sockets and counts the gameOver messages it handled.
SOCKETS = """(() => { const Real = window.WebSocket; window.__sockets = []; window.__overs = 0;
  window.WebSocket = class extends Real { constructor(...args) { super(...args); window.__sockets.push(this);
    this.addEventListener("message", (e) => { if (String(e.data).includes('"type":"gameOver"')) setTimeout(() => { window.__overs++; }, 0); }); } }; })();"""


def overs(page):
    return page.driver.execute_script("return window.__overs || 0")


def cut(page):
    """Closes the page's live socket and waits until its new connection handled the result again."""
    before = overs(page)
    page.driver.execute_script("window.__sockets[window.__sockets.length - 1].close()")
    page.wait("the result again after the cut", lambda: overs(page) > before)


def cues(page):
    buttons = page.find("#mute-button")
    return (buttons[0].get_attribute("data-cues") or "").split() if buttons else []


def buzzes(page):
    return page.driver.execute_script("return window.__buzz || 0")


def drop(page):
    for column in [4, 3, 5, 2, 6, 1, 7]:
        buttons = page.enabled(f'.c4-grid .column[data-column="{column}"]')
        if buttons:
            buttons[0].click()
            return True
    return "none"


def scenario(partyhost, shots):
    host = Host(partyhost, "--game", "fourinarow", "--dedicated", "--bots", "1", "--bot-level", "easy")
    tv = Browser("desktop")
    page = Browser()
    try:
        page.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": BUZZ})
        for each in (tv, page):
            each.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": SOCKETS})
        tv.driver.get(host.url + "tv")
        tv.wait("the TV's table", lambda: tv.visible("#players li"))
        page.join(host.url, "Wendy")
        if page.find("#mute-button")[0].get_attribute("aria-pressed") != "true":
            raise Failure("the sound is not on at first")
        page.click("#ready-button")
        page.wait("the board", lambda: page.visible(".c4-grid"))
        # The bot moves first: then it is my turn, with its cue and a buzz.
        page.wait("my turn's cue", lambda: "turn" in cues(page))
        if cues(page)[0] != "round":
            raise Failure(f"the game's start had no cue: {cues(page)}")
        if buzzes(page) < 1:
            raise Failure("my turn did not buzz")
        page.wait("a column to take my disc", lambda: drop(page) is True)

        # Muted, and still muted after a reload: the next turn is silent and does not buzz.
        page.click("#mute-button")
        page.wait("the button to say muted", lambda: page.find("#mute-button")[0].get_attribute("aria-pressed") == "false")
        page.driver.refresh()
        page.wait("the board after the reload", lambda: page.visible(".c4-grid"))
        if page.find("#mute-button")[0].get_attribute("aria-pressed") != "false":
            raise Failure("the mute was forgotten in the reload")
        # The first view after a reload is no turn of mine coming round: drop, then wait for the next.
        if page.enabled(".c4-grid .column"):
            page.wait("a column to take my disc", lambda: drop(page) is True)
        page.wait("a muted turn", lambda: "turn(muted)" in cues(page))
        if buzzes(page) != 0:
            raise Failure("a muted turn buzzed")
        page.click("#mute-button")

        while not (page.visible("#game-over") and "Game over" in page.visible("#game-over")[0].text):
            if page.enabled(".c4-grid .column"):
                page.wait("a column to take my disc", lambda: drop(page) is True)
            page.wait("my turn or the end", lambda: page.enabled(".c4-grid .column")
                      or (page.visible("#game-over") and "Game over" in page.visible("#game-over")[0].text))
        page.wait("the win or loss cue", lambda: cues(page)[-1] in ("win", "lose"))
        tv.wait("the TV's end-of-game cue", lambda: "win" in cues(tv))
        if cues(tv)[0] != "round" or "turn" in " ".join(cues(tv)):
            raise Failure(f"the TV's cues are not the room's: {cues(tv)}")

        # Both connections cut after the end: each comes back, gets the result again, plays no cue.
        ended = cues(page)[-1]
        for each in (tv, page):
            heard = list(cues(each))
            cut(each)
            if cues(each) != heard:
                raise Failure(f"the result again played a cue: {heard} then {cues(each)}")
        # A page loaded after the end (the phone's reload takes its seat back) shows the result, with its cue once.
        page.driver.refresh()
        page.wait("the result after the reload", lambda: page.visible("#game-over") and "Game over" in page.visible("#game-over")[0].text)
        page.wait("the result's cue after the reload", lambda: ended in cues(page))
        if [cue for cue in cues(page) if cue in ("win", "lose")] != [ended]:
            raise Failure(f"the reloaded page's cues: {cues(page)}")
        for each in (tv, page):
            if each.errors():
                raise Failure(f"console errors: {each.errors()}")
        print(f"phone cues: {cues(page)}; TV cues: {cues(tv)}")
    finally:
        tv.quit()
        page.quit()
        host.stop()


run(scenario)
