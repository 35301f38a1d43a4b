#!/usr/bin/env bash
# The container path of make up / down / status / loadtest (docker-compose.yml), on Compose v2
# (`docker compose`): `up --wait` and the one-shot seed job need it. Debian 12's docker-compose
# v1 is not enough (it only validates the file, in make test).
#   compose.sh usable            exit 0 when a Docker engine and Compose v2 are usable
#   compose.sh up|down|status           up: LINK=0|lan|wan|<ms>|loopback (default 0), as natively
#   compose.sh link [LINK]               show / change the RTT of the running lab (make link)
#   compose.sh proxies                   write the proxies' config (TOXIPROXY_CONFIG) from COMPOSE_*_URL
#   compose.sh loadtest PROFILE APP [MODES]
#   compose.sh -- ARGS...        docker compose ARGS (same project, for scripts)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
cd "$root"

# One project name wherever the checkout lives; files under ./results belong to the caller.
export COMPOSE_PROJECT_NAME=${COMPOSE_PROJECT_NAME:-asyncdb-lab}
export LAB_UID=${LAB_UID:-$(id -u)} LAB_GID=${LAB_GID:-$(id -g)}

compose() { docker compose "$@"; }

# Where the proxies' config and the recorded link live (mounted at /lab-run in the containers).
export LAB_RUN_DIR=${LAB_RUN_DIR:-$root/.run/compose}
export TOXIPROXY_CONFIG=${TOXIPROXY_CONFIG:-$LAB_RUN_DIR/toxiproxy.json}

# The proxies of every instance, listening in the toxiproxy container, with the databases as the
# compose network names them (the x-sources defaults of docker-compose.yml, or COMPOSE_*_URL).
write_proxies() {
  mkdir -p "$LAB_RUN_DIR"
  (
    CONTACTS_MYSQL_URL=${COMPOSE_CONTACTS_MYSQL_URL:-mysql://bench:bench@mysql-contacts:3306/contacts}
    CONTACTS_PG_URL=${COMPOSE_CONTACTS_PG_URL:-postgresql://bench:bench@postgres-contacts:5432/contacts}
    LOGS_MYSQL_URL=${COMPOSE_LOGS_MYSQL_URL:-mysql://bench:bench@mysql-logs:3306/logs}
    LOGS_PG_URL=${COMPOSE_LOGS_PG_URL:-postgresql://bench:bench@postgres-logs:5432/logs}
    SHOP_DB_URL=${COMPOSE_SHOP_DB_URL:-mysql://bench:bench@mysql-shop:3306/shop}
    . "$here/lib/instances.sh"
    . "$here/lib/urls.sh"
    PROXY_LISTEN_HOST=${PROXY_LISTEN_HOST:-0.0.0.0} toxiproxy_config
  ) >"$TOXIPROXY_CONFIG"
}

# `loadgen link …` in a one-off loadgen container: the proxies' RTT, recorded in $LAB_RUN_DIR/link.
link() {
  compose --profile loadgen run --rm --no-deps loadgen link "$@"
}

usable() {
  [ -f docker-compose.yml ] || return 1
  command -v docker >/dev/null || return 1
  docker info >/dev/null 2>&1 || return 1
  docker compose version >/dev/null 2>&1
}

case ${1:-} in
  usable) usable ;;
  up)
    mkdir -p results
    write_proxies
    LINK=${LINK:-0}
    [ "$LINK" != loopback ] || export LINK_PROXY_HOST=   # straight to the databases
    echo "[compose] building images and starting the lab (SCALE=${SCALE:-thesis}, LINK=$LINK) …"
    compose up -d --build --wait
    if [ "$LINK" = loopback ]; then link --record-only loopback; else link "$LINK"; fi
    compose ps
    ;;
  link) shift; link "$@" ;;
  proxies) write_proxies ;;   # for scripts/swarm.sh
  down)   # WIPE=1 also deletes the seeded volumes
    [ -f "$TOXIPROXY_CONFIG" ] || write_proxies   # the file named by docker-compose.yml must exist
    compose --profile loadgen down --remove-orphans ${WIPE:+--volumes}
    rm -f "$LAB_RUN_DIR/link"
    ;;
  status) compose ps ;;
  loadtest)
    mkdir -p results
    # One Docker host runs databases, apps and the load generator: they share the machine.
    args=(sweep --profile "${2:-quick}" --app "${3:-all}" --results-dir /results --instances /app/instances.conf --instance-hosts --shared-machine=true)
    [ -n "${4:-}" ] && args+=(--modes "$4")
    compose --profile loadgen run --rm loadgen "${args[@]}"
    ;;
  --) shift; compose "$@" ;;
  *) echo "usage: compose.sh usable|up|down|status|loadtest|-- ARGS" >&2; exit 2 ;;
esac
