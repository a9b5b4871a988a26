#!/usr/bin/env bash
# The Debian package, as a user gets it: built once (Scripts/package-deb.sh: the static release
# build, man pages, completions), its control data and contents listed, extracted into a scratch
# root with `dpkg-deb -x`, then there: each program's --version, that none loads a library of the
# Swift toolchain, each man page through `man -l`, the completion scripts through `bash -n` (and
# zsh/fish when installed), the systemd unit through `systemd-analyze verify` when it can run, and
# lintian (its whole result printed; an error or warning that is not overridden fails). Last, the
# package tests (Tests/PartyShellTests/PackageTests.swift) run the extracted programs with the
# toolchain hidden, offline. Prints the time of each part. The scratch root is removed on exit.
set -euo pipefail
cd "$(dirname "$0")/.."

start=$(date +%s)
scratch=$(mktemp -d /tmp/package-check.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
fail() { echo "package check FAILED: $*" >&2; exit 1; }
elapsed() { echo "package check: $* ($(( $(date +%s) - start )) s so far)"; }

# Runs a command as .ci/run runs the tests: in a network namespace with only loopback, unless we
# already are in one.
offline() {
    if [ "$(ls /sys/class/net)" = "lo" ]; then
        "$@"
    else
        unshare --net sh -c 'ip link set lo up && exec "$@"' offline "$@"
    fi
}

version=$(Scripts/version.sh)
offline bash Scripts/package-deb.sh --output "$scratch" || fail "Scripts/package-deb.sh"
elapsed "built"
deb=$(ls "$scratch"/partyhost_*.deb)
[ "$(basename "$deb")" = "partyhost_${version}_$(dpkg --print-architecture).deb" ] || fail "unexpected name $(basename "$deb")"

echo "== dpkg-deb --info $(basename "$deb")"
dpkg-deb --info "$deb"
echo "== dpkg-deb --contents $(basename "$deb")"
dpkg-deb --contents "$deb"

root="$scratch/root"
dpkg-deb -x "$deb" "$root"
for program in partyhost partyclient fourinarow-solver; do
    said=$("$root/usr/bin/$program" --version) || fail "$program --version"
    [ "$said" = "$version" ] || fail "$program --version says '$said', not '$version'"
    echo "$program --version: $said ($(du -h "$root/usr/bin/$program" | cut -f1), $(file -b "$root/usr/bin/$program" 2>/dev/null | cut -d, -f1-2))"
    if ldd "$root/usr/bin/$program" | grep -E 'libswift|Foundation|libdispatch|BlocksRuntime'; then
        fail "$program loads a library of the Swift toolchain"
    fi
    ldd "$root/usr/bin/$program" | sed "s/^/    $program: /"
done
for page in "$root"/usr/share/man/man1/*.1.gz; do
    warnings=$(MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null) || fail "man -l $(basename "$page")"
    [ -z "$warnings" ] || { echo "$warnings"; fail "man -l $(basename "$page") warns"; }
    echo "man -l $(basename "$page"): $(MANWIDTH=80 man -l "$page" 2>/dev/null | wc -l) lines"
done
for script in "$root"/usr/share/bash-completion/completions/*; do
    bash -n "$script" || fail "bash -n $(basename "$script")"
    echo "bash -n $(basename "$script"): ok"
done
if command -v zsh >/dev/null 2>&1; then
    for script in "$root"/usr/share/zsh/vendor-completions/*; do zsh -n "$script" || fail "zsh -n $(basename "$script")"; done
fi
if command -v fish >/dev/null 2>&1; then
    for script in "$root"/usr/share/fish/vendor_completions.d/*; do fish -n "$script" || fail "fish -n $(basename "$script")"; done
fi
if command -v systemd-analyze >/dev/null 2>&1; then
    # The unit with its paths moved into the scratch root (verify checks that ExecStart exists); any
    # word from verify (an unknown key, a value it cannot parse) fails. No man page look-ups, and the
    # targets it is ordered after need not exist here (CI machines run no systemd).
    sed -e "s|/usr/bin/partyhost|$root/usr/bin/partyhost|" -e "s|/etc/default/partyhost|$root/etc/default/partyhost|" \
        "$root/lib/systemd/system/partyhost.service" > "$scratch/partyhost.service"
    said=$(systemd-analyze verify --man=no --recursive-errors=no "$scratch/partyhost.service" 2>&1) || fail "systemd-analyze verify: $said"
    [ -z "$said" ] || fail "systemd-analyze verify partyhost.service: $said"
    echo "systemd-analyze verify partyhost.service: ok"
fi
elapsed "contents checked"

echo "== lintian $(basename "$deb")"
echo "== lintian overrides the package carries (each with its reason):"
cat Packaging/lintian-overrides
# Not --show-overrides: with it, lintian 2.116 counts an overridden error toward --fail-on.
lintian --info --display-info --fail-on error,warning "$deb" || fail "lintian (above)"
echo "lintian: no error or warning left but the overrides above"
elapsed "lintian done"

# The programs of the extracted package with the toolchain hidden: --version, a game, a guest
# fetching partyclient from a running host.
offline env PARTYHOST_PACKAGE_TESTS="$root" PARTYHOST_PACKAGE_VERSION="$version" \
    bash .ci/swift-test.sh --skip-build --filter PackageTests || fail "the package tests"
elapsed "passed"
