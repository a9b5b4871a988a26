#!/bin/bash
# Runs two partyload builds alternately, N times each, and prints one line per run with the
# floor of the same run and the ratios (docs/PERFORMANCE.md, "A move's cost"). Run from Benchmarks/.
#
#   Scripts/alternate.sh throughput BEFORE AFTER [N]   # 1,000 games against the relay floor
#   Scripts/alternate.sh latency BEFORE AFTER [N]      # one game against the echo floor
#   Scripts/alternate.sh protocol BEFORE AFTER [N]     # 1,000 games against both floors (--protocol-floor)
#
# BEFORE and AFTER are partyload binaries (copy .build/release/partyload aside after each build).
# Every run is inside Scripts/offline (loopback only; needs root) with malloc_count.c preloaded,
# which this script builds into .build/malloc_count.so when it is missing (needs gcc).
set -u
kind=$1; before=$2; after=$3; runs=${4:-3}
here=$(cd "$(dirname "$0")" && pwd)
offline="$here/../../Scripts/offline"
malloc_count="$here/../.build/malloc_count.so"
if [ ! -f "$malloc_count" ]; then
    mkdir -p "$(dirname "$malloc_count")"
    gcc -O2 -shared -fPIC -o "$malloc_count" "$here/malloc_count.c" -ldl || exit 1
fi

throughput() {
    local out fr fc fu r c u a
    out=$(LD_PRELOAD="$malloc_count" "$offline" "$1" throughput --games 1000 --seconds 10 --time-limit 400 ${PROTOCOL_FLOOR:-} 2>&1)
    fr=$(echo "$out" | grep -oP 'no game\): \K[0-9]+')
    fc=$(echo "$out" | grep "relay floor" | grep -oP 'moves/s, \K[0-9.]+')
    fu=$(echo "$out" | grep "relay floor" | grep -oP 'user \K[0-9.]+')
    r=$(echo "$out" | grep -oP 'moves: [0-9]+ → \K[0-9]+')
    c=$(echo "$out" | grep -oP 'together: \K[0-9.]+')
    u=$(echo "$out" | grep "together" | grep -oP 'user \K[0-9.]+')
    a=$(echo "$out" | grep -oP '^[0-9.]+(?= allocations)')
    python3 -c "print(f'$(basename "$1"): floor {$fr} moves/s {$fc} µs (user {$fu}) | game {$r} moves/s {$c} µs (user {$u}) allocs {$a} | rate {$r/$fr:.3f}x cpu {$c/$fc:.2f}x')"
    if [ -n "${PROTOCOL_FLOOR:-}" ]; then
        local pr pc pa
        pr=$(echo "$out" | grep -oP 'no session\): \K[0-9]+'); pc=$(echo "$out" | grep "no session" | grep -oP 'moves/s, \K[0-9.]+')
        pa=$(echo "$out" | grep -oP 'protocol floor: \K[0-9.]+(?= allocations)')
        python3 -c "print(f'    protocol floor {$pr} moves/s {$pc} µs allocs {$pa} ({$pr/$fr:.3f}x the relay) | game against it: rate {$r/$pr:.3f}x cpu {$c/$pc:.2f}x')"
    fi
}

protocol() {
    PROTOCOL_FLOOR=--protocol-floor throughput "$1"
}

latency() {
    local out e ep m mp c a
    out=$(LD_PRELOAD="$malloc_count" "$offline" "$1" latency --moves 20000 --echo-rounds 5000 --time-limit 150 2>&1)
    e=$(echo "$out" | grep "echo floor" | grep -oP 'p50 \K[0-9.]+'); ep=$(echo "$out" | grep "echo floor" | grep -oP 'p99 \K[0-9.]+')
    m=$(echo "$out" | grep "move round trip" | grep -oP 'p50 \K[0-9.]+'); mp=$(echo "$out" | grep "move round trip" | grep -oP 'p99 \K[0-9.]+')
    c=$(echo "$out" | grep "CPU, host" | grep -oP 'clients: \K[0-9.]+'); a=$(echo "$out" | grep -oP '^[0-9.]+(?= allocations)')
    python3 -c "print(f'$(basename "$1"): echo p50 {$e} p99 {$ep} | move p50 {$m} p99 {$mp} | cpu {$c} µs allocs {$a} | p50 {$m/$e:.2f}x p99 {$mp/$ep:.2f}x')"
}

for _ in $(seq "$runs"); do
    "$kind" "$before"
    "$kind" "$after"
done
