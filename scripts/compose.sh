#!/usr/bin/env bash
# The container path of make up / down / status / loadtest (docker-compose.yml), on Compose v2
# (`docker compose`): `up --wait` and the one-shot seed job need it. Debian 12's docker-compose
# v1 is not enough (it only validates the file, in make test).
#   compose.sh usable            exit 0 when a Docker engine and Compose v2 are usable
#   compose.sh up|down|status
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
    echo "[compose] building images and starting the lab (SCALE=${SCALE:-thesis}) …"
    compose up -d --build --wait
    compose ps
    ;;
  down) compose --profile loadgen down --remove-orphans ${WIPE:+--volumes} ;;   # WIPE=1 also deletes the seeded volumes
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
