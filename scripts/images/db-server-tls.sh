#!/bin/sh
# db-server-tls.sh USER DIR, in the lab's database images (their entrypoints run it when
# LAB_DB_TLS_CERT is set): the server's certificate and key that LAB_DB_TLS_CERT and
# LAB_DB_TLS_KEY name (Docker secrets, made by `make up`) copied into DIR as server.pem and
# server.key, where only USER reads them whatever mode the secrets came with (PostgreSQL refuses
# a key that others may read).
set -eu
[ -r "${LAB_DB_TLS_CERT:-}" ] && [ -r "${LAB_DB_TLS_KEY:-}" ] \
  || { echo "db-server-tls.sh: LAB_DB_TLS_CERT and LAB_DB_TLS_KEY must name readable files" >&2; exit 1; }
install -d -o "$1" -g "$1" -m 700 "$2"
install -o "$1" -g "$1" -m 644 "$LAB_DB_TLS_CERT" "$2/server.pem"
install -o "$1" -g "$1" -m 600 "$LAB_DB_TLS_KEY" "$2/server.key"
