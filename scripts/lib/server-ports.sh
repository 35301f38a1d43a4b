# The database servers' own ports where they share one address: a swarm's db node (swarm.sh), and
# the ports docker-compose.yml publishes on 127.0.0.1 for the host's `make faults` (compose.sh
# servers). Both compose files read the same variables, with these defaults.
export MYSQL_CONTACTS_PORT=${MYSQL_CONTACTS_PORT:-13306} MYSQL_LOGS_PORT=${MYSQL_LOGS_PORT:-13307}
export MYSQL_SHOP_PORT=${MYSQL_SHOP_PORT:-13308}
export POSTGRES_CONTACTS_PORT=${POSTGRES_CONTACTS_PORT:-15432} POSTGRES_LOGS_PORT=${POSTGRES_LOGS_PORT:-15433}

server_urls() { # host [prefix] -> the five source URLs at those ports, one PREFIXNAME=url line each
  local host=$1 prefix=${2:-}
  echo "${prefix}CONTACTS_MYSQL_URL=mysql://bench:bench@$host:$MYSQL_CONTACTS_PORT/contacts"
  echo "${prefix}CONTACTS_PG_URL=postgresql://bench:bench@$host:$POSTGRES_CONTACTS_PORT/contacts"
  echo "${prefix}LOGS_MYSQL_URL=mysql://bench:bench@$host:$MYSQL_LOGS_PORT/logs"
  echo "${prefix}LOGS_PG_URL=postgresql://bench:bench@$host:$POSTGRES_LOGS_PORT/logs"
  echo "${prefix}SHOP_DB_URL=mysql://bench:bench@$host:$MYSQL_SHOP_PORT/shop"
}
