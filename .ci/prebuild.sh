#!/usr/bin/env bash
# CI's other builds, made while the test suite runs: the static release build that
# Scripts/package-deb.sh packs (with the same PARTYHOST_VERSION and scratch path, so that its own
# build then finds nothing left to do) and, when the run fuzzes, the libFuzzer targets that
# .ci/fuzz.sh runs (same flags).
# The suite waits for timers and child programs more than it computes (one core busy on average of
# two), so at the lowest priority these builds take what it leaves: about ten of CI's minutes that
# ran one after the other before.
#
# The lowest priority is SCHED_IDLE (`chrt --idle 0`): the builds run only on a core nothing else
# wants. Not `nice -n 19`: swift-build starts its compilers at niceness 0 again (seen with `ps -o
# ni`: swift-build 19, every swiftc and swift-frontend 0), so the release build took both cores at
# full priority while the timing tests ran, and they failed by seconds. A scheduling policy is
# inherited by every process the build starts.
#
# Prints one line per build with its time; its exit status is the first failure's. .ci/run waits for
# it before packaging and fuzzing, and those steps build (and report) anything that failed here.
set -uo pipefail
cd "$(dirname "$0")/.."

started=$(date +%s)
status=0
# Runs a command at the lowest priority its children keep (see above).
lowest() {
    if command -v chrt >/dev/null 2>&1; then chrt --idle 0 "$@"; else nice -n 19 "$@"; fi
}
build() {
    local name=$1 begun log
    shift
    begun=$(date +%s)
    log=$(mktemp /tmp/prebuild.XXXXXX)
    if lowest "$@" >"$log" 2>&1; then
        echo "prebuild: $name built in $(( $(date +%s) - begun )) s"
    else
        echo "prebuild: $name FAILED after $(( $(date +%s) - begun )) s; its last lines:"
        tail -n 20 "$log"
        [ "$status" -eq 0 ] && status=1
    fi
    rm -f "$log"
}

# As Scripts/package-deb.sh builds (its build and generate-manual, in .build-static).
PARTYHOST_VERSION=$(Scripts/version.sh)
export PARTYHOST_VERSION
static=(swift build -c release --static-swift-stdlib --scratch-path "${PARTYHOST_STATIC_BUILD_PATH:-$PWD/.build-static}")
build "the static release build" "${static[@]}"
build "generate-manual" "${static[@]}" --product generate-manual

# As .ci/fuzz.sh builds (the Fuzz package, release, libFuzzer with the Swift code instrumented; from
# Fuzz/, as fuzz.sh runs it), when this run fuzzes (PARTYHOST_CI_FUZZ=1).
if [ "${PARTYHOST_CI_FUZZ:-}" = 1 ]; then
    fuzz=(sh -c 'cd Fuzz && exec swift build "$@"' fuzz -c release --sanitize fuzzer -Xswiftc -sanitize=fuzzer,address)
    for target in frames messages mdns; do
        build "fuzz-$target" "${fuzz[@]}" --product "fuzz-$target"
    done
fi
echo "prebuild: done in $(( $(date +%s) - started )) s"
exit "$status"
