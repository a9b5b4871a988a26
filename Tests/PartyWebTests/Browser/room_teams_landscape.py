"""A team game on phones turned on their side (844x390): the team's proposals and the prediction
split (a watcher predicted, so the players' phones show it) sit above the board, and the whole
board stays on the screen; a player's split keeps its title alone there (players do not predict)."""
import time

from browser import Browser, Failure, Host, run


def scenario(partyhost, shots):
    host = Host(partyhost, "--name", "Host", "--dedicated", "--games", "fourinarow", "--vote-seconds", "120", "--start-delay", "0")
    pages = []
    try:
        ann, bob, cy, eve = Browser(), Browser(), Browser(), Browser()
        pages = [ann, bob, cy, eve]
        players = [ann, bob, cy]
        for page, name in zip(players, ["Ann", "Bob", "Cy"]):
            page.join(host.url, name)
        eve.join(host.url, "Eve", watch=True)
        for page in players:
            page.wait("the vote", lambda: page.enabled('[data-vote="fourinarow"]'))
            page.click('[data-vote="fourinarow"]')
        for page in players:
            page.wait("the board", lambda: page.visible(".c4-grid"))
        eve.wait("the prediction", lambda: eve.enabled(".predict-choice"))
        eve.click(".predict-choice")
        # A member of the team whose turn it is proposes: the team's line shows the proposal.
        proposer = ann.wait("a phone whose turn it is", lambda: next((p for p in players if p.enabled(".c4-grid .column")), None))
        proposer.click(".c4-grid .column[data-column='3'], .c4-grid .column")
        for page in players:
            page.wait("the split on a player's phone", lambda: page.visible("#game-predict"))
            page.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                        {"width": 844, "height": 390, "deviceScaleFactor": 1, "mobile": True})
        time.sleep(0.5)
        teamed = 0
        for index, page in enumerate(players):
            if shots:
                page.driver.save_screenshot(f"{shots}/room-teams-landscape-{index}.png")
            if page.driver.execute_script("return document.getElementById('game-team').textContent"):
                teamed += 1
            bottom = page.driver.execute_script(
                "return Math.max(...[...document.querySelectorAll('.c4-grid')].map((e) => e.getBoundingClientRect().bottom + window.scrollY))")
            if bottom > 390 + 0.5:
                raise Failure(f"at 844x390 the board ends at {bottom} px, below the screen:\n{page.text()}")
            if page.visible("#game-predict .predict-split"):
                raise Failure(f"at 844x390 a player's phone shows the split's bars, not its title alone:\n{page.text()}")
        if teamed < 2:
            raise Failure("no team line above the board on the team's phones")
        for page in pages:
            errors = page.errors()
            if errors:
                raise Failure(f"console errors: {errors}")
    finally:
        for page in pages:
            page.quit()
        host.stop()


run(scenario)
