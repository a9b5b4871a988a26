"""Two teams of three: six phones in a party room, and Four in a Row and SunTouch seat two. The room
forms two balanced teams of three; each phone shows its team's line, a team's move in Four in a Row
is played when two of its three agree, and SunTouch's strikes count from any member at once. Both
games are played to their end by the phones alone; the TV names the winning team, and the ended
board's legend on a phone still names both teams."""
import random
import time

from selenium.common.exceptions import WebDriverException

from browser import Browser, Failure, Host, run

NAMES = ["Ann", "Bob", "Cy", "Dan", "Eve", "Fay"]


def team_line(page):
    lines = page.visible("#game-team")
    return lines[0].text if lines else ""


def over(page):
    shown = page.visible("#game-over")
    return bool(shown) and "Game over" in shown[0].text


def vote(pages, game):
    for page in pages:
        page.wait("the room's menu", lambda: page.enabled(f'[data-vote="{game}"]'))
        page.click(f'[data-vote="{game}"]')


def teams_of(pages):
    """Each page's team name ("Team Ann & Cy & Eve"), once every phone shows its team's line."""
    for page in pages:
        page.wait("the team's line", lambda: team_line(page).startswith("Team "))
    names = {page: team_line(page).split(" — ")[0] for page in pages}
    counts = {}
    for name in names.values():
        counts[name] = counts.get(name, 0) + 1
    if sorted(counts.values()) != [3, 3]:
        raise Failure(f"not two teams of three: {counts}")
    return names


def play_four_in_a_row(pages, teams, shots):
    """The first team to move drops in column 4, the other in column 1, two members agreeing each time."""
    columns = {}
    deadline = time.monotonic() + 240
    while not over(pages[0]):
        if time.monotonic() > deadline:
            raise Failure(f"Four in a Row did not end:\n{pages[0].text()}")
        movers = [page for page in pages if page.enabled(".c4-grid .column")]
        if not movers:
            time.sleep(0.2)
            continue
        team = teams[movers[0]]
        column = columns.setdefault(team, 4 if not columns else 1)
        members = [page for page in pages if teams[page] == team]
        first, second = members[0], members[1]
        discs = len(first.find(".cell.red, .cell.yellow"))
        first.click(f'.c4-grid .column[data-column="{column}"]')
        second.wait("the teammate's proposal", lambda: "proposals:" in team_line(second) or over(second)
                    or len(second.find(".cell.red, .cell.yellow")) > discs)
        if shots and discs == 0:
            second.shoot(shots, "room-teams-six-proposal")
        if second.enabled(".c4-grid .column") and len(second.find(".cell.red, .cell.yellow")) == discs:
            second.click(f'.c4-grid .column[data-column="{column}"]')
        first.wait("the team's move played", lambda: len(first.find(".cell.red, .cell.yellow")) > discs or over(first))
    return columns


def strike(page, rng):
    """A toss where one is offered, else a strike at a random spot of the field."""
    toss = page.enabled("button.toss")
    if toss:
        try:
            toss[0].click()
        except WebDriverException:
            pass  # redrawn (or hidden: a teammate tossed) between the lookup and the click
    elif page.visible("canvas.field"):
        page.driver.execute_script("""
            const c = document.querySelector('canvas.field'), r = c.getBoundingClientRect();
            c.dispatchEvent(new PointerEvent('pointerdown', {clientX: r.left + r.width * arguments[0],
                clientY: r.top + r.height * arguments[1], bubbles: true}));
        """, rng.random(), rng.random())


def winner_on_tv(tv):
    tv.wait("the winner on the TV", lambda: tv.visible("#tv-winner") and tv.find("#tv-winner")[0].text.strip())
    return tv.find("#tv-winner")[0].text.strip()


def scenario(partyhost, shots):
    host = Host(partyhost, "--dedicated", "--games", "fourinarow,suntouch", "--vote-seconds", "120", "--start-delay", "0",
                "--suns", "3", "--time-limit", "40")
    pages = [Browser() for _ in NAMES]
    tv = Browser("desktop")
    rng = random.Random(28)
    try:
        tv.driver.get(host.url + "tv")
        tv.wait("the TV's room", lambda: tv.visible("#menu .entry"))
        for page, name in zip(pages, NAMES):
            page.join(host.url, name)

        # Four in a Row: two teams of three, to four in a row.
        vote(pages, "fourinarow")
        teams = teams_of(pages)
        play_four_in_a_row(pages, teams, shots)
        winner = winner_on_tv(tv)
        if winner not in {f"{team} wins!" for team in teams.values()}:
            raise Failure(f"the TV's ending says {winner!r}, not one of the teams {set(teams.values())}")
        if shots:
            tv.driver.save_screenshot(f"{shots}/room-teams-six-fourinarow-tv.png")
        legend = pages[0].visible(".board-fourinarow .legend")
        if not legend or any(team not in legend[0].text for team in set(teams.values())):
            raise Failure(f"the ended board's legend does not name both teams: {legend[0].text if legend else '(none)'}")
        pages[0].shoot(shots, "room-teams-six-fourinarow-ending")

        # Back in the room: SunTouch, teams again, strikes from every phone until the game ends.
        for page in pages:
            page.wait("the room again", lambda: page.enabled('[data-vote="suntouch"]'), timeout=60)
        vote(pages, "suntouch")
        teams = teams_of(pages)
        # At 1280x720, under the prediction split that opens with the game, the TV's players column
        # shows both teams whole (one line each), not two names and half a third.
        tv.wait("the two teams in the TV's players column under the split",
                lambda: len(tv.visible("#players li.team-line")) == 2 and tv.visible("#game-predict"))
        clipped = tv.driver.execute_script("""
            const box = document.getElementById('table').getBoundingClientRect();
            return [...document.querySelectorAll('#players li')]
                .filter((li) => li.getBoundingClientRect().bottom > box.bottom + 1).map((li) => li.textContent);""")
        if clipped:
            raise Failure(f"the TV's players column cuts {clipped}:\n{tv.text()}")
        deadline = time.monotonic() + 300
        shot = False
        while not over(pages[0]):
            if time.monotonic() > deadline:
                raise Failure(f"SunTouch did not end:\n{pages[0].text()}")
            for page in pages:
                strike(page, rng)
            if shots and not shot and pages[0].visible("canvas.field"):
                tv.driver.save_screenshot(f"{shots}/room-teams-six-suntouch-tv.png")
                pages[0].shoot(shots, "room-teams-six-suntouch")
                shot = True
            time.sleep(0.4)
        winner = winner_on_tv(tv)
        if winner not in {f"{team} wins!" for team in teams.values()} | {"A draw!"}:
            raise Failure(f"SunTouch's ending on the TV says {winner!r}, not one of the teams {set(teams.values())}")
        for page in pages + [tv]:
            errors = page.errors()
            if errors:
                raise Failure(f"console errors: {errors}")
    finally:
        for page in pages + [tv]:
            page.quit()
        host.stop()


if __name__ == "__main__":
    run(scenario)
