#!/bin/sh
# The client side of the IPv6-only link test, run in namespace B by veth_pair.sh: lists the sessions
# on veth-b (text and JSON), then joins the named one at its first address, a link-local IPv6
# address scoped to veth-b, in line mode.
#   sh ipv6_list_then_join.sh PARTYCLIENT "SESSION NAME" PLAYER
# Prints `TEXT <line>` and `LISTED <json>`, then `CONNECT <address>`, then becomes the line-mode
# client. Prints `NOT FOUND` and exits 3 when ten one-second listings do not show the session.
set -eu
client=$1
session=$2
player=$3
tries=0
while :; do
    line=$("$client" --list --interface veth-b --timeout 1 --json | grep -F "\"name\":\"$session\"" | head -n 1 || true)
    [ -n "$line" ] && break
    tries=$((tries + 1))
    if [ "$tries" -ge 10 ]; then echo "NOT FOUND"; exit 3; fi
done
"$client" --list --interface veth-b --timeout 2 | grep -F "$session" | sed 's/^/TEXT /' || true
echo "LISTED $line"
address=$(printf '%s\n' "$line" | sed -n 's/.*"addresses":\["\([^"]*\)".*/\1/p')
port=$(printf '%s\n' "$line" | sed -n 's/.*"port":\([0-9]*\).*/\1/p')
echo "CONNECT [$address]:$port"
exec "$client" --connect "[$address]:$port" --line-mode --name "$player"
