#!/usr/bin/env bash
# The container path of make up / down / status / loadtest (docker-compose.yml).
#   compose.sh usable            exit 0 when a Docker engine and compose are usable
#   compose.sh up|down|status
#   compose.sh loadtest PROFILE APP [MODES]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
cd "$root"

compose() {
  if docker compose version >/dev/null 2>&1; then docker compose "$@"; else docker-compose "$@"; fi
}

usable() {
  [ -f docker-compose.yml ] || return 1
  command -v docker >/dev/null || return 1
  docker info >/dev/null 2>&1 || return 1
  docker compose version >/dev/null 2>&1 || command -v docker-compose >/dev/null
}

case ${1:-} in
  usable) usable ;;
  up)
    mkdir -p results
    echo "[compose] building images and starting the lab (SCALE=${SCALE:-thesis}) …"
    compose up -d --build --wait
    compose ps
    ;;
  down) compose down ${WIPE:+--volumes} ;;   # WIPE=1 also deletes the seeded volumes
  status) compose ps ;;
  loadtest)
    mkdir -p results
    # One Docker host runs databases, apps and the load generator: they share the machine.
    args=(sweep --profile "${2:-quick}" --app "${3:-all}" --results-dir /results --instances /app/instances.conf --instance-hosts --shared-machine=true)
    [ -n "${4:-}" ] && args+=(--modes "$4")
    compose --profile loadgen run --rm loadgen "${args[@]}"
    ;;
  *) echo "usage: compose.sh usable|up|down|status|loadtest" >&2; exit 2 ;;
esac
