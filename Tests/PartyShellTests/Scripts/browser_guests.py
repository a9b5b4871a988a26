#!/usr/bin/env python3
"""A phone and a /tv as a browser connects them to a partyhost on 127.0.0.1:PORT: each page loaded
over connections the browser keeps alive, then a WebSocket that says hello (the phone as a player,
the TV as a spectator). Prints READY once both are in, then waits for the host to close everything
and prints what each connection got:
    phone: ended, close 1000
    tv: ended, close 1000
    page connections: closed by the host
"""
import base64, json, os, re, socket, sys

port = int(sys.argv[1])


def kept_alive_get(path):
    s = socket.create_connection(("127.0.0.1", port), timeout=60)
    s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    data = b""
    while b"\r\n\r\n" not in data:
        data += s.recv(65536)
    head, _, body = data.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200"), head
    length = int(re.search(rb"Content-Length: (\d+)", head).group(1))
    while len(body) < length:
        body += s.recv(65536)
    return s


def web_socket(name, role):
    s = socket.create_connection(("127.0.0.1", port), timeout=60)
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
               f"Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: {key}\r\nOrigin: http://127.0.0.1:{port}\r\n\r\n").encode())
    data = b""
    while b"\r\n\r\n" not in data:
        data += s.recv(65536)
    assert data.startswith(b"HTTP/1.1 101"), data
    hello = json.dumps({"type": "hello", "seq": 1, "protocol": 2, "client": "guests", "clientVersion": "1",
                        "name": name, "role": role}).encode()
    mask = os.urandom(4)
    s.sendall(bytes([0x81, 0x80 | len(hello)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(hello)))
    got = data.partition(b"\r\n\r\n")[2]
    while b'"lobby"' not in got:
        got += s.recv(65536)
    return s


def until_closed(s):
    out = b""
    while True:
        chunk = s.recv(65536)
        if not chunk:
            return out
        out += chunk


pages = [kept_alive_get(path) for path in ["/", "/app.js", "/style.css"]] + \
        [kept_alive_get(path) for path in ["/tv", "/connection.js", "/dom.js"]]
sockets = {"phone": web_socket("Phone", "player"), "tv": web_socket("TV", "spectator")}
print("READY", flush=True)
for label, s in sockets.items():
    rest = until_closed(s)
    told = "ended" if b'"type":"ended"' in rest else "no ended"
    close = "close 1000" if rest.endswith(b"\x88\x02\x03\xe8") else "no close 1000"
    print(f"{label}: {told}, {close}", flush=True)
left = [until_closed(s) for s in pages]
print("page connections: " + ("closed by the host" if all(rest == b"" for rest in left) else f"got {left!r}"), flush=True)
