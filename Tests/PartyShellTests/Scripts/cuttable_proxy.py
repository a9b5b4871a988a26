#!/usr/bin/env python3
"""A TCP relay on 127.0.0.1 for tests: LISTEN_PORT -> TARGET_PORT.

Prints "LISTENING <port>" once it accepts. SIGUSR1 cuts every relayed connection and then closes
new ones at once (a host that stopped answering, as a client sees it); SIGUSR2 relays again.
Ends by itself after LIFETIME seconds (default 300).
"""
import selectors
import signal
import socket
import sys
import time

target = int(sys.argv[1])
lifetime = float(sys.argv[2]) if len(sys.argv) > 2 else 300.0
state = {"cut": False, "cut_now": False}


def on_cut(*_):
    state["cut"] = True
    state["cut_now"] = True


def on_restore(*_):
    state["cut"] = False


signal.signal(signal.SIGUSR1, on_cut)
signal.signal(signal.SIGUSR2, on_restore)
# The test runner may hand its children these signals blocked.
signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGUSR1, signal.SIGUSR2})

server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
server.bind(("127.0.0.1", 0))
server.listen(16)
server.setblocking(False)
print("LISTENING %d" % server.getsockname()[1], flush=True)

selector = selectors.DefaultSelector()
selector.register(server, selectors.EVENT_READ, None)
partners = {}


def close_pair(sock):
    other = partners.pop(sock, None)
    for s in (sock, other):
        if s is None:
            continue
        partners.pop(s, None)
        try:
            selector.unregister(s)
        except (KeyError, ValueError):
            pass
        s.close()


deadline = time.monotonic() + lifetime
while time.monotonic() < deadline:
    if state["cut_now"]:
        state["cut_now"] = False
        for sock in list(partners):
            close_pair(sock)
    try:
        events = selector.select(timeout=0.05)
    except InterruptedError:
        continue
    for key, _ in events:
        sock = key.fileobj
        if sock is server:
            try:
                inbound, _ = server.accept()
            except OSError:
                continue
            if state["cut"]:
                inbound.close()
                continue
            try:
                outbound = socket.create_connection(("127.0.0.1", target))
            except OSError:
                inbound.close()
                continue
            partners[inbound] = outbound
            partners[outbound] = inbound
            selector.register(inbound, selectors.EVENT_READ, None)
            selector.register(outbound, selectors.EVENT_READ, None)
            continue
        if sock not in partners:
            continue
        try:
            data = sock.recv(65536)
        except OSError:
            data = b""
        if not data:
            close_pair(sock)
            continue
        try:
            partners[sock].sendall(data)
        except OSError:
            close_pair(sock)
