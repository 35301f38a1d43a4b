#!/usr/bin/env bash
# make up / make down / make status, natively: every instance of instances.conf as a
# background process with its log and PID under $RUN_DIR (default .run/).
#   lab.sh up [instance…]     start what is not running, wait for health, print the table
#   lab.sh down               stop exactly what `up` started (TERM, then KILL after DOWN_TIMEOUT)
#   lab.sh status             every instance with its PID and health
#   lab.sh link [LINK]        show / change the RTT of the running lab (make link)
#   lab.sh stop instance…     stop those instances (the rest keeps running)
#   lab.sh only instance      stop every instance but this one and the dashboard, start it if needed
#   lab.sh hand-off fair|unfair instance   restart a threadpool instance with that session hand-off
#                             (make loadtest FAIR_POOL=1: loadgen's fair pass; the lab runs unfair)
# LINK=0|lan|wan|<ms RTT>|loopback (default 0): anything but loopback also starts
# toxiproxy-server (one more lab process, installed by scripts/tools.sh when missing); the link
# itself is lab.link's (`loadgen link`): it creates a proxy per instance and source, sets the RTT
# and records it, and the instances connect through their proxies, so any run can change the
# round trip without a restart (make link, the map profile). loopback is the direct, proxy-less
# setting. This script only starts and stops processes.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
. "$here/lib/instances.sh"
. "$here/lib/detach.sh"
. "$here/lib/cgroup.sh"

RUN_DIR=${RUN_DIR:-$root/.run}
PIDS=$RUN_DIR/pids
LOGS=$RUN_DIR/logs
HEALTH_TIMEOUT=${HEALTH_TIMEOUT:-180}   # seconds for every instance to report healthy
DOWN_TIMEOUT=${DOWN_TIMEOUT:-20}        # seconds between TERM and KILL
HOST=${LAB_HOST:-127.0.0.1}
LINK=${LINK:-}   # empty: the link in force when toxiproxy is running, else 0 (proxies, no added latency)
TOXIPROXY_PORT=${TOXIPROXY_PORT:-8474}
export TOXIPROXY_URL=http://127.0.0.1:$TOXIPROXY_PORT
export RUN_DIR   # the apps and loadgen read the recorded link from $RUN_DIR/link

say() { printf '[lab] %s\n' "$*"; }

pid_of() { # instance -> pid if it is alive and ours
  local f=$PIDS/$1.pid pid
  [ -f "$f" ] || return 1
  pid=$(cat "$f")
  if kill -0 "$pid" 2>/dev/null; then echo "$pid"; return 0; fi
  rm -f "$f"; return 1
}

port_open() { timeout 1 bash -c ":</dev/tcp/$HOST/$1" 2>/dev/null; }

health() { # instance -> UP | DOWN (HTTP status) | - (nothing listening)
  local port path code
  port=$(instance_field "$1" 4); path=$(instance_field "$1" 5)
  port_open "$port" || { echo "-"; return; }
  code=$(curl -s -o /dev/null -m 3 -w '%{http_code}' "http://$HOST:$port$path" 2>/dev/null)
  if [ "$code" = 200 ]; then echo UP; else echo "DOWN(${code:-none})"; fi
}

url_of() { echo "http://$HOST:$(instance_field "$1" 4)$(instance_field "$1" 7)"; }

table() { # instances…
  printf '%-20s %-12s %-28s %-8s %s\n' INSTANCE MODE URL PID STATUS
  local n
  for n in "$@"; do
    printf '%-20s %-12s %-28s %-8s %s\n' "$n" "$(instance_field "$n" 3)" "$(url_of "$n")" "$(pid_of "$n" || echo -)" "$(health "$n")"
  done
}

# Starts a daemon in its own session (a Ctrl-C in this terminal doesn't stop the lab) holding no
# descriptor of ours beyond stdio (lib/detach.sh), in a cgroup named after its log (lib/cgroup.sh).
daemon() { # log command…
  local log=$1
  shift
  (
    close_inherited_fds
    cgroup_join "$(basename "$log" .log)"
    exec setsid nohup "$@" >"$log" 2>&1 </dev/null
  ) &
}

# The database servers run as services: their processes (PostgreSQL's backends fork from its
# postmaster, so later ones follow) go into groups of their own too.
group_databases() {
  cgroup_move mariadb $(pgrep -x mariadbd; pgrep -x mysqld)
  cgroup_move postgresql $(pgrep -x postgres)
}

start_one() { # instance -> 0 started or already ours, 1 port taken by something else
  local n=$1 port
  port=$(instance_field "$n" 4)
  if pid_of "$n" >/dev/null; then return 0; fi
  if port_open "$port"; then
    say "error: $n: port $port is already taken by another process (not started by this project); free it or stop that process"
    return 1
  fi
  mkdir -p "$PIDS" "$LOGS"
  daemon "$LOGS/$n.log" "$here/run-instance.sh" "$n"
  echo $! >"$PIDS/$n.pid"
  say "started $n (pid $!, log ${LOGS#$root/}/$n.log)"
}

toxiproxy_health() { # UP | - (nothing listening) | DOWN(code)
  port_open "$TOXIPROXY_PORT" || { echo "-"; return; }
  local code
  code=$(curl -s -o /dev/null -m 3 -w '%{http_code}' "$TOXIPROXY_URL/version" 2>/dev/null)
  if [ "$code" = 200 ]; then echo UP; else echo "DOWN(${code:-none})"; fi
}

# One scrape of each instance's metrics: starts its measured-RTT probes (lab.access.RoundTrip),
# so the pages show the RTT through the link from the first view on.
prime_probes() { # instances…
  local n path
  for n in "$@"; do
    path=$(instance_field "$n" 6)
    [ "$path" = - ] || curl -s -o /dev/null -m 5 "http://$HOST:$(instance_field "$n" 4)$path" || true
  done
}

# `loadgen link …`: applies a link to every proxy and records it in $RUN_DIR/link (lab.link).
link_command() {
  local jdk
  jdk=$("$here/find-jdk.sh") || return 1
  "$jdk/bin/java" -jar "$root/loadgen/target/loadgen.jar" link "$@"
}

# TOXIPROXY_SERVER, else toxiproxy-server on PATH or where make tools puts it; empty when missing.
toxiproxy_bin() {
  local bin=${TOXIPROXY_SERVER:-$(command -v toxiproxy-server || true)}
  [ -n "$bin" ] || for bin in "$HOME/go/bin/toxiproxy-server" "$HOME/.local/bin/toxiproxy-server" ""; do [ -x "$bin" ] && break; done
  echo "$bin"
}

# Starts toxiproxy-server when LINK is not loopback; lab.link then creates every instance's
# proxies, sets the RTT and records the link.
link_up() {
  local bin deadline n
  if [ -z "$LINK" ]; then
    LINK=0
    if pid_of toxiproxy >/dev/null && [ -f "$RUN_DIR/link" ]; then
      LINK=$(sed -n 's/^link=//p' "$RUN_DIR/link")
    else
      # a lab someone started before with LINK=loopback keeps running as it is
      for n in $(instance_names); do pid_of "$n" >/dev/null && LINK=loopback && break; done
    fi
  fi
  if [ "$LINK" = loopback ]; then
    if pid_of toxiproxy >/dev/null; then
      say "error: the running lab goes through toxiproxy; 'make down' first, or 'make link LINK=0' for no added latency"
      return 1
    fi
    link_command --record-only loopback >/dev/null
    return
  fi
  if ! pid_of toxiproxy >/dev/null; then
    for n in $(instance_names); do
      if pid_of "$n" >/dev/null; then
        say "error: the lab is running without proxies (LINK=loopback); 'make down' first, then 'make up LINK=$LINK'"
        return 1
      fi
    done
    if port_open "$TOXIPROXY_PORT"; then
      say "error: port $TOXIPROXY_PORT is already taken by another process (not started by this project); free it or set TOXIPROXY_PORT"
      return 1
    fi
    bin=$(toxiproxy_bin)
    if [ -z "${TOXIPROXY_SERVER:-}" ]; then
      # The lab's build (link/toxiproxy-lab), built or rebuilt when missing or stale; nothing to do when current.
      if ! "$here/tools.sh" toxiproxy-server; then
        [ -n "$bin" ] || { say "error: could not install toxiproxy-server; see above, or run 'make up LINK=loopback'"; return 1; }
        say "warning: $bin is not the lab's build of link/toxiproxy-lab: whole-millisecond links work, finer ones (lan) fail"
      fi
      bin=$(toxiproxy_bin)
      [ -n "$bin" ] || { say "error: toxiproxy-server is still not found after installing it"; return 1; }
    fi
    mkdir -p "$PIDS" "$LOGS"
    daemon "$LOGS/toxiproxy.log" "$bin" -host 127.0.0.1 -port "$TOXIPROXY_PORT" -proxy-metrics
    echo $! >"$PIDS/toxiproxy.pid"
    say "started toxiproxy (pid $!, log ${LOGS#$root/}/toxiproxy.log, API $TOXIPROXY_URL)"
    deadline=$((SECONDS + 15))
    until [ "$(toxiproxy_health)" = UP ]; do
      if [ $SECONDS -ge $deadline ] || ! pid_of toxiproxy >/dev/null; then
        say "error: toxiproxy did not come up; last lines of ${LOGS#$root/}/toxiproxy.log:"
        tail -n 8 "$LOGS/toxiproxy.log" | sed 's/^/    /'
        return 1
      fi
      sleep 0.3
    done
  fi
  link_command --create "$LINK" || return 1   # lab.link: every instance's proxies, the RTT, the record
  export LINK_PROXIES=1   # run-instance.sh points the source URLs at the proxies
}

up() {
  local names=("$@") n failed=0 pending deadline
  [ ${#names[@]} -gt 0 ] || mapfile -t names < <(instance_names)
  "$here/find-jdk.sh" >/dev/null || exit 1
  for n in "${names[@]}"; do
    instance_field "$n" 2 >/dev/null || { say "error: unknown instance '$n'"; exit 2; }
  done
  link_up || exit 1
  group_databases
  for n in "${names[@]}"; do
    start_one "$n" || failed=1
  done
  deadline=$((SECONDS + HEALTH_TIMEOUT))
  while :; do
    pending=()
    for n in "${names[@]}"; do
      pid_of "$n" >/dev/null || continue      # not ours (port taken) or died: reported below
      [ "$(health "$n")" = UP ] || pending+=("$n")
    done
    [ ${#pending[@]} -eq 0 ] && break
    if [ $SECONDS -ge $deadline ]; then break; fi
    sleep 2
  done
  for n in "${names[@]}"; do
    if ! pid_of "$n" >/dev/null; then
      if [ -f "$LOGS/$n.log" ] && ! port_open "$(instance_field "$n" 4)"; then
        say "error: $n exited during start-up; last lines of ${LOGS#$root/}/$n.log:"
        tail -n 8 "$LOGS/$n.log" | sed 's/^/    /'
      fi
      failed=1
    elif [ "$(health "$n")" != UP ]; then
      say "error: $n is not healthy after ${HEALTH_TIMEOUT}s; see ${LOGS#$root/}/$n.log"
      failed=1
    fi
  done
  prime_probes "${names[@]}"
  echo
  table "${names[@]}"
  link_row
  [ $failed -eq 0 ] || { say "some instances did not come up (the others are left running; 'make down' stops them)"; exit 1; }
}

stop() { # instance… -> stops those of them this project started; 0 when any was running
  local n pid any=1 deadline
  for n in "$@"; do
    pid=$(pid_of "$n") || continue
    any=0
    kill -TERM "$pid" 2>/dev/null && say "stopping $n (pid $pid)"
  done
  deadline=$((SECONDS + DOWN_TIMEOUT))
  for n in "$@"; do
    while pid=$(pid_of "$n"); do
      if [ $SECONDS -ge $deadline ]; then
        say "$n (pid $pid) did not stop within ${DOWN_TIMEOUT}s: killing it"
        kill -KILL "$pid" 2>/dev/null; sleep 0.5
      else
        sleep 0.3
      fi
    done
    rm -f "$PIDS/$n.pid"
  done
  return $any
}

# make loadtest ISOLATE=1: only the measured instance (and the dashboard) runs; the others stop.
only() { # instance
  local n others=()
  for n in $(instance_names); do
    [ "$n" = "$1" ] || [ "$(instance_field "$n" 2)" = dashboard ] || others+=("$n")
  done
  stop "${others[@]}"
  # a name that is no instance (loadgen's in-process ceiling) just gets the machine to itself
  if instance_field "$1" 2 >/dev/null; then up "$1" >/dev/null; fi
}

# make loadtest FAIR_POOL=1: loadgen sweeps the portal's thread pool again with the fair hand-off.
hand_off() { # fair|unfair instance
  case ${1:-} in fair|unfair) ;; *) say "error: the hand-off is fair or unfair, not '${1:-}'"; exit 2 ;; esac
  [ "$(instance_field "${2:-}" 3 2>/dev/null)" = threadpool ] || { say "error: '${2:-}' is no threadpool instance of instances.conf"; exit 2; }
  stop "$2"
  export HAND_OFF=$1   # run-instance.sh: the app's hand-off setting
  up "$2"
}

down() {
  local pid any=0 deadline
  mapfile -t names < <(instance_names)
  stop "${names[@]}" && any=1
  # toxiproxy last: the instances' connections go through it until they are gone
  if pid=$(pid_of toxiproxy); then
    any=1
    kill -TERM "$pid" 2>/dev/null && say "stopping toxiproxy (pid $pid)"
    deadline=$((SECONDS + DOWN_TIMEOUT))
    while pid_of toxiproxy >/dev/null && [ $SECONDS -lt $deadline ]; do sleep 0.2; done
    pid_of toxiproxy >/dev/null && kill -KILL "$pid" 2>/dev/null
    rm -f "$PIDS/toxiproxy.pid"
  fi
  rm -f "$RUN_DIR/link"
  [ $any -eq 1 ] && say "all instances stopped" || say "no instance of this project was running"
}

# The link in force (recorded in $RUN_DIR/link) and, when proxied, toxiproxy's row.
link_row() {
  local link=loopback
  [ -f "$RUN_DIR/link" ] && link=$(sed -n 's/^link=//p' "$RUN_DIR/link")
  if pid_of toxiproxy >/dev/null || [ "$link" != loopback ]; then
    printf '%-20s %-12s %-28s %-8s %s\n' toxiproxy "LINK=$link" "$TOXIPROXY_URL" "$(pid_of toxiproxy || echo -)" "$(toxiproxy_health)"
  else
    echo "link: loopback (no proxy)"
  fi
}

status() {
  mapfile -t names < <(instance_names)
  table "${names[@]}"
  link_row
}

# make link: the new RTT on every proxy (recorded), then fresh probes.
link() {
  link_command "$@" || exit 1
  [ $# -eq 0 ] && return
  mapfile -t names < <(instance_names)
  prime_probes "${names[@]}"
}

cmd=${1:-status}; shift || true
case $cmd in
  up) up "$@" ;;
  link) link "$@" ;;
  stop) stop "$@"; exit 0 ;;
  only) only "${1:?usage: lab.sh only <instance>}" ;;
  hand-off) hand_off "$@" ;;
  down) down ;;
  status) status ;;
  *) echo "usage: lab.sh up [instance…] | stop instance… | only instance | hand-off fair|unfair instance | down | status | link [LINK]" >&2; exit 2 ;;
esac
