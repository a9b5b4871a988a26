#!/usr/bin/env python3
"""Splits a `perf script` dump of `partyload latency` by where the time goes.

Usage (from Benchmarks/, release build; docs/PERFORMANCE.md, "Where a move's CPU goes"):
    ../Scripts/offline perf record -e cpu-clock -F 2999 -g -o perf.data \
        .build/release/partyload latency --moves 20000 --echo-rounds 2000 --time-limit 150
    perf script -i perf.data > perf.txt
    python3 Scripts/perf_split.py perf.txt 22000      # moves played, warm-up included

The host runs on an event loop of its own (the busiest `NIO-ELT-*` thread); the load clients on
NIO's shared loops (`NIO-SGLTN-*`). Each sample counts once, in the first category that matches,
kernel frames first (the system call it is in), then the innermost user frame that matches.
"""
import collections
import re
import sys

USER = [
    (r"JSONDecoder|JSONScanner|JSONMap|JSONTreeParser|JSONTreeDecoder|Move.*Decoder|MoveVSe|JSONInput|JSONReadable|decodeStandard|MoveReader", "decoding the move"),
    (r"StreamingJSONEncoder|JSONWriterState|EncodedJSON|MessageCodecV6encode|View.*encode|JSONOutput|JSONWritable|writeJSON|writeBody|writtenBody|ViewWriter", "encoding messages"),
    (r"EnvelopeScanner|MessageCodecV8envelope", "envelope scan"),
    (r"ConnectionOutbox", "outbox (write, promise, flush task)"),
    (r"RulesGame|10FourInARow", "rules and views"),
    (r"Session", "session"),
    (r"ConnectionHandler|GameClientHandler|LeanView|LeanLobby", "connection handlers"),
    (r"FramePrepender|FrameDecoder|ByteToMessage|ConnectionWatchdog|FrameSplitter|PeerDeadlines", "framing and watchdog"),
    (r"NIO", "NIO event loop and pipeline"),
]


def samples(path):
    comm, frames = None, []
    for line in open(path, errors="replace"):
        if not line.strip():
            if comm:
                yield comm, frames
            comm, frames = None, []
        elif line[0] not in "\t ":
            comm = line.split()[0]
        else:
            parts = line.strip().split(None, 1)
            frames.append(parts[1] if len(parts) > 1 else "")
    if comm:
        yield comm, frames


def kernel(frames):
    text = " ".join(f for f in frames if "kernel.kallsyms" in f)
    if not text:
        return None
    if re.search(r"sys_writev|ksys_write|sys_write\b|sendmsg", text):
        return "kernel: write (with loopback delivery)"
    if re.search(r"sys_read\b|ksys_read|recvmsg|sys_readv", text):
        return "kernel: read"
    if "epoll" in text:
        return "kernel: epoll"
    return "kernel: other"


def category(frames):
    found = kernel(frames)
    if found:
        return found
    for frame in frames:
        if "kernel.kallsyms" in frame:
            continue
        for pattern, name in USER:
            if re.search(pattern, frame):
                return name
    return "other (Swift runtime, malloc)"


def main():
    path, moves = sys.argv[1], int(sys.argv[2])
    period_ns = None
    for line in open(path, errors="replace"):
        match = re.search(r"(\d+) cpu-clock:", line)
        if match:
            period_ns = int(match.group(1))
            break
    all_samples = list(samples(path))
    threads = collections.Counter(c for c, _ in all_samples if c.startswith("NIO-ELT"))
    host = threads.most_common(1)[0][0]
    groups = {"host": collections.Counter(), "load clients": collections.Counter()}
    for comm, frames in all_samples:
        if any("EchoFloor" in f for f in frames):
            continue
        group = "host" if comm == host else "load clients" if "SGLTN" in comm else None
        if group:
            groups[group][category(frames)] += 1
    for name, counter in groups.items():
        total = sum(counter.values())
        us = period_ns / 1000 / moves
        print(f"{name}: {total} samples, {total * us:.1f} µs of CPU per move")
        for what, count in counter.most_common():
            print(f"  {what}: {count} ({100 * count / total:.1f} %), {count * us:.1f} µs per move")


if __name__ == "__main__":
    main()
