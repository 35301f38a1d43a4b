# What the end-to-end runs share (scripts/e2e.sh, e2e-compose.sh, e2e-swarm.sh, e2e-swarm-nodes.sh).
# Sourced by them after $here (their scripts/ folder) is set and say() is defined.

fail() { say "FAIL: $*"; exit 1; }
# loadgen verify run|faults|ports …: the checks of what a run wrote, on the schema classes that wrote it
verify() { "$("$here/find-jdk.sh")/bin/java" -jar "$root/loadgen/target/loadgen.jar" verify "$@"; }
port_open() { timeout 1 bash -c ":</dev/tcp/127.0.0.1/$1" 2>/dev/null; }

# container_inputs [ENGINE]: compose v2, the jars built natively (make jars), the local base images built
# on ENGINE (default: $DOCKER_HOST), and their env exported for the runtime's script: nothing pulled from
# an image registry or built from github.com (JARS=prebuilt WRK2=off OHA=off), the tiny data set.
container_inputs() {
  "$here/images/compose-v2.sh"
  make --no-print-directory jars
  if [ -n "${1:-}" ]; then DOCKER_HOST=$1 "$here/images/build.sh"; else "$here/images/build.sh"; fi
  set -a
  eval "$("$here/images/build.sh" env)"
  JARS=prebuilt WRK2=off OHA=off SCALE=tiny
  set +a
}

# db_tls_check mysql|postgres EXEC…: inside a database server's container (EXEC…: e.g. `docker exec ID`),
# what shows that the app's database sessions are encrypted. PostgreSQL, per session: the bench
# user's TCP sessions and those pg_stat_ssl marks ssl. MariaDB, which keeps no TLS flag per session
# (performance_schema is off): require_secure_transport is ON, the bench user's TCP sessions, and at
# least as many finished TLS handshakes. Both: a client without TLS is refused. Prints one line;
# fails otherwise. The passwords come from the container's own environment or secrets.
db_tls_check() {
  local kind=$1; shift
  case $kind in
    mysql) "$@" sh -c '
      export MYSQL_PWD="$(cat "${MYSQL_ROOT_PASSWORD_FILE:-/nonexistent}" 2>/dev/null || printf %s "$MYSQL_ROOT_PASSWORD")"
      q() { mariadb -uroot -N -B -e "$1"; }
      set -- $(q "SELECT @@require_secure_transport, @@have_ssl, @@bind_address, @@port")
      sessions=$(q "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE USER = '"'bench'"' AND HOST LIKE '"'%:%'"'")
      handshakes=$(q "SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME = '"'SSL_FINISHED_ACCEPTS'"'")
      export MYSQL_PWD="$(cat "${MYSQL_PASSWORD_FILE:-/nonexistent}" 2>/dev/null || printf %s "$MYSQL_PASSWORD")"
      host=$3; [ "$host" != 0.0.0.0 ] || host=127.0.0.1
      plain=$(timeout 10 mariadb -ubench -h "$host" -P "$4" --skip-ssl -N -e "SELECT 1" 2>&1) && refused=no || refused="refused: $plain"
      echo "require_secure_transport=$1 have_ssl=$2; $sessions app sessions over TCP, $handshakes TLS handshakes; a client without TLS $refused"
      [ "$1" = 1 ] && [ "$2" = YES ] && [ "$sessions" -gt 0 ] && [ "$handshakes" -ge "$sessions" ] && [ "$refused" != no ]' ;;
    postgres) "$@" sh -c '
      # the socket is named after the port (a swarm gives each server its own)
      export PGPORT=$(ls -A /var/run/postgresql | sed -n "s/^\.s\.PGSQL\.\([0-9]*\)\$/\1/p" | head -1)
      q() { psql -U bench -d postgres -X -A -t -w -c "$1"; }
      listen=$(q "SHOW listen_addresses") port=$PGPORT
      set -- $(q "SELECT count(*), count(*) FILTER (WHERE s.ssl) FROM pg_stat_activity a JOIN pg_stat_ssl s USING (pid) WHERE a.usename = '"'bench'"' AND a.client_addr IS NOT NULL" | tr "|" " ")
      host=$listen; [ "$host" != "*" ] || host=127.0.0.1
      plain=$(PGCONNECT_TIMEOUT=5 psql "host=$host port=$port user=bench dbname=postgres sslmode=disable" -X -A -t -w -c "SELECT 1" 2>&1 </dev/null) && refused=no || refused="refused: $plain"
      echo "$1 app sessions over TCP, $2 of them encrypted (pg_stat_ssl); a client without TLS $refused"
      [ "$1" -gt 0 ] && [ "$1" = "$2" ] && [ "$refused" != no ]' ;;
    *) return 2 ;;
  esac
}
