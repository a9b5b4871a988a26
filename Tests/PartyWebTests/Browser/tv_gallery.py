"""The show, measured and photographed: for every game a party room with one phone (Ann) and a bot,
and /tv. At three moments (the room, mid-game, the ending) it takes screenshots of the phone at
390x844 and 844x390 and of the TV at 1920x1080, into $PARTYHOST_GALLERY (a temporary folder when it
is not set), and measures: the TV's smallest visible text at 1920x1080 is 32 px or more; nothing is
wider than the screen (phone and TV sizes); the TV has no vertical scrollbar and no panel past its
bottom at 1280x720, 1920x1080 and 3840x2160; the phone's controls a player must reach are on screen
(320x568 too); after a game the ending (the winner, the result) shows on the TV and the phone."""
import os
import random
import sys
import tempfile
import time

from selenium.common.exceptions import WebDriverException

from browser import Browser, Failure, Host, run

PHONES = {"phone-portrait": (390, 844), "phone-landscape": (844, 390), "phone-small": (320, 568)}
TVS = {"tv-720": (1280, 720), "tv": (1920, 1080), "tv-4k": (3840, 2160)}

GAMES = {
    "fourinarow": ["--games", "fourinarow"],
    "snap": ["--games", "snap", "--turn-limit", "14", "--turn-seconds", "3"],
    "suntouch": ["--games", "suntouch", "--time-limit", "12"],
    "rps": ["--games", "rps", "--rounds", "2", "--reveal-seconds", "12", "--round-seconds", "20"],
    "twentyfour": ["--games", "twentyfour", "--rounds", "1", "--round-seconds", "20", "--pause-seconds", "1"],
}

# What a player must be able to reach in each game, mid-game (CSS selectors, the first visible one).
CONTROLS = {
    "fourinarow": [".c4-grid"], "snap": ["#snap-button", "#turn-button"], "suntouch": ["canvas.field"],
    "rps": [".shape"], "twentyfour": [".numbers", "form.entry button.primary"],
}

SMALLEST_TEXT = """
let min = Infinity, where = '';
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
while (walker.nextNode()) {
  const node = walker.currentNode;
  if (!node.textContent.trim()) continue;
  const e = node.parentElement;
  if (!e.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
  const r = e.getBoundingClientRect();
  if (r.width <= 1 || r.height <= 1) continue;  // read aloud only (announce.js)
  if (r.bottom <= 0 || r.top >= innerHeight || r.right <= 0 || r.left >= innerWidth) continue;
  const size = parseFloat(getComputedStyle(e).fontSize);
  if (size < min) { min = size; where = `${e.tagName.toLowerCase()}#${e.id}.${e.className} "${node.textContent.trim().slice(0, 30)}"`; }
}
return [min, where];
"""

TOO_WIDE = """
const out = [];
if (document.documentElement.scrollWidth > innerWidth + 1) out.push(`the page is ${document.documentElement.scrollWidth} px wide`);
for (const e of document.querySelectorAll('body *')) {
  if (!e.checkVisibility()) continue;
  const r = e.getBoundingClientRect();
  if (r.width > 1 && (r.right > innerWidth + 1 || r.left < -1)) out.push(`${e.tagName.toLowerCase()}#${e.id}.${e.className} ${Math.round(r.left)}..${Math.round(r.right)}`);
}
return out.slice(0, 5);
"""

TV_FITS = """
const out = [];
if (document.documentElement.scrollHeight > innerHeight + 1) out.push(`scrollHeight ${document.documentElement.scrollHeight} > ${innerHeight}`);
for (const e of document.querySelectorAll('main > section, #game-root .tv-board')) {
  if (!e.checkVisibility()) continue;
  const r = e.getBoundingClientRect();
  if (r.bottom > innerHeight + 1) out.push(`${e.id || e.className} ends at ${Math.round(r.bottom)}`);
}
return out;
"""

ON_SCREEN = """
for (const selector of arguments[0]) {
  for (const e of document.querySelectorAll(selector)) {
    if (!e.checkVisibility()) continue;
    const r = e.getBoundingClientRect();
    if (r.width > 0 && (r.top < -1 || r.bottom > innerHeight + 1)) return `${selector} is at ${Math.round(r.top)}..${Math.round(r.bottom)} of ${innerHeight}`;
  }
}
return '';
"""


class Show:
    def __init__(self, gallery):
        self.gallery = gallery
        self.problems = []
        self.smallest = (float("inf"), "")

    def size(self, page, width, height, mobile):
        page.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
        time.sleep(0.4)

    def shoot(self, page, name):
        page.driver.save_screenshot(os.path.join(self.gallery, f"{name}.png"))

    def phone(self, page, game, moment, controls=()):
        for size, (width, height) in PHONES.items():
            self.size(page, width, height, True)
            page.driver.execute_script("window.scrollTo(0, 0)")  # as a player sees the page
            if size != "phone-small":
                self.shoot(page, f"{game}-{moment}-{size}")
            for problem in page.driver.execute_script(TOO_WIDE):
                self.problems.append(f"{game} {moment} {size}: wider than the screen: {problem}")
            missing = page.driver.execute_script(ON_SCREEN, list(controls))
            if missing:
                self.problems.append(f"{game} {moment} {size}: {missing}")
        self.size(page, *PHONES["phone-portrait"], True)

    def tv(self, page, game, moment):
        for size, (width, height) in TVS.items():
            self.size(page, width, height, False)
            if size == "tv" or (moment == "room" and game == "fourinarow"):
                self.shoot(page, f"{game}-{moment}-{size}")
            if size == "tv":
                smallest, where = page.driver.execute_script(SMALLEST_TEXT)
                if smallest < self.smallest[0]:
                    self.smallest = (smallest, f"{game} {moment}: {where}")
                if smallest < 32:
                    self.problems.append(f"{game} {moment} tv: text of {smallest} px: {where}")
            for problem in page.driver.execute_script(TOO_WIDE):
                self.problems.append(f"{game} {moment} {size}: wider than the screen: {problem}")
            for problem in page.driver.execute_script(TV_FITS):
                self.problems.append(f"{game} {moment} {size}: {problem}")
        self.size(page, *TVS["tv"], False)


def over(page):
    shown = page.visible("#game-over")
    return bool(shown) and "Game over" in shown[0].text


def play_step(page, game, rng):
    """One move of Ann's where she may make one (none when nothing is offered, or the page redrew it)."""
    try:
        move(page, game, rng)
    except WebDriverException:
        pass


def move(page, game, rng):
    if game == "fourinarow":
        columns = page.enabled(".c4-grid .column")
        if columns:
            rng.choice(columns).click()
    elif game == "snap":
        for selector in ("button.big.primary", "#turn-button"):
            buttons = page.enabled(selector)
            if buttons:
                buttons[0].click()
                return
    elif game == "suntouch":
        if page.enabled("button.toss"):
            page.enabled("button.toss")[0].click()
        elif page.visible("label.size"):
            page.driver.execute_script("""
                const c = document.querySelector('canvas.field'), r = c.getBoundingClientRect();
                c.dispatchEvent(new PointerEvent('pointerdown', {clientX: r.left + r.width * arguments[0], clientY: r.top + r.height * arguments[1], bubbles: true}));
            """, rng.random(), rng.random())
    elif game == "rps":
        shapes = page.enabled(".shape[data-shape]")
        if shapes:
            rng.choice(shapes).click()
    elif game == "twentyfour":
        give_up = page.enabled("button.give-up")
        if give_up:
            give_up[0].click()


def one_game(partyhost, game, show, rng):
    host = Host(partyhost, "--dedicated", "--bots", "1", "--bot-level", "easy", "--vote-seconds", "600",
                "--start-delay", "1", *GAMES[game])
    ann, tv = Browser(), Browser("desktop")
    # In Four in a Row's room a third guest only watches: their phone says so over the game.
    cy = Browser() if game == "fourinarow" else None
    try:
        show.size(tv, *TVS["tv"], False)
        tv.driver.get(host.url + "tv")
        tv.wait("the TV's room", lambda: tv.visible("#menu .entry"))
        ann.join(host.url, "Ann")
        ann.wait("the menu", lambda: ann.enabled(f'[data-vote="{game}"]'))
        tv.wait("Ann on the TV", lambda: "Ann" in tv.find("#players")[0].text)
        time.sleep(0.5)  # the players' entrance
        show.phone(ann, game, "room", ["#menu .entry"])
        show.tv(tv, game, "room")
        if cy:
            cy.join(host.url, "Cy", watch=True)
        ann.click(f'[data-vote="{game}"]')
        ann.wait("the game", lambda: ann.visible(f".board-{game}"))
        tv.wait("the game on the TV", lambda: tv.visible(f".board-{game}"))
        if cy:
            cy.wait("'Watching' on the watcher's phone", lambda: cy.visible("#game-watching"))
            if ann.visible("#game-watching"):
                show.problems.append("a player's phone says 'Watching'")
            show.size(cy, *PHONES["phone-portrait"], True)
            show.shoot(cy, f"{game}-mid-watcher-phone-portrait")
        # Mid-game: a few of Ann's moves (the bot makes its own), then the pictures.
        moves = {"fourinarow": 2, "snap": 3, "suntouch": 3, "rps": 1, "twentyfour": 0}[game]
        end = time.monotonic() + 30
        made = 0
        while made < moves and time.monotonic() < end and not over(ann):
            before = ann.driver.execute_script("return document.querySelector('#game-root').textContent")
            play_step(ann, game, rng)
            made += 1
            time.sleep(1.2 if game == "suntouch" else 0.6)
            del before
        if game == "rps":
            ann.wait("the reveal", lambda: ann.visible(".reveal") or over(ann))
            tv.wait("the reveal on the TV", lambda: tv.visible(".reveal"))
        if game == "snap":
            ann.wait("play", lambda: ann.visible("#snap-button"))
        if game == "suntouch":
            ann.wait("play", lambda: ann.visible("label.size"))
        # The player has read how to play (a move of theirs puts it away too).
        if ann.enabled("#how-to-close"):
            ann.click("#how-to-close")
        show.tv(tv, game, "mid")
        show.phone(ann, game, "mid", CONTROLS[game])
        # To the end.
        deadline = time.monotonic() + 240
        while not over(ann):
            if time.monotonic() > deadline:
                raise Failure(f"{game} did not end:\n{ann.text()}")
            play_step(ann, game, rng)
            time.sleep(0.3)
        tv.wait("the ending on the TV", lambda: over(tv) and tv.find("#tv-winner")[0].text.strip())
        show.tv(tv, game, "ending")
        show.phone(ann, game, "ending", ["#game-over", "#back-button"])
        if not ann.visible("#back-button"):
            show.problems.append(f"{game}: no 'Back to the room' on the phone after the game")
        tv.wait("the points of the game on the TV", lambda: tv.visible("#tv-final li"), timeout=15)
        show.shoot(tv, f"{game}-ending-points-tv")
        smallest, where = tv.driver.execute_script(SMALLEST_TEXT)
        if smallest < 32:
            show.problems.append(f"{game} ending points tv: text of {smallest} px: {where}")
        if game == "fourinarow":
            # The hold runs out: the room again, its scoreboard lines that changed animating.
            tv.wait("the room on the TV after the game", lambda: tv.visible("#room") and not tv.visible("#game"), timeout=40)
            time.sleep(0.6)
            show.tv(tv, game, "room-after")
        for page in (ann, tv):
            if page.errors():
                show.problems.append(f"{game}: console errors: {page.errors()}")
    finally:
        ann.quit()
        tv.quit()
        if cy:
            cy.quit()
        host.stop()


def scenario(partyhost, shots):
    gallery = os.environ.get("PARTYHOST_GALLERY") or tempfile.mkdtemp(prefix="partyhost-gallery-")
    os.makedirs(gallery, exist_ok=True)
    show = Show(gallery)
    rng = random.Random(29)
    only = os.environ.get("PARTYHOST_GALLERY_GAMES")
    for game in (only.split(",") if only else GAMES):
        one_game(partyhost, game, show, rng)
    print(f"gallery: {gallery}")
    print(f"smallest text on the TV at 1920x1080: {show.smallest[0]} px ({show.smallest[1]})")
    if show.problems:
        raise Failure("\n".join(show.problems))
    sys.stdout.flush()


run(scenario)
