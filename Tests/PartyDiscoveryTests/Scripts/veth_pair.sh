#!/bin/sh
# Two network namespaces joined by a veth pair, for a multi-host test; torn down on exit.
#   sh veth_pair.sh 'HOST COMMAND' 'CLIENT COMMAND'
# Namespace A (10.99.0.1/24 on veth-a) runs HOST COMMAND in the background; namespace B
# (10.99.0.2/24 on veth-b) runs CLIENT COMMAND in the foreground; then A's command is stopped and
# both namespaces are deleted. The script exits with CLIENT COMMAND's status. Each namespace also has
# `lo` up. The veth pair is created inside namespace A, so the machine's own network namespace never
# sees these interfaces or addresses. Needs root; run it inside `shared/bin/offline` (its private
# mount namespace keeps /run/netns private). Use `--interface veth-a` / `--interface veth-b`.
# With PARTYHOST_NETNS_IPV6_ONLY=1 the veth link gets no IPv4 address: only the IPv6 link-local
# addresses the kernel gives it, usable at once (duplicate address detection is off).
set -eu
[ "$#" -eq 2 ] || { echo "usage: $0 'HOST COMMAND' 'CLIENT COMMAND'" >&2; exit 2; }
a="partyhost-a-$$"
b="partyhost-b-$$"
host_pid=""
teardown() {
    [ -n "$host_pid" ] && kill -KILL "$host_pid" 2>/dev/null || true
    ip netns pids "$a" 2>/dev/null | xargs -r kill -KILL 2>/dev/null || true
    ip netns pids "$b" 2>/dev/null | xargs -r kill -KILL 2>/dev/null || true
    ip netns del "$a" 2>/dev/null || true
    ip netns del "$b" 2>/dev/null || true
}
trap teardown EXIT INT TERM
ip netns add "$a"
ip netns add "$b"
ip -n "$a" link set lo up
ip -n "$b" link set lo up
if [ "${PARTYHOST_NETNS_IPV6_ONLY:-}" = 1 ]; then
    for ns in "$a" "$b"; do
        ip netns exec "$ns" sh -c 'echo 0 >/proc/sys/net/ipv6/conf/all/accept_dad; echo 0 >/proc/sys/net/ipv6/conf/default/accept_dad'
    done
fi
ip -n "$a" link add veth-a type veth peer name veth-b netns "$b"
if [ "${PARTYHOST_NETNS_IPV6_ONLY:-}" != 1 ]; then
    ip -n "$a" addr add 10.99.0.1/24 dev veth-a
    ip -n "$b" addr add 10.99.0.2/24 dev veth-b
fi
ip -n "$a" link set veth-a up multicast on
ip -n "$b" link set veth-b up multicast on
# The commands may change namespace A's link (a readdressing test): its name is exported.
export PARTYHOST_NETNS_A="$a"
ip netns exec "$a" sh -c "$1" &
host_pid=$!
status=0
ip netns exec "$b" sh -c "$2" || status=$?
exit "$status"
