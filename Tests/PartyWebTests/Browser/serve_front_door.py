"""A party server behind a real TLS front door, as docs/DEPLOY.md runs it: Debian's nginx (its own
configuration, certificates and logs in a temporary folder) terminates TLS with a test certificate
authority that Chromium is told to trust, and passes everything on to `partyhost serve
--trusted-proxy 127.0.0.1 --public-url https://127.0.0.1:PORT`. A phone starts a room with teams
on the front page; three more phones join by its code and a TV opens /CODE/tv, all over HTTPS; a
terminal guest joins the same room with `partyclient https://127.0.0.1:PORT/code --ca-file`. The
phones are a secure context: the screen stays awake during the game, Invite copies the room's
link. Two teams (3 and 2) play Four in a Row to its end, the terminal's proposals counting in its
team; nginx's log shows every page, the room's start and the WebSockets going through it."""
import base64
import hashlib
import os
import random
import re
import shutil
import socket
import subprocess
import tempfile
import threading
import time

from browser import Browser, Failure, run
from room_teams_six import over, team_line

PHONES = ["Ann", "Bob", "Cy", "Di"]
TERMINAL = "Eve"


def free_port():
    """A port below the kernel's ephemeral range (where no outgoing connection takes it), free now."""
    try:
        low = int(open("/proc/sys/net/ipv4/ip_local_port_range").read().split()[0])
    except (OSError, ValueError):
        low = 32768
    rng = random.Random()
    for _ in range(200):
        port = rng.randrange(10000, low)
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
                return port
            except OSError:
                continue
    raise Failure("no free port")


def openssl(*arguments, data=None):
    result = subprocess.run(["openssl", *arguments], input=data, capture_output=True)
    if result.returncode != 0:
        raise Failure(f"openssl {' '.join(arguments)} failed: {result.stderr.decode()}")
    return result.stdout


class Authority:
    """A certificate authority made for this run and a certificate it signed for 127.0.0.1."""

    def __init__(self, folder):
        self.ca = os.path.join(folder, "ca.pem")
        self.certificate = os.path.join(folder, "server.pem")
        self.key = os.path.join(folder, "server.key")
        extensions = os.path.join(folder, "server.ext")
        with open(extensions, "w") as file:
            file.write("basicConstraints = CA:FALSE\nkeyUsage = critical, digitalSignature, keyEncipherment\n"
                       "extendedKeyUsage = serverAuth\nsubjectAltName = DNS:localhost, IP:127.0.0.1\n")
        key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        openssl("req", "-x509", *key, "-keyout", os.path.join(folder, "ca.key"), "-out", self.ca, "-days", "2",
                "-subj", "/CN=partyhost test CA", "-addext", "basicConstraints=critical,CA:TRUE",
                "-addext", "keyUsage=critical,keyCertSign,cRLSign")
        openssl("req", *key, "-keyout", self.key, "-out", os.path.join(folder, "server.csr"), "-subj", "/CN=localhost")
        openssl("x509", "-req", "-in", os.path.join(folder, "server.csr"), "-CA", self.ca,
                "-CAkey", os.path.join(folder, "ca.key"), "-CAcreateserial", "-out", self.certificate,
                "-days", "2", "-extfile", extensions)

    def chromium_switch(self):
        """Chromium trusts certificates whose public key is the CA's or the server's (base64 SHA-256 of the SPKI)."""
        hashes = []
        for pem in (self.ca, self.certificate):
            spki = openssl("pkey", "-pubin", "-outform", "der", data=openssl("x509", "-in", pem, "-pubkey", "-noout"))
            hashes.append(base64.b64encode(hashlib.sha256(spki).digest()).decode())
        return "--ignore-certificate-errors-spki-list=" + ",".join(hashes)


class FrontDoor:
    """nginx on 127.0.0.1:`port` terminating TLS, passing WebSockets and the real client's address on."""

    def __init__(self, folder, port, server_port, authority):
        self.folder, self.port = folder, port
        os.makedirs(os.path.join(folder, "logs"), exist_ok=True)
        with open(os.path.join(folder, "nginx.conf"), "w") as file:
            file.write(f"""daemon off;
master_process off;
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/logs/error.log info;
events {{ worker_connections 512; }}
http {{
    access_log {folder}/logs/access.log;
    client_body_temp_path {folder}/client_body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    map $http_upgrade $connection_upgrade {{ default upgrade; '' close; }}
    server {{
        listen 127.0.0.1:{port} ssl;
        server_name localhost;
        ssl_certificate {authority.certificate};
        ssl_certificate_key {authority.key};
        location / {{
            proxy_pass http://127.0.0.1:{server_port};
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_read_timeout 1h;
            proxy_send_timeout 1h;
        }}
    }}
}}
""")
        self.process = subprocess.Popen(
            ["/usr/sbin/nginx", "-c", os.path.join(folder, "nginx.conf"), "-p", folder + "/", "-e", os.path.join(folder, "logs/error.log")],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    return
            if self.process.poll() is not None:
                break
            time.sleep(0.1)
        raise Failure(f"nginx did not start:\n{self.log('error.log')}")

    def log(self, name):
        try:
            return open(os.path.join(self.folder, "logs", name)).read()
        except OSError:
            return ""

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()


class Server:
    """partyhost serve on a loopback port of its own, trusting the front door, its journal in a folder of its own."""

    def __init__(self, partyhost, port, public_url, state):
        self.process = subprocess.Popen(
            [partyhost, "serve", "--port", str(port), "--bind", "127.0.0.1", "--trusted-proxy", "127.0.0.1",
             "--public-url", public_url, "--state", state],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.lines = []
        # Its log lines come first (info by default), then "Serving parties on port N."
        for line in self.process.stdout:
            self.lines.append(line)
            if line.startswith(f"Serving parties on port {port}."):
                break
        else:
            raise Failure("partyhost serve ended without listening:\n" + "".join(self.lines))
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            self.lines.append(line)

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()


class Terminal:
    """partyclient in line mode joined through the front door: its lines, and what it is sent."""

    def __init__(self, partyclient, url, ca, name):
        self.process = subprocess.Popen(
            [partyclient, url, "--ca-file", ca, "--line-mode", "--name", name],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
        self.lines = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def wait(self, what, condition, timeout=120):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if condition(self.lines):
                return
            time.sleep(0.1)
        raise Failure(f"the terminal guest: timed out waiting for {what}:\n" + "\n".join(self.lines[-40:]))

    def stop(self):
        if self.process.poll() is None:
            try:
                self.send("q")
                self.process.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                self.process.kill()


def discs(page):
    return len(page.find(".c4-grid .cell.red, .c4-grid .cell.yellow"))


def grant(page, origin):
    """The permissions a phone's user would grant: keep the screen on, copy to the clipboard."""
    page.driver.execute_cdp_cmd("Browser.grantPermissions", {
        "origin": origin, "permissions": ["wakeLockScreen", "clipboardReadWrite", "clipboardSanitizedWrite"]})


def scenario(partyhost, shots):
    if not os.path.isfile("/usr/sbin/nginx") or not shutil.which("openssl"):
        raise Failure("needs Debian's nginx and openssl (apt-get install nginx-light openssl)")
    partyclient = os.path.join(os.path.dirname(partyhost), "partyclient")
    folder = tempfile.mkdtemp(prefix="partyhost-front-door-")
    authority = Authority(folder)
    door_port, server_port = free_port(), free_port()
    origin = f"https://127.0.0.1:{door_port}"
    trust = [authority.chromium_switch()]
    server, door, pages, tv, terminal = None, None, [], None, None
    try:
        server = Server(partyhost, server_port, origin, os.path.join(folder, "state"))
        door = FrontDoor(folder, door_port, server_port, authority)
        pages = [Browser(extra=trust) for _ in PHONES]
        tv = Browser("desktop", extra=trust)
        ann = pages[0]
        for page in pages:
            grant(page, origin)

        # Ann starts a room with teams, only Four in a Row on its menu.
        ann.driver.get(origin + "/")
        ann.wait("the front page over HTTPS", lambda: ann.visible("#start-form") and len(ann.find("#games input")) == 5)
        if not ann.driver.execute_script("return window.isSecureContext"):
            raise Failure("the page through the front door is not a secure context")
        for box in ann.find("#games input"):
            if (box.get_attribute("value") == "fourinarow") != box.is_selected():
                box.click()
        if not ann.find("#teams")[0].is_selected():
            ann.find("#teams")[0].click()
        name = ann.find("#room-name")[0]
        name.clear()
        name.send_keys("Door party")
        ann.shoot(shots, "door-front")
        ann.click("#start-form button[type=submit]")
        ann.wait("the room's page", lambda: re.fullmatch(r"https://127\.0\.0\.1:\d+/[A-Z]{4}", ann.driver.current_url))
        code = ann.driver.current_url.rsplit("/", 1)[1]
        ann.find("#name-input")[0].send_keys("Ann")
        ann.click("#join-button")
        ann.wait("Ann's table", lambda: ann.visible("#players li"))

        # Three more phones type the code on the front page; the TV opens /CODE/tv.
        for page, person in zip(pages[1:], PHONES[1:]):
            page.driver.get(origin + "/")
            page.wait("the code field", lambda: page.visible("#code-input"))
            page.find("#code-input")[0].send_keys(code.lower())
            page.click("#join-form button[type=submit]")
            page.wait("the room's page", lambda: page.driver.current_url == f"{origin}/{code}")
            page.wait("the name prompt", lambda: page.visible("#name-input"))
            page.find("#name-input")[0].send_keys(person)
            page.click("#join-button")
            page.wait("the table", lambda: page.visible("#players li"))
        tv.driver.get(f"{origin}/{code}/tv")
        tv.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1920, "height": 1080, "deviceScaleFactor": 1, "mobile": False})
        tv.wait("the TV's table", lambda: tv.visible("#players li"))
        tv.wait("the room's public link on the TV", lambda: f"{origin}/{code}" in tv.find("#join-url")[0].text)
        tv.wait("the room's QR code", lambda: tv.find("img.qr")[0].get_attribute("src").endswith(f"/{code}/join.svg"))

        # The terminal guest, through the same door by the room's link.
        terminal = Terminal(partyclient, f"{origin}/{code.lower()}", authority.ca, TERMINAL)
        terminal.wait("Joined", lambda lines: any(line.startswith("Joined Door party") for line in lines))
        ann.wait("five people at the table", lambda: all(p in ann.find("#players")[0].text for p in PHONES + [TERMINAL]))

        # Invite on a secure page: the room's link, copied (headless Chromium has no share sheet).
        ann.click("#invite")
        ann.wait("Invite's answer", lambda: ann.find("#invite")[0].text in ("Link copied", f"{origin}/{code}"))
        copied = ann.driver.execute_async_script(
            "const done = arguments[0]; navigator.clipboard.readText().then(done, (e) => done('refused: ' + e));")
        if ann.find("#invite")[0].text == "Link copied" and copied != f"{origin}/{code}":
            raise Failure(f"Invite copied {copied!r}, not the room's link")
        if shots:
            tv.driver.save_screenshot(os.path.join(shots, "door-room-tv-1920x1080.png"))
        ann.shoot(shots, "door-room-ann")

        for page in pages:
            page.wait("the room's menu", lambda: page.enabled('[data-vote="fourinarow"]'))
            page.click('[data-vote="fourinarow"]')
        terminal.send("vote 1")

        # Two teams, 3 and 2: the first team to move drops in column 4, the other in column 1;
        # a move is proposed by one member and agreed by another (the terminal's own proposals count).
        for page in pages:
            page.wait("the team's line", lambda: team_line(page).startswith("Team "))
        teams = {page: team_line(page).split(" — ")[0] for page in pages}
        terminal_team = next((team for team in set(teams.values()) if TERMINAL in team), None)
        if terminal_team is None:
            raise Failure(f"no team names the terminal guest: {set(teams.values())}")
        sizes = sorted(list(teams.values()).count(team) + (team == terminal_team) for team in set(teams.values()))
        if sizes != [2, 3]:
            raise Failure(f"not two teams of 3 and 2: {teams.values()}")
        for page in pages:
            page.wait("the screen kept awake during the game", lambda: page.driver.execute_script(
                "return document.documentElement.dataset.wakeLock") == "held")
        ann.shoot(shots, "door-game-ann")
        columns, terminal_proposals = {}, 0
        deadline = time.monotonic() + 300
        while not over(ann):
            if time.monotonic() > deadline:
                raise Failure(f"Four in a Row did not end:\n{ann.text()}")
            movers = [page for page in pages if page.enabled(".c4-grid .column")]
            if not movers:
                time.sleep(0.2)
                continue
            team = teams[movers[0]]
            column = columns.setdefault(team, 4 if not columns else 1)
            phones = [page for page in pages if teams[page] == team]
            before = discs(phones[0])
            if team == terminal_team:
                terminal.send(str(column))
                terminal_proposals += 1
                phones[0].wait("the terminal's proposal on its teammate's phone",
                               lambda: "proposals:" in team_line(phones[0]) or discs(phones[0]) > before or over(phones[0]))
                agree = phones[:1]
            else:
                agree = phones[:2]
            for page in agree:
                if page.enabled(".c4-grid .column") and discs(page) == before:
                    page.click(f'.c4-grid .column[data-column="{column}"]')
                    if page is not agree[-1]:
                        agree[-1].wait("the teammate's proposal", lambda: "proposals:" in team_line(agree[-1]) or discs(agree[-1]) > before)
            ann.wait("the team's move played", lambda: discs(ann) > before or over(ann))
        if terminal_proposals == 0:
            raise Failure("the terminal's team never moved")
        tv.wait("the winner on the TV", lambda: tv.visible("#tv-winner") and tv.find("#tv-winner")[0].text.strip())
        winner = tv.find("#tv-winner")[0].text.strip()
        if winner not in {f"{team} wins!" for team in teams.values()}:
            raise Failure(f"the TV's ending says {winner!r}, not one of the teams {set(teams.values())}")
        terminal.wait("the game's end in the terminal", lambda lines: any(line.startswith("Game over:") for line in lines))
        if shots:
            tv.driver.save_screenshot(os.path.join(shots, "door-ending-tv-1920x1080.png"))
        ann.shoot(shots, "door-ending-ann")

        for page in pages + [tv]:
            errors = page.errors()
            if errors:
                raise Failure(f"console errors: {errors}")

        # Everything went through nginx: the pages, the room's start, the WebSockets (101).
        terminal.stop()
        for page in pages + [tv]:
            page.quit()
        pages, tv = [], None
        deadline = time.monotonic() + 60
        # The players' sockets at /CODE/ws, the TV's (a watcher) at /CODE/ws?watch.
        def sockets(log):
            return log.count(f"GET /{code}/ws HTTP/1.1\" 101"), log.count(f"GET /{code}/ws?watch HTTP/1.1\" 101")
        while time.monotonic() < deadline and (lambda n: n[0] < 5 or n[1] < 1)(sockets(door.log("access.log"))):
            time.sleep(0.2)
        log = door.log("access.log")
        for expected in ["POST /api/rooms HTTP/1.1\" 201", f"GET /{code}/tv HTTP/1.1\" 200", f"GET /{code} HTTP/1.1\" 200"]:
            if expected not in log:
                raise Failure(f"nginx's log lacks {expected!r}:\n{log}")
        players, watchers = sockets(log)
        if players < 5 or watchers < 1:
            raise Failure(f"nginx's log has fewer than five WebSockets of the room at /ws (four phones, the terminal) "
                          f"or none at /ws?watch (the TV):\n{log}")
        # The server saw the visitors' own address (127.0.0.1 here) through X-Forwarded-For; it
        # logged the room's events with its code.
        if not any(f"room={code}" in line for line in server.lines):
            raise Failure("the server logged no line with the room's code:\n" + "".join(server.lines[-30:]))
    finally:
        for page in pages + ([tv] if tv else []):
            page.quit()
        if terminal:
            terminal.stop()
        if door:
            door.stop()
        if server:
            server.stop()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    run(scenario)
