#!/usr/bin/env bash
# Makes a MySQL-protocol server and PostgreSQL available for the lab (`make db`).
#
# For each engine: uses a server that already answers; starts an installed one; installs
# MariaDB / PostgreSQL from Debian when missing and running as root (otherwise prints the
# exact command and exits 1). Then, idempotently, creates the user and databases named by the
# *_URL env vars, as the lab's model reads them (`db-seed servers`: lab.data.Sources' defaults, parsed by
# lab.access.SourceUrl; so `make db` builds db-seed's jar first). User and database names only
# [A-Za-z0-9_]; passwords reach SQL as quoted literals / psql variables. The servers'
# settings are the lab's, in scripts/db/ (mariadb.cnf, postgresql.conf: the files the containers
# get too), installed in the servers' config directories (as root; a running server takes them at
# its next restart); max_connections is raised at once for the experiments:
#   MariaDB/MySQL  max_connections = $DB_MAX_CONNECTIONS_MYSQL (default: mariadb.cnf's)
#   PostgreSQL     max_connections = $DB_MAX_CONNECTIONS_PG (default: postgresql.conf's)
# Servers on other hosts (URLs not pointing at 127.0.0.1/localhost) are only checked, never
# changed. `db.sh stop` stops the local servers this script started; `db.sh stop-server ENGINE`
# stops a local server regardless (make faults).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib/detach.sh"

STATE_DIR=${STATE_DIR:-$here/../.run}
MYSQL_SETTINGS=$here/db/mariadb.cnf
PG_SETTINGS=$here/db/postgresql.conf
setting() { # file key -> the key's value in a settings file
  sed -nE "s/^[[:space:]]*$2[[:space:]]*=[[:space:]]*//p" "$1" | tail -1
}
MYSQL_MAX=${DB_MAX_CONNECTIONS_MYSQL:-$(setting "$MYSQL_SETTINGS" max_connections)}
PG_MAX=${DB_MAX_CONNECTIONS_PG:-$(setting "$PG_SETTINGS" max_connections)}
PG_VERSION=${PG_VERSION:-15}
[[ $MYSQL_MAX =~ ^[0-9]+$ && $PG_MAX =~ ^[0-9]+$ ]] || { echo "[db] error: DB_MAX_CONNECTIONS_* must be numbers" >&2; exit 2; }

say() { printf '[db] %s\n' "$*"; }
die() { printf '[db] error: %s\n' "$*" >&2; exit 1; }
is_root() { [ "$(id -u)" = 0 ]; }
is_local() { case "$1" in 127.*|localhost|::1) return 0;; *) return 1;; esac; }

port_open() { # host port
  timeout 1 bash -c ":</dev/tcp/$1/$2" 2>/dev/null
}

wait_port() { # host port what seconds
  local i
  for ((i = 0; i < $4 * 10; i++)); do
    port_open "$1" "$2" && return 0
    sleep 0.1
  done
  die "$3 did not start listening on $1:$2 within $4 s"
}

apt_install() { # packages...
  if ! is_root; then
    die "missing $*; install it with:  sudo apt-get update && sudo apt-get install -y $*   (then run 'make db' again)"
  fi
  say "installing $* from Debian (apt-get) …"
  if [ ! -f "$STATE_DIR/apt-updated" ]; then
    apt-get update -q >/dev/null
    mkdir -p "$STATE_DIR" && touch "$STATE_DIR/apt-updated"
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@" >/dev/null
}

mark_started() { mkdir -p "$STATE_DIR" && touch "$STATE_DIR/db-started-$1"; }

install_settings() { # file target : the lab's settings file into a server's config directory (root)
  cmp -s "$1" "$2" && return
  is_root || { say "not root: $2 lacks the lab's settings ($1); run 'sudo make db' once"; return; }
  install -m 0644 "$1" "$2"
  say "installed $2 (the lab's settings; a running server takes them at its next restart)"
}

# --- MariaDB / MySQL -------------------------------------------------------------------------

mysql_root() { mysql --protocol=socket -uroot -N -B "$@"; }

mysql_ensure_server() { # host port
  local host=$1 port=$2
  if ! is_local "$host"; then
    port_open "$host" "$port" || die "MySQL server $host:$port does not answer (remote; not managed here)"
    say "MySQL-protocol server: $host:$port (remote, used as is)"
    return 1
  fi
  if ! command -v mariadbd >/dev/null && ! command -v mysqld >/dev/null; then
    apt_install mariadb-server mariadb-client
  fi
  [ -d /etc/mysql/mariadb.conf.d ] && install_settings "$MYSQL_SETTINGS" /etc/mysql/mariadb.conf.d/90-asyncdb-lab.cnf
  if ! port_open "$host" "$port"; then
    is_root || die "MariaDB is installed but not running; start it with:  sudo service mariadb start"
    say "starting MariaDB …"
    ulimit -n 65535 2>/dev/null || true
    service mariadb start >/dev/null 2>&1 || die "could not start MariaDB; see /var/log/mysql/ or 'service mariadb start'"
    wait_port "$host" "$port" MariaDB 30
    mark_started mysql
  fi
  say "MySQL-protocol server: $host:$port ($(mysql_root -e 'SELECT VERSION()' 2>/dev/null || echo running))"
  return 0
}

# Names from the env URLs end up in SQL run as the superuser: only [A-Za-z0-9_] is accepted.
check_name() { # what name
  [[ $2 =~ ^[A-Za-z0-9_]+$ ]] || die "$1 name '$2' is not accepted: use only letters, digits and _"
}

# A MySQL string literal: backslash and quote escaped (the session runs without NO_BACKSLASH_ESCAPES).
mysql_literal() {
  local s=${1//\\/\\\\}
  printf "'%s'" "${s//\'/\\\'}"
}

mysql_provision() { # user password databases...
  local user=$1 password=$2; shift 2
  if ! is_root; then
    say "not root: skipping user/database creation on MySQL; run 'sudo make db' once if logins fail"
    return
  fi
  check_name user "$user"
  local pw host; pw=$(mysql_literal "$password")
  local sql="SET SESSION sql_mode = REPLACE(@@sql_mode, 'NO_BACKSLASH_ESCAPES', '');"
  for host in localhost 127.0.0.1; do
    sql+="
CREATE USER IF NOT EXISTS '$user'@'$host' IDENTIFIED BY $pw;
ALTER USER '$user'@'$host' IDENTIFIED BY $pw;
GRANT PROCESS ON *.* TO '$user'@'$host';"
  done
  # PROCESS (above) lets the pool-validation benchmark and `make faults` find and kill their sessions.
  sql+="
SET GLOBAL max_connections = GREATEST(@@max_connections, $MYSQL_MAX);
SET GLOBAL local_infile = ON;"
  local db
  # Tests create and drop their own databases named bench_*.
  for db in "$@" 'bench\_%'; do
    [ "$db" = 'bench\_%' ] || { check_name database "$db"; sql+="
CREATE DATABASE IF NOT EXISTS \`$db\` CHARACTER SET utf8mb4;"; }
    for host in localhost 127.0.0.1; do
      sql+="
GRANT ALL PRIVILEGES ON \`$db\`.* TO '$user'@'$host';"
    done
  done
  sql+="
FLUSH PRIVILEGES;"
  # on stdin: the password is in the SQL, and a process's arguments are visible to every user
  mysql_root <<<"$sql" || die "could not provision MySQL user '$user'"
  # BLACKHOLE tables let the driver benchmarks measure inserts without disk work.
  mysql_root -e "INSTALL SONAME 'ha_blackhole'" 2>/dev/null || true
  say "MySQL: user '$user', databases: $*; max_connections=$(mysql_root -e 'SELECT @@max_connections')"
}

# --- PostgreSQL ------------------------------------------------------------------------------

# "15 main": version and name of the first local cluster, as pg_ctlcluster wants them.
first_cluster() { pg_lsclusters -h | awk 'NR==1 {print $1" "$2}'; }

pg_admin() { runuser -u postgres -- psql -X -q -v ON_ERROR_STOP=1 -t -A "$@"; }

pg_ensure_server() { # host port
  local host=$1 port=$2
  if ! is_local "$host"; then
    port_open "$host" "$port" || die "PostgreSQL server $host:$port does not answer (remote; not managed here)"
    say "PostgreSQL server: $host:$port (remote, used as is)"
    return 1
  fi
  if ! command -v pg_ctlcluster >/dev/null; then
    apt_install postgresql postgresql-client
  fi
  if ! port_open "$host" "$port"; then
    is_root || die "PostgreSQL is installed but not running; start it with:  sudo pg_ctlcluster $PG_VERSION main start"
    if ! pg_lsclusters -h 2>/dev/null | grep -q .; then
      say "creating PostgreSQL cluster $PG_VERSION/main …"
      pg_createcluster "$PG_VERSION" main >/dev/null
    fi
    local cluster; cluster=$(first_cluster)
    pg_settings
    say "starting PostgreSQL $cluster …"
    # shellcheck disable=SC2086
    pg_ctlcluster $cluster start || die "could not start PostgreSQL; see /var/log/postgresql/"
    wait_port "$host" "$port" PostgreSQL 30
    mark_started pg
  fi
  pg_settings
  say "PostgreSQL server: $host:$port"
  return 0
}

pg_settings() { # into the first cluster's conf.d/, which Debian's postgresql.conf includes
  local version name; read -r version name <<<"$(first_cluster)"
  [ -d "/etc/postgresql/$version/$name/conf.d" ] && install_settings "$PG_SETTINGS" "/etc/postgresql/$version/$name/conf.d/90-asyncdb-lab.conf"
  return 0
}

pg_provision() { # user password databases...
  local user=$1 password=$2; shift 2
  if ! is_root; then
    say "not root: skipping user/database creation on PostgreSQL; run 'sudo make db' once if logins fail"
    return
  fi
  local db
  check_name user "$user"
  for db in "$@"; do check_name database "$db"; done
  # psql variables (:'name' quotes a literal) and format(%I/%L) quote every name and the password;
  # the password comes from the environment (a backquoted printenv), never from psql's arguments.
  {
    echo "\\set password \`printenv LAB_PG_PASSWORD\`"
    echo "SELECT format('CREATE ROLE %I LOGIN', :'user') WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'user') \\gexec"
    echo "SELECT format('ALTER ROLE %I LOGIN CREATEDB PASSWORD %L', :'user', :'password') \\gexec"
    for db in "$@"; do
      echo "\\set db $db"
      echo "SELECT format('CREATE DATABASE %I OWNER %I ENCODING ''UTF8'' TEMPLATE template0', :'db', :'user')" \
        "WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = :'db') \\gexec"
    done
  } | LAB_PG_PASSWORD=$password pg_admin -v user="$user" >/dev/null
  local current; current=$(pg_admin -c "SHOW max_connections")
  if [ "$current" -lt "$PG_MAX" ]; then
    say "raising PostgreSQL max_connections $current -> $PG_MAX (needs a restart) …"
    pg_admin -c "ALTER SYSTEM SET max_connections = $PG_MAX" >/dev/null
    local cluster; cluster=$(first_cluster)
    # shellcheck disable=SC2086
    pg_ctlcluster $cluster restart
    wait_port 127.0.0.1 5432 PostgreSQL 30
  fi
  say "PostgreSQL: user '$user', databases: $*; max_connections=$(pg_admin -c 'SHOW max_connections')"
}

# --- main ------------------------------------------------------------------------------------

stop_started() {
  if [ -f "$STATE_DIR/db-started-mysql" ]; then
    say "stopping MariaDB (started by this project)"; service mariadb stop >/dev/null 2>&1 || true
    rm -f "$STATE_DIR/db-started-mysql"
  fi
  if [ -f "$STATE_DIR/db-started-pg" ]; then
    say "stopping PostgreSQL (started by this project)"
    local cluster; cluster=$(first_cluster)
    # shellcheck disable=SC2086
    pg_ctlcluster $cluster stop || true
    rm -f "$STATE_DIR/db-started-pg"
  fi
}

# `db.sh stop-server mysql|postgresql`: stops the local server whoever started it (make faults'
# fault (a); it starts it again with a plain `db.sh`).
stop_server() {
  case ${1:-} in
    mysql) say "stopping MariaDB"; service mariadb stop >/dev/null 2>&1 || die "could not stop MariaDB";;
    postgresql) local cluster; cluster=$(first_cluster); say "stopping PostgreSQL $cluster"
      # shellcheck disable=SC2086
      pg_ctlcluster $cluster stop || die "could not stop PostgreSQL";;
    *) die "usage: db.sh stop-server mysql|postgresql";;
  esac
}

# The servers the sources name, one line each (engine host port user password databases, separated by
# 0x1F), from db-seed's jar (SEED_CLASSPATH: a class path holding it, for the tests).
server_plan() {
  local jdk cp=${SEED_CLASSPATH:-$here/../db-seed/target/db-seed-all.jar}
  [ -e "${cp%%:*}" ] || die "${cp%%:*} is missing: build it with 'make jars' ('make db' does)"
  jdk=$("$here/find-jdk.sh") || exit 1
  "$jdk/bin/java" -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp "$cp" lab.seed.SeedCommand servers ||
    die "the source URLs could not be read (above); fix the *_URL variables"
}

main() {
  close_inherited_fds # the servers started below outlive this script
  if [ "${1:-}" = stop ]; then stop_started; return; fi
  if [ "${1:-}" = stop-server ]; then stop_server "${2:-}"; return; fi
  local plan servers line engine host port user password databases
  plan=$(server_plan) || exit $?
  mapfile -t servers <<<"$plan"   # read first: apt-get and the servers' start must not read the plan
  for line in "${servers[@]}"; do
    IFS=$'\x1f' read -r engine host port user password databases <<<"$line"
    # shellcheck disable=SC2086 # databases: a space-separated list of checked names
    case $engine in
      mysql) if mysql_ensure_server "$host" "$port"; then mysql_provision "$user" "$password" $databases; fi;;
      postgresql) if pg_ensure_server "$host" "$port"; then pg_provision "$user" "$password" $databases; fi;;
      *) die "unknown engine '$engine' in db-seed's server plan";;
    esac
  done
  say "ready"
}

main "$@"
