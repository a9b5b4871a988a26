"""A crowded room on the TV (issue 36): 9 members, then 16 (bots and a phone with a long name; one
more phone watches), and the TV at 1920x1080 and 1280x720. In the room and mid-game (TwentyFour, every
member a seat, the audience's split open) it measures that nothing is cut: every scoreboard line,
every player or team line and the whole prediction box (its rows and "Predictions close …") are
displayed, inside the viewport and inside every box around them that hides or scrolls its overflow,
with no text under the TV's floor (1.7u: 32 px at 1920x1080), and every member has a line. With 17
members (the most bots, 16, and the phone) the room's lists show 15 lines and "and 2 more". A room of
a party server (`partyhost serve`, whose TV also shows the room's code under a longer address) with
3 and 5 bots, short of a crowd, is measured the same way."""
import json
import os
import threading
import urllib.request

from browser import Browser, Failure, Host, run
from serve_rooms import Server

TVS = {"tv": (1920, 1080), "tv-720": (1280, 720)}
LONG_NAME = "Annabelle-Marie Longname"  # 24 characters, the most a name may have

# Each element of these (and each of its children) is measured.
ROOM = ["#scoreboard > li", "#scoreboard > li > *", "#players > li", "#players > li > *"]
GAME = ["#players > li", "#players > li > *", "#game-predict", "#game-predict *"]

MEASURE = """
const u = Math.min(innerWidth / 100, innerHeight * 16 / 9 / 100);
const floor = 1.7 * u - 0.05;
const problems = [];
const hides = (e) => { const s = getComputedStyle(e); return s.overflowX !== 'visible' || s.overflowY !== 'visible'; };
const what = (e) => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}${[...e.classList].map((c) => '.' + c).join('')} "${e.textContent.trim().slice(0, 40)}"`;
const inside = (r, b) => r.left >= b.left - 1 && r.right <= b.right + 1 && r.top >= b.top - 1 && r.bottom <= b.bottom + 1;
const measured = new Set();
for (const selector of arguments[0]) {
  for (const e of document.querySelectorAll(selector)) {
    if (measured.has(e) || !e.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    measured.add(e);
    const r = e.getBoundingClientRect();
    const text = e.textContent.trim();
    if (r.width < 1 || r.height < 1) {
      if (text) problems.push(`${what(e)} is squeezed to ${Math.round(r.width)}x${Math.round(r.height)}`);
      continue;
    }
    if (!inside(r, { left: 0, top: 0, right: innerWidth, bottom: innerHeight })) {
      problems.push(`${what(e)} at ${Math.round(r.left)},${Math.round(r.top)}..${Math.round(r.right)},${Math.round(r.bottom)} is off the ${innerWidth}x${innerHeight} screen`);
    }
    for (let box = e.parentElement; box && box !== document.documentElement; box = box.parentElement) {
      if (!hides(box)) continue;
      const b = box.getBoundingClientRect();
      if (!inside(r, b)) {
        problems.push(`${what(e)} (${Math.round(r.top)}..${Math.round(r.bottom)}, ${Math.round(r.left)}..${Math.round(r.right)}) is cut by ${what(box).slice(0, 60)} (${Math.round(b.top)}..${Math.round(b.bottom)}, ${Math.round(b.left)}..${Math.round(b.right)})`);
        break;
      }
    }
    const ownText = [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
    const size = parseFloat(getComputedStyle(e).fontSize);
    if (ownText && size < floor) problems.push(`${what(e)} is ${size.toFixed(1)} px, under the floor of ${floor.toFixed(1)} px`);
  }
}
return problems;
"""

# Names cut short with an ellipsis (told, not failed: a 24-character name may not fit a column).
ELLIPSES = """
return [...document.querySelectorAll(arguments[0].join(','))]
  .filter((e) => e.checkVisibility() && getComputedStyle(e).textOverflow === 'ellipsis' && e.scrollWidth > e.clientWidth + 1)
  .map((e) => e.textContent.trim());
"""

COUNT_ALL = "return document.querySelectorAll(arguments[0]).length"
COUNT = "return [...document.querySelectorAll(arguments[0])].filter((e) => e.checkVisibility()).length"


def size(page, width, height):
    page.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})


def measure(tv, moment, selectors, counts, shots, notes):
    """At each TV size: the `counts` ({selector: lines}) shown, and nothing cut (waits out redraws and
    the lines' entrance; fails with the last problems)."""
    for name, (width, height) in TVS.items():
        size(tv, width, height)
        found = {"problems": []}

        def whole():
            problems = tv.driver.execute_script(MEASURE, selectors)
            for selector, expected in counts.items():
                shown = tv.driver.execute_script(COUNT, selector)
                if shown != expected:
                    problems.append(f"{shown} of {selector} shown, not {expected}")
            found["problems"] = problems
            return not problems
        try:
            tv.wait(f"{moment} at {width}x{height} with nothing cut", whole, timeout=15)
        except Failure:
            if shots:
                tv.driver.save_screenshot(os.path.join(shots, f"tv-crowd-{moment}-{name}-FAILED.png"))
            problems = found["problems"]
            raise Failure(f"{moment} at {width}x{height}, {len(problems)} problems:\n" + "\n".join(problems[:16]))
        cut = tv.driver.execute_script(ELLIPSES, [".name", ".predict-name"])
        if cut:
            notes.append(f"{moment} {width}x{height}: names cut short: {cut}")
        if shots:
            tv.driver.save_screenshot(os.path.join(shots, f"tv-crowd-{moment}-{name}.png"))
    size(tv, *TVS["tv"])


def crowd(partyhost, shots, people, notes):
    """`people` members (bots and a player with a long name) and a phone that watches; the room, then
    TwentyFour."""
    bots = people - 1
    host = Host(partyhost, "--dedicated", "--games", "twentyfour,fourinarow", "--bots", str(bots), "--bot-level", "easy",
                "--vote-seconds", "600", "--start-delay", "0", "--round-seconds", "90", "--predict-seconds", "120",
                # Three browsers on one address open many connections at once.
                "--max-connections-per-address", "64", "--accept-rate", "500")
    # A room of 16 says a lot in line mode: read it as it comes, or the host blocks on a full pipe.
    threading.Thread(target=lambda: host.lines.extend(host.process.stdout), daemon=True).start()
    tv, ann, cy = Browser("desktop"), Browser(), Browser()
    try:
        size(tv, *TVS["tv"])
        tv.driver.get(host.url + "tv")
        tv.wait("the TV's room", lambda: tv.visible("#menu .entry"))
        ann.join(host.url, LONG_NAME)
        cy.join(host.url, "Cy", watch=True)
        tv.wait(f"{people} members on the TV's scoreboard and \"2 watching\" (the TV and the watcher)",
                lambda: tv.driver.execute_script(COUNT_ALL, "#scoreboard > li:not(.more)") == people
                and "2 watching" in tv.driver.execute_script("return document.getElementById('players').textContent"))
        lines = min(people, 16)  # beyond 16: 15 and "and N more"
        measure(tv, f"room-{people}", ROOM, {"#scoreboard > li": lines, "#players > li:not(.watchers)": lines}, shots, notes)
        if people > 16:
            more = tv.find("#scoreboard > li.more")
            if not more or more[0].text != f"and {people - 15} more":
                raise Failure(f"the scoreboard of {people} does not end with 'and {people - 15} more': {tv.text()}")
            return
        ann.wait("the menu", lambda: ann.enabled('[data-vote="twentyfour"]'))
        ann.click('[data-vote="twentyfour"]')
        tv.wait("TwentyFour on the TV", lambda: tv.visible(".board-twentyfour"))
        tv.wait("the audience's split, open", lambda: "Predictions close" in tv.driver.execute_script(
            "return document.querySelector('#game-predict:not([hidden]) .predict-closes')?.textContent ?? ''"))
        measure(tv, f"game-{people}", GAME, {"#game-predict .predict-row": lines, "#game-predict .predict-closes": 1,
                                              "#players > li:not(.watchers)": lines}, shots, notes)
        for page in (tv, ann, cy):
            if page.errors():
                raise Failure(f"console errors: {page.errors()}")
    finally:
        for page in (tv, ann, cy):
            page.quit()
        host.stop()


def served(partyhost, shots, people, notes):
    """A party server's room of `people` bots (nobody votes, so it stays in the room) on its TV."""
    server = Server(partyhost)
    tv = Browser("desktop")
    try:
        body = json.dumps({"name": "Sofa", "bots": people, "botLevel": "easy"}).encode()
        request = urllib.request.Request(server.url + "api/rooms", data=body, headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as answer:
            code = json.load(answer)["code"]
        size(tv, *TVS["tv"])
        tv.driver.get(f"{server.url}{code}/tv")
        tv.wait(f"{people} bots on the TV's scoreboard and \"1 watching\" (the TV)",
                lambda: tv.driver.execute_script(COUNT_ALL, "#scoreboard > li:not(.more)") == people
                and "1 watching" in tv.driver.execute_script("return document.getElementById('players').textContent"))
        measure(tv, f"served-{people}", ROOM, {"#scoreboard > li": people, "#players > li:not(.watchers)": people}, shots, notes)
        if tv.errors():
            raise Failure(f"console errors: {tv.errors()}")
    finally:
        tv.quit()
        server.stop()


def scenario(partyhost, shots):
    if shots:
        os.makedirs(shots, exist_ok=True)
    notes = []
    for people in (3, 5):
        served(partyhost, shots, people, notes)
    for people in (9, 16, 17):
        crowd(partyhost, shots, people, notes)
    for note in notes:
        print(note)


if __name__ == "__main__":
    run(scenario)
