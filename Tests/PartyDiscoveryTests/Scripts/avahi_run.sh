#!/bin/sh
# Runs one command next to a private Avahi daemon restricted to `lo`.
#   sh avahi_run.sh avahi-resolve -4 -n partyhost-1a2b.local
#   AVAHI_RUN_UNTIL=/tmp/stop sh avahi_run.sh timeout -s KILL 120 avahi-publish -s "Name" _partyhost._tcp 5432 v=1
# Must already run inside a private network namespace (the `offline` script or CI's): it adds a
# mount namespace of its own with a tmpfs on /run, so the daemon's D-Bus socket, pid file and
# config never touch the machine's /run. The daemon and bus are stopped when the command ends.
# With AVAHI_RUN_UNTIL=FILE in the environment the command is also stopped as soon as FILE
# exists, so that a test can let a browse or a publish run for as long as it needs and then end it
# cleanly, whatever the machine's speed.
set -eu
if [ -z "${PARTYHOST_AVAHI_INNER:-}" ]; then
    PARTYHOST_AVAHI_INNER=1 exec unshare --mount --propagation private sh "$0" "$@"
fi
mount -t tmpfs tmpfs /run
mkdir -p /run/dbus /run/avahi-daemon
cat > /run/avahi-daemon.conf <<'CONF'
[server]
allow-interfaces=lo
use-ipv4=yes
use-ipv6=no
enable-dbus=yes
ratelimit-interval-usec=0
[wide-area]
enable-wide-area=no
[publish]
publish-hinfo=no
publish-workstation=no
[reflector]
[rlimits]
CONF
dbus_pid=$(dbus-daemon --system --fork --nopidfile --print-pid)
avahi-daemon -f /run/avahi-daemon.conf --no-chroot --no-drop-root --no-rlimits -D
# SIGKILL: a parent (such as a test runner) may hand us a blocked SIGTERM, which would hang here.
cleanup() {
    avahi_pid=$(cat /run/avahi-daemon/pid 2>/dev/null || true)
    [ -n "$avahi_pid" ] && kill -KILL "$avahi_pid" 2>/dev/null || true
    kill -KILL "$dbus_pid" 2>/dev/null || true
}
# Wait (at most 5 s) until the daemon answers on the bus.
i=0
while ! avahi-daemon -c 2>/dev/null; do
    i=$((i + 1)); [ "$i" -gt 50 ] && { echo "avahi-daemon did not start" >&2; cleanup; exit 1; }
    sleep 0.1
done
status=0
if [ -n "${AVAHI_RUN_UNTIL:-}" ]; then
    # In a session of its own, so that the whole command (`timeout` and its child too) is stopped.
    setsid "$@" &
    pid=$!
    while kill -0 "$pid" 2>/dev/null && [ ! -e "$AVAHI_RUN_UNTIL" ]; do sleep 0.1; done
    if [ -e "$AVAHI_RUN_UNTIL" ]; then
        kill -KILL "-$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    else
        wait "$pid" || status=$?
    fi
else
    "$@" || status=$?
fi
cleanup
exit "$status"
