"""A fleet of two `partyhost serve` nodes on a private PostgreSQL: a room of Four in a Row started on
node A, two phones (390x844) and the TV (/CODE/tv at 1920x1080) on A's pages; a few moves, then
A is killed (kill -9). Within the lease + 5 s every page is back on the board (the same discs, the
same turn) through node B, staying at A's address with its token, and the game is played to its end.
"""
import glob
import json
import os
import re
import shutil
import subprocess
import tempfile
import time

from browser import Browser, Failure, run
from party_room import play_until_over
from serve_rooms import start_room

LEASE_SECONDS = 5


class PrivatePostgres:
    """initdb in a temporary folder, the server on a Unix socket there only (no TCP), run as the
    `postgres` user when we are root (PostgreSQL refuses to run as root)."""

    def __init__(self):
        found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
        if not found:
            raise Failure("PostgreSQL is not installed (apt-get install postgresql)")
        self.bin = os.path.dirname(found[-1])
        self.directory = tempfile.mkdtemp(prefix="pgfleet-", dir="/tmp")  # a socket path stays short
        self.as_postgres = ["runuser", "-u", "postgres", "--"] if os.getuid() == 0 else []
        if os.getuid() == 0:
            shutil.chown(self.directory, "postgres", "postgres")
        self.run("initdb", "-D", f"{self.directory}/data", "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync")
        self.run("pg_ctl", "-D", f"{self.directory}/data", "-l", f"{self.directory}/server.log", "-w", "-t", "60",
                 "-o", f"-c listen_addresses='' -k {self.directory}", "start")
        self.run("psql", "-h", self.directory, "-U", "postgres", "-q", "-c", "CREATE DATABASE party")
        self.url = f"postgres://postgres@/party?host={self.directory}"

    def run(self, tool, *arguments):
        done = subprocess.run([*self.as_postgres, f"{self.bin}/{tool}", *arguments], capture_output=True, text=True)
        if done.returncode != 0:
            raise Failure(f"{tool} failed: {done.stdout}{done.stderr}")

    def stop(self):
        if os.path.exists(f"{self.directory}/data/postmaster.pid"):
            subprocess.run([*self.as_postgres, f"{self.bin}/pg_ctl", "-D", f"{self.directory}/data", "-m", "immediate", "-w", "stop"],
                           capture_output=True)
        shutil.rmtree(self.directory, ignore_errors=True)


class Node:
    """`partyhost serve` as node `name` of the fleet, on a free loopback port; its output in a file."""

    def __init__(self, partyhost, name, database):
        self.name = name
        self.log = tempfile.NamedTemporaryFile(prefix=f"fleet-node-{name}-", suffix=".log", delete=False)
        self.process = subprocess.Popen(
            [partyhost, "serve", "--database", database, "--node-name", name, "--bind", "127.0.0.1", "--port", "0",
             "--lease-seconds", str(LEASE_SECONDS), "--quiet"],
            stdin=subprocess.DEVNULL, stdout=self.log, stderr=subprocess.STDOUT)
        end = time.monotonic() + 60
        while time.monotonic() < end:
            match = re.search(r"on port (\d+)\.", self.output)
            if match:
                self.port = int(match.group(1))
                self.url = f"http://127.0.0.1:{self.port}/"
                return
            if self.process.poll() is not None:
                break
            time.sleep(0.1)
        raise Failure(f"node {name} did not say its port:\n{self.output}")

    @property
    def output(self):
        with open(self.log.name) as file:
            return file.read()

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
        os.unlink(self.log.name)


def sized(page, width, height, mobile):
    page.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})


def shot(page, shots, name):
    """A screenshot at the page's own size (390x844 phones, the 1920x1080 TV)."""
    if shots:
        os.makedirs(shots, exist_ok=True)
        page.driver.save_screenshot(os.path.join(shots, f"{name}.png"))


def discs(page):
    """The board as the page draws it: each cell's colour, in order."""
    return page.driver.execute_script(
        "return [...document.querySelectorAll('.c4-grid .cell')].map(c => c.classList.contains('red') ? 'R'"
        " : c.classList.contains('yellow') ? 'Y' : '.').join('')")


def drop(page, column):
    """Taps `column` on `page` once it is that player's turn, and waits for the disc to land."""
    before = sum(discs(page).count(c) for c in "RY")
    page.wait(f"column {column} to take a disc", lambda: page.enabled(f'.c4-grid .column[data-column="{column}"]'))
    page.click(f'.c4-grid .column[data-column="{column}"]')
    page.wait("the disc to land", lambda: sum(discs(page).count(c) for c in "RY") > before)


def sockets(page):
    """The WebSocket URLs the page opened so far, in order (from Chromium's performance log)."""
    opened = page.__dict__.setdefault("_sockets", [])
    for entry in page.driver.get_log("performance"):
        event = json.loads(entry["message"])["message"]
        if event.get("method") == "Network.webSocketCreated":
            opened.append(event["params"]["url"])
    return opened


def scenario(partyhost, shots):
    postgres = PrivatePostgres()
    nodes, pages = [], []
    try:
        a = Node(partyhost, "a", postgres.url)
        nodes.append(a)
        b = Node(partyhost, "b", postgres.url)
        nodes.append(b)
        ann, bob, cy = Browser(), Browser(), Browser()
        tv = Browser("desktop")
        pages.extend([ann, bob, cy, tv])
        for page in (ann, bob, cy):
            sized(page, 390, 844, True)
        sized(tv, 1920, 1080, False)

        code = start_room(ann, a.url, "Ann's party", {"fourinarow"})
        ann.find("#name-input")[0].send_keys("Ann")
        ann.click("#join-button")
        ann.wait("the table", lambda: ann.visible("#players li"))
        # Ann and the TV on node A, where the room is; Bob and Cy on node B, which carries their
        # pages and WebSockets to node A.
        bob.join(f"{b.url}{code}", "Bob")
        tv.driver.get(f"{a.url}{code}/tv")
        tv.wait("the TV's table", lambda: tv.visible("#players li"))
        # Both nodes know each other before the kill (their pages will need B's origin).
        ann.wait("node B in A's fleet", lambda: f"127.0.0.1:{b.port}" in ann.driver.execute_script(
            "return fetch('/api/fleet').then(r => r.text())"))

        players = [ann, bob]
        for page in players:
            page.wait("the room's menu", lambda: page.visible('[data-vote="fourinarow"]'))
            page.click('[data-vote="fourinarow"]')
        for page in (ann, bob, tv):
            page.wait("the board", lambda: page.visible(".c4-grid"))
        first = ann if ann.enabled(".c4-grid .column") else bob
        first.wait("a turn", lambda: first.enabled(".c4-grid .column"))
        second = bob if first is ann else ann
        drop(first, 3)
        drop(second, 4)
        drop(first, 3)
        drop(second, 5)
        board = discs(ann)
        tv.wait("the TV's board with four discs", lambda: discs(tv) == board)
        # Cy comes in mid-game through node B, and watches.
        cy.join(f"{b.url}{code}", "Cy", watch=True)
        cy.wait("Cy's board with four discs", lambda: cy.visible(".c4-grid") and discs(cy) == board)
        shot(ann, shots, "fleet-before-kill-phone")
        shot(tv, shots, "fleet-before-kill-tv")

        a.process.kill()  # kill -9: the node's machine is gone; nothing is said to anyone
        a.process.wait()
        killed = time.monotonic()
        for name, page in (("Ann's phone", ann), ("Bob's phone", bob), ("Cy's phone", cy), ("the TV", tv)):
            page.wait(f"the same board on {name} through node B", lambda: page.visible(".c4-grid") and discs(page) == board
                      and "offline" not in page.driver.execute_script("return document.body.className"),
                      timeout=LEASE_SECONDS + 30)
        took = time.monotonic() - killed
        if took > LEASE_SECONDS + 5:
            raise Failure(f"the pages were back after {took:.1f} s, more than the lease + 5 s")
        for name, page, node in (("Ann's phone", ann, a), ("Bob's phone", bob, b), ("Cy's phone", cy, b), ("the TV", tv, a)):
            if not page.driver.current_url.startswith(node.url):
                raise Failure(f"{name} left its address: {page.driver.current_url}")
            if not sockets(page) or f"127.0.0.1:{b.port}/{code}/ws" not in sockets(page)[-1]:
                raise Failure(f"{name}'s WebSocket is not at node B: {sockets(page)[-3:]}")
        # The TV invites newcomers to the node that serves the room now: its QR code and address.
        tv.wait("the TV's QR code from node B", lambda: tv.driver.execute_script(
            "const q = document.querySelector('img.qr'); return q.complete && q.naturalWidth > 0 ? q.src : ''")
            == f"{b.url}{code}/join.svg")
        shown = tv.driver.execute_script("return document.getElementById('join-url').textContent")
        if f"127.0.0.1:{b.port}/{code}" not in shown:
            raise Failure(f"the TV still shows the dead node's address: {shown!r}")
        # Whose turn it is came back too: the same player may drop the next disc.
        first.wait("the same player's turn after the failover", lambda: first.enabled(".c4-grid .column"))
        if second.enabled(".c4-grid .column"):
            raise Failure("after the failover both phones may move")
        shot(ann, shots, "fleet-after-failover-phone")
        shot(bob, shots, "fleet-after-failover-phone-bob")
        shot(cy, shots, "fleet-after-failover-phone-cy")
        shot(tv, shots, "fleet-after-failover-tv")

        play_until_over(players)
        for page in players:
            page.wait("the last game's result", lambda: "Last game: Four in a Row" in page.text())
        tv.wait("the TV's room after the game", lambda: not tv.visible(".c4-grid"))
        shot(ann, shots, "fleet-end-phone")
        shot(tv, shots, "fleet-end-tv")
        for page in pages:
            # The refused attempts at the dead node are the browser's own log lines, and expected;
            # so is node B's 503 while its directory still names the dead node (before its claim).
            errors = [e for e in page.errors() if "ERR_CONNECTION_REFUSED" not in e["message"]
                      and f"127.0.0.1:{a.port}" not in e["message"]
                      and not (f"127.0.0.1:{b.port}/{code}/ws" in e["message"] and "Unexpected response code: 503" in e["message"])]
            if errors:
                raise Failure(f"console errors: {errors}")
        print(f"room {code}: board {board} before the kill; every page back on it through node B after {took:.1f} s "
              f"(lease {LEASE_SECONDS} s); played to the end")
    except Failure as failure:
        logs = "\n".join(f"--- node {node.name}:\n{node.output[-3000:]}" for node in nodes)
        for index, page in enumerate(pages):
            try:
                said = [e["message"][-200:] for e in page.driver.get_log("browser")][-8:]
                logs += f"\n--- page {index}: sockets {sockets(page)[-4:]}\n" + "\n".join(said)
            except Exception as error:  # a page that is gone says nothing more
                logs += f"\n--- page {index}: {error}"

        raise Failure(f"{failure}\n{logs}")
    finally:
        for page in pages:
            page.quit()
        for node in nodes:
            node.stop()
        postgres.stop()


if __name__ == "__main__":
    run(scenario)
