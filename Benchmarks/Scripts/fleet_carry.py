#!/usr/bin/env python3
"""A fleet of two `partyhost serve` nodes on 127.0.0.1: guests reach a room's node directly, carried
through the other node, or sent there by a redirect. Prints move → view latency for direct and
carried guests, the cost of joining each way, and the near node's CPU per carried move.

Node B holds the rooms (`--fleet-peer 127.0.0.1`); node A holds none and carries every other code
to B (`--carry-to`). Every room has two WebSocket guests playing Four in a Row: one move at a time, timed from
sending it until both guests have a view after it.

    Benchmarks/Scripts/fleet_carry.py --partyhost .build/release/partyhost --rooms 20 --moves 2000
"""
import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import time
import urllib.request

KEY = "dGhlIHNhbXBsZSBub25jZQ=="


def frame(text):
    """A masked text frame (mask key zero: the payload is the text as it is)."""
    body = text.encode()
    head = bytes([0x81])
    if len(body) < 126:
        head += bytes([0x80 | len(body)])
    else:
        head += bytes([0x80 | 126]) + len(body).to_bytes(2, "big")
    return head + b"\0\0\0\0" + body


class Guest:
    """One WebSocket guest: sends messages with their `seq`, hands every message it reads to `on_message`."""

    def __init__(self, reader, writer, on_message):
        self.reader, self.writer, self.on_message, self.seq = reader, writer, on_message, 0

    @staticmethod
    async def open(port, path, on_message):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        writer.write((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                      f"Connection: Upgrade\r\nSec-WebSocket-Key: {KEY}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        head = await reader.readuntil(b"\r\n\r\n")
        if not head.startswith(b"HTTP/1.1 101"):
            raise RuntimeError(head.decode(errors="replace"))
        return Guest(reader, writer, on_message)

    def send(self, message):
        self.seq += 1
        message["seq"] = self.seq
        self.writer.write(frame(json.dumps(message, separators=(",", ":"))))

    async def read_forever(self):
        try:
            while True:
                first, second = await self.reader.readexactly(2)
                length = second & 0x7F
                if length == 126:
                    length = int.from_bytes(await self.reader.readexactly(2), "big")
                elif length == 127:
                    length = int.from_bytes(await self.reader.readexactly(8), "big")
                payload = await self.reader.readexactly(length)
                if first & 0x0F == 1:
                    self.on_message(json.loads(payload))
                elif first & 0x0F == 8:
                    return
        except (asyncio.IncompleteReadError, ConnectionError):
            return


class Room:
    """Two guests in one room playing Four in a Row: they vote for the game, then the one whose turn
    it is drops a disc in a random open column; each move is timed until both guests see it."""

    def __init__(self, code, port, samples, wanted):
        self.code, self.port, self.samples, self.wanted = code, port, samples, wanted
        self.guests, self.views, self.voted = [], [{}, {}], set()
        self.pending, self.changed = None, asyncio.Event()
        self.welcomed = 0

    def message(self, index, msg):
        kind = msg.get("type")
        if kind == "welcome":
            self.welcomed += 1
        elif kind == "room" and msg.get("state") == "choosing" and any(m.get("playable") for m in msg.get("menu", [])):
            number = msg.get("number", 0)
            if (index, number) not in self.voted:
                self.voted.add((index, number))
                self.guests[index].send({"type": "vote", "game": "fourinarow"})
        elif kind == "view":
            view = msg.get("view", {})
            self.views[index] = view
            if self.pending is not None and view.get("moves", 0) >= self.pending[2]:
                self.pending[1].add(index)
                if len(self.pending[1]) == 2:
                    self.samples.append(time.perf_counter() - self.pending[0])
                    self.pending = None
        self.changed.set()

    def next_move(self):
        """(guest, column) of the guest whose turn it is, when both saw the same position; else None."""
        first, second = self.views
        if not first or first.get("moves") != second.get("moves") or first.get("board") != second.get("board"):
            return None
        for index, view in enumerate(self.views):
            if "turn" in view and view.get("turn") == view.get("you"):
                open_columns = [c + 1 for c, cell in enumerate(view["board"][0]) if cell == "."]
                if open_columns:
                    return index, random.choice(open_columns), view.get("moves", 0)
        return None

    async def play(self):
        path = f"/{self.code}/ws"
        for index in range(2):
            guest = await Guest.open(self.port, path, lambda msg, i=index: self.message(i, msg))
            self.guests.append(guest)
            asyncio.ensure_future(guest.read_forever())
            guest.send({"type": "hello", "protocol": 2, "client": "fleet_carry", "clientVersion": "0",
                        "name": f"P{index + 1}", "game": "party", "room": self.code})
        last_beat = time.monotonic()
        while len(self.samples) < self.wanted:
            self.changed.clear()
            if time.monotonic() - last_beat > 2:
                last_beat = time.monotonic()
                for guest in self.guests:
                    guest.send({"type": "heartbeat"})
            if self.pending is None and self.welcomed == 2:
                chosen = self.next_move()
                if chosen is not None:
                    index, column, moves = chosen
                    self.pending = (time.perf_counter(), set(), moves + 1)
                    self.guests[index].send({"type": "move", "move": {"column": column}})
            try:
                await asyncio.wait_for(self.changed.wait(), 1)
            except asyncio.TimeoutError:
                pass
        for guest in self.guests:
            guest.writer.close()


def start_room(port):
    request = urllib.request.Request(f"http://127.0.0.1:{port}/api/rooms", data=b'{"games":["fourinarow"]}', method="POST",
                                     headers={"Content-Type": "application/json"})
    return json.loads(urllib.request.urlopen(request).read())["code"]


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p))] * 1000


async def moves(port, codes, total):
    samples = []
    rooms = [Room(code, port, samples, total) for code in codes]
    await asyncio.gather(*(room.play() for room in rooms))
    return samples


async def join_once(port, code):
    """A new connection, the upgrade, hello → welcome: seconds."""
    started = time.perf_counter()
    welcomed = asyncio.Event()
    guest = await Guest.open(port, f"/{code}/ws", lambda msg: msg.get("type") == "welcome" and welcomed.set())
    reader = asyncio.ensure_future(guest.read_forever())
    guest.send({"type": "hello", "protocol": 2, "client": "fleet_carry", "clientVersion": "0", "name": "J",
                "game": "party", "room": code, "role": "spectator"})
    await welcomed.wait()
    took = time.perf_counter() - started
    guest.writer.close()
    reader.cancel()
    return took


async def http_once(port, path):
    """A new connection and one GET answered by the node itself: seconds."""
    started = time.perf_counter()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
    await reader.read()
    writer.close()
    return time.perf_counter() - started


async def joins(a, b, code, count):
    direct, carried, redirected = [], [], []
    for _ in range(count):
        direct.append(await join_once(b, code))
        carried.append(await join_once(a, code))
        # A redirect: the near node answers one request itself (as a 307 would be), then the guest joins B.
        redirected.append(await http_once(a, "/healthz") + await join_once(b, code))
    return direct, carried, redirected


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--partyhost", default=".build/release/partyhost")
    parser.add_argument("--port", type=int, default=47_400, help="node B's port; node A's is the next")
    parser.add_argument("--rooms", type=int, default=20)
    parser.add_argument("--moves", type=int, default=2000, help="timed moves per way of connecting")
    parser.add_argument("--joins", type=int, default=200)
    args = parser.parse_args()
    b_port, a_port = args.port, args.port + 1
    common = ["serve", "--bind", "127.0.0.1", "--no-journal", "--quiet", "--rooms-per-hour", "100000",
              "--max-connections-per-address", "100000"]
    b = subprocess.Popen([args.partyhost, *common, "--port", str(b_port), "--fleet-peer", "127.0.0.1"], stdin=subprocess.PIPE, start_new_session=True)
    a = subprocess.Popen([args.partyhost, *common, "--port", str(a_port), "--carry-to", f"127.0.0.1:{b_port}"], stdin=subprocess.PIPE, start_new_session=True)
    try:
        for port in (b_port, a_port):
            for _ in range(100):
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz").read()
                    break
                except OSError:
                    time.sleep(0.1)
        results = {}
        # Fresh rooms each time: the last guests' seats are still held in the old ones.
        for name, port in (("direct", b_port), ("carried", a_port), ("direct again", b_port), ("carried again", a_port)):
            codes = [start_room(b_port) for _ in range(args.rooms)]
            a_cpu = cpu_seconds(a.pid)
            samples = asyncio.run(moves(port, codes, args.moves))
            results[name] = (samples, cpu_seconds(a.pid) - a_cpu)
        direct_joins, carried_joins, redirected_joins = asyncio.run(joins(a_port, b_port, start_room(b_port), args.joins))
    finally:
        for process in (a, b):
            process.terminate()
            process.wait()
    print(f"== a fleet of two nodes on 127.0.0.1: {args.rooms} rooms of 2 WebSocket guests (Four in a Row), "
          f"{args.moves} timed moves each way ==")
    for name, (samples, a_cpu) in results.items():
        print(f"{name:13s} move → both views: p50 {percentile(samples, 0.5):.2f} ms, p99 {percentile(samples, 0.99):.2f} ms "
              f"({len(samples)} moves; node A busy {a_cpu:.2f} s CPU, {a_cpu * 1e6 / len(samples):.0f} µs a move)")
    for name, values in (("direct", direct_joins), ("carried", carried_joins), ("redirected", redirected_joins)):
        print(f"join {name:10s} (connect, upgrade, hello → welcome): p50 {percentile(values, 0.5):.2f} ms, "
              f"p99 {percentile(values, 0.99):.2f} ms ({len(values)} joins)")


if __name__ == "__main__":
    sys.exit(main())
