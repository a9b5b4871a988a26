"""Two phones play Four in a Row with the TV watching when the host is killed (kill -9) and started
again with the same command: the phones and the TV say "The host is restarting… N s", then show the
same board, and the game is played to its end."""
from browser import Browser, Failure, Host, run

ARGUMENTS = ("--game", "fourinarow", "--dedicated")


def discs(page):
    """The board as the page draws it: each cell's colour, in order."""
    return page.driver.execute_script(
        "return [...document.querySelectorAll('.c4-grid .cell')].map(c => c.classList.contains('red') ? 'R'"
        " : c.classList.contains('yellow') ? 'Y' : '.').join('')")


def restarting(page):
    return page.find("#link-state") and page.find("#link-state")[0].text.startswith("The host is restarting… ")


def drop(page, column):
    """Taps `column` on `page` once it is that player's turn, and waits for the disc to land."""
    before = discs(page).count("R") + discs(page).count("Y")
    page.wait(f"column {column} to take a disc", lambda: page.enabled(f'.c4-grid .column[data-column="{column}"]'))

    def tap():
        buttons = page.enabled(f'.c4-grid .column[data-column="{column}"]')
        if buttons:
            buttons[0].click()
            return True
        return False
    page.wait(f"a tap on column {column}", tap)
    page.wait("the disc to land", lambda: discs(page).count("R") + discs(page).count("Y") > before)


def scenario(partyhost, shots):
    host = Host(partyhost, *ARGUMENTS)
    ann, bob = Browser(), Browser()
    tv = Browser("desktop")
    again = None
    try:
        ann.join(host.url, "Ann")
        bob.join(host.url, "Bob")
        tv.driver.get(host.url + "tv")
        ann.click("#ready-button")
        bob.click("#ready-button")
        for page in (ann, bob):
            page.wait("the board", lambda: page.visible(".c4-grid"))
        first, second = (ann, bob) if ann.enabled(".c4-grid .column") else (bob, ann)
        first.wait("my turn", lambda: first.enabled(".c4-grid .column"))
        drop(first, 3)
        drop(second, 4)
        drop(first, 3)
        drop(second, 4)
        board = discs(ann)
        tv.wait("the TV's board with four discs", lambda: tv.visible(".c4-grid") and discs(tv) == board)
        ann.shoot(shots, "resume-before-kill")

        host.process.kill()  # kill -9: a crash; nothing is said to anyone
        host.process.wait()
        for name, page in (("Ann's phone", ann), ("Bob's phone", bob), ("the TV", tv)):
            page.wait(f"'The host is restarting… N s' on {name}", lambda: restarting(page))
        ann.shoot(shots, "resume-restarting")
        tv.shoot(shots, "resume-restarting-tv")

        again = Host(partyhost, *ARGUMENTS, state=host.state)
        if again.port != host.port:
            raise Failure(f"the party resumed on port {again.port}, not its own {host.port}")
        said = again.process.stdout.readline()
        again.lines.append(said)
        if not said.startswith("Resumed from the journal: "):
            raise Failure(f"the restarted host did not say it resumed: {said!r}")
        for name, page in (("Ann's phone", ann), ("Bob's phone", bob), ("the TV", tv)):
            page.wait(f"the same board on {name}", lambda: not restarting(page) and page.visible(".c4-grid") and discs(page) == board)
        ann.shoot(shots, "resume-after-restart")
        tv.shoot(shots, "resume-after-restart-tv")

        drop(first, 3)
        drop(second, 4)
        drop(first, 3)  # four in column 3
        for name, page in (("Ann's phone", ann), ("Bob's phone", bob)):
            page.wait(f"the end on {name}", lambda: page.visible("#game-over") and "Game over" in page.visible("#game-over")[0].text)
        ann.shoot(shots, "resume-game-over")
        for page in (ann, bob, tv):
            # The refused attempts while the host was away are the browser's own log lines, and expected.
            errors = [e for e in page.errors() if "ERR_CONNECTION_REFUSED" not in e["message"]]
            if errors:
                raise Failure(f"console errors: {errors}")
        print(f"{said.strip()} Board before the kill {board}; after: the same on both phones and the TV; "
              f"{first.visible('#game-over')[0].text!r}")
    finally:
        ann.quit()
        bob.quit()
        tv.quit()
        if again:
            again.stop()
        host.stop()


run(scenario)
