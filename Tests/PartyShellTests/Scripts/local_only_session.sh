#!/bin/sh
# A machine with a network (a veth link with an IPv4 address) whose host advertises only on lo:
# a new network namespace; partyhost --interface lo there, then partyclient --list with its default
# interfaces. Prints the list ("LIST: " lines) and its exit status ("STATUS: n").
#   sh local_only_session.sh PARTYHOST PARTYCLIENT
# Needs root (unshare). Every address is inside the new namespace.
set -u
exec unshare --net sh -c '
    ip link set lo up
    ip link add lo-a type veth peer name lo-b || exit 3
    ip addr add 10.98.0.1/24 dev lo-a && ip link set lo-a up multicast on && ip link set lo-b up || exit 3
    "$1" --game fourinarow --dedicated --interface lo --line-mode --name Lou </dev/null >/dev/null 2>&1 &
    host=$!
    sleep 1
    list=$("$2" --list --timeout 3 2>&1)
    status=$?
    kill $host 2>/dev/null
    wait $host 2>/dev/null
    printf "%s\n" "$list" | sed "s/^/LIST: /"
    echo "STATUS: $status"
' local-only "$1" "$2"
