#!/bin/bash
# A fleet in network namespaces of its own, measured: PostgreSQL in namespace "db", NODES
# `partyhost serve --database` nodes each in a namespace with its own address, and the load
# (`partyload fleet-watchers`) in a namespace of its own, all on one bridge (10.77.0.0/24) in a
# "hub" namespace. Node n0 holds the room (two framed players throwing Rock Paper Scissors); the
# WATCHERS watch at the other nodes, which relay it (`/CODE/ws?watch`). With RELAY=0 every watcher
# is at n0 (a server alone) for comparison. Prints fleet-watchers' report: n0's CPU per view
# update, each relaying node's CPU and memory per watcher, a throw → the last watcher's view.
#
# Run inside a network namespace of our own (Scripts/offline) as root; needs Debian's postgresql.
# Every namespace, process and file is removed on exit.
#
#   Benchmarks/Scripts/fleet_namespaces.sh PARTYHOST PARTYLOAD [WATCHERS] [NODES] [SECONDS]
set -euo pipefail
partyhost=$(realpath "${1:?usage: fleet_namespaces.sh PARTYHOST PARTYLOAD [WATCHERS] [NODES] [SECONDS]}")
partyload=$(realpath "${2:?usage: fleet_namespaces.sh PARTYHOST PARTYLOAD [WATCHERS] [NODES] [SECONDS]}")
watchers=${3:-10000}
nodes=${4:-4}
seconds=${5:-60}
relay=${RELAY:-1}
tag=$$
hub="fh-hub-$tag"
spaces=("fh-db-$tag" "fh-load-$tag")
for ((i = 0; i < nodes; i++)); do spaces+=("fh-n$i-$tag"); done
pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
pg_dir=$(mktemp -d /tmp/partyhost-bench-pg-XXXXXX)
as_postgres() { runuser -u postgres -- "$@"; }
teardown() {
    exec 2>/dev/null
    for ns in "${spaces[@]}" "$hub"; do
        ip netns pids "$ns" 2>/dev/null | xargs -r kill -KILL 2>/dev/null || true
    done
    sleep 0.2
    for ns in "${spaces[@]}" "$hub"; do ip netns del "$ns" 2>/dev/null || true; done
    rm -rf "$pg_dir"
}
trap teardown EXIT INT TERM
ulimit -n "$(ulimit -Hn)"

# The hub's bridge, and a veth from it into each namespace: db .2, load .100, node i .(10+i).
ip netns add "$hub"
ip -n "$hub" link set lo up
ip -n "$hub" link add br0 type bridge
ip -n "$hub" link set br0 up
address_of() {
    case "$1" in
        fh-db-*) echo 10.77.0.2 ;;
        fh-load-*) echo 10.77.0.100 ;;
        fh-n*) local n=${1#fh-n}; echo "10.77.0.$((10 + ${n%%-*}))" ;;
    esac
}
index=0
for ns in "${spaces[@]}"; do
    ip netns add "$ns"
    ip -n "$ns" link set lo up
    ip -n "$hub" link add "p$index" type veth peer name eth0 netns "$ns"
    ip -n "$hub" link set "p$index" master br0 up
    ip -n "$ns" addr add "$(address_of "$ns")/24" dev eth0
    ip -n "$ns" link set eth0 up
    index=$((index + 1))
done

# PostgreSQL in "db", listening on its address only, trusting the bridge's network.
chown postgres "$pg_dir"
as_postgres "$pg_bin/initdb" -D "$pg_dir/data" -U postgres -A trust --no-sync >/dev/null
echo "host all all 10.77.0.0/24 trust" >> "$pg_dir/data/pg_hba.conf"
ip netns exec "fh-db-$tag" runuser -u postgres -- "$pg_bin/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/postgres.log" -w \
    -o "-c listen_addresses='10.77.0.2' -k $pg_dir -c max_connections=100" start >/dev/null
"$pg_bin/psql" -h "$pg_dir" -U postgres -q -c "CREATE DATABASE fleet"

# The nodes, each in its namespace (`ip netns exec` execs: $! is the node's own pid).
pids=() addresses=()
for ((i = 0; i < nodes; i++)); do
    a="10.77.0.$((10 + i))"
    ip netns exec "fh-n$i-$tag" "$partyhost" serve --database "postgres://postgres@10.77.0.2/fleet" --node-name "n$i" \
        --public-url "http://$a:8080" --bind "$a" --port 8080 --quiet --max-connections 20000 \
        --max-connections-per-address 20000 --max-spectators 10000 > "$pg_dir/n$i.log" 2>&1 &
    pids+=($!)
    addresses+=("$a:8080")
done
for ((i = 0; i < nodes; i++)); do
    until ip netns exec "fh-load-$tag" curl -sf "http://${addresses[$i]}/healthz" >/dev/null; do sleep 0.2; done
done
if [ "$relay" = 0 ]; then
    list=${addresses[0]} pidlist=${pids[0]}
else
    list=$(IFS=,; echo "${addresses[*]}") pidlist=$(IFS=,; echo "${pids[*]}")
fi
where="the relaying nodes n1..n$((nodes - 1))"
[ "$relay" = 0 ] && where="n0 itself"
echo "fleet of $nodes nodes (${addresses[*]}) on PostgreSQL at 10.77.0.2; $watchers watchers at $where"
ip netns exec "fh-load-$tag" "$partyload" fleet-watchers --nodes "$list" --pids "$pidlist" --watchers "$watchers" \
    --seconds "$seconds" --time-limit $((seconds + 400))
