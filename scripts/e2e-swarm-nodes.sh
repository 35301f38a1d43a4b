#!/usr/bin/env bash
# make e2e-swarm NODES=3: RUNTIME=swarm on three Docker hosts with addresses of their own, all on
# this machine (scripts/lib/netns-nodes.sh: a network namespace and a dockerd each, joined by the
# bridge asynclab-br0): db-host 10.77.0.11, app-host 10.77.0.12, load-host 10.77.0.13 (the manager).
# On them the "Real hosts" commands of docs/several-machines.md as written (each line is looked up
# there before it runs, on the host the docs say), with the nodes' engines in place of the docs'
# ssh://root@… and no registry (make images-to onto each node; every service by image ID). Then: each
# service on the node with its label and answering at that node's address only (not at 127.0.0.1,
# not at the other nodes'); a small map from the load host that sets the link (0 and 20 ms), the RTT
# as measured from the load host (and by loadgen's own probe); two fault cells, d and f, with the server
# sessions counted; make status; a port scan from a fourth namespace
# (asynclab-scan, none of the lab's hosts) that must find only the ports the docs list; make down
# WIPE=1 on every node; and nothing left: no container, volume, swarm, daemon, namespace, bridge
# or mount.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
cd "$root"
. "$here/lib/instances.sh"
. "$here/lib/link-check.sh"
. "$here/lib/server-ports.sh"

say() { printf '[e2e-swarm-nodes] %s\n' "$*"; }
. "$here/lib/e2e.sh"
nodes=$here/lib/netns-nodes.sh
doc=docs/several-machines.md

start=$SECONDS
export DOCKER_CONFIG=$root/.run/docker/config
# The load host's daemon keeps the private dockerd's images: not while that one runs outside.
"$here/images/dockerd.sh" stop >/dev/null
"$nodes" stop >/dev/null 2>&1 || true
"$nodes" start
declare -A ENGINE ADDR
for role in db app load; do ENGINE[$role]=$("$nodes" host $role) ADDR[$role]=$("$nodes" addr $role); done
on() { # ROLE CMD…: CMD on that host, its docker talking to that host's engine
  local role=$1; shift
  DOCKER_HOST=${ENGINE[$role]} "$nodes" exec "$role" "$@"
}
open_on() { on "$1" timeout 2 bash -c ":</dev/tcp/$2/$3" 2>/dev/null; } # from-role address port

# doc_run ROLE 'LINE': a line of the docs, run as written on ROLE's host (ssh://root@<db or app
# address> become those engines' sockets: there is no SSH here)
doc_run() {
  local role=$1 line=$2
  grep -qF -- "$line" "$doc" || fail "not in $doc as written: $line"
  line=${line//ssh:\/\/root@${ADDR[db]}/${ENGINE[db]}}
  line=${line//ssh:\/\/root@${ADDR[app]}/${ENGINE[app]}}
  say "on ${role}-host: $line"
  on "$role" bash -c "$line"
}

export STACK=asyncdb-lab JOB_NODES_FILE=$root/.run/swarm/job-nodes
# The docs' make up as written, with one warm-up window per instance (as make e2e): the default
# warms twelve instances one after another for up to 90 s each, 19 min here, which checks nothing more.
export WARM=${WARM:-6}
mkdir -p "$root/.run/swarm" && rm -f "$JOB_NODES_FILE"
cleanup() {
  local logs=$root/.run/e2e-swarm-nodes-logs.txt role
  {
    on load docker stack ps --no-trunc "$STACK"
    for s in $(on load docker stack services -q "$STACK"); do on load docker service logs --timestamps "$s"; done
  } >"$logs" 2>&1 || true
  say "failed: tasks and service logs in $logs; removing everything"
  on load env ENGINES="${ENGINE[db]} ${ENGINE[app]}" WIPE=1 RUNTIME=swarm "$here/lab.sh" down >/dev/null 2>&1 || true
  for role in app db load; do
    on $role docker swarm leave --force >/dev/null 2>&1 || true
    on $role docker network rm docker_gwbridge >/dev/null 2>&1 || true
  done
  "$nodes" stop || true
}
trap cleanup EXIT

container_inputs "${ENGINE[load]}"
export SHARED_MACHINE=true
say "base images and tools ready after $((SECONDS - start)) s"

say "the swarm: load-host the manager, db-host and app-host join"
doc_run load "docker swarm init --advertise-addr ${ADDR[load]}"
doc_run load "docker swarm join-token worker"
token=$(on load docker swarm join-token -q worker)
grep -qF "docker swarm join --token … ${ADDR[load]}:2377" "$doc" || fail "$doc does not show the join command"
for role in db app; do on $role docker swarm join --token "$token" "${ADDR[load]}:2377" >/dev/null; done
for role in db app load; do
  doc_run load "docker node update --label-add asyncdb.role.$role=true $(printf '%*s' $((4 - ${#role})) '')${role}-host"
done
on load docker node ls

t=$SECONDS
doc_run load "make images-to NODE=\"ssh://root@${ADDR[db]} ssh://root@${ADDR[app]}\""
say "images-to took $((SECONDS - t)) s"

t=$SECONDS
doc_run load "DB_HOST=${ADDR[db]} APP_HOST=${ADDR[app]} make up RUNTIME=swarm"
say "up took $((SECONDS - t)) s"

say "no registry: every service runs its image by ID, and no node pulled one"
for svc in $(on load docker stack services --format '{{.Name}}' "$STACK"); do
  image=$(on load docker service inspect -f '{{.Spec.TaskTemplate.ContainerSpec.Image}}' "$svc")
  [[ $image == sha256:* || $image == *@sha256:* ]] || fail "$svc runs $image, not an image ID or digest"
done
for role in db app load; do
  ! grep -qiE 'pull(ing)? .*asyncdb-lab|level=error msg="Not continuing with pull' "$(dirname "${ENGINE[$role]#unix://}")/dockerd.log" \
    || fail "the engine of ${role}-host tried to pull an image"
done

doc_run load "make status RUNTIME=swarm" | tee "$root/.run/e2e-swarm-nodes-status.txt"
grep -q 'DOWN' "$root/.run/e2e-swarm-nodes-status.txt" && fail "make status shows an instance DOWN"

say "TLS between the hosts: the app's sessions on each database server (in its container on db-host)"
for s in $DB_SERVERS; do
  id=$(on db docker ps -q --filter "label=com.docker.swarm.service.name=${STACK}_$s" | head -1)
  [ -n "$id" ] || fail "no container of $s on db-host"
  line=$(db_tls_check "${s%%-*}" on db docker exec "$id") || fail "$s: sessions not all encrypted, or a client without TLS got in: $line"
  say "  $s: $line"
done

say "placement: each service and task on the node with its label"
on load env RUNTIME=swarm "$here/lab.sh" placement || fail "a task ran on a node without its label"
want_node() { case $1 in *mysql-*|*postgres-*|*toxiproxy) echo db-host ;; *dashboard) echo load-host ;; *) echo app-host ;; esac; }
for svc in $(on load docker stack services --format '{{.Name}}' "$STACK"); do
  node=$(on load docker service ps --filter desired-state=running --format '{{.Node}}' "$svc" | head -1)
  [ "$node" = "$(want_node "$svc")" ] || fail "$svc runs on ${node:-no node}, not on $(want_node "$svc")"
done

say "every service answers at its node's address, and only there (from load-host; 127.0.0.1 on its own host)"
check_at() { # role port what
  local role=$1 port=$2 other
  open_on load "${ADDR[$role]}" "$port" || fail "$3: nothing at ${ADDR[$role]}:$port"
  open_on "$role" 127.0.0.1 "$port" && fail "$3 also listens on 127.0.0.1:$port of ${role}-host (bound to all addresses?)"
  for other in db app load; do
    [ "$other" = "$role" ] || ! open_on load "${ADDR[$other]}" "$port" || fail "$3 answers at ${ADDR[$other]}:$port too"
  done
  printf '  %-20s %-10s %s\n' "$3" "${role}-host" "${ADDR[$role]}:$port"
}
for n in $(instance_names); do
  check_at "$([ "$n" = dashboard ] && echo load || echo app)" "$(instance_field "$n" 4)" "$n"
done
for s in $DB_SERVERS; do p=$(server_var "$s" PORT); check_at db "${!p}" "$s"; done
check_at db 8474 "toxiproxy API"
for n in $(instance_names); do
  [ "$n" = dashboard ] && continue
  port=$(instance_field "$n" 4) health=$(instance_field "$n" 5) page=$(instance_field "$n" 7)
  on load curl -fsS --max-time 60 "http://${ADDR[app]}:$port$page" -o /dev/null || fail "$n: page http://${ADDR[app]}:$port$page"
done

say "port scan of the three hosts from asynclab-scan ($("$nodes" addr scan)), none of the lab's hosts"
# The docs' table "Ports each host must open": a row per host, its TCP ports in backquotes.
documented() { # role -> the TCP ports the docs list for that host, one a line
  sed -n '/^## Ports each host must open/,/^## /p' "$doc" | grep -E "^\| (${1}|every) host" | cut -d'|' -f3 \
    | grep -oE '`[0-9]+(-[0-9]+)?`' | tr -d '`' | while IFS=- read -r a b; do seq "$a" "${b:-$a}"; done
}
scan_bad=0
for role in db app load; do
  found=$("$nodes" exec scan timeout 300 "$("$here/find-jdk.sh")/bin/java" -jar "$root/loadgen/target/loadgen.jar" verify ports "${ADDR[$role]}")
  extra=$(comm -23 <(sort -u <<<"$found") <(documented "$role" | sort -u) | paste -sd' ' -)
  say "  ${role}-host ${ADDR[$role]}: open $(paste -sd' ' - <<<"$found")"
  [ -z "$extra" ] || { say "  ${role}-host: open but not in $doc: $extra"; scan_bad=1; }
  grep -qx 8474 <<<"$found" && { say "  ${role}-host: Toxiproxy's API reachable from a stranger"; scan_bad=1; }
done
[ $scan_bad = 0 ] || fail "the port scan found ports the docs do not list"

say "Toxiproxy's API, with no firewall rule: nothing for a stranger, nor for the app host"
api=${ADDR[db]}:8474
for how in "https|curl -sS --connect-timeout 3 --max-time 10 -k https://$api/proxies" \
           "plain http|curl -sS --connect-timeout 3 --max-time 10 -o /dev/null -w %{http_code} http://$api/proxies"; do
  answer=$("$nodes" exec scan ${how#*|} 2>&1) && fail "Toxiproxy's API answered a stranger over ${how%%|*}: $answer"
  say "  from the stranger, ${how%%|*}: $(tail -1 <<<"$answer" | cut -c1-100)"
done
! open_on app "${ADDR[db]}" 8474 || fail "Toxiproxy's API answers the app host"
say "  from app-host: no connection"
tls=${DB_TLS_DIR:-$root/.run/tls/swarm}
v=$(on load curl -sS --max-time 10 --cacert "$tls/ca.pem" --cert "$tls/client.pem" --key "$tls/client.key" "https://$api/version") \
  || fail "the load host with the lab's client certificate did not reach Toxiproxy's API"
say "  from load-host with the lab's client certificate: version $v"

t=$SECONDS
say "a small map from the load host: it sets the link between its scenarios (0 and 20 ms)"
doc_run load "make loadtest RUNTIME=swarm PROFILE=map APP=portal MODES=jdbc,nonblocking CONCURRENCY=5 RTTS=0,20"
say "map took $((SECONDS - t)) s"
run_dir=results/$(basename "$(readlink results/latest)")
[ -f "$run_dir/results.json" ] && [ -f "$run_dir/index.html" ] || fail "no results.json and index.html in $run_dir"
say "the link as measured from the load host: each page's median (wrk there), and the instance's own gauge ($run_dir/results.json)"
# rttMeasuredMs: loadgen's own probe through a proxy, with the passwords the task gets as secrets.
verify link "$run_dir" --ms 20 --tag e2e-swarm-nodes || fail "the link did not change as asked"

t=$SECONDS
say "two fault cells on portal-nonblocking, from the load host: d (2 s latency through Toxiproxy), f (sessions killed)"
doc_run load "make faults RUNTIME=swarm FAULTS=d,f APP=portal MODES=nonblocking"
faults_dir=$(ls -1td results/faults-* | head -1)
[ -f "$faults_dir/faults.json" ] || fail "no faults.json in $faults_dir"
# The loadgen task has the lab user's passwords (secrets): it counts the server sessions before and
# after each fault, and f kills some (its effect); the grade itself depends on this machine's load.
verify faults "$faults_dir" --faults d,f --tag e2e-swarm-nodes || fail "the fault cells did not run as asked"
say "fault cells took $((SECONDS - t)) s"

say "down, WIPE=1 on every node"
doc_run load "make down RUNTIME=swarm WIPE=1 ENGINES=\"ssh://root@${ADDR[db]} ssh://root@${ADDR[app]}\""
for role in db app load; do
  left=$(on $role docker ps -aq --filter "label=com.docker.stack.namespace=$STACK"; on $role docker volume ls -q)
  [ -z "$left" ] || fail "containers or volumes left on ${role}-host: $left"
done
for role in app db load; do on $role docker swarm leave --force >/dev/null; on $role docker network rm docker_gwbridge >/dev/null 2>&1 || true; done
for role in db app load; do
  [ -z "$(on $role docker ps -aq)" ] || fail "containers left on ${role}-host"
done
on load docker image prune -f >/dev/null    # superseded builds; the images in use stay as a cache
trap - EXIT
"$nodes" stop
left=$("$nodes" left)
[ -z "$left" ] || fail "left behind: $left"
say "passed in $((SECONDS - start)) s"
