#!/bin/sh
# The multi-host test's network: a private mount namespace with a /run of its own (so the
# namespaces' /run/netns entries never reach the machine's /run, also when CI runs the tests with
# only `unshare --net`), then the discovery tests' veth_pair.sh: HOST COMMAND in namespace A
# (10.99.0.1 on veth-a), CLIENT COMMAND in namespace B (10.99.0.2 on veth-b), torn down at the end.
#   sh netns_game.sh 'HOST COMMAND' 'CLIENT COMMAND'
# Needs root. Exits with CLIENT COMMAND's status.
set -eu
if [ -z "${PARTYHOST_NETNS_INNER:-}" ]; then
    PARTYHOST_NETNS_INNER=1 exec unshare --mount --propagation private sh "$0" "$@"
fi
mount -t tmpfs tmpfs /run
exec sh "$(dirname "$0")/../../PartyDiscoveryTests/Scripts/veth_pair.sh" "$@"
