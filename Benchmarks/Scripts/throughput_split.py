#!/usr/bin/env python3
"""Splits a `perf script` dump of `partyload throughput` by where the time goes, per move, for
one time window: the relay floor's window and the game's window of the same run compare the two
(docs/PERFORMANCE.md, "Where a move's CPU goes"). Every thread counts (hosts and clients share NIO's loops).

Usage (from Benchmarks/): Scripts/profile_throughput.sh BINARY NAME, which runs
    perf record -e cpu-clock -F 999 -g -o /tmp/NAME.data BINARY throughput --games 1000 --seconds 10
    perf script -i /tmp/NAME.data -F comm,tid,time,ip,sym,dso > /tmp/NAME.txt
and then this script twice:
    python3 Scripts/throughput_split.py /tmp/NAME.txt T0 T1 MOVES_PER_SECOND

Each sample counts once: kernel samples by the system call they are in, the others by the
innermost frame that matches a category (kernel first, then the list below, in order).
"""
import sys, re, collections
path=sys.argv[1]; t0=float(sys.argv[2]); t1=float(sys.argv[3]); rate=float(sys.argv[4])
CATS = [
 (r"GameClientHandler|LeanView|LeanLobby|RelayFloor", "load client / relay code"),
 (r"JSONInput|JSONReadable|decodeStandard|JSONDecoder|JSONTree|MoveReader", "decode move"),
 (r"EnvelopeScanner|MessageCodecV8envelope", "envelope"),
 (r"JSONOutput|JSONWritable|writeBody|writtenBody|StreamingJSONEncoder|MessageCodecV6encode|ViewWriter", "encode"),
 (r"FourInARow", "rules/view build"),
 (r"RulesGame|EncodedViews", "RulesGame"),
 (r"ConnectionOutbox|LoopFlushes|PeerLink", "outbox"),
 (r"Session", "session"),
 (r"ConnectionHandler", "conn handler"),
 (r"FramePrepender|FrameDecoder|ConnectionWatchdog|FrameSplitter|PeerDeadlines", "framing/watchdog"),
 (r"ChannelHandlerContext|ChannelPipeline|EventLoopFuture|CallbackList|EventLoopPromiseV[a-z]", "NIO pipeline+futures"),
 (r"PendingWrites|PendingStreamWrite", "NIO pending writes"),
 (r"Selector|SelectableEventLoop|BaseSocketChannel|BaseStreamSocket|Socket", "NIO loop/socket"),
 (r"swift_task|swift_job|Concurrency", "concurrency"),
 (r"ProtocolFloor", "protocol floor's tables"),
 (r"9partyload", "load client / relay code"),
]
KC = [(r"sys_write|ksys_write|sendmsg|writev","k write"),(r"sys_read|ksys_read|recvmsg|readv","k read"),(r"epoll","k epoll")]
tot=collections.Counter(); n=0
def flush(hdr, frames):
    global n
    m=re.search(r"(\d+\.\d+):", hdr)
    if not m: return
    t=float(m.group(1))
    if not (t0<=t<t1): return
    n+=1
    if frames and "kernel.kallsyms" in frames[0]:
        text=" ".join(f for f in frames if "kernel.kallsyms" in f)
        for p,name in KC:
            if re.search(p,text): tot[name]+=1; return
        tot["k other"]+=1; return
    for f in frames:
        for pat,name in CATS:
            if re.search(pat,f): tot[name]+=1; return
    tot["other/runtime"]+=1
hdr=None; frames=[]
for line in open(path, errors="replace"):
    if not line.strip():
        if hdr: flush(hdr, frames)
        hdr=None; frames=[]
    elif line[0] not in "\t ":
        hdr=line
    else:
        frames.append(line.strip())
if hdr: flush(hdr,frames)
us = 1e6/999/((t1-t0)*rate)
for k,v in sorted(tot.items(), key=lambda kv:-kv[1]):
    print(f"{k:26s} {100*v/n:5.1f}%  {v*us:6.2f} us/move")
print(f"total {n} samples, {n*us:.1f} us/move")
