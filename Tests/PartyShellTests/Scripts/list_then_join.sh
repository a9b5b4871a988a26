#!/bin/sh
# Finds a session by its name with `partyclient --list` on one interface, then joins it in line mode.
#   sh list_then_join.sh PARTYCLIENT INTERFACE "SESSION NAME" PLAYER
# Prints `LISTED <json>` (the listing's line) and `CONNECT <address>:<port>`, then becomes the
# line-mode client, so standard input and output pass straight through to it. Prints `NOT FOUND`
# and exits 3 when ten one-second listings do not show the session.
set -eu
client=$1
interface=$2
session=$3
player=$4
tries=0
while :; do
    line=$("$client" --list --interface "$interface" --timeout 1 --json | grep -F "\"name\":\"$session\"" | head -n 1 || true)
    [ -n "$line" ] && break
    tries=$((tries + 1))
    if [ "$tries" -ge 10 ]; then echo "NOT FOUND"; exit 3; fi
done
echo "LISTED $line"
address=$(printf '%s\n' "$line" | sed -n 's/.*"addresses":\["\([^"]*\)".*/\1/p')
port=$(printf '%s\n' "$line" | sed -n 's/.*"port":\([0-9]*\).*/\1/p')
echo "CONNECT $address:$port"
exec "$client" --connect "$address:$port" --line-mode --name "$player"
