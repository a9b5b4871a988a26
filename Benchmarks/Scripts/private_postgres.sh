# Sourced by the benchmark scripts that need PostgreSQL: a private server in a new temporary
# directory ($pg_dir, a Unix socket there only, no TCP). `pg_start DB` starts it with database DB
# and sets $pg_url; `pg_stop` stops it and removes the directory (call it from the script's trap).
# Needs Debian's postgresql; run as root, its programs run as the postgres user.
pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
pg_dir=$(mktemp -d /tmp/partyhost-bench-pg-XXXXXX)
as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
pg_stop() {
    as_postgres "$pg_bin/pg_ctl" -D "$pg_dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$pg_dir"
}
pg_start() {
    [ "$(id -u)" = 0 ] && chown postgres "$pg_dir"
    as_postgres "$pg_bin/initdb" -D "$pg_dir/data" -U postgres -A trust --no-sync >/dev/null
    as_postgres "$pg_bin/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/postgres.log" -w \
        -o "-c listen_addresses='' -k $pg_dir -c max_connections=50" start >/dev/null
    "$pg_bin/psql" -h "$pg_dir" -U postgres -q -c "CREATE DATABASE $1"
    pg_url="postgres://postgres@/$1?host=$pg_dir"
}
