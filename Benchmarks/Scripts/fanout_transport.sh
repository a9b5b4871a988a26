#!/bin/bash
# Fan-out between fleet nodes, measured: one publisher (the room's node) sends each view once to
# 1, 2 and 4 subscribing nodes (child processes), by PostgreSQL's LISTEN/NOTIFY on a private
# PostgreSQL and by node links (one TCP connection per node on loopback), at a fixed rate and as
# fast as it goes, and prints the table of `partyload fanout`. Run inside a network namespace of
# its own (Scripts/offline), after `swift build -c release --product partyload` in Benchmarks/.
# Needs Debian's postgresql. Options after PARTYLOAD go to `partyload fanout` (see its --help).
#
#   Benchmarks/Scripts/fanout_transport.sh [PARTYLOAD] [OPTIONS…]
set -euo pipefail
partyload=${1:-$(dirname "$0")/../.build/release/partyload}
shift || true
source "$(dirname "$0")/private_postgres.sh"
trap pg_stop EXIT
pg_start fanout
echo "PostgreSQL $("$pg_bin/postgres" --version | awk '{print $3}'), $(nproc) cores"
"$partyload" fanout --database "$pg_url" --postmaster-pid "$(head -1 "$pg_dir/data/postmaster.pid")" "$@"
