"""Browses a DNS-SD service type with python-zeroconf on 127.0.0.1 only and prints one line per event.

    python3 zeroconf_browse.py _partyhost._tcp.local. SECONDS

Lines: `ADD <json>` (name, port, addresses, txt), `REMOVE <name>`, and `NOINFO <name>` when a service's
records did not come within 20 s. Exits after SECONDS (the tests stop it sooner).
"""
import json
import sys
import time

from zeroconf import IPVersion, ServiceBrowser, ServiceStateChange, Zeroconf

service_type, seconds = sys.argv[1], float(sys.argv[2])
zc = Zeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only)


def changed(zeroconf, service_type, name, state_change):
    if state_change is ServiceStateChange.Added or state_change is ServiceStateChange.Updated:
        # Generous: it returns as soon as the records are in; a loaded machine may answer late.
        info = zeroconf.get_service_info(service_type, name, timeout=20000)
        if info is None:
            print("NOINFO", name, flush=True)
            return
        txt = {k.decode(): (v.decode() if v is not None else "") for k, v in info.properties.items()}
        kind = "ADD" if state_change is ServiceStateChange.Added else "UPDATE"
        print(kind, json.dumps({"name": name, "port": info.port, "server": info.server,
                                "addresses": info.parsed_addresses(), "txt": txt}), flush=True)
    elif state_change is ServiceStateChange.Removed:
        print("REMOVE", name, flush=True)


browser = ServiceBrowser(zc, service_type, handlers=[changed])
print("BROWSING", flush=True)
try:
    time.sleep(seconds)
finally:
    browser.cancel()
    zc.close()
