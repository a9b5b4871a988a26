"""How long python-zeroconf takes to see its own freshly registered service on 127.0.0.1.

    python3 zeroconf_self.py RUNS

A browser (its own Zeroconf instance) runs first; then a second instance registers a service, and
the time from the start of register_service to the browser's add callback is measured. Prints one
line per run: `SEEN_MS <ms> REGISTER_MS <ms>`, or `NOT_SEEN` after 10 s. Loopback only.
"""
import socket
import sys
import threading
import time

from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf

TYPE = "_partyload._tcp.local."
runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
browser_zc = Zeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only)
seen = {}
event = threading.Event()


def on_change(zeroconf, service_type, name, state_change):
    if state_change is ServiceStateChange.Added and name not in seen:
        seen[name] = time.monotonic()
        event.set()


browser = ServiceBrowser(browser_zc, TYPE, handlers=[on_change])
time.sleep(1.0)
for run in range(runs):
    zc = Zeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only)
    name = f"run {run} {time.monotonic_ns()}.{TYPE}"
    info = ServiceInfo(TYPE, name, addresses=[socket.inet_aton("127.0.0.1")], port=40000 + run,
                       properties={"v": "1"}, server=f"partyload-{run}.local.")
    event.clear()
    start = time.monotonic()
    zc.register_service(info)
    registered = time.monotonic()
    deadline = start + 10
    while name not in seen and time.monotonic() < deadline:
        event.wait(0.05)
    if name in seen:
        print(f"SEEN_MS {(seen[name] - start) * 1000:.1f} REGISTER_MS {(registered - start) * 1000:.1f}", flush=True)
    else:
        print("NOT_SEEN", flush=True)
    zc.unregister_service(info)
    zc.close()
browser.cancel()
browser_zc.close()
