#!/usr/bin/env bash
# make e2e-compose: the container path, run for real on this machine with nothing pulled from an
# image registry. A private dockerd (scripts/images/dockerd.sh), local base images built from
# Debian packages (scripts/images/build.sh), the jars built natively (`make jars`, JARS=prebuilt)
# and wrk2 left out (WRK2=off: it is built from github.com); oha comes with the local base image
# (OHA=off: no cargo build in the image). Then the project's own docker-compose.yml at
# SCALE=tiny: seeded row counts verified, every instance and the dashboard healthy in
# containers, a smoke sweep from the loadgen container with all twelve series and oha's open loop,
# one fault cell (`make faults` with its MariaDB containers stopped), `down` with volumes, and no
# container, network, volume or daemon left behind. With DB_TLS=1, the app's sessions are encrypted
# and a client without TLS is refused, in each database server's container. On the way: the instances go through
# the toxiproxy service, and with LINK=wan one page per app shows the link (scripts/lib/link-check.sh).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
cd "$root"
. "$here/lib/instances.sh"
. "$here/lib/link-check.sh"
. "$here/lib/server-ports.sh"

say() { printf '[e2e-compose] %s\n' "$*"; }
. "$here/lib/e2e.sh"

for n in $(instance_names); do
  port=$(instance_field "$n" 4)
  port_open "$port" && fail "port $port ($n) is in use (make status; make down first): e2e-compose needs the lab's ports"
done

start=$SECONDS
# The machine's own Docker setup stays untouched: own daemon, own CLI config (plugins).
export DOCKER_CONFIG=$root/.run/docker/config
"$here/images/dockerd.sh" start
export DOCKER_HOST
DOCKER_HOST=$("$here/images/dockerd.sh" host)
project=asyncdb-lab-e2e
export COMPOSE_PROJECT_NAME=$project RUNTIME=compose

cleanup() {
  local logs=$root/.run/e2e-compose-logs.txt
  { "$here/lab.sh" compose ps -a; "$here/lab.sh" compose logs --no-color --timestamps; } >"$logs" 2>&1 || true
  say "failed: state and container logs in $logs"
  say "down (volumes too) and stopping the daemon"
  WIPE=1 "$here/lab.sh" down >/dev/null 2>&1 || true
  "$here/images/dockerd.sh" stop || true
}
trap cleanup EXIT

container_inputs
say "base images and tools ready after $((SECONDS - start)) s"

t=$SECONDS
WARM=6 "$here/lab.sh" up
say "up took $((SECONDS - t)) s"

say "seeded data (row counts, checksums)"
"$here/lab.sh" compose run --rm --no-deps db-seed --scale tiny --verify

say "health of every instance through its port on 127.0.0.1"
for n in $(instance_names); do
  port=$(instance_field "$n" 4) health=$(instance_field "$n" 5) page=$(instance_field "$n" 7)
  state=$(docker inspect -f '{{.State.Health.Status}}' "$("$here/lab.sh" compose ps -q "$n")")
  [ "$state" = healthy ] || fail "$n is $state in its container"
  curl -fsS --max-time 5 "http://127.0.0.1:$port$health" >/dev/null || fail "$n: http://127.0.0.1:$port$health"
  # The first page opens the lazy connections and loads classes: generous time, once.
  curl -fsS --max-time 60 "http://127.0.0.1:$port$page" >/dev/null || fail "$n: page http://127.0.0.1:$port$page"
  say "  $n healthy, its page answers on 127.0.0.1:$port"
done

if [ "${DB_TLS:-0}" = 1 ]; then
  say "TLS: the app's sessions on each database server (in its container)"
  for s in $DB_SERVERS; do
    line=$(db_tls_check "${s%%-*}" docker exec "$("$here/lab.sh" compose ps -q "$s")") \
      || fail "$s: sessions not all encrypted, or a client without TLS got in: $line"
    say "  $s: $line"
  done
else
  say "TLS to the database servers off, the default with compose as natively (DB_TLS=1 make e2e-compose checks it)"
fi

say "LINK=wan through the toxiproxy container: one page per app"
"$here/lab.sh" link wan
link_page_check 127.0.0.1 || fail "a page is out of its LINK=wan bounds"
"$here/lab.sh" link 0

t=$SECONDS
"$here/lab.sh" loadtest smoke all
say "smoke sweep took $((SECONDS - t)) s"
run_id=$(basename "$(readlink results/latest)")
run_dir=results/$run_id
say "checking $run_dir/results.json"
verify run "$run_dir" --tag e2e-compose --cpu-told-apart --portal "$(modes_of portal)" --shop "$(modes_of shop)" --open-loop oha
[ -f "$run_dir/index.html" ] || fail "no index.html in $run_dir"

say "one fault cell in containers: shop-nonblocking under load while its MariaDB container stops"
t=$SECONDS
before=$(ls -d results/faults-* 2>/dev/null | sort | tail -1 || true)
make --no-print-directory faults RUNTIME=compose APP=shop MODES=nonblocking FAULTS=a
faults_dir=$(ls -d results/faults-* | sort | tail -1)
[ "$faults_dir" != "$before" ] || fail "make faults wrote no results/faults-<id>"
verify faults "$faults_dir" --faults a --tag e2e-compose || fail "the fault cell in $faults_dir lacks its evidence"
say "fault cell took $((SECONDS - t)) s"

say "down (volumes too)"
WIPE=1 "$here/lab.sh" down
filter=label=com.docker.compose.project=$project
for kind in container network volume; do
  flags=(-q --filter "$filter"); [ $kind = container ] && flags+=(--all)
  left=$(docker $kind ls "${flags[@]}") || fail "cannot list ${kind}s"
  [ -z "$left" ] || fail "${kind}s left after down: $left"
done
docker image prune -f >/dev/null    # superseded builds; the images in use stay as a cache
trap - EXIT
"$here/images/dockerd.sh" stop
pid=$(cat .run/docker/dockerd.pid 2>/dev/null || true)
[ -z "$pid" ] || ! kill -0 "$pid" 2>/dev/null || fail "dockerd pid $pid still alive"
mounts=$(findmnt -rn -o TARGET | grep -F "$root/.run/docker/" || true)
[ -z "$mounts" ] || fail "mounts of the daemon left: $mounts"
for n in $(instance_names); do
  port=$(instance_field "$n" 4)
  port_open "$port" && fail "port $port ($n) still answers after down"
done
say "passed in $((SECONDS - start)) s"
