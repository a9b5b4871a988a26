"""The audience on phones and the TV: three people in a party room (teams off) pick Four in a Row,
so two play and one watches. The watcher's phone offers a button per seat and the TV asks who wins;
the watcher's tap is a prediction, the TV shows the split large ("100 %"), the players' phones show it
too (without buttons, and only once somebody predicted), and when the
predicted seat wins the watcher's phone says "right! +50" and the scoreboard has the 50 points."""
from browser import Browser, Failure, Host, run


def predict_text(page):
    boxes = page.visible("#game-predict")
    return boxes[0].text if boxes else ""


def scenario(partyhost, shots):
    host = Host(partyhost, "--dedicated", "--games", "fourinarow,twentyfour", "--teams", "off", "--vote-seconds", "120",
                "--start-delay", "0", "--predict-seconds", "300")
    tv = Browser("desktop")
    ann, bob, cy = Browser(), Browser(), Browser()
    phones = (ann, bob, cy)
    try:
        tv.driver.get(host.url + "tv")
        tv.resize("desktop")
        tv.wait("the TV's table", lambda: tv.visible("#players li") or tv.visible("#scoreboard"))
        ann.join(host.url, "Ann")
        bob.join(host.url, "Bob")
        cy.join(host.url, "Cy")
        for page in phones:
            page.wait("the room's menu", lambda: len(page.visible("#menu .entry")) == 2)
            page.click('[data-vote="fourinarow"]')
        for page in phones:
            page.wait("the board", lambda: page.visible(".c4-grid"))
        tv.wait("the board on the TV", lambda: tv.visible(".c4-grid"))
        # The one who watches gets a button per seat; the players see nothing until somebody predicts.
        ann.wait("a phone offering a prediction", lambda: any(page.visible("#game-predict .predict-choice") for page in phones))
        watcher = next(page for page in phones if page.visible("#game-predict .predict-choice"))
        players = [page for page in phones if page is not watcher]
        tv.wait("the question on the TV", lambda: "Who wins? Nobody has predicted yet." in predict_text(tv))
        for page in players:
            if predict_text(page):
                raise Failure(f"a player's phone shows predictions nobody made: {predict_text(page)!r}")
        if tv.find("#game-predict .predict-choice"):
            raise Failure("the TV is offered a prediction")
        players[0].wait("someone's turn", lambda: players[0].enabled(".c4-grid .column") or players[1].enabled(".c4-grid .column"))
        first = players[0] if players[0].enabled(".c4-grid .column") else players[1]
        second = players[1] if first is players[0] else players[0]
        buttons = watcher.visible("#game-predict .predict-choice")
        if len(buttons) != 2:
            raise Failure(f"the watcher has {len(buttons)} buttons, not 2")
        predicted = buttons[0].text
        watcher.shoot(shots, "room-predict-ask")
        buttons[0].click()
        watcher.wait("the watcher's own prediction", lambda: f"You said {predicted}." in predict_text(watcher))
        if watcher.visible("#game-predict .predict-choice"):
            raise Failure("the watcher may predict twice")
        tv.wait("the split on the TV", lambda: f"100 % think {predicted} wins (1 of 1)" in predict_text(tv))
        for page in players:
            page.wait("the split on a player's phone", lambda: "100 %" in predict_text(page))
            if page.visible("#game-predict .predict-choice"):
                raise Failure("a player is offered a prediction")
        # On a 1920x1080 TV the split heads the right-hand column: it takes none of the game's
        # height (the board keeps 60 % of the screen) and covers nothing of it.
        tv.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1920, "height": 1080, "deviceScaleFactor": 1, "mobile": False})
        def tv_layout():
            return tv.driver.execute_script("""
                const box = (s) => document.querySelector(s).getBoundingClientRect();
                const split = box('#game-predict'), game = box('#game'), board = box('.tv-c4');
                return {board: board.height, overlap: split.left < game.right && split.top < game.bottom,
                        inside: split.right <= innerWidth + 0.5 && split.bottom <= innerHeight + 0.5};
            """)
        layout = {}

        def laid_out():
            layout.update(tv_layout())
            return layout["board"] >= 0.6 * 1080 and not layout["overlap"] and layout["inside"]
        try:
            tv.wait("the TV laid out at 1920x1080", laid_out, timeout=15)
        except Failure:
            raise Failure(f"the split on the TV crowds the game: {layout}")
        if shots:
            tv.driver.save_screenshot(f"{shots}/room-predict-tv-desktop.png")
        tv.resize("desktop")
        first.shoot(shots, "room-predict-player")
        # Seat 0 (the first to move) drops four in column 1; seat 1 answers in column 2.
        for round in range(4):
            first.click('.c4-grid .column[data-column="1"]')
            if round < 3:
                second.click('.c4-grid .column[data-column="2"]')
        watcher.wait("the judged prediction", lambda: "right! +50" in predict_text(watcher) or "not this time" in predict_text(watcher))
        text = predict_text(watcher)
        tv.wait("the settled split on the TV", lambda: " won: " in predict_text(tv))
        if f"You said {predicted} — right! +50" not in text:
            raise Failure(f"the watcher's prediction of the winner was not right: {text!r}")
        watcher.shoot(shots, "room-predict-right")
        if shots:
            tv.driver.save_screenshot(f"{shots}/room-predict-tv-settled.png")
        for page in phones + (tv,):
            errors = page.errors()
            if errors:
                raise Failure(f"console errors: {errors}")
    finally:
        for page in phones + (tv,):
            page.quit()
        host.stop()


run(scenario)
