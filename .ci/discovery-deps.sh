#!/bin/sh
# Installs what the PartyDiscovery interop tests need: python-zeroconf (pip) and Avahi with its
# own D-Bus (apt). Idempotent and non-interactive; the daemons are never started here (the tests
# start private ones inside the network namespace, restricted to `lo`).
set -eu
export DEBIAN_FRONTEND=noninteractive
if ! command -v avahi-daemon >/dev/null 2>&1 || ! command -v avahi-browse >/dev/null 2>&1 \
    || ! command -v avahi-publish >/dev/null 2>&1 || ! command -v dbus-daemon >/dev/null 2>&1; then
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends avahi-daemon avahi-utils dbus >/dev/null
fi
# The package's post-install may start a system avahi-daemon outside any namespace; stop it so
# nothing of ours multicasts on the real network.
if command -v avahi-daemon >/dev/null 2>&1 && avahi-daemon -c 2>/dev/null; then
    avahi-daemon -k 2>/dev/null || true
fi
if ! python3 -c 'import zeroconf' 2>/dev/null; then
    python3 -m pip install --quiet --disable-pip-version-check zeroconf
fi
python3 -c 'import zeroconf; print("python-zeroconf", zeroconf.__version__)'
avahi-daemon --version
