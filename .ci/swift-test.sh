#!/usr/bin/env bash
# Runs `swift test ARGS...` (the README's test command), streaming its output as it comes, and when
# it fails prints the failing tests' lines once more at the very end: a CI log is often shown by its
# tail alone, which must then name what failed, not only "1 issue".
set -uo pipefail
log=$(mktemp /tmp/swift-test-log.XXXXXX)
trap 'rm -f "$log"' EXIT
swift test "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
if [ "$status" -ne 0 ]; then
    echo "==== swift test $* failed (exit $status); what failed, again:"
    grep -a -A6 '✘' "$log" | grep -a -v '^◇\|^✔' | tail -120
fi
exit "$status"
