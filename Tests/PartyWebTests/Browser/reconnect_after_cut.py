"""A phone that loses the network mid-game: every connection through a proxy is cut; the page shows
"reconnecting… N s", connects again by itself with its token, and plays on in its seat."""
import socket
import threading

from browser import Browser, Failure, Host, run


class CuttableProxy:
    """Forwards 127.0.0.1:<port> to the host; cut() closes every connection it carries."""

    def __init__(self, target):
        self.target = target
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(64)
        self.port = self.listener.getsockname()[1]
        self.sockets = []
        self.lock = threading.Lock()
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            upstream = socket.create_connection(("127.0.0.1", self.target))
            with self.lock:
                self.sockets += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self.pump, args=(a, b), daemon=True).start()

    @staticmethod
    def pump(source, sink):
        try:
            while True:
                data = source.recv(65536)
                if not data:
                    break
                sink.sendall(data)
        except OSError:
            pass
        for s in (source, sink):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def cut(self):
        with self.lock:
            sockets, self.sockets = self.sockets, []
        for s in sockets:
            try:
                s.shutdown(socket.SHUT_RDWR)
                s.close()
            except OSError:
                pass


def scenario(partyhost, shots):
    host = Host(partyhost, "--game", "fourinarow", "--dedicated", "--bots", "1", "--bot-level", "easy")
    proxy = CuttableProxy(host.port)
    page = Browser()
    try:
        page.join(f"http://127.0.0.1:{proxy.port}/", "Nomad")
        page.click("#ready-button")
        page.wait("my turn", lambda: page.enabled(".c4-grid .column"))
        page.click('.c4-grid .column[data-column="4"]')
        page.wait("the bot's answer", lambda: len(page.find(".cell.red, .cell.yellow")) >= 2 and page.enabled(".c4-grid .column"))
        discs = len(page.find(".cell.red, .cell.yellow"))
        # The page waits a second before each new attempt, showing the countdown meanwhile.
        proxy.cut()
        seen = []

        def countdown():
            label = page.find("#link-state")[0].text
            if label.startswith("reconnecting… "):
                seen.append(label)
            return seen
        page.wait("'reconnecting… N s' on screen", countdown)
        page.shoot(shots, "reconnecting")
        page.wait("back in the game", lambda: page.find("#link-state")[0].text == "" and page.enabled(".c4-grid .column"))
        if len(page.find(".cell.red, .cell.yellow")) != discs:
            raise Failure("the board changed across the reconnection")
        welcomes = [m for m in page.received() if m.get("type") == "welcome"]
        if welcomes[-1].get("reconnected") is not True:
            raise Failure(f"not welcomed back into the seat: {welcomes[-1]}")
        page.click(".c4-grid .column:not([disabled])")
        page.wait("my move after coming back", lambda: len(page.find(".cell.red, .cell.yellow")) > discs)
        print(f"saw {seen[0]!r}")
    finally:
        page.quit()
        host.stop()


run(scenario)
