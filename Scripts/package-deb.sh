#!/usr/bin/env bash
# Builds the self-contained programs and the Debian package for this machine's architecture:
#
#   Scripts/package-deb.sh                  -> ./partyhost_<version>_<arch>.deb
#   Scripts/package-deb.sh --output DIR     -> DIR/partyhost_<version>_<arch>.deb
#
# 1. `swift build -c release --static-swift-stdlib` in its own build folder (.build-static, so the
#    debug build in .build stays as it is), with PARTYHOST_VERSION from Scripts/version.sh
#    (`git describe`): `--version`, `hello.clientVersion` and the package all say the same.
# 2. The man pages from swift-argument-parser's generate-manual (fourinarow-solver's is
#    Packaging/fourinarow-solver.1), the bash, zsh and fish completions from
#    `--generate-completion-script`.
# 3. The tree: /usr/bin (stripped), the pages, the completions, the systemd unit and its settings
#    (/etc/default/partyhost), copyright and changelog; then dpkg-deb. It stays in
#    .build-static/deb/root for a look (and for the package tests: PARTYHOST_PACKAGE_TESTS).
#
# Needs the Swift toolchain, dpkg-dev (dpkg-deb, dpkg-shlibdeps), binutils (strip) and gzip.
# Works offline (the package mirror is local) and prints each step with its time.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

output=$repo
while [ $# -gt 0 ]; do
    case "$1" in
        --output) output=$(cd "${2:?--output needs a folder}" && pwd); shift 2 ;;
        -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "package-deb.sh: unknown argument '$1' (--output DIR)" >&2; exit 2 ;;
    esac
done
for tool in swift dpkg-deb dpkg-shlibdeps strip gzip; do
    command -v "$tool" >/dev/null 2>&1 || { echo "package-deb.sh: $tool is missing (apt-get install dpkg-dev binutils gzip)" >&2; exit 1; }
done

step_start=$(date +%s)
step() {
    local now; now=$(date +%s)
    echo "package-deb: $* (+$((now - step_start)) s)"
}

version=$(Scripts/version.sh)
arch=$(dpkg --print-architecture)
scratch="${PARTYHOST_STATIC_BUILD_PATH:-$repo/.build-static}"
export PARTYHOST_VERSION="$version"

step "building $version for $arch (release, --static-swift-stdlib, in $scratch)"
swift build -c release --static-swift-stdlib --scratch-path "$scratch"
bin=$(swift build -c release --static-swift-stdlib --scratch-path "$scratch" --show-bin-path)
for program in partyhost partyclient fourinarow-solver; do
    [ -x "$bin/$program" ] || { echo "package-deb.sh: $bin/$program was not built" >&2; exit 1; }
done
said=$("$bin/partyhost" --version)
[ "$said" = "$version" ] || { echo "package-deb.sh: partyhost --version says '$said', not '$version'" >&2; exit 1; }

step "man pages (swift-argument-parser's generate-manual)"
# The generator of swift-argument-parser's generate-manual plugin, run on the programs just built:
# the plugin itself would build the package once more without --static-swift-stdlib (swift package
# takes no such option) and relink these programs against the toolchain's libraries.
swift build -c release --static-swift-stdlib --scratch-path "$scratch" --product generate-manual
manuals="$scratch/manuals"
rm -rf "$manuals"
mkdir -p "$manuals"
for program in partyhost partyclient; do
    "$bin/generate-manual" "$bin/$program" --output-directory "$manuals" --authors "the partyhost maintainers" \
        --section 1 --date "$(git log -1 --format=%cs)" >/dev/null
done

root="$scratch/deb/root"
rm -rf "$scratch/deb"
mkdir -p "$root/DEBIAN" "$root/usr/bin" "$root/usr/share/man/man1" "$root/usr/share/doc/partyhost" \
    "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
    "$root/usr/share/fish/vendor_completions.d" "$root/lib/systemd/system" "$root/etc/default"

step "the tree"
for program in partyhost partyclient fourinarow-solver; do
    install -m 0755 "$bin/$program" "$root/usr/bin/$program"
    strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/$program"
done
for program in partyhost partyclient; do
    page=$(find "$manuals" -name "$program.1" | head -n 1)
    [ -n "$page" ] || { echo "package-deb.sh: generate-manual made no page for $program" >&2; exit 1; }
    # An empty line in a page is a new paragraph to a reader but a warning to groff: say .Pp.
    sed 's/^$/.Pp/' "$page" | gzip -9n > "$root/usr/share/man/man1/$program.1.gz"
    # bash-completion sources these files: no #! line.
    "$bin/$program" --generate-completion-script bash | sed '1{/^#!/d}' > "$root/usr/share/bash-completion/completions/$program"
    "$bin/$program" --generate-completion-script zsh > "$root/usr/share/zsh/vendor-completions/_$program"
    "$bin/$program" --generate-completion-script fish > "$root/usr/share/fish/vendor_completions.d/$program.fish"
done
gzip -9n < Packaging/fourinarow-solver.1 > "$root/usr/share/man/man1/fourinarow-solver.1.gz"
install -m 0644 Packaging/partyhost.service "$root/lib/systemd/system/partyhost.service"
install -m 0644 Packaging/partyhost.default "$root/etc/default/partyhost"
install -m 0644 Packaging/partyhost-serve.service "$root/lib/systemd/system/partyhost-serve.service"
install -m 0644 Packaging/partyhost-serve.default "$root/etc/default/partyhost-serve"
install -m 0644 Packaging/copyright "$root/usr/share/doc/partyhost/copyright"
install -D -m 0644 Packaging/lintian-overrides "$root/usr/share/lintian/overrides/partyhost"
# The changelog of a package built from a commit: that commit, dated as it was made.
{
    echo "partyhost ($version) unstable; urgency=medium"
    echo
    echo "  * Built from commit $(git rev-parse --short=12 HEAD): $(git log -1 --format=%s | cut -c1-40)"
    echo
    echo " -- $(git log -1 --format='%an <%ae>')  $(git log -1 --format=%aD)"
} | gzip -9n > "$root/usr/share/doc/partyhost/changelog.gz"
find "$root" -type d -exec chmod 0755 {} +
find "$root" -type f ! -path '*/usr/bin/*' -exec chmod 0644 {} +

step "control"
# The libraries the programs load (only the C library family) as Debian dependencies.
shlibs=$(mktemp -d)
mkdir -p "$shlibs/debian"
printf 'Source: partyhost\n\nPackage: partyhost\nArchitecture: any\n' > "$shlibs/debian/control"
depends=$(cd "$shlibs" && dpkg-shlibdeps -O -e"$root/usr/bin/partyhost" -e"$root/usr/bin/partyclient" \
    -e"$root/usr/bin/fourinarow-solver" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
rm -rf "$shlibs"
installed=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
cat > "$root/DEBIAN/control" <<CONTROL
Package: partyhost
Version: $version
Architecture: $arch
Maintainer: $(git log -1 --format='%an <%ae>')
Installed-Size: $installed
Depends: $depends
Section: net
Priority: optional
Description: LAN party game host for terminals and browsers
 partyhost hosts a party room (or one game) for everyone on the local
 network: Four in a Row, TwentyFour, Snap!, SunTouch and Rock Paper
 Scissors, with bots, teams, spectators and a scoreboard across games.
 Sessions are advertised with mDNS / DNS-SD; guests join with partyclient
 in a terminal or with a browser on the same port.
 .
 The programs are self-contained (no Swift toolchain needed). The host
 hands its own partyclient to terminal guests at /partyclient, and a
 systemd unit (partyhost.service, not enabled on install) runs a
 dedicated room configured in /etc/default/partyhost, and another
 (partyhost-serve.service) a party server of rooms joined by a code,
 configured in /etc/default/partyhost-serve, behind a TLS proxy.
CONTROL
printf '%s\n' /etc/default/partyhost /etc/default/partyhost-serve > "$root/DEBIAN/conffiles"
(cd "$root" && find . -type f ! -path './DEBIAN/*' ! -path './etc/*' -printf '%P\0' | sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
chmod 0644 "$root/DEBIAN/control" "$root/DEBIAN/conffiles" "$root/DEBIAN/md5sums"

deb="$output/partyhost_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz -z1 --build "$root" "$deb" >/dev/null
step "built $deb ($(du -h "$deb" | cut -f1)); programs: $(cd "$root/usr/bin" && du -h partyhost partyclient fourinarow-solver | tr '\t\n' ' ')"
