"""A party room in the browser: a guest whose page goes away is shown to the others as
"Dee is reconnecting… N s" in the room, and one who goes away during Rock Paper Scissors as
"Cy is reconnecting… N s" over the game and in Cy's row; after the game the phones and /tv keep
the final view and the result (the last reveal) until "Back to the room" is tapped or the hold runs
out, instead of jumping straight back to the room."""
import re

from browser import Browser, Failure, Host, run


def scenario(partyhost, shots):
    host = Host(partyhost, "--dedicated", "--games", "rps,twentyfour", "--rounds", "1", "--reveal-seconds", "1",
                "--round-seconds", "60", "--vote-seconds", "600", "--grace", "6")
    ann, bob, cy, dee, tv = Browser(), Browser(), Browser(), Browser(), Browser("desktop")
    try:
        tv.driver.get(host.url + "tv")
        tv.resize("desktop")
        tv.wait("the TV's table", lambda: tv.visible("#players li"))
        for page, name in ((ann, "Ann"), (bob, "Bob"), (cy, "Cy"), (dee, "Dee")):
            page.join(host.url, name)
        ann.wait("Dee in the room", lambda: "Dee" in ann.find("#players")[0].text)
        # Dee's page goes away without leaving: the host holds the seat, and the room says so, counting down.
        dee.quit()
        dee = None
        away = ann.wait("Dee's held seat in the room", lambda: re.search(r"Dee is reconnecting… \d+ s", ann.find("#room-away")[0].text))
        first = int(re.search(r"(\d+) s", away.group(0)).group(1))
        ann.wait("the countdown to move", lambda: int(re.search(r"(\d+) s", ann.find("#room-away")[0].text or "99 s").group(1)) < first)
        tv.wait("Dee's held seat on the TV", lambda: "Dee is reconnecting…" in tv.find("#room-away")[0].text)
        ann.shoot(shots, "room-held-seat")
        # The grace runs out; Ann, Bob and Cy vote for Rock Paper Scissors.
        ann.wait("Dee's seat given up", lambda: ann.find("#room-away")[0].text == "")
        for page in (ann, bob, cy):
            page.click('[data-vote="rps"]')
        for page in (ann, bob, cy):
            page.wait("the shapes", lambda: page.enabled('.shape[data-shape]'))
        # Cy's page goes away during the game: over the game and in Cy's row, "reconnecting… N s".
        cy.quit()
        cy = None
        ann.wait("Cy's held seat over the game", lambda: re.search(r"Cy is reconnecting… \d+ s", ann.find("#game-away")[0].text))
        ann.wait("Cy's row", lambda: any(re.search(r"reconnecting… \d+ s", e.text) for e in ann.visible(".scores .detail.away")))
        ann.shoot(shots, "room-held-seat-in-game")
        ann.click('.shape[data-shape="rock"]')
        bob.click('.shape[data-shape="paper"]')
        # The ending stays: the game panel with the reveal and the result, the room hidden on the phones.
        for page in (ann, bob, tv):
            page.wait("the held ending", lambda: page.visible("#game-over") and "Game over" in page.visible("#game-over")[0].text)
            if not page.visible("#game .reveal"):
                raise Failure(f"the last reveal is not shown with the result:\n{page.text()}")
        for page in (ann, bob):
            if page.visible("#room"):
                raise Failure(f"the phone jumped back to the room:\n{page.text()}")
            if not page.visible("#back-button"):
                raise Failure(f"no 'Back to the room' button:\n{page.text()}")
        ann.shoot(shots, "room-held-ending")
        # A tap goes back at once; without one the phone goes back by itself.
        ann.click("#back-button")
        ann.wait("the room after the tap", lambda: ann.visible("#room") and not ann.visible("#game"))
        bob.wait("the room by itself", lambda: bob.visible("#room") and not bob.visible("#game"))
        tv.wait("the room on the TV by itself", lambda: not tv.visible("#game-over"))
        for page in (ann, bob, tv):
            if page.errors():
                raise Failure(f"console errors: {page.errors()}")
    finally:
        for page in (ann, bob, cy, dee, tv):
            if page:
                page.quit()
        host.stop()


run(scenario)
