#!/bin/sh
# Prints the version of the checked-out source, from `git describe`, in a form Debian accepts:
#   at a tag v1.2.0                 -> 1.2.0
#   5 commits after it              -> 1.2.0+5.gabc1234
#   no v* tag yet (354 commits)     -> 0.1.0+354.gabc1234   (0.1.0: the version before the first tag)
#   uncommitted changes             -> ... .dirty
# Scripts/package-deb.sh builds with it (PARTYHOST_VERSION), so `partyhost --version` and the .deb agree.
set -eu
cd "$(dirname "$0")/.."
base=0.1.0
if ! git rev-parse --git-dir >/dev/null 2>&1; then
    # A copy without its history (a source tarball): only the base version is known.
    echo "$base"
    exit 0
fi
if described=$(git describe --tags --match 'v[0-9]*' --dirty 2>/dev/null); then
    version=$(printf '%s\n' "$described" | sed -e 's/^v//' -e 's/-\([0-9][0-9]*\)-\(g[0-9a-f]*\)/+\1.\2/' -e 's/-dirty$/.dirty/')
else
    count=$(git rev-list --count HEAD)
    hash=$(git rev-parse --short=7 HEAD)
    version="$base+$count.g$hash"
    if [ -n "$(git status --porcelain --untracked-files=no)" ]; then version="$version.dirty"; fi
fi
# Whatever git said, only these characters go into the binary and the package's name.
case "$version" in
    *[!0-9A-Za-z.+~-]* | "" | [!0-9]*) echo "version.sh: unusable version '$version'" >&2; exit 1 ;;
esac
printf '%s\n' "$version"
