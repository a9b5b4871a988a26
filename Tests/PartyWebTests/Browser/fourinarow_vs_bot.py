"""A browser player plays Four in a Row against a bot to the end, by tapping columns."""
from browser import Browser, Failure, Host, run


def scenario(partyhost, shots):
    host = Host(partyhost, "--game", "fourinarow", "--dedicated", "--bots", "1", "--bot-level", "easy")
    page = Browser()
    try:
        page.join(host.url, "Wendy")
        page.shoot(shots, "lobby-fourinarow")
        page.click("#ready-button")
        page.wait("the board", lambda: page.visible(".c4-grid"))
        page.shoot(shots, "game-fourinarow")
        moves = 0
        while True:
            over = page.visible("#game-over")
            if over and "Game over" in over[0].text:
                break
            if page.find(".c4-grid .column:not([disabled])"):
                before = page.find(".cell.red, .cell.yellow").__len__()
                # The first column that still takes a disc, from the middle out (the board is redrawn
                # with every view, so the click is retried on a fresh element if need be).
                def drop():
                    for column in [4, 3, 5, 2, 6, 1, 7]:
                        buttons = page.enabled(f'.c4-grid .column[data-column="{column}"]')
                        if buttons:
                            buttons[0].click()
                            return True
                    return "none"
                if page.wait("a column to take my disc", drop) is True:
                    moves += 1
                page.wait("the disc to land", lambda: len(page.find(".cell.red, .cell.yellow")) > before
                          or page.visible("#game-over"))
            page.wait("my turn or the end", lambda: page.find(".c4-grid .column:not([disabled])")
                      or (page.visible("#game-over") and "Game over" in page.visible("#game-over")[0].text))
        page.shoot(shots, "over-fourinarow")
        summary = page.visible("#game-over")[0].text
        # The bot sits first and moves first, so it can win on its fourth disc, after three of
        # mine (it stacks a column while I stack mine): three is the fewest a whole game takes.
        if moves < 3:
            raise Failure(f"the game ended after only {moves} moves of mine: {summary}")
        views = [m for m in page.received() if m.get("type") == "view"]
        if not views or "board" not in views[-1]["view"]:
            raise Failure("the page did not get Four in a Row's own views (hello.games)")
        if page.errors():
            raise Failure(f"console errors: {page.errors()}")
        print(f"played {moves} moves: {summary}")
    finally:
        page.quit()
        host.stop()


run(scenario)
