#!/bin/bash
# A fleet's failover, measured: three `partyhost serve` nodes (separate processes on loopback
# ports) share a private PostgreSQL; ROOMS rooms (BOTS bots in each) are started round-robin on them;
# one node is killed (SIGKILL) and the script reports how long until every room it held is open
# on the other two. Run inside a network namespace of its own (Scripts/offline). Needs Debian's
# postgresql and curl.
#
# BOTS bots play in each room (2 by default; 0: rooms that wait for their guests, the machinery's
# own cost without the bots' play, which saturates two cores at about a thousand rooms).
#
#   Benchmarks/Scripts/fleet_failover.sh PARTYHOST [ROOMS] [LEASE_SECONDS] [BOTS]
set -euo pipefail
partyhost=${1:?usage: fleet_failover.sh PARTYHOST [ROOMS] [LEASE_SECONDS] [BOTS]}
rooms=${2:-999}
lease=${3:-10}
bots=${4:-2}
source "$(dirname "$0")/private_postgres.sh"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null || true; done
    pg_stop
}
trap cleanup EXIT
pg_start fleet
url=$pg_url
dir=$pg_dir
ports=(28181 28182 28183)
for i in 0 1 2; do
    "$partyhost" serve --database "$url" --node-name "node$i" --bind 127.0.0.1 --port "${ports[$i]}" --lease-seconds "$lease" \
        --max-rooms 100000 --rooms-per-hour 1000000 --max-connections 100000 --quiet > "$dir/node$i.log" 2>&1 &
    pids+=($!)
done
for port in "${ports[@]}"; do
    until curl -sf "http://127.0.0.1:$port/healthz" >/dev/null; do sleep 0.2; done
done
started=$(date +%s.%N)
for ((n = 0; n < rooms; n++)); do
    port=${ports[$((n % 3))]}
    curl -sf -o /dev/null -X POST -d "{\"games\":[\"rps\"],\"bots\":$bots}" "http://127.0.0.1:$port/api/rooms"
done
echo "started $rooms rooms in $(echo "$(date +%s.%N) - $started" | bc) s"
count() { curl -sf "http://127.0.0.1:$1/healthz" | sed 's/.*"rooms":\([0-9]*\).*/\1/'; }
sleep 3
held=$(count "${ports[0]}")
echo "node0 holds $held rooms; load average $(cut -d' ' -f1 /proc/loadavg); killing it (lease $lease s)"
kill -9 "${pids[0]}"
killed=$(date +%s.%N)
while true; do
    total=$(( $(count "${ports[1]}") + $(count "${ports[2]}") ))
    [ "$total" -ge "$rooms" ] && break
    sleep 0.1
done
echo "every room back after $(echo "$(date +%s.%N) - $killed" | bc) s (node1 $(count "${ports[1]}"), node2 $(count "${ports[2]}") rooms)"
for port in "${ports[1]}" "${ports[2]}"; do curl -sf "http://127.0.0.1:$port/healthz"; done
