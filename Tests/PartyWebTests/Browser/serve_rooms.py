"""A party server (`partyhost serve`): a phone starts a room from the front page and lands on
/CODE as its VIP; a second phone joins by typing the code (in lower case); the TV shows /CODE/tv
with the room's QR code; the two play Four in a Row to the end. A second room started meanwhile
gets another code and sees nothing of the first; a wrong code is answered with a sentence."""
import re
import subprocess
import tempfile

from browser import Browser, Failure, run
from party_room import play_until_over


class Server:
    """partyhost serve on a free loopback port, its journal in a folder of its own."""

    def __init__(self, partyhost):
        self.state = tempfile.mkdtemp(prefix="partyhost-serve-")
        self.process = subprocess.Popen(
            [partyhost, "serve", "--port", "0", "--bind", "127.0.0.1", "--state", self.state, "--quiet"],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        first = self.process.stdout.readline()
        match = re.search(r"on port (\d+)\.", first)
        if not match:
            raise Failure(f"partyhost serve did not say its port: {first!r}")
        self.url = f"http://127.0.0.1:{match.group(1)}/"

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
        try:
            self.process.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()


def start_room(page, url, name, games):
    """Starts a room from the front page with only `games` ticked; returns its code."""
    page.driver.get(url)
    page.wait("the game list", lambda: len(page.find("#games input")) == 5)
    for box in page.find("#games input"):
        if (box.get_attribute("value") in games) != box.is_selected():
            box.click()
    field = page.find("#room-name")[0]
    field.clear()
    field.send_keys(name)
    page.click("#start-form button[type=submit]")
    page.wait("the room's page", lambda: re.fullmatch(r".*/[A-Z]{4}", page.driver.current_url))
    return page.driver.current_url.rsplit("/", 1)[1]


def join_by_code(page, url, code, name):
    page.driver.get(url)
    page.wait("the code field", lambda: page.visible("#code-input"))
    page.find("#code-input")[0].send_keys(code.lower())
    page.click("#join-form button[type=submit]")
    page.wait("the room's page", lambda: page.driver.current_url.endswith("/" + code))
    page.wait("the name prompt", lambda: page.visible("#name-input"))
    page.find("#name-input")[0].send_keys(name)
    page.click("#join-button")
    page.wait("the table", lambda: page.visible("#players li"))


def address_lines(page, code):
    """The TV's address in the corner (too long for its line at 1280 px) wraps after a "/", each
    piece on one line: the room's code is never cut in two."""
    pieces = page.driver.execute_script("""
        return [...document.getElementById("join-url").childNodes].filter((n) => n.nodeType === 3).map((n) => {
          const range = document.createRange();
          range.selectNodeContents(n);
          return [n.textContent, new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size];
        });""")
    if not pieces or pieces[-1][0] != code or any(lines != 1 for _, lines in pieces):
        raise Failure(f"the TV's address wraps inside a piece (text, lines): {pieces}")


def scenario(partyhost, shots):
    server = Server(partyhost)
    ann, bob, cy = Browser(), Browser(), Browser()
    tv = Browser("desktop")
    try:
        ann.driver.get(server.url)
        ann.wait("the front page", lambda: ann.visible("#start-form"))
        ann.shoot(shots, "serve-front")
        code = start_room(ann, server.url, "Ann's party", {"fourinarow"})
        ann.find("#name-input")[0].send_keys("Ann")
        ann.click("#join-button")
        ann.wait("the table", lambda: ann.visible("#players li"))
        welcome = [m for m in ann.received() if m.get("type") == "welcome"][0]
        if not any(p.get("host") for p in welcome.get("players", []) if p.get("name") == "Ann"):
            raise Failure(f"the room's creator is not its VIP: {welcome}")
        ann.wait("Invite in the bar", lambda: ann.visible("#invite") and code in ann.find("#invite")[0].text)

        # A wrong code is answered with a sentence, and the front page stays.
        bob.driver.get(server.url)
        bob.wait("the code field", lambda: bob.visible("#code-input"))
        wrong = "WXYZ" if code != "WXYZ" else "WXYA"
        bob.find("#code-input")[0].send_keys(wrong)
        bob.click("#join-form button[type=submit]")
        bob.wait("the wrong-code sentence", lambda: "No party has that code" in bob.find("#join-problem")[0].text)
        join_by_code(bob, server.url, code, "Bob")

        tv.driver.get(f"{server.url}{code}/tv")
        tv.wait("the TV's table", lambda: tv.visible("#players li"))
        tv.wait("the room's QR code", lambda: tv.find("img.qr")[0].get_attribute("src").endswith(f"/{code}/join.svg"))
        tv.wait("the room's link", lambda: code in tv.find("#join-url")[0].text)
        ann.shoot(shots, "serve-room-ann")
        tv.shoot(shots, "serve-room-tv")

        # Another room meanwhile: another code, nobody of the first room in it.
        other = start_room(cy, server.url, "Cy's party", {"rps"})
        if other == code:
            raise Failure("two live rooms got one code")
        cy.find("#name-input")[0].send_keys("Cy")
        cy.click("#join-button")
        cy.wait("Cy's table", lambda: cy.visible("#players li"))
        names = cy.find("#players")[0].text
        if "Ann" in names or "Bob" in names:
            raise Failure(f"the second room shows the first room's people: {names}")

        for page in (ann, bob):
            page.wait("the room's menu", lambda: page.visible('[data-vote="fourinarow"]'))
            page.click('[data-vote="fourinarow"]')
        for page in (ann, bob):
            page.wait("the board", lambda: page.visible(".c4-grid"))
        tv.wait("the TV's board", lambda: tv.visible(".c4-grid"))
        tv.wait("the address in the corner", lambda: tv.find("#join-url")[0].text.replace("\n", "").endswith(f"/{code}"))
        address_lines(tv, code)
        bob.shoot(shots, "serve-game-bob")
        play_until_over([ann, bob])
        for page in (ann, bob):
            page.wait("the last game's result", lambda: "Last game: Four in a Row" in page.text())
        tv.shoot(shots, "serve-after-game-tv")
        for page in (ann, bob, cy, tv):
            # The wrong code's 404 is the answer the page expects, not an error.
            errors = [e for e in page.errors() if "/api/rooms/" not in e["message"]]
            if errors:
                raise Failure(f"console errors: {errors}")
    finally:
        for page in (ann, bob, cy, tv):
            page.quit()
        server.stop()


if __name__ == "__main__":
    run(scenario)
