#!/usr/bin/env bash
# make e2e-swarm: RUNTIME=swarm run for real on this machine, as make e2e-compose runs compose: the
# private dockerd (scripts/images/dockerd.sh), local base images, the jars of `make jars`. On it a
# one-node swarm (`docker swarm init --advertise-addr 127.0.0.1`) whose node has all three role
# labels, and two database servers' own labels (mysql-shop, postgres-logs: a node of their own, as
# the thesis' database hosts); a private registry (scripts/images/registry.sh), so that the images
# are pushed on build and the services run them by digest; the stack at SCALE=tiny
# (scripts/lab.sh up, RUNTIME=swarm: seed task, health, LINK=0), seeded rows
# verified, passwords only as secrets, one page per app with LINK=wan, a smoke sweep of all twelve
# instances as a loadgen task whose run comes back to ./results, each task on a node with its
# label; then the stack, its volumes and secrets removed, the swarm left, the registry and the
# daemon stopped, and nothing of it left behind.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
cd "$root"
. "$here/lib/instances.sh"
. "$here/lib/link-check.sh"
. "$here/lib/server-ports.sh"

say() { printf '[e2e-swarm] %s\n' "$*"; }
. "$here/lib/e2e.sh"

export STACK=asyncdb-lab-e2e
# Every port the stack listens on (host network): instances, Toxiproxy, the database servers.
ports() {
  local n
  for n in $(instance_names); do instance_field "$n" 4; done
  echo 8474 "${REGISTRY_PORT:-5000}"
  for s in $DB_SERVERS; do p=$(server_var "$s" PORT); echo "${!p}"; done
}
for p in $(ports); do
  port_open "$p" && fail "port $p is in use (make status; make down first): e2e-swarm needs the lab's ports"
done

start=$SECONDS
export DOCKER_CONFIG=$root/.run/docker/config
"$here/images/dockerd.sh" start
export DOCKER_HOST
DOCKER_HOST=$("$here/images/dockerd.sh" host)
export JOB_NODES_FILE=$root/.run/swarm/job-nodes
mkdir -p "$root/.run/swarm" && rm -f "$JOB_NODES_FILE"

cleanup() {
  local logs=$root/.run/e2e-swarm-logs.txt
  {
    docker stack ps --no-trunc "$STACK"
    for s in $(docker stack services -q "$STACK"); do docker service logs --timestamps "$s"; done
  } >"$logs" 2>&1 || true
  say "failed: tasks and service logs in $logs"
  say "removing the stack (volumes too), leaving the swarm, stopping the daemon"
  WIPE=1 RUNTIME=swarm "$here/lab.sh" down >/dev/null 2>&1 || true
  docker swarm leave --force >/dev/null 2>&1 || true
  docker network rm docker_gwbridge >/dev/null 2>&1 || true
  "$here/images/registry.sh" stop || true
  "$here/images/dockerd.sh" stop || true
}
trap cleanup EXIT

container_inputs
say "base images and tools ready after $((SECONDS - start)) s"

[ "$(docker info -f '{{.Swarm.LocalNodeState}}')" = inactive ] || docker swarm leave --force >/dev/null
docker swarm init --advertise-addr 127.0.0.1 >/dev/null
docker node update --label-add asyncdb.role.db=true --label-add asyncdb.role.app=true \
  --label-add asyncdb.role.load=true "$(docker info -f '{{.Swarm.NodeID}}')" >/dev/null
# Two servers as if on database hosts of their own; the other three on the db node.
own_servers="mysql-shop postgres-logs"
for s in $own_servers; do docker node update --label-add "asyncdb.role.$s=true" "$(docker info -f '{{.Swarm.NodeID}}')" >/dev/null; done
say "one-node swarm with the labels asyncdb.role.db, .app, .load, .mysql-shop, .postgres-logs"
docker swarm join-token worker | grep -q 'docker swarm join --token' || fail "no join command for a worker"
"$here/images/registry.sh" start
registry=$("$here/images/registry.sh" host)

t=$SECONDS
# The route without a registry, onto this engine itself (there is no second host here).
make --no-print-directory images-to NODE="$DOCKER_HOST"
say "images-to took $((SECONDS - t)) s"

t=$SECONDS
# The commands of docs/several-machines.md, as a user types them.
make --no-print-directory up RUNTIME=swarm SCALE=tiny WARM=6 REGISTRY="$registry"
say "up took $((SECONDS - t)) s"
make --no-print-directory status RUNTIME=swarm

say "registry: the built images pushed to $registry, the services run them by digest"
catalog=$(curl -fsS "http://${registry%/}/v2/_catalog")
for name in db-seed portal shop loadgen toxiproxy; do
  grep -q "\"asyncdb-lab/$name\"" <<<"$catalog" || fail "asyncdb-lab/$name is not in the registry: $catalog"
done
for svc in portal-jdbc shop-nonblocking dashboard toxiproxy; do
  image=$(docker service inspect -f '{{.Spec.TaskTemplate.ContainerSpec.Image}}' "${STACK}_$svc")
  [[ $image == "$registry"*@sha256:* ]] || fail "$svc runs $image, not an image of $registry by digest"
done

say "database servers: $own_servers on nodes of their own (their role label), the others on the db node"
for s in $DB_SERVERS; do
  want=db; [[ " $own_servers " == *" $s "* ]] && want=$s
  docker service inspect -f '{{join .Spec.TaskTemplate.Placement.Constraints " "}}' "${STACK}_$s" \
    | grep -qx "node.labels.asyncdb.role.$want *== *true" || fail "$s is not placed by asyncdb.role.$want"
done

say "seeded data (row counts, checksums), from a task on the db node"
RUNTIME=swarm "$here/lab.sh" seed-verify

say "passwords: Docker secrets, in no service's spec"
# each password a secret of the stack (beside them, with TLS to the databases on, its CA, certificate and key)
secrets=$(docker secret ls --format '{{.Name}}' --filter "label=com.docker.stack.namespace=$STACK")
for name in mysql_password mysql_root_password postgres_password; do
  grep -q "^${STACK}_${name}_" <<<"$secrets" || fail "no secret $name in the stack: $(paste -sd' ' <<<"$secrets")"
done
# the passwords as grep's patterns on a pipe, one a line (the files end without a newline), not as arguments
specs=$(docker service inspect $(docker stack services -q "$STACK"))
grep -qFf <(for f in "$root/.run/swarm/secrets/"*; do cat "$f"; echo; done) <<<"$specs" && fail "a password appears in a service's spec"

say "health and first page of every instance on 127.0.0.1 (host network)"
for n in $(instance_names); do
  port=$(instance_field "$n" 4) health=$(instance_field "$n" 5) page=$(instance_field "$n" 7)
  curl -fsS --max-time 5 "http://127.0.0.1:$port$health" >/dev/null || fail "$n: http://127.0.0.1:$port$health"
  curl -fsS --max-time 60 "http://127.0.0.1:$port$page" >/dev/null || fail "$n: page http://127.0.0.1:$port$page"
done

say "LINK=wan through the toxiproxy service: one page per app"
make --no-print-directory link RUNTIME=swarm LINK=wan
link_page_check 127.0.0.1 || fail "a page is out of its LINK=wan bounds"
make --no-print-directory link RUNTIME=swarm LINK=0

t=$SECONDS
# LOAD_ENGINE: where the run is copied from (the load node's engine; this one here)
make --no-print-directory loadtest RUNTIME=swarm PROFILE=smoke LOAD_ENGINE="$DOCKER_HOST"
say "smoke sweep took $((SECONDS - t)) s"
run_dir=results/$(basename "$(readlink results/latest)")
say "checking $run_dir/results.json (copied back from the load node's volume)"
verify run "$run_dir" --tag e2e-swarm --portal "$(modes_of portal)" --shop "$(modes_of shop)" --open-loop oha
[ -f "$run_dir/index.html" ] || fail "no index.html in $run_dir"

say "placement: each service and task on a node with its role label"
RUNTIME=swarm "$here/lab.sh" placement || fail "a task ran on a node without its label"

say "down (volumes and secrets too)"
make --no-print-directory down RUNTIME=swarm WIPE=1
filter=label=com.docker.stack.namespace=$STACK
for kind in service container network volume secret config; do
  case $kind in
    container) left=$(docker ps -aq --filter "$filter") ;;
    service) left=$(docker service ls -q --filter "name=$STACK") ;;
    *) left=$(docker $kind ls -q --filter "$filter") ;;
  esac
  [ -z "$left" ] || fail "${kind}s left after down: $left"
done
docker swarm leave --force >/dev/null
[ "$(docker info -f '{{.Swarm.LocalNodeState}}')" = inactive ] || fail "the engine is still in a swarm"
docker network rm docker_gwbridge >/dev/null 2>&1 || true   # made by swarm init, not removed by leave
[ -z "$(docker network ls -q --filter name=docker_gwbridge)" ] || fail "docker_gwbridge left after leaving the swarm"
left=$(docker ps -aq)   # the one-off tasks' containers too
[ -z "$left" ] || fail "containers left on the engine: $left"
docker image prune -f >/dev/null    # superseded builds; the images in use stay as a cache
trap - EXIT
"$here/images/registry.sh" stop
"$here/images/dockerd.sh" stop
pid=$(cat .run/docker/dockerd.pid 2>/dev/null || true)
[ -z "$pid" ] || ! kill -0 "$pid" 2>/dev/null || fail "dockerd pid $pid still alive"
mounts=$(findmnt -rn -o TARGET | grep -F "$root/.run/docker/" || true)
[ -z "$mounts" ] || fail "mounts of the daemon left: $mounts"
for p in $(ports); do
  port_open "$p" && fail "port $p still answers after down"
done
say "passed in $((SECONDS - start)) s"
