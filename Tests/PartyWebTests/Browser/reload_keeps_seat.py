"""A page reloaded in the middle of a game gets its seat back (the token in session storage) and goes on."""
from browser import Browser, Failure, Host, run


def scenario(partyhost, shots):
    host = Host(partyhost, "--game", "fourinarow", "--dedicated", "--bots", "1", "--bot-level", "easy")
    page = Browser()
    try:
        page.join(host.url, "Rita")
        page.click("#ready-button")
        page.wait("my turn", lambda: page.find(".c4-grid .column:not([disabled])"))
        page.click('.c4-grid .column[data-column="4"]')
        page.wait("two discs (mine and the bot's)", lambda: len(page.find(".cell.red, .cell.yellow")) >= 2
                  and page.find(".c4-grid .column:not([disabled])"))
        discs = len(page.find(".cell.red, .cell.yellow"))
        page.driver.refresh()
        page.wait("the board again", lambda: len(page.find(".cell.red, .cell.yellow")) == discs)
        welcomes = [m for m in page.received() if m.get("type") == "welcome"]
        if not welcomes or welcomes[-1].get("reconnected") is not True:
            raise Failure(f"the reloaded page was not welcomed back: {welcomes[-1:] }")
        if "Rita (you)" not in page.text():
            raise Failure("the reloaded page does not show me in my seat")
        page.shoot(shots, "game-fourinarow-reloaded")
        before = discs
        page.click(".c4-grid .column:not([disabled])")
        page.wait("my move after the reload", lambda: len(page.find(".cell.red, .cell.yellow")) > before)
        if page.visible("#name-input"):
            raise Failure("the reloaded page asked for a name again")
    finally:
        page.quit()
        host.stop()


run(scenario)
