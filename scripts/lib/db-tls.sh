#!/usr/bin/env bash
# The lab's certificates for TLS to the database servers (containers: scripts/lab.sh up; the TLS
# test of access-tests makes its own with this script too):
#   db-tls.sh DIR NAME…   in DIR: a private CA (ca.pem, ca.key) made once, and a server certificate
#                         (server.pem, server.key) signed by it for every NAME (DNS names and IPv4
#                         addresses, the subject alternative names the clients verify), made again
#                         when the names change. ca.key never leaves DIR: only ca.pem goes to the
#                         clients, server.pem and server.key to the database servers (and to
#                         Toxiproxy's API on a swarm); and a client certificate (client.pem,
#                         client.key, and both as client.p12, no password, for Java) that the
#                         same CA signed: on a swarm the loadgen tasks show it to Toxiproxy's API,
#                         which lets no other client in (link/toxiproxy-lab/api_tls.go).
# openssl from Debian; RSA 2048, valid 825 days.
set -euo pipefail
dir=${1:?usage: db-tls.sh DIR NAME…}
shift
[ $# -gt 0 ] || { echo "db-tls.sh: name at least one host the clients dial" >&2; exit 2; }
command -v openssl >/dev/null || { echo "db-tls.sh: openssl is missing: apt-get install -y openssl" >&2; exit 1; }

sans=$(printf '%s\n' "$@" | sort -u | while read -r n; do
  if [[ $n =~ ^[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+$ ]]; then echo "IP:$n"; else echo "DNS:$n"; fi
done | paste -sd, -)

mkdir -p "$dir"
chmod 755 "$dir"   # ca.pem and server.pem are public; the keys are 600
umask 077
if [ ! -s "$dir/ca.pem" ] || [ ! -s "$dir/ca.key" ]; then
  openssl req -x509 -newkey rsa:2048 -nodes -days 825 -keyout "$dir/ca.key" -out "$dir/ca.pem" \
    -subj "/CN=asyncdb-lab database CA $(date -u +%Y%m%dT%H%M%S)" \
    -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign 2>/dev/null
  rm -f "$dir/server.pem"
fi
if [ ! -s "$dir/server.pem" ] || [ "$(cat "$dir/server.sans" 2>/dev/null)" != "$sans" ]; then
  openssl req -newkey rsa:2048 -nodes -keyout "$dir/server.key" -out "$dir/server.csr" \
    -subj "/CN=asyncdb-lab database server" 2>/dev/null
  openssl x509 -req -in "$dir/server.csr" -CA "$dir/ca.pem" -CAkey "$dir/ca.key" -CAcreateserial -days 825 \
    -out "$dir/server.pem" -extfile <(printf '%s\n' "subjectAltName=$sans" basicConstraints=CA:FALSE \
      keyUsage=critical,digitalSignature,keyEncipherment extendedKeyUsage=serverAuth) 2>/dev/null
  rm -f "$dir/server.csr" "$dir/ca.srl"
  echo "$sans" >"$dir/server.sans"
fi
if [ ! -s "$dir/client.p12" ] || [ "$dir/client.p12" -ot "$dir/ca.pem" ]; then
  openssl req -newkey rsa:2048 -nodes -keyout "$dir/client.key" -out "$dir/client.csr" \
    -subj "/CN=asyncdb-lab loadgen" 2>/dev/null
  openssl x509 -req -in "$dir/client.csr" -CA "$dir/ca.pem" -CAkey "$dir/ca.key" -CAcreateserial -days 825 \
    -out "$dir/client.pem" -extfile <(printf '%s\n' basicConstraints=CA:FALSE \
      keyUsage=critical,digitalSignature,keyEncipherment extendedKeyUsage=clientAuth) 2>/dev/null
  openssl pkcs12 -export -in "$dir/client.pem" -inkey "$dir/client.key" -name loadgen -passout pass: -out "$dir/client.p12"
  rm -f "$dir/client.csr" "$dir/ca.srl"
fi
chmod 644 "$dir/ca.pem" "$dir/server.pem"
