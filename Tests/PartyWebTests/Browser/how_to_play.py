"""How to play, written once in each game module: /games.json has every game's rules exactly, /tv shows
the next game's rules while the room counts down to it (or a one-game host waits in its lobby), and the phone shows them when the game starts,
with "Got it" to close them and "?" to bring them back.

Arguments: PARTYHOST SHOTS_DIR EXPECTED, EXPECTED being the catalog's [{"id","title","rules"}] as JSON
(from the game modules' descriptors, written by the Swift test)."""
import json
import sys
import urllib.request

from browser import Browser, Failure, Host, run

EXPECTED = json.loads(sys.argv[3])


def shown_rules(page):
    panel = page.visible("#how-to")
    if not panel:
        return None
    return [li.text for li in page.find("#how-to-rules li")]


def on_screen(page, selectors):
    """The selectors (of those given) with an element not wholly inside the viewport, or missing."""
    return page.driver.execute_script("""
        return arguments[0].filter((s) => {
          const all = [...document.querySelectorAll(s)];
          return all.length === 0 || all.some((e) => { const r = e.getBoundingClientRect();
            return r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth; });
        });""", selectors)


def one_game_tv(partyhost):
    """A one-game host: /tv shows the game's rules while its lobby waits, and not once it plays."""
    host = Host(partyhost, "--game", "fourinarow", "--dedicated", "--bots", "1", "--bot-level", "easy")
    tv = Browser("desktop")
    player = Browser()
    try:
        rules = next(g["rules"] for g in EXPECTED if g["id"] == "fourinarow")
        tv.driver.get(host.url + "tv")
        tv.wait("how to play on the TV in the lobby", lambda: shown_rules(tv) == rules)
        player.join(host.url, "Pia")
        player.click("#ready-button")
        tv.wait("the rules to give way to the board", lambda: tv.visible(".c4-grid") and not tv.visible("#how-to"))
    finally:
        tv.quit()
        player.quit()
        host.stop()


def scenario(partyhost, shots):
    one_game_tv(partyhost)
    host = Host(partyhost, "--dedicated", "--games", "fourinarow,twentyfour", "--start-delay", "8")
    tv = Browser("desktop")
    ann = Browser()
    try:
        served = json.loads(urllib.request.urlopen(host.url + "games.json").read())
        if served != {"games": EXPECTED}:
            raise Failure(f"/games.json is not the catalog's rules:\n{served}\nexpected:\n{EXPECTED}")
        rules = next(g["rules"] for g in EXPECTED if g["id"] == "twentyfour")

        tv.driver.get(host.url + "tv")
        tv.wait("the TV's room", lambda: tv.visible("#menu .entry"))
        if tv.visible("#how-to"):
            raise Failure("the TV shows how to play before any game was chosen")
        ann.join(host.url, "Ann")
        ann.wait("the room's menu", lambda: ann.visible("#menu .entry"))
        ann.click('[data-vote="twentyfour"]')
        tv.wait("how to play on the TV while TwentyFour starts", lambda: shown_rules(tv) == rules)
        if tv.find("#how-to-title")[0].text != "How to play TwentyFour":
            raise Failure(f"the TV's heading: {tv.find('#how-to-title')[0].text!r}")
        tv.shoot(shots, "howto-tv-starting")

        ann.wait("how to play on the phone when the game starts", lambda: ann.visible(".board-twentyfour") and shown_rules(ann) == rules)
        ann.shoot(shots, "howto-phone")
        tv.wait("the TV's rules to give way to the game", lambda: not tv.visible("#how-to") and tv.visible(".board-twentyfour"))
        # The smallest phone (320x568): with the rules open, "Got it" is on screen; once they are
        # closed, the numbers, the operators and Submit are, without scrolling.
        ann.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": 320, "height": 568, "deviceScaleFactor": 1, "mobile": True})
        ann.wait("the layout at 320x568", lambda: on_screen(ann, ["#how-to-close"]) == [])
        ann.click("#how-to-close")
        ann.wait("the rules to close", lambda: not ann.visible("#how-to"))
        controls = [".board-twentyfour .numbers button", ".board-twentyfour .operators button", ".board-twentyfour .entry .primary"]
        try:
            ann.wait("the game's controls on screen at 320x568", lambda: on_screen(ann, controls) == [], timeout=10)
        except Failure:
            raise Failure(f"below the fold at 320x568: {on_screen(ann, controls)}")
        ann.resize("phone")
        ann.click("#how-to-button")
        ann.wait("the rules back with ?", lambda: shown_rules(ann) == rules)
        ann.click("#how-to-button")
        ann.wait("the rules closed with ? again", lambda: not ann.visible("#how-to"))
        # Dismissed once: a reload of the page does not push them on the player again.
        ann.driver.refresh()
        ann.wait("the game after the reload", lambda: ann.visible(".board-twentyfour"))
        if ann.visible("#how-to"):
            raise Failure("the rules came back by themselves after they were dismissed")
        for page in (tv, ann):
            if page.errors():
                raise Failure(f"console errors: {page.errors()}")
        print(f"rules shown: {rules}")
    finally:
        tv.quit()
        ann.quit()
        host.stop()


run(scenario)
