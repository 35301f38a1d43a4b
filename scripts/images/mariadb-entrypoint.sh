#!/bin/sh
# Entrypoint of asyncdb-lab/local-mariadb: the subset of the official mysql/mariadb images'
# contract the lab relies on. On an empty /var/lib/mysql: MYSQL_ROOT_PASSWORD for root, then
# MYSQL_DATABASE and MYSQL_USER/MYSQL_PASSWORD with every privilege on it (or *_FILE: secrets). Arguments starting
# with '-' are server options, as in the official images. The lab's settings come as a file in
# /etc/mysql/mariadb.conf.d/ (scripts/db/mariadb.cnf, mounted by the compose files).
set -eu
case ${1:-} in -*) set -- mariadbd "$@" ;; esac
[ "${1:-}" = mariadbd ] || exec "$@"

plain() { # name value: identifiers and passwords go into SQL literals, so no quotes or backslashes
  case $2 in *[!A-Za-z0-9_.@%+=:,-]*|'') echo "local-mariadb: $1 must match [A-Za-z0-9_.@%+=:,-]+" >&2; exit 1 ;; esac
}

# MYSQL_*_PASSWORD_FILE (Docker secrets), as the official images read them.
for var in MYSQL_ROOT_PASSWORD MYSQL_PASSWORD; do
  eval "file=\${${var}_FILE:-}"
  [ -z "$file" ] || eval "$var=\$(cat \"\$file\")"
done

datadir=/var/lib/mysql
mkdir -p "$datadir" /run/mysqld
chown -R mysql:mysql "$datadir" /run/mysqld
if [ ! -d "$datadir/mysql" ]; then
  plain MYSQL_ROOT_PASSWORD "${MYSQL_ROOT_PASSWORD:-}"
  echo "local-mariadb: initialising $datadir"
  mariadb-install-db --user=mysql --datadir="$datadir" --auth-root-authentication-method=normal \
    --skip-test-db >/dev/null
  mariadbd --user=mysql --datadir="$datadir" --skip-networking --socket=/run/mysqld/init.sock &
  pid=$!
  i=0
  until mariadb-admin --socket=/run/mysqld/init.sock -uroot ping >/dev/null 2>&1; do
    i=$((i + 1)); [ $i -lt 120 ] || { echo "local-mariadb: init server did not start" >&2; exit 1; }
    sleep 0.5
  done
  {
    if [ -n "${MYSQL_DATABASE:-}" ]; then
      plain MYSQL_DATABASE "$MYSQL_DATABASE"
      echo "CREATE DATABASE IF NOT EXISTS \`$MYSQL_DATABASE\` CHARACTER SET utf8mb4;"
    fi
    if [ -n "${MYSQL_USER:-}" ]; then
      plain MYSQL_USER "$MYSQL_USER"; plain MYSQL_PASSWORD "${MYSQL_PASSWORD:-}"
      echo "CREATE USER '$MYSQL_USER'@'%' IDENTIFIED BY '$MYSQL_PASSWORD';"
      [ -z "${MYSQL_DATABASE:-}" ] || echo "GRANT ALL ON \`$MYSQL_DATABASE\`.* TO '$MYSQL_USER'@'%';"
    fi
    echo "ALTER USER 'root'@'localhost' IDENTIFIED BY '$MYSQL_ROOT_PASSWORD';"
  } | mariadb --socket=/run/mysqld/init.sock -uroot
  kill "$pid"; wait "$pid" || true
  echo "local-mariadb: initialised"
fi
shift
# TLS: LAB_DB_TLS_CERT and LAB_DB_TLS_KEY name the server's certificate and key (files: Docker
# secrets, made by `make up`). The server presents it and refuses clients that do not use TLS over
# TCP (require_secure_transport; the socket inside the container stays open).
if [ -n "${LAB_DB_TLS_CERT:-}" ]; then
  tls=/run/mysqld/tls
  db-server-tls.sh mysql "$tls"
  set -- "$@" --ssl-cert="$tls/server.pem" --ssl-key="$tls/server.key" --require-secure-transport=ON
  echo "local-mariadb: TLS on, required over TCP"
fi
# Debian's config binds 127.0.0.1; in a container the server must answer on its network.
exec mariadbd --user=mysql --datadir="$datadir" --bind-address=0.0.0.0 --skip-name-resolve "$@"
