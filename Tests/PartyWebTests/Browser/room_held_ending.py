"""A party room in the browser: a guest whose page goes away is shown to the others as
"Cy is reconnecting… N s" in the room; after a game of Rock Paper Scissors the phones and /tv keep
the final view and the result (the last reveal) until "Back to the room" is tapped or the hold runs
out, instead of jumping straight back to the room."""
import re

from browser import Browser, Failure, Host, run


def scenario(partyhost, shots):
    host = Host(partyhost, "--dedicated", "--games", "rps,twentyfour", "--rounds", "1", "--reveal-seconds", "1",
                "--round-seconds", "60", "--vote-seconds", "600", "--grace", "6")
    ann, bob, cy, tv = Browser(), Browser(), Browser(), Browser("desktop")
    try:
        tv.driver.get(host.url + "tv")
        tv.resize("desktop")
        tv.wait("the TV's table", lambda: tv.visible("#players li"))
        ann.join(host.url, "Ann")
        bob.join(host.url, "Bob")
        cy.join(host.url, "Cy")
        ann.wait("Cy in the room", lambda: "Cy" in ann.find("#players")[0].text)
        # Cy's page goes away without leaving: the host holds the seat, and the room says so, counting down.
        cy.quit()
        cy = None
        away = ann.wait("Cy's held seat in the room", lambda: re.search(r"Cy is reconnecting… \d+ s", ann.find("#room-away")[0].text))
        first = int(re.search(r"(\d+) s", away.group(0)).group(1))
        ann.wait("the countdown to move", lambda: int(re.search(r"(\d+) s", ann.find("#room-away")[0].text or "99 s").group(1)) < first)
        tv.wait("Cy's held seat on the TV", lambda: "Cy is reconnecting…" in tv.find("#room-away")[0].text)
        ann.shoot(shots, "room-held-seat")
        # The grace runs out; Ann and Bob vote for Rock Paper Scissors and play its one round.
        ann.wait("Cy's seat given up", lambda: ann.find("#room-away")[0].text == "")
        for page in (ann, bob):
            page.click('[data-vote="rps"]')
        for page in (ann, bob):
            page.wait("the shapes", lambda: page.enabled('.shape[data-shape]'))
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
        for page in (ann, bob, cy, tv):
            if page:
                page.quit()
        host.stop()


run(scenario)
