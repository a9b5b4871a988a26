#!/usr/bin/env bash
# Adding a game touches one place: in a scratch copy of the repository, `new-game Demo` followed
# by `swift test` must pass with no other edit. The copy holds the files git would commit (tracked
# plus untracked-but-not-ignored, so no .build) and is removed on every exit path.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=$(mktemp -d /tmp/new-game-check.XXXXXX)
cleanup() { rm -rf "$scratch"; }
trap cleanup EXIT
trap 'echo "new-game check: interrupted" >&2; exit 130' INT TERM
fail() { echo "new-game check FAILED: $*" >&2; exit 1; }

echo "new-game check: copying the repository to $scratch"
git ls-files -z --cached --others --exclude-standard \
    | while IFS= read -r -d '' path; do [ -e "$path" ] && printf '%s\0' "$path"; done \
    | tar --null --files-from=- --create --file=- \
    | tar --extract --file=- --directory="$scratch" \
    || fail "could not copy the repository"
cd "$scratch"

swift package --allow-writing-to-package-directory new-game Demo || fail "new-game Demo"
[ -f Games/Demo/DemoGame.swift ] && [ -f Tests/DemoTests/DemoRulesTests.swift ] || fail "Demo's files are missing"
grep -q '"Demo"' Package.swift || fail "Demo is not in the games list"
swift package --allow-writing-to-package-directory new-game --check || fail "the catalog is stale after new-game"

swift build --build-tests || fail "the package does not build with Demo"
# Run as .ci/run does: in a network namespace with only loopback, unless we already are in one.
offline() {
    if [ "$(ls /sys/class/net)" = "lo" ]; then
        "$@"
    else
        unshare --net sh -c 'ip link set lo up && exec "$@"' offline "$@"
    fi
}
offline swift test || fail "swift test with Demo"
offline swift run partyhost --list-games | grep '^demo ' >/dev/null || fail "partyhost --list-games does not list demo"
echo "new-game check: passed (new-game Demo, then swift test, with no other edit)"
