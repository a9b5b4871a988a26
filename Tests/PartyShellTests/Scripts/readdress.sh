#!/bin/sh
# The client side of the readdressing test, run in namespace B by veth_pair.sh: lists the sessions
# on veth-b, moves the host's veth-a from 10.99.0.1 to 10.99.0.5, waits WAIT seconds, lists again.
# Prints "BEFORE: " and "AFTER: " lines (partyclient --list output).
#   sh readdress.sh PARTYCLIENT WAIT
set -u
client=$1
wait_seconds=$2
"$client" --list --timeout 3 --interface veth-b 2>&1 | sed 's/^/BEFORE: /'
# Deleted first: deleting a primary address would take a secondary in its subnet with it.
ip -n "$PARTYHOST_NETNS_A" addr del 10.99.0.1/24 dev veth-a
ip -n "$PARTYHOST_NETNS_A" addr add 10.99.0.5/24 dev veth-a
sleep "$wait_seconds"
"$client" --list --timeout 3 --interface veth-b 2>&1 | sed 's/^/AFTER: /'
