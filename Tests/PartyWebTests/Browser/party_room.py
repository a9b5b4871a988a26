"""A party room in the browser: two browser players vote for Four in a Row, play it to the end against
each other, and come back to the room with the scoreboard and the last result; a bot watches."""
from browser import Browser, Failure, Host, run


def play_until_over(pages):
    """Each page drops a disc when it may, until the room is choosing again."""
    while True:
        if all(p.visible("#room") and not p.visible(".c4-grid") for p in pages):
            return
        for page in pages:
            def drop():
                for column in [1, 2, 3, 4, 5, 6, 7]:
                    buttons = page.enabled(f'.c4-grid .column[data-column="{column}"]')
                    if buttons:
                        buttons[0].click()
                        return True
                return "none"
            if page.enabled(".c4-grid .column"):
                page.wait("a column", drop)
        pages[0].wait("a turn or the room", lambda: any(p.enabled(".c4-grid .column") for p in pages)
                      or all(p.visible("#room") and not p.visible(".c4-grid") for p in pages))


def scenario(partyhost, shots):
    host = Host(partyhost, "--dedicated", "--bots", "1", "--bot-level", "easy", "--games", "fourinarow,twentyfour,snap",
                "--vote-seconds", "120")
    ann, bob = Browser(), Browser()
    try:
        ann.join(host.url, "Ann")
        bob.join(host.url, "Bob")
        for page in (ann, bob):
            page.wait("the room's menu", lambda: len(page.visible("#menu .entry")) == 3)
        ann.shoot(shots, "room-live")
        ann.click('[data-vote="fourinarow"]')
        bob.click('[data-vote="fourinarow"]')
        for page in (ann, bob):
            page.wait("the board", lambda: page.visible(".c4-grid"))
        bob.shoot(shots, "room-game-fourinarow")
        play_until_over([ann, bob])
        for page in (ann, bob):
            page.wait("the last game's result", lambda: "Last game: Four in a Row" in page.text())
            page.wait("the scoreboard", lambda: "pts" in page.find("#scoreboard")[0].text)
        ann.shoot(shots, "room-after-game")
        for page in (ann, bob):
            welcomes = [m for m in page.received() if m.get("type") == "welcome"]
            if not welcomes or welcomes[0].get("protocol") != 2 or not welcomes[0].get("room"):
                raise Failure(f"not welcomed into a room with protocol 2: {welcomes[:1]}")
            if page.errors():
                raise Failure(f"console errors: {page.errors()}")
    finally:
        ann.quit()
        bob.quit()
        host.stop()


if __name__ == "__main__":
    run(scenario)
