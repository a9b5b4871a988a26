"""A party night's rough edges, on phones and the TV: names too long or blank are refused where
they are typed; a guest who joins while a team game runs sees the board drawn by the game (never
raw JSON); a phone whose window was closed past its grace and opened again comes back as the same
member ("Welcome back", one scoreboard line, no "(left)" twin); Leave mid-game asks once more; and
when the host ends the party every phone and the TV show the final standings."""
import time

from browser import Browser, Failure, Host, run


def names_on_board(page, name):
    """How often `name` appears in the latest room message's scoreboard, and whether it is present."""
    rooms = [m for m in page.received() if m.get("type") == "room"]
    lines = [line for line in (rooms[-1]["scoreboard"] if rooms else []) if line["name"] == name]
    return len(lines), all(line["present"] for line in lines)


def scenario(partyhost, shots):
    host = Host(partyhost, "--dedicated", "--games", "fourinarow,twentyfour", "--vote-seconds", "600", "--start-delay", "0",
                "--grace", "3")
    ann, bob, cy, dee = Browser(), Browser(), Browser(), Browser()
    tv = Browser("desktop")
    try:
        tv.driver.get(host.url + "tv")
        tv.wait("the TV's table", lambda: tv.visible("#players li") or tv.visible("#scoreboard"))
        # Names: the limit is said where people type, and a name too long or only spaces is refused with a sentence.
        ann.driver.get(host.url)
        ann.wait("the name prompt", lambda: ann.visible("#name-input"))
        if "Up to 24 characters" not in ann.text():
            raise Failure(f"the name field does not say its limit:\n{ann.text()}")
        field = ann.find("#name-input")[0]
        field.send_keys("A" * 30)
        ann.click("#join-button")
        ann.wait("the too-long message", lambda: "30 characters; names keep 24 at most" in ann.find("#name-hint")[0].text)
        field.clear()
        field.send_keys("   ")
        ann.click("#join-button")
        ann.wait("the blank-name message", lambda: "Type your name first" in ann.find("#name-hint")[0].text)
        if not ann.visible("#name-input"):
            raise Failure("a refused name still joined")
        ann.join(host.url, "Ann")
        bob.join(host.url, "Bob")
        cy.join(host.url, "Cy")
        for page in (ann, bob, cy):
            page.wait("the room's menu", lambda: len(page.visible("#menu .entry")) == 2)
            page.click('[data-vote="fourinarow"]')
        for page in (ann, bob, cy):
            page.wait("the board", lambda: page.visible(".c4-grid"))
        # Dee joins while the team game runs: the first thing drawn is the board, not the view's JSON.
        dee.join(host.url, "Dee")
        dee.wait("Dee's board", lambda: dee.visible(".c4-grid"))
        if '"board"' in dee.text() or '{"' in dee.text():
            raise Failure(f"the newcomer's page shows raw JSON:\n{dee.text()}")
        dee.shoot(shots, "party-night-newcomer")
        # Leave in the middle of a game asks once more; one stray tap loses nothing.
        bob.click("#leave-button")
        bob.wait("the question", lambda: "Tap again" in bob.find("#leave-button")[0].text)
        if not bob.visible(".c4-grid"):
            raise Failure("one tap on Leave left the game")
        # Dee's window closes (a new tab stays open in the same browser), past the grace, then opens the party again.
        first = dee.driver.current_window_handle
        dee.driver.switch_to.new_window("tab")
        second = dee.driver.current_window_handle
        dee.driver.switch_to.window(first)
        dee.driver.close()
        dee.driver.switch_to.window(second)
        ann.wait("Dee's seat given up", lambda: names_on_board(ann, "Dee") == (1, False))
        dee.driver.get(host.url)
        dee.wait("Dee welcomed back", lambda: "Welcome back, Dee." in dee.text())
        if dee.visible("#name-input"):
            raise Failure("the phone that came back was asked for a name")
        ann.wait("one line for Dee, present again", lambda: names_on_board(ann, "Dee") == (1, True))
        # The host ends the party: the final standings on every phone and, large, on the TV.
        time.sleep(0.5)
        host.process.terminate()
        for page in (ann, bob, cy, dee, tv):
            page.wait("the final standings", lambda: len(page.visible("#done-standings li")) == 4)
            text = page.find("#done-standings")[0].text
            for name in ("Ann", "Bob", "Cy", "Dee"):
                if name not in text:
                    raise Failure(f"{name} is not in the final standings:\n{text}")
        ann.shoot(shots, "party-night-final-standings")
        if shots:
            tv.driver.save_screenshot(f"{shots}/party-night-final-standings-tv.png")
        for page in (ann, bob, cy, dee, tv):
            errors = page.errors()
            if errors:
                raise Failure(f"console errors: {errors}")
    finally:
        for page in (ann, bob, cy, dee, tv):
            page.quit()
        host.stop()


run(scenario)
