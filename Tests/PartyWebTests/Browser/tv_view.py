"""/tv: a big-screen spectator view with the join address and its QR code (drawn by the host), the
table and the running game."""
import time

from browser import Browser, Failure, Host, run


def scores(page):
    """Whether the TV shows the places over the final board."""
    return page.driver.execute_script("return document.body.classList.contains('tv-scores')")


def scenario(partyhost, shots):
    host = Host(partyhost, "--game", "fourinarow", "--dedicated", "--bots", "1", "--bot-level", "easy")
    tv = Browser("desktop")
    player = Browser()
    try:
        tv.driver.get(host.url + "tv")
        tv.resize("desktop")
        tv.wait("the join address", lambda: tv.find("#join-url")[0].text == host.url)
        tv.wait("the QR code image", lambda: tv.driver.execute_script(
            "const i = document.querySelector('img.qr'); return i.complete && i.naturalWidth > 0"))
        tv.wait("the table", lambda: tv.visible("#players li"))
        player.join(host.url, "Pia")
        player.click("#ready-button")
        tv.wait("the board on the TV", lambda: tv.visible(".c4-grid"))
        if tv.find(".c4-grid .column:not([disabled])"):
            raise Failure("the TV is offered moves")
        if "watching" not in tv.text():
            raise Failure("the TV does not say it watches")
        # The TV presenters are the TV's alone: /tv loads them, a phone's page never does.
        loaded = "return performance.getEntriesByType('resource').map((e) => e.name)"
        if not any(name.endswith("/games/fourinarow-tv.js") for name in tv.driver.execute_script(loaded)):
            raise Failure("/tv did not load Four in a Row's TV presenter")
        if not tv.find(".board-fourinarow .tv-split"):
            raise Failure("/tv draws the board with the phone's presenter, not the TV's")
        phone_tv = [name for name in player.driver.execute_script(loaded) if name.endswith("-tv.js")]
        if phone_tv:
            raise Failure(f"a phone's page loaded TV presenters: {phone_tv}")
        player.click('.c4-grid .column[data-column="4"]')
        tv.wait("the move on the TV", lambda: len(tv.find(".cell.red, .cell.yellow")) >= 1)
        if shots:
            tv.driver.save_screenshot(f"{shots}/tv-desktop.png")
        # To the end (an easy bot): the winner over the final board, then the places over it, then,
        # with no room to go back to, the final board again until a rematch.
        deadline = time.monotonic() + 120
        while not tv.visible("#game-end"):
            if time.monotonic() > deadline:
                raise Failure(f"the game did not end:\n{tv.text()}")
            open_columns = player.find(".c4-grid .column:not([disabled])")
            if open_columns:
                try:
                    open_columns[0].click()
                except Exception:
                    pass  # redrawn meanwhile
            time.sleep(0.3)
        tv.wait("the winner on the TV", lambda: tv.find("#tv-winner")[0].text.strip())
        tv.wait("the places over the board", lambda: scores(tv) and tv.visible("#tv-final li"), timeout=20)
        if shots:
            tv.driver.save_screenshot(f"{shots}/tv-places.png")
        tv.wait("the final board again", lambda: not scores(tv) and not tv.visible("#tv-final"), timeout=30)
        if not tv.visible(".c4-grid") or not tv.find("#tv-winner")[0].text.strip():
            raise Failure(f"after the places the TV shows neither the final board nor the winner:\n{tv.text()}")
        if shots:
            tv.driver.save_screenshot(f"{shots}/tv-final-board.png")
            tv.resize("phone")
            tv.driver.save_screenshot(f"{shots}/tv-phone.png")
    finally:
        tv.quit()
        player.quit()
        host.stop()


run(scenario)
