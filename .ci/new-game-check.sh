#!/usr/bin/env bash
# Adding a game touches one place: `new-game Demo` followed by `swift build` and the tests that
# see every game must pass with no other edit.
#
# Where: when the work tree is clean (CI's fresh clone), in place: the build then recompiles only
# what Demo touches (a scratch copy recompiled the whole package and its dependencies, and ran the
# whole suite a second time: about 15 of CI's minutes), and on every exit path, interrupts included,
# the tree is put back as it was (`git checkout` and `git clean`: nothing else was there to lose).
# With local edits, in a scratch copy of the files git would commit (tracked plus
# untracked-but-not-ignored, so no .build), removed on every exit path; NEW_GAME_CHECK_COPY=1 asks
# for the copy always. The running step is stopped first, so nothing writes while the tree is put back.
#
# Which tests: Demo's own (its rules through PartyKit's conformance suite) and every suite that
# goes through the catalog of games or the generated page (a party room playing each game to its
# end, the lobby's rules, bots and plain text on the wire, /games.json and the page's files, the
# scaffold's view of the repository). The rest of the suite does not know which games exist; the
# main run covers it.
set -euo pipefail
cd "$(dirname "$0")/.."
repository=$(pwd)

tests='^(DemoTests|PartyScaffoldTests)\.|BotNameWireTests|PlainTextFallbackTests|RoomGamesEndTests|LobbyRulesTests|RoomGameTableTests|WebGameGuideTests|WebPageTests|AssetCachingTests'

inplace=""
if [ "${NEW_GAME_CHECK_COPY:-}" != 1 ] && git rev-parse --is-inside-work-tree >/dev/null 2>&1 \
    && [ -z "$(git status --porcelain)" ]; then
    inplace=yes
fi
scratch=""
[ -z "$inplace" ] && scratch=$(mktemp -d /tmp/new-game-check.XXXXXX)
step=""      # the process id of the running step, while one runs
stopped=""   # set when a running step had to be stopped

cleanup() {
    if [ -n "$step" ]; then
        # The step runs in its own process group (set -m below): stop the whole group.
        stopped=yes
        # INT, as Ctrl-C would: SwiftPM then stops the compiler processes it started too.
        kill -INT -- "-$step" 2>/dev/null || true
        wait "$step" 2>/dev/null || true
    fi
    if [ -n "$inplace" ]; then
        # The tree was clean when the check began: what differs now is Demo's.
        cd "$repository"
        git checkout -q -- . && git clean -fdq && [ -z "$(git status --porcelain)" ] && return 0
        echo "new-game check: could not put the work tree back (git status is not clean)" >&2
        exit 1
    fi
    # SwiftPM's lock files for the copy's .build, named after its path, next to it in /tmp.
    rm -f "/tmp/$(printf '%s' "$scratch" | tr / _)_.build"* 2>/dev/null || true
    # The compiler processes a stopped build leaves behind may still write for a moment: remove the
    # copy until it stays gone.
    for _ in 1 2 3 4 5 6 7 8 9 10; do
        rm -rf "$scratch" 2>/dev/null || true
        if [ ! -e "$scratch" ]; then
            [ -z "$stopped" ] && return 0
            sleep 1
            [ ! -e "$scratch" ] && return 0
        fi
        sleep 1
    done
    echo "new-game check: could not remove $scratch" >&2
}
trap cleanup EXIT
trap 'echo "new-game check: interrupted" >&2; exit 130' INT TERM
fail() { echo "new-game check FAILED: $*" >&2; exit 1; }

# Runs one step in the background in its own process group and waits for it, so an interrupt is
# handled at once (bash defers traps while a foreground command runs).
run() {
    set -m
    "$@" &
    step=$!
    set +m
    local status=0
    wait "$step" || status=$?
    step=""
    return "$status"
}

# Runs a command as .ci/run runs the tests: in a network namespace with only loopback, unless we
# already are in one.
offline() {
    if [ "$(ls /sys/class/net)" = "lo" ]; then
        "$@"
    else
        unshare --net sh -c 'ip link set lo up && exec "$@"' offline "$@"
    fi
}

if [ -n "$inplace" ]; then
    echo "new-game check: in place (the work tree is clean; it is put back at the end)"
else
    echo "new-game check: copying the repository to $scratch (the work tree has local changes)"
    git ls-files -z --cached --others --exclude-standard \
        | while IFS= read -r -d '' path; do [ -e "$path" ] && printf '%s\0' "$path"; done \
        | tar --null --files-from=- --create --file=- \
        | tar --extract --file=- --directory="$scratch" \
        || fail "could not copy the repository"
    cd "$scratch"
fi

run swift package --allow-writing-to-package-directory new-game Demo || fail "new-game Demo"
[ -f Games/Demo/DemoGame.swift ] && [ -f Tests/DemoTests/DemoRulesTests.swift ] || fail "Demo's files are missing"
grep -q '"Demo"' Package.swift || fail "Demo is not in the games list"
run swift package --allow-writing-to-package-directory new-game --check || fail "the catalog is stale after new-game"
# The new game's web presenter is built into the page (PartyWebTests check it is served as it is on disk).
[ -f Sources/PartyWeb/Generated/WebPage+GamesDemoJS.swift ] || fail "Demo's web presenter is not generated into Sources/PartyWeb/Generated"
grep -q '"/games/demo.js"' Sources/PartyWeb/Generated/WebPage.swift || fail "Demo's web presenter is not in the page's table"

run swift build --build-tests || fail "the package does not build with Demo"
run offline bash .ci/swift-test.sh --skip-build --filter "$tests" || fail "swift test with Demo"
listed=$(mktemp /tmp/new-game-list.XXXXXX)
run offline swift run partyhost --list-games > "$listed" || { rm -f "$listed"; fail "partyhost --list-games"; }
grep -q '^demo ' "$listed" || { rm -f "$listed"; fail "partyhost --list-games does not list demo"; }
rm -f "$listed"
echo "new-game check: passed (new-game Demo, then its build and the tests that see every game, with no other edit)"
