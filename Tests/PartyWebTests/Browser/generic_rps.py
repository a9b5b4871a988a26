"""The generic view: with `?plain` the page asks for plain text (hello games: []) and plays Rock Paper
Scissors to the end with the host's labelled moves as buttons, with no web code of the game's own.
Then the game's own presenter, for the screenshots."""
from browser import Browser, Failure, Host, run


def play(page, selector):
    """Clicks a move button whenever one is offered until the game is over."""
    clicks = 0
    while True:
        over = page.visible("#game-over")
        if over and "Game over" in over[0].text:
            return clicks
        def click_one():
            buttons = page.enabled(selector)
            if not buttons:
                return "gone"  # the round moved on before the click
            buttons[clicks % len(buttons)].click()  # may be redrawn meanwhile: wait() tries again
            return True

        if page.enabled(selector) and page.wait("a move button", click_one) is True:
            clicks += 1
            page.wait("the move to be taken", lambda: not page.enabled(selector) or page.visible("#game-over"))
        else:
            page.wait("a move to make or the end", lambda: page.enabled(selector)
                      or (page.visible("#game-over") and "Game over" in page.visible("#game-over")[0].text))


def scenario(partyhost, shots):
    host = Host(partyhost, "--game", "rps", "--dedicated", "--bots", "1", "--rounds", "2", "--reveal-seconds", "1")
    page = Browser()
    try:
        page.join(host.url + "?plain", "Gene")
        page.click("#ready-button")
        page.wait("the plain text and its moves", lambda: page.visible(".plain-text") and page.visible(".choice"))
        page.shoot(shots, "game-generic-rps")
        clicks = play(page, ".choice")
        if clicks < 2:
            raise Failure(f"only {clicks} moves made")
        views = [m for m in page.received() if m.get("type") == "view"]
        if any("text" not in m["view"] for m in views):
            raise Failure("a view arrived in the game's own form, not plain text")
        page.shoot(shots, "over-generic-rps")
        page.click("#rematch-button")
        page.wait("the next game", lambda: page.visible(".choice") or page.visible("#game-over") == [])
    finally:
        page.quit()
        host.stop()

    host = Host(partyhost, "--game", "rps", "--dedicated", "--bots", "1", "--rounds", "2", "--reveal-seconds", "1")
    page = Browser()
    try:
        page.join(host.url, "Roxy")
        page.click("#ready-button")
        page.wait("the shapes", lambda: page.visible(".shapes .shape"))
        # On a 360 px phone the three buttons stay inside the game's card, their words whole.
        # (Measured in one script: a view that arrives meanwhile redraws the buttons.)
        problems = page.driver.execute_script("""
            const card = document.querySelector('#game').getBoundingClientRect();
            return [...document.querySelectorAll('.shapes .shape')].flatMap((b) => {
              const r = b.getBoundingClientRect(), name = b.textContent.trim();
              return [r.left < card.left || r.right > card.right ? `${name} sticks out of the game's card` : null,
                      b.scrollWidth > b.clientWidth ? `${name} is cut in its button` : null].filter(Boolean);
            });""")
        if problems:
            raise Failure("; ".join(problems))
        page.shoot(shots, "game-rps")
        play(page, ".shapes .shape")
        page.shoot(shots, "over-rps")
    finally:
        page.quit()
        host.stop()


run(scenario)
