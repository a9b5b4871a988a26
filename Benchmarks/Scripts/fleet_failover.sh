#!/bin/bash
# A fleet's failover, measured: three `partyhost serve --database` nodes, PostgreSQL and the load,
# each in a network namespace with its own address (fleet_netns.sh); ROOMS rooms (BOTS bots in
# each) are started round-robin on the nodes; node n0 is killed (SIGKILL) and the script reports
# how long until every room it held is open on the other two. Run inside a network namespace of
# our own (Scripts/offline) as root.
#
# BOTS bots play in each room, game after game (`partyhost serve --bots-vote`, hidden: the bots
# vote too); 2 by default; 0: rooms that wait for their guests.
#
#   Benchmarks/Scripts/fleet_failover.sh PARTYHOST [ROOMS] [LEASE_SECONDS] [BOTS]
set -euo pipefail
partyhost=$(realpath "${1:?usage: fleet_failover.sh PARTYHOST [ROOMS] [LEASE_SECONDS] [BOTS]}")
rooms=${2:-999}
lease=${3:-10}
bots=${4:-2}
source "$(dirname "$0")/fleet_netns.sh"
trap fleet_down EXIT INT TERM
# The load's address is a trusted proxy of every node, as a front door would be: its thousand
# room starts are not held to one address's 20 new connections a second.
fleet_up 3 --lease-seconds "$lease" --max-rooms 100000 --rooms-per-hour 1000000 --max-connections 100000 --trusted-proxy 10.77.0.100 --bots-vote
started=$(date +%s.%N)
for ((n = 0; n < rooms; n++)); do
    in_load curl -sf -o /dev/null -X POST -d "{\"games\":[\"rps\"],\"bots\":$bots}" "http://${fleet_addresses[$((n % 3))]}/api/rooms" ||
        { echo "room $((n + 1)) could not be started at ${fleet_addresses[$((n % 3))]}" >&2; exit 1; }
done
echo "started $rooms rooms in $(echo "$(date +%s.%N) - $started" | bc) s"
count() { in_load curl -sf "http://$1/healthz" | sed 's/.*"rooms":\([0-9]*\).*/\1/'; }
sleep 5
held=$(count "${fleet_addresses[0]}")
playing() { in_load curl -sf "http://$1/metrics" | sed -n 's/^partyhost_rooms_playing \([0-9.]*\).*/\1/p'; }
echo "rooms playing: n0 $(playing "${fleet_addresses[0]}"), n1 $(playing "${fleet_addresses[1]}"), n2 $(playing "${fleet_addresses[2]}")"
echo "n0 holds $held rooms; load average $(cut -d' ' -f1 /proc/loadavg); killing it (lease $lease s)"
kill -9 "${fleet_pids[0]}"
killed=$(date +%s.%N)
while true; do
    total=$(( $(count "${fleet_addresses[1]}") + $(count "${fleet_addresses[2]}") ))
    [ "$total" -ge "$rooms" ] && break
    sleep 0.1
done
echo "every room back after $(echo "$(date +%s.%N) - $killed" | bc) s (n1 $(count "${fleet_addresses[1]}"), n2 $(count "${fleet_addresses[2]}") rooms)"
sleep 5
echo "5 s later, rooms playing: n1 $(playing "${fleet_addresses[1]}"), n2 $(playing "${fleet_addresses[2]}"); load average $(cut -d' ' -f1 /proc/loadavg)"
for a in "${fleet_addresses[@]:1}"; do in_load curl -sf "http://$a/healthz"; echo; done
