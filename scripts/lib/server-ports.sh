# The database servers' own ports where they share one address: a swarm's db node (runtime/swarm.sh), and
# the ports docker-compose.yml publishes on 127.0.0.1 for the host's `make faults` (runtime/compose.sh
# servers). Both compose files read the same variables, with these defaults.
export MYSQL_CONTACTS_PORT=${MYSQL_CONTACTS_PORT:-13306} MYSQL_LOGS_PORT=${MYSQL_LOGS_PORT:-13307}
export MYSQL_SHOP_PORT=${MYSQL_SHOP_PORT:-13308}
export POSTGRES_CONTACTS_PORT=${POSTGRES_CONTACTS_PORT:-15432} POSTGRES_LOGS_PORT=${POSTGRES_LOGS_PORT:-15433}

# The five servers, as the compose files name their services.
DB_SERVERS="mysql-contacts mysql-logs mysql-shop postgres-contacts postgres-logs"

server_var() { # server suffix -> the variable of that server: mysql-contacts PORT -> MYSQL_CONTACTS_PORT
  local v=${1^^}
  echo "${v//-/_}_$2"
}

server_host() { # host server -> host when given, else the server's own *_HOST
  local var; var=$(server_var "$2" HOST)
  echo "${1:-${!var:?$var is not set}}"
}

# export_server_addresses [HOST]: each server's <SERVER>_ADDRESS (host:port, e.g. MYSQL_CONTACTS_ADDRESS) at
# those ports: every server at HOST, or, without HOST, each at its own *_HOST (a swarm's db nodes,
# runtime/swarm.sh). docker-compose.yml's source URLs and `loadgen sources --compose` name each
# source's server there: the shell writes no URL.
export_server_addresses() {
  local host=${1:-} server port_var
  for server in $DB_SERVERS; do
    port_var=$(server_var "$server" PORT)
    export "$(server_var "$server" ADDRESS)=$(server_host "$host" "$server"):${!port_var}"
  done
}
