"""Teams on phones: three people in a party room pick Four in a Row (two seats), so Ann and Cy hold
one seat as "Team Ann & Cy" against Bob. Ann's tap is a proposal shown on Cy's phone; Cy's agreeing
tap plays it, and Bob's phone sees the disc."""
from browser import Browser, Failure, Host, run


def team_line(page):
    lines = page.visible("#game-team")
    return lines[0].text if lines else ""


def scenario(partyhost, shots):
    host = Host(partyhost, "--dedicated", "--games", "fourinarow,twentyfour", "--vote-seconds", "5", "--start-delay", "0")
    ann, bob, cy = Browser(), Browser(), Browser()
    pages = (ann, bob, cy)
    try:
        ann.join(host.url, "Ann")
        bob.join(host.url, "Bob")
        cy.join(host.url, "Cy")
        for page in pages:
            page.wait("the room's menu", lambda: len(page.visible("#menu .entry")) == 2)
            page.click('[data-vote="fourinarow"]')
        for page in pages:
            page.wait("the board", lambda: page.visible(".c4-grid"))
        for page in (ann, cy):
            page.wait("the team's line", lambda: team_line(page).startswith("Team Ann & Cy"))
        if team_line(bob):
            raise Failure(f"Bob plays alone but shows a team line: {team_line(bob)}")
        ann.click('.c4-grid .column[data-column="4"]')
        cy.wait("Ann's proposal on Cy's phone", lambda: "proposals: Drop in column 4 (Ann)" in team_line(cy))
        cy.shoot(shots, "room-teams-proposal")
        cy.click('.c4-grid .column[data-column="4"]')
        bob.wait("the disc on Bob's phone, and Bob's turn", lambda: bob.enabled(".c4-grid .column"))
        bob.shoot(shots, "room-teams-played")
        for page in pages:
            errors = page.errors()
            if errors:
                raise Failure(f"console errors: {errors}")
    finally:
        for page in pages:
            page.quit()
        host.stop()


run(scenario)
