#!/bin/sh
# Entrypoint of asyncdb-lab/local-postgres: the subset of the official postgres image's contract
# the lab relies on. On an empty $PGDATA: a superuser POSTGRES_USER with POSTGRES_PASSWORD
# (scram-sha-256 from any address) and the database POSTGRES_DB (default: the user's name).
# The lab's settings (scripts/db/postgresql.conf, mounted at $LAB_PG_SETTINGS by the compose files) are
# included by the cluster's postgresql.conf, on every start, so a volume made before gets them too.
set -eu
[ "${1:-}" = postgres ] || exec "$@"

: "${PGDATA:=/var/lib/postgresql/data}" "${POSTGRES_USER:=postgres}"
# POSTGRES_PASSWORD_FILE (a Docker secret), as the official image reads it.
[ -z "${POSTGRES_PASSWORD_FILE:-}" ] || POSTGRES_PASSWORD=$(cat "$POSTGRES_PASSWORD_FILE")
[ -n "${POSTGRES_PASSWORD:-}" ] || { echo "local-postgres: POSTGRES_PASSWORD is required" >&2; exit 1; }
as_pg() { runuser -u postgres -- "$@"; }

mkdir -p "$PGDATA" /run/postgresql
chown -R postgres:postgres "$PGDATA" /run/postgresql
chmod 700 "$PGDATA"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  echo "local-postgres: initialising $PGDATA"
  pwfile=$(mktemp); printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"; chown postgres "$pwfile"
  as_pg initdb -D "$PGDATA" -U "$POSTGRES_USER" --pwfile="$pwfile" --auth-local=trust \
    --auth-host=scram-sha-256 >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  db=${POSTGRES_DB:-$POSTGRES_USER}
  if [ "$db" != "$POSTGRES_USER" ]; then
    as_pg pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
    as_pg createdb -U "$POSTGRES_USER" -- "$db"    # createdb quotes the name
    as_pg pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  fi
  echo "local-postgres: initialised"
fi
include="include_if_exists = '${LAB_PG_SETTINGS:=/etc/asyncdb-lab/postgresql.conf}'"
grep -qxF "$include" "$PGDATA/postgresql.conf" || echo "$include" >>"$PGDATA/postgresql.conf"
shift
# TLS: LAB_DB_TLS_CERT and LAB_DB_TLS_KEY name the server's certificate and key (files: Docker
# secrets, made by `make up`). The server presents it, and its access rules, written at each start
# so that a volume made without TLS gets them too, admit TCP clients only over TLS (hostssl).
if [ -n "${LAB_DB_TLS_CERT:-}" ]; then
  tls=/run/postgresql/tls
  db-server-tls.sh postgres "$tls"
  printf '%s\n' "local all all trust" "hostssl all all all scram-sha-256" >"$tls/pg_hba.conf"
  chown postgres:postgres "$tls/pg_hba.conf"
  set -- "$@" -c ssl=on -c ssl_cert_file="$tls/server.pem" -c ssl_key_file="$tls/server.key" -c hba_file="$tls/pg_hba.conf"
  echo "local-postgres: TLS on, required over TCP"
fi
exec runuser -u postgres -- postgres -D "$PGDATA" -c listen_addresses='*' "$@"
