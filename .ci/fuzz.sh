#!/usr/bin/env bash
# Fuzzing: builds the libFuzzer targets in Fuzz/ (their own package, never part of the main build)
# and runs each for FUZZ_SECONDS (default 60) from the committed seed corpus in Fuzz/Corpus/<target>.
# The targets run side by side, so the whole step takes about one FUZZ_SECONDS plus the build.
# Prints one summary line per target; exits non-zero if any target crashed, hung, ran out of memory
# or did not start. A crashing input is kept under Fuzz/.build/fuzz/artifacts/ and printed in hex:
# add it to Tests/PartyWireTests/FuzzRegressionTests.swift or Tests/PartyDiscoveryTests/FuzzRegressionTests.swift.
# Idempotent and non-interactive; new corpus entries go to Fuzz/.build/fuzz/corpus/, never into git.
set -uo pipefail
cd "$(dirname "$0")/../Fuzz"

seconds="${FUZZ_SECONDS:-60}"
targets=(frames messages mdns)
work=.build/fuzz
minimum_pcs=150000
# `--sanitize fuzzer` makes SwiftPM link libFuzzer's main; the -Xswiftc flag comes after it on every
# swiftc line and wins. Not `--sanitize fuzzer --sanitize address`: those become two -sanitize= flags,
# swiftc keeps only the last, and the Swift code would get no coverage instrumentation at all.
flags=(-c release --sanitize fuzzer -Xswiftc -sanitize=fuzzer,address)

start=$(date +%s)
mkdir -p "$work/artifacts" "$work/logs"
for target in "${targets[@]}"; do
    if ! swift build "${flags[@]}" --product "fuzz-$target" >"$work/logs/build-$target.log" 2>&1; then
        tail -n 40 "$work/logs/build-$target.log"
        echo "fuzz-$target: BUILD FAILED (log: Fuzz/$work/logs/build-$target.log)"
        exit 1
    fi
done
bin="$(swift build "${flags[@]}" --show-bin-path)"

echo "fuzz: built in $(( $(date +%s) - start )) s"

# No fuzzer needs a network: run them without one when this user may make a namespace.
isolate=()
if unshare --net true 2>/dev/null; then isolate=(unshare --net); fi

# Let ASan and libFuzzer print the crash and its stack, not the Swift runtime's backtracer (which
# trips over ASan and hides the stack).
export SWIFT_BACKTRACE=enable=no
pids=()
for target in "${targets[@]}"; do
    mkdir -p "$work/corpus/$target"
    rm -f "$work/artifacts/$target-"*
    "${isolate[@]}" "$bin/fuzz-$target" "$work/corpus/$target" "Corpus/$target" \
        -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$work/artifacts/$target-" -print_final_stats=1 \
        >"$work/logs/$target.log" 2>&1 &
    pids+=($!)
done

failed=0
for i in "${!targets[@]}"; do
    target="${targets[$i]}"
    log="$work/logs/$target.log"
    wait "${pids[$i]}"
    status=$?
    field() { sed -n "s/^stat::$1: *//p" "$log" | tail -n 1; }
    # The instrumented code libFuzzer sees: over 220 000 PCs with the Swift code instrumented, under
    # 100 000 with only the C shims (what SwiftPM's two `--sanitize` flags give): fuzzing blind.
    pcs="$(sed -n 's/^INFO: Loaded [0-9]* PC tables (\([0-9]*\) PCs).*/\1/p' "$log" | head -n 1)"
    runs="$(field number_of_executed_units)"
    rate="$(field average_exec_per_sec)"
    added="$(field new_units_added)"
    corpus="$(find "$work/corpus/$target" "Corpus/$target" -type f | wc -l)"
    artifact="$(find "$work/artifacts" -name "$target-*" -type f | head -n 1)"
    if [ "$status" -ne 0 ] || [ -n "$artifact" ]; then
        failed=1
        kind="$(grep -m 1 -o 'ERROR: libFuzzer: [a-z-]*\|ERROR: AddressSanitizer: [a-z-]*\|Fatal error: .*' "$log" || true)"
        echo "fuzz-$target: CRASH after ${runs:-?} runs (exit $status) ${kind:-} input: Fuzz/${artifact:-none}"
        grep -m 1 -A 30 'Fatal error\|ERROR:' "$log" | grep -v '^INFO\|^MS:\|^$' | head -n 30 | sed 's/^/    /'
        if [ -n "$artifact" ]; then
            echo "    input bytes: [$(od -An -v -tu1 "$artifact" | tr -s ' \n' ' ' | sed 's/^ //; s/ $//; s/ /, /g')]"
        fi
    elif [ -z "$runs" ] || [ "${pcs:-0}" -lt "$minimum_pcs" ]; then
        failed=1
        echo "fuzz-$target: DID NOT RUN PROPERLY (${pcs:-no} instrumented PCs; log: Fuzz/$log)"
        tail -n 20 "$log" | sed 's/^/    /'
    else
        echo "fuzz-$target: ok, $runs runs in ${seconds} s (${rate} exec/s), $pcs PCs, corpus $corpus files (+$added new), no crash"
    fi
done
echo "fuzz: $(( $(date +%s) - start )) s in all"
exit "$failed"
