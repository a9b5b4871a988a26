#!/bin/sh
# A machine whose only network besides loopback is IPv6: a new network namespace with lo up and a
# veth link that has a ULA IPv6 address and no IPv4 address. Starts partyhost there advertising on
# lo, lists sessions on lo with partyclient, and prints the list ("LIST: " lines), the list's exit
# status ("STATUS: n") and the host's output ("HOST: " lines).
#   sh ipv6_only_link.sh PARTYHOST PARTYCLIENT
# Needs root (unshare). Every address is inside the new namespace.
set -u
exec unshare --net sh -c '
    ip link set lo up
    ip link add v6-a type veth peer name v6-b || exit 3
    ip link set v6-a up && ip link set v6-b up && ip -6 addr add fd00:99::1/64 dev v6-a nodad || exit 3
    out=$(mktemp)
    "$1" --game fourinarow --dedicated --interface lo --line-mode --name Ivy </dev/null >"$out" 2>&1 &
    host=$!
    sleep 1
    list=$("$2" --list --timeout 3 --interface lo 2>&1)
    status=$?
    kill $host 2>/dev/null
    wait $host 2>/dev/null
    printf "%s\n" "$list" | sed "s/^/LIST: /"
    echo "STATUS: $status"
    sed "s/^/HOST: /" "$out"
    rm -f "$out"
' ipv6-only "$1" "$2"
