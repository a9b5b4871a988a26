# Sourced by the fleet benchmarks: a fleet in network namespaces of its own. PostgreSQL in
# namespace "db" (10.77.0.2), the load in "load" (10.77.0.100), node i in "n<i>" (10.77.0.<10+i>),
# all on one bridge in a "hub" namespace, so that each node has an address and a network stack of
# its own, as on machines of their own (they still share this machine's cores).
#
#   fleet_up NODES [partyhost serve options...]   starts them; sets $fleet_pids, $fleet_addresses (HOST:PORT)
#   in_load COMMAND...                            runs COMMAND in the load's namespace
#   fleet_down                                    kills everything, removes the namespaces (the script's trap)
#
# Needs root, Debian's postgresql and curl; run it inside a network namespace of our own
# (Scripts/offline): nothing here can reach another machine.
fleet_tag=$$
fleet_hub="fh-hub-$fleet_tag"
fleet_spaces=()
fleet_pids=()
fleet_addresses=()
fleet_pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
fleet_dir=$(mktemp -d /tmp/partyhost-bench-fleet-XXXXXX)
fleet_url="postgres://postgres@10.77.0.2/fleet"

fleet_down() {
    exec 2>/dev/null
    for ns in "${fleet_spaces[@]}" "$fleet_hub"; do
        ip netns pids "$ns" 2>/dev/null | xargs -r kill -KILL 2>/dev/null || true
    done
    sleep 0.2
    for ns in "${fleet_spaces[@]}" "$fleet_hub"; do ip netns del "$ns" 2>/dev/null || true; done
    rm -rf "$fleet_dir"
}

# A namespace named $1 with address $2 on the hub's bridge.
fleet_space() {
    local index=${#fleet_spaces[@]}
    ip netns add "$1"
    fleet_spaces+=("$1")
    ip -n "$1" link set lo up
    ip -n "$fleet_hub" link add "p$index" type veth peer name eth0 netns "$1"
    ip -n "$fleet_hub" link set "p$index" master br0 up
    ip -n "$1" addr add "$2/24" dev eth0
    ip -n "$1" link set eth0 up
}

in_load() { ip netns exec "fh-load-$fleet_tag" "$@"; }

fleet_up() {
    local nodes=$1
    shift
    ulimit -n "$(ulimit -Hn)"
    ip netns add "$fleet_hub"
    ip -n "$fleet_hub" link set lo up
    ip -n "$fleet_hub" link add br0 type bridge
    ip -n "$fleet_hub" link set br0 up
    fleet_space "fh-db-$fleet_tag" 10.77.0.2
    fleet_space "fh-load-$fleet_tag" 10.77.0.100
    # PostgreSQL listening on its address only, trusting the bridge's network.
    chown postgres "$fleet_dir"
    runuser -u postgres -- "$fleet_pg_bin/initdb" -D "$fleet_dir/data" -U postgres -A trust --no-sync >/dev/null
    echo "host all all 10.77.0.0/24 trust" >> "$fleet_dir/data/pg_hba.conf"
    ip netns exec "fh-db-$fleet_tag" runuser -u postgres -- "$fleet_pg_bin/pg_ctl" -D "$fleet_dir/data" -l "$fleet_dir/postgres.log" \
        -w -o "-c listen_addresses='10.77.0.2' -k $fleet_dir -c max_connections=100" start >/dev/null
    "$fleet_pg_bin/psql" -h "$fleet_dir" -U postgres -q -c "CREATE DATABASE fleet"
    # The nodes (`ip netns exec` execs: $! is the node's own pid).
    local i a
    for ((i = 0; i < nodes; i++)); do
        a="10.77.0.$((10 + i))"
        fleet_space "fh-n$i-$fleet_tag" "$a"
        ip netns exec "fh-n$i-$fleet_tag" "$partyhost" serve --database "$fleet_url" --node-name "n$i" \
            --public-url "http://$a:8080" --bind "$a" --port 8080 --quiet "$@" > "$fleet_dir/n$i.log" 2>&1 &
        fleet_pids+=($!)
        fleet_addresses+=("$a:8080")
    done
    for a in "${fleet_addresses[@]}"; do
        until in_load curl -sf "http://$a/healthz" >/dev/null; do sleep 0.2; done
    done
    # Until every node's directory lists every node (a node accepts relays from the nodes it knows).
    for a in "${fleet_addresses[@]}"; do
        until [ "$(in_load curl -sf "http://$a/api/fleet" | grep -o 'http://' | wc -l)" -ge "$nodes" ]; do sleep 0.2; done
    done
}
