#!/usr/bin/env bash
# What a TLS front door costs a party server: `partyhost serve` alone (plain HTTP) and behind
# Debian's nginx terminating TLS (test certificate authority, docs/DEPLOY.md's proxy settings), on
# loopback. Prints, for each: GET /healthz round trips on one kept-alive connection (p50/p99), and
# for nginx the new TLS connections per second one client makes (openssl s_time, full handshakes),
# and nginx's memory.
#
#   Scripts/offline bash Benchmarks/Scripts/front_door_cost.sh .build/release/partyhost [requests]
#
# Run inside a network namespace of its own (Scripts/offline): it listens on 127.0.0.1 only.
set -euo pipefail
partyhost=${1:?usage: front_door_cost.sh PARTYHOST [REQUESTS]}
requests=${2:-2000}
work=$(mktemp -d)
server_pid=""
nginx_pid=""
cleanup() {
    [ -n "$nginx_pid" ] && kill "$nginx_pid" 2>/dev/null || true
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

server_port=18080
door_port=18443

# A certificate authority and a certificate for 127.0.0.1 (P-256, as the tests make).
cat > "$work/server.ext" <<EOF
basicConstraints = CA:FALSE
keyUsage = critical, digitalSignature, keyEncipherment
extendedKeyUsage = serverAuth
subjectAltName = DNS:localhost, IP:127.0.0.1
EOF
key=(-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes)
openssl req -x509 "${key[@]}" -keyout "$work/ca.key" -out "$work/ca.pem" -days 2 -subj "/CN=front door CA" \
    -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign 2>/dev/null
openssl req "${key[@]}" -keyout "$work/server.key" -out "$work/server.csr" -subj /CN=localhost 2>/dev/null
openssl x509 -req -in "$work/server.csr" -CA "$work/ca.pem" -CAkey "$work/ca.key" -CAcreateserial \
    -out "$work/server.pem" -days 2 -extfile "$work/server.ext" 2>/dev/null

"$partyhost" serve --port "$server_port" --bind 127.0.0.1 --trusted-proxy 127.0.0.1 --no-journal --quiet \
    --public-url "https://127.0.0.1:$door_port" > "$work/serve.log" 2>&1 &
server_pid=$!

mkdir -p "$work/logs"
cat > "$work/nginx.conf" <<EOF
daemon off;
master_process off;
worker_processes 1;
pid $work/nginx.pid;
error_log $work/logs/error.log;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path $work/client_body;
    proxy_temp_path $work/proxy;
    fastcgi_temp_path $work/fastcgi;
    uwsgi_temp_path $work/uwsgi;
    scgi_temp_path $work/scgi;
    map \$http_upgrade \$connection_upgrade { default upgrade; '' close; }
    upstream party { server 127.0.0.1:$server_port; keepalive 16; }
    server {
        listen 127.0.0.1:$door_port ssl;
        ssl_certificate $work/server.pem;
        ssl_certificate_key $work/server.key;
        location / {
            proxy_pass http://party;
            proxy_http_version 1.1;
            proxy_set_header Upgrade \$http_upgrade;
            proxy_set_header Connection \$connection_upgrade;
            proxy_set_header Host \$host;
            proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto \$scheme;
        }
    }
}
EOF
/usr/sbin/nginx -c "$work/nginx.conf" -p "$work/" -e "$work/logs/error.log" &
nginx_pid=$!

for _ in $(seq 100); do
    if curl -s -o /dev/null "http://127.0.0.1:$server_port/healthz" && curl -s -o /dev/null --cacert "$work/ca.pem" "https://127.0.0.1:$door_port/healthz"; then break; fi
    sleep 0.1
done

# Round trips of GET /healthz on one kept-alive connection: curl reuses it for every URL of its config.
round_trips() { # URL [curl options...]
    local url=$1; shift
    for _ in $(seq "$requests"); do echo "url = \"$url\""; echo "output = /dev/null"; done > "$work/urls"
    curl -s "$@" -w '%{time_total}\n' --config "$work/urls" | tail -n +11 | sort -n | awk '
        { t[NR] = $1 * 1000 }
        END { printf "p50 %.3f ms, p99 %.3f ms (%d requests)\n", t[int(NR * 0.50)], t[int(NR * 0.99)], NR }'
}
echo "== GET /healthz, one kept-alive connection, first 10 left out =="
echo "partyhost serve, plain HTTP:      $(round_trips "http://127.0.0.1:$server_port/healthz")"
echo "through nginx, TLS 1.3 (P-256):   $(round_trips "https://127.0.0.1:$door_port/healthz" --cacert "$work/ca.pem")"

echo "== New TLS connections to nginx, one client, 10 s, full handshakes =="
openssl s_time -connect "127.0.0.1:$door_port" -new -time 10 -CAfile "$work/ca.pem" 2>/dev/null | grep -E "connections in|connections/user sec" || true
echo "== nginx's resident memory =="
awk '/VmRSS/ { print "nginx worker: " $2 " KiB" }' "/proc/$nginx_pid/status"
