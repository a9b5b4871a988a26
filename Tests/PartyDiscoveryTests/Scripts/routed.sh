#!/bin/sh
# Two subnets joined by a router, for the wide-area DNS-SD test: multicast DNS stays on each
# subnet, unicast DNS and TCP are routed.
#   sh routed.sh 'SERVER COMMAND' 'HOST COMMAND' 'CLIENT COMMAND'
# Namespace R (the router; 10.98.1.1 on r-host, 10.98.2.1 on r-client, forwarding on) runs SERVER
# COMMAND in the background (a DNS server on 10.98.1.1); namespace H (10.98.1.2/24 on veth-host,
# default route via R) runs HOST COMMAND in the background; namespace C (10.98.2.2/24 on
# veth-client, default route via R) runs CLIENT COMMAND in the foreground. Then everything is
# stopped and the namespaces are deleted; exits with CLIENT COMMAND's status. These addresses exist
# only inside the namespaces this script makes; the machine's own namespace never sees them. Runs
# in a private mount namespace with a /run of its own (as netns_game.sh). Needs root; run it
# inside shared/bin/offline.
set -eu
[ "$#" -eq 3 ] || { echo "usage: $0 'SERVER COMMAND' 'HOST COMMAND' 'CLIENT COMMAND'" >&2; exit 2; }
if [ -z "${PARTYHOST_ROUTED_INNER:-}" ]; then
    PARTYHOST_ROUTED_INNER=1 exec unshare --mount --propagation private sh "$0" "$@"
fi
mount -t tmpfs tmpfs /run
r="partyhost-r-$$" h="partyhost-h-$$" c="partyhost-c-$$"
pids=""
teardown() {
    for pid in $pids; do kill -KILL "$pid" 2>/dev/null || true; done
    for ns in "$r" "$h" "$c"; do
        ip netns pids "$ns" 2>/dev/null | xargs -r kill -KILL 2>/dev/null || true
        ip netns del "$ns" 2>/dev/null || true
    done
}
trap teardown EXIT INT TERM
for ns in "$r" "$h" "$c"; do
    ip netns add "$ns"
    ip -n "$ns" link set lo up
done
ip -n "$r" link add r-host type veth peer name veth-host netns "$h"
ip -n "$r" link add r-client type veth peer name veth-client netns "$c"
ip -n "$r" addr add 10.98.1.1/24 dev r-host
ip -n "$r" addr add 10.98.2.1/24 dev r-client
ip -n "$h" addr add 10.98.1.2/24 dev veth-host
ip -n "$c" addr add 10.98.2.2/24 dev veth-client
for link in r-host r-client; do ip -n "$r" link set "$link" up multicast on; done
ip -n "$h" link set veth-host up multicast on
ip -n "$c" link set veth-client up multicast on
ip netns exec "$r" sh -c 'echo 1 >/proc/sys/net/ipv4/ip_forward'
ip -n "$h" route add default via 10.98.1.1
ip -n "$c" route add default via 10.98.2.1
ip netns exec "$r" sh -c "$1" &
pids="$pids $!"
ip netns exec "$h" sh -c "$2" &
pids="$pids $!"
status=0
ip netns exec "$c" sh -c "$3" || status=$?
exit "$status"
