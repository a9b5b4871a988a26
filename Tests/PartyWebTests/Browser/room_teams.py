"""Teams on phones: three people in a party room pick Four in a Row (two seats), so Ann and Cy hold
one seat as "Team Ann & Cy" against Bob. Ann's tap is a proposal shown on Cy's phone; Cy's agreeing
tap plays it, and Bob's phone sees the disc. The team plays on to four in a row: the TV's ending names
the winner by the team, not by one of its members. Cy's name is hostile markup, shown as text.
Ann's phone is a small one (320x568): at the game's end the legend (who played which colour) stays
in sight above the ending's panel."""
import browser
from browser import Browser, Failure, Host, run

browser.SIZES["small"] = (320, 568)
CY = "<img src=x onerror=1>Cy"
TEAM = f"Team Ann & {CY}"


def team_line(page):
    lines = page.visible("#game-team")
    return lines[0].text if lines else ""


def page_has_markup(page):
    return bool(page.find("#game img, #table img"))


def scenario(partyhost, shots):
    host = Host(partyhost, "--dedicated", "--games", "fourinarow,twentyfour", "--vote-seconds", "120", "--start-delay", "0")
    ann, bob, cy, dee = Browser(), Browser(), Browser(), Browser()
    tv = Browser("desktop")
    pages = (ann, bob, cy)
    try:
        tv.driver.get(host.url + "tv")
        tv.wait("the TV's table", lambda: tv.visible("#players li") or tv.visible("#scoreboard"))
        ann.join(host.url, "Ann")
        bob.join(host.url, "Bob")
        cy.join(host.url, CY)
        ann.resize("small")
        # Dee watches from her phone and never moves: the rules shown at the game's start give way at its end.
        dee.join(host.url, "Dee", watch=True)
        for page in pages:
            page.wait("the room's menu", lambda: len(page.visible("#menu .entry")) == 2)
            page.click('[data-vote="fourinarow"]')
        for page in pages:
            page.wait("the board", lambda: page.visible(".c4-grid"))
        for page in (ann, cy):
            page.wait("the team's line", lambda: team_line(page).startswith(TEAM))
        if team_line(bob):
            raise Failure(f"Bob plays alone but shows a team line: {team_line(bob)}")
        ann.click('.c4-grid .column[data-column="4"]')
        cy.wait("Ann's proposal on Cy's phone", lambda: "proposals: Drop in column 4 (Ann)" in team_line(cy))
        cy.shoot(shots, "room-teams-proposal")
        cy.click('.c4-grid .column[data-column="4"]')
        bob.wait("the disc on Bob's phone, and Bob's turn", lambda: bob.enabled(".c4-grid .column"))
        bob.shoot(shots, "room-teams-played")
        # Bob answers in column 2; the team (both agreeing) drops in column 4 until it has four.
        for _ in range(3):
            bob.click('.c4-grid .column[data-column="2"]')
            ann.wait("the team's turn", lambda: ann.enabled(".c4-grid .column"))
            ann.click('.c4-grid .column[data-column="4"]')
            cy.wait("Ann's proposal", lambda: "(Ann)" in team_line(cy))
            cy.click('.c4-grid .column[data-column="4"]')
            bob.wait("Bob's turn or the end", lambda: bob.enabled(".c4-grid .column") or bob.visible("#game-end"))
        tv.wait("the winner on the TV", lambda: tv.visible("#tv-winner") and tv.find("#tv-winner")[0].text.strip())
        winner = tv.find("#tv-winner")[0].text.strip()
        if winner != f"{TEAM} wins!":
            raise Failure(f"the TV's ending names the winner {winner!r}, not the team")
        if shots:
            tv.driver.save_screenshot(f"{shots}/room-teams-tv-ending.png")
        dee.wait("the ending on the watcher's phone", lambda: dee.visible("#game-end"))
        if dee.visible("#how-to"):
            raise Failure(f"the rules still cover the watcher's final board:\n{dee.text()}")
        # The small phone's ending: both legend lines (the team's and Bob's) above the ending's panel.
        ann.wait("the ending on the small phone", lambda: ann.visible("#game-end"))
        ann.driver.execute_script("window.scrollTo(0, 0)")
        end_top = ann.driver.execute_script("return document.getElementById('game-end').getBoundingClientRect().top")
        rows = ann.driver.execute_script(
            "return [...document.querySelectorAll('.legend .who')].map((e) => [e.textContent, e.getBoundingClientRect().bottom])")
        if len(rows) != 2 or any(bottom > end_top + 1 for _, bottom in rows):
            if shots:
                ann.driver.save_screenshot(f"{shots}/room-teams-small-ending.png")
            raise Failure(f"at 320x568 the legend is under the ending's panel (top {end_top}): {rows}")
        if page_has_markup(ann):
            raise Failure("a name became HTML")
        for page in pages:
            errors = page.errors()
            if errors:
                raise Failure(f"console errors: {errors}")
    finally:
        for page in pages + (tv, dee):
            page.quit()
        host.stop()


run(scenario)
