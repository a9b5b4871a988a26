#!/bin/bash
# An audience across a fleet in network namespaces of its own, measured (fleet_netns.sh: PostgreSQL,
# NODES `partyhost serve --database` nodes and the load each in a namespace with its own address).
# Node n0 holds the room (two framed players throwing Rock Paper Scissors); the WATCHERS watch at
# the other nodes, which relay it (`/CODE/ws?watch`). With RELAY=0 every watcher is at n0 (a server
# alone) for comparison. Prints `partyload fleet-watchers`' report: n0's CPU per view update, each
# relaying node's CPU and memory per watcher, a throw → each and the last watcher's view.
#
# Run inside a network namespace of our own (Scripts/offline) as root.
#
#   Benchmarks/Scripts/fleet_namespaces.sh PARTYHOST PARTYLOAD [WATCHERS] [NODES] [SECONDS]
set -euo pipefail
partyhost=$(realpath "${1:?usage: fleet_namespaces.sh PARTYHOST PARTYLOAD [WATCHERS] [NODES] [SECONDS]}")
partyload=$(realpath "${2:?usage: fleet_namespaces.sh PARTYHOST PARTYLOAD [WATCHERS] [NODES] [SECONDS]}")
watchers=${3:-10000}
nodes=${4:-4}
seconds=${5:-60}
relay=${RELAY:-1}
source "$(dirname "$0")/fleet_netns.sh"
trap fleet_down EXIT INT TERM
# The load's address is a trusted proxy of every node, as a front door would be: its 10,000
# watchers from one address are not held to one address's 20 new connections a second.
fleet_up "$nodes" --max-connections 20000 --max-connections-per-address 20000 --max-spectators 10000 --trusted-proxy 10.77.0.100
if [ "$relay" = 0 ]; then
    list=${fleet_addresses[0]} pidlist=${fleet_pids[0]} where="n0 itself"
else
    list=$(IFS=,; echo "${fleet_addresses[*]}") pidlist=$(IFS=,; echo "${fleet_pids[*]}") where="the relaying nodes n1..n$((nodes - 1))"
fi
echo "fleet of $nodes nodes (${fleet_addresses[*]}) on PostgreSQL at 10.77.0.2; $watchers watchers at $where"
in_load "$partyload" fleet-watchers --nodes "$list" --pids "$pidlist" --watchers "$watchers" --seconds "$seconds" \
    --time-limit $((seconds + 400))
