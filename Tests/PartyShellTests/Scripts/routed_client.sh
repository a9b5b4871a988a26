#!/bin/sh
# The client side of the routed wide-area test, run in namespace C by routed.sh: checks that
# multicast DNS does not find the session across the router (`MDNS none`), finds it in the zone
# party.test on 10.98.1.1 (`WIDE <json>`), then becomes the line-mode lobby with the domain.
#   sh routed_client.sh PARTYCLIENT "SESSION NAME"
# Prints `NOT FOUND` and exits 3 when twenty listings do not show the session.
set -eu
client=$1
session=$2
tries=0
while :; do
    line=$("$client" --list --json --timeout 1 --interface veth-client --browse-domain party.test --dns-server 10.98.1.1 2>/dev/null \
        | grep -F "\"name\":\"$session\"" | grep -F "\"wideArea\":true" | head -n 1 || true)
    [ -n "$line" ] && break
    tries=$((tries + 1))
    if [ "$tries" -ge 20 ]; then echo "NOT FOUND"; exit 3; fi
done
# By then the host has announced on its subnet for seconds: multicast would have arrived.
if "$client" --list --json --timeout 2 --interface veth-client | grep -qF "\"name\":\"$session\""; then
    echo "MDNS found"
else
    echo "MDNS none"
fi
echo "WIDE $line"
exec "$client" --line-mode --name Bob --interface veth-client --browse-domain party.test --dns-server 10.98.1.1
