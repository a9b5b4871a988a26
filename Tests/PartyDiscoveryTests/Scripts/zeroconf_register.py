"""Registers one service with python-zeroconf on 127.0.0.1 only, keeps it for SECONDS, then unregisters.

    python3 zeroconf_register.py "Instance Name" _partyhost._tcp.local. PORT SECONDS key=value...

Prints `REGISTERED <name>` once the service is announced.
"""
import socket
import sys
import time

from zeroconf import IPVersion, ServiceInfo, Zeroconf

instance, service_type, port, seconds = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
properties = dict(pair.split("=", 1) for pair in sys.argv[5:])
zc = Zeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only)
info = ServiceInfo(
    service_type,
    f"{instance}.{service_type}",
    addresses=[socket.inet_aton("127.0.0.1")],
    port=port,
    properties=properties,
    server="pyzeroconf-test.local.",
)
zc.register_service(info)
print("REGISTERED", info.name, flush=True)
try:
    time.sleep(seconds)
finally:
    zc.unregister_service(info)
    zc.close()
