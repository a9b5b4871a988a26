#!/bin/sh
# The lines partyhost prints at the start on a machine with a given network, in a new network
# namespace: MODE "linklocal" (lo and a veth link with IPv6 link-local addresses only, no IPv4, no
# routable IPv6) or "none" (loopback only). Prints the host's output as "HOST: " lines.
#   sh join_lines.sh MODE PARTYHOST
# Needs root (unshare). Every address is inside the new namespace (the kernel's link-local ones).
set -u
exec unshare --net sh -c '
    ip link set lo up
    if [ "$1" = linklocal ]; then
        ip link add jl-a type veth peer name jl-b || exit 3
        ip link set jl-a up && ip link set jl-b up || exit 3
        tries=0
        while ! ip -6 addr show dev jl-a | grep -q "inet6 fe80"; do
            tries=$((tries + 1)); [ $tries -gt 100 ] && exit 4; sleep 0.1
        done
    fi
    out=$(mktemp)
    "$2" --game fourinarow --dedicated --line-mode --no-advertise --name Jo </dev/null >"$out" 2>&1 &
    host=$!
    tries=0
    while ! grep -q "^Browsers" "$out"; do
        tries=$((tries + 1)); [ $tries -gt 100 ] && break; sleep 0.1
    done
    kill $host 2>/dev/null
    wait $host 2>/dev/null
    sed "s/^/HOST: /" "$out"
    rm -f "$out"
' join-lines "$1" "$2"
