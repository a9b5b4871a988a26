#!/bin/sh
# A private BIND 9 primary server for one zone that takes signed dynamic updates, for the wide-area
# DNS-SD tests (the configuration docs/DISCOVERY.md gives a club admin, made small).
#   sh bind_zone.sh DIR ZONE ADDRESS PORT
# Writes into DIR (which must exist): partyhost.key (tsig-keygen, granted updates of the zone),
# other.key (known to the server, not granted this zone), stranger.key (unknown to the server),
# wrong-secret.key (partyhost's name with another secret), named.conf and the zone file; then runs
# named in the foreground on ADDRESS:PORT (UDP and TCP), logging to standard error, until killed.
# Run it only inside a private network namespace (shared/bin/offline) on a loopback address.
set -eu
[ "$#" -eq 4 ] || { echo "usage: $0 DIR ZONE ADDRESS PORT" >&2; exit 2; }
dir=$1 zone=$2 address=$3 port=$4
command -v named >/dev/null 2>&1 || { echo "named is not installed (apt-get install bind9)" >&2; exit 127; }
cd "$dir"
tsig-keygen -a hmac-sha256 partyhost-key > partyhost.key
tsig-keygen -a hmac-sha256 other-key > other.key
tsig-keygen -a hmac-sha256 stranger-key > stranger.key
# The same key name with a secret the server does not have.
tsig-keygen -a hmac-sha256 partyhost-key > wrong-secret.key
case "$address" in *:*) v4=none v6=$address ;; *) v4=$address v6=none ;; esac
cat > named.conf <<CONF
include "$dir/partyhost.key";
include "$dir/other.key";
options {
    directory "$dir";
    pid-file "$dir/named.pid";
    session-keyfile "$dir/session.key";
    listen-on port $port { $v4; };
    listen-on-v6 port $port { $v6; };
    recursion no;
    dnssec-validation no;
    notify no;
};
controls { };
zone "$zone" {
    type primary;
    file "$dir/$zone.zone";
    // The key partyhost signs with may change any name in the zone.
    update-policy { grant partyhost-key zonesub ANY; };
};
CONF
cat > "$zone.zone" <<ZONE
\$TTL 60
@   IN SOA ns.$zone. admin.$zone. 1 3600 600 86400 60
@   IN NS  ns.$zone.
ns  IN A   127.0.0.1
ZONE
# named must not outlive the test that started it, also when that test process crashes or is killed
# before it can stop named: a watchdog waits for the test process (this script's parent) to go, then
# kills named (this shell's pid once exec'd). It first closes every descriptor it inherited, so that
# it holds none of the test's pipes (Foundation's Process learns that its child ended when those
# close), and it ends by itself within a second of named ending.
test_pid=$PPID named_pid=$$
bash -c '
    for fd in /proc/$$/fd/*; do n=${fd##*/}; [ "$n" -gt 2 ] && eval "exec $n>&-"; done
    while kill -0 "$1" 2>/dev/null && kill -0 "$2" 2>/dev/null; do sleep 1; done
    kill -0 "$1" 2>/dev/null || kill -KILL "$2" 2>/dev/null
' watchdog "$test_pid" "$named_pid" </dev/null >/dev/null 2>&1 &
exec named -g -c "$dir/named.conf"
