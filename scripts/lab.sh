#!/usr/bin/env bash
# The lab's lifecycle, written once whatever the runtime: make up, down, status, link, loadtest and
# faults run it with RUNTIME=native|compose|swarm (default native). A small adapter per runtime,
# scripts/runtime/<RUNTIME>.sh, says how the lab's processes start and stop, where the instances
# answer and where loadgen runs; readiness (lib/instances.sh), the link (lab.link, `loadgen link`),
# the status table and the options of the sweep and the fault matrix are here.
#   lab.sh up [instance…]     start what is not running, wait until every instance is ready (its
#                             pools warm, its databases answer through the link), set LINK, print
#                             the table, and warm them up until steady (WARM) in the background;
#                             with instances, only those (the link stays as it is, no warm-up)
#   lab.sh down               stop what up started (natively DB=1 also stops the database servers;
#                             containers: WIPE=1 also removes the volumes)
#   lab.sh status             the runtime's processes, every instance's readiness, the link in force
#   lab.sh ps                 the runtime's processes only
#   lab.sh link [LINK]        show / change the RTT of the running lab, without a restart
#   lab.sh loadtest PROFILE APP [MODES]   the sweep (CONCURRENCY, RTTS, RESULTS_DIR; natively also
#                             ISOLATE=1 and FAIR_POOL=1) → results/<run-id>/
#   lab.sh faults FAULTS APP [MODES] [loadgen faults options…]   the fault matrix (ISOLATE=0: the
#                             other instances keep running) → results/faults-<id>/
#   lab.sh only INSTANCE      stop every instance but this one and the dashboard; start it if needed
#   lab.sh resume             every instance again (after only)
#   lab.sh focus INSTANCE     only this instance runs: every other one is frozen (pools and JIT kept),
#                             this one thawed; a name that is no instance freezes them all
#   lab.sh thaw               every frozen instance runs again
#   lab.sh log-mark INSTANCE  where the instance's log stands now (an opaque mark)
#   lab.sh log-since INSTANCE MARK COUNT   the last COUNT lines its log got since MARK (what
#                             the fault matrix keeps with each cell)
#   lab.sh warm-now           up's warm-up, in the foreground (up starts it in the background)
#   lab.sh await-warmup       wait until up's background warm-up has finished (what measures does)
#   lab.sh stop-server mysql | start-server   fault (a): the MariaDB servers stop / start again
#   lab.sh VERB …             a verb of the runtime's own (its adapter's header lists them)
# LINK=0|lan|wan|<ms RTT>|loopback; empty: the link in force, else 0. loopback is the direct,
# proxy-less setting; anything else goes through Toxiproxy, one proxy per instance and source
# (lab.link), so the round trip changes without a restart.
# DB_TLS=1|0 turns TLS to the database servers on or off: on by default with RUNTIME=swarm, whose
# database traffic crosses hosts; off natively and with compose, where it stays on this machine, so
# that both measure the same lab (db_tls below).
#
# An adapter defines:
#   rt_start [instance…]   start the lab (database servers, Toxiproxy with every proxy unless
#                          LINK=loopback, the instances), or only those instances, without waiting
#                          for readiness; an empty LINK becomes the link in force, else 0
#   rt_stop [instance…]    stop those instances; without any, the whole lab
#   rt_ps                  the runtime's own view of the lab's processes
#   rt_host INSTANCE       the address where the instance answers, from here
#   rt_loadgen ARG…        the loadgen CLI where the runtime runs it
#   rt_sweep ARG…          the sweep with these options and the runtime's; results in ./results
#   rt_faults ARG…         the fault matrix with these options and the runtime's; results in ./results
#   RT_ISOLATES, RT_SERVERS   set when loadgen, where rt_faults runs it, can ask this shell (the lab
#                          port, with_lab_port) for `lab.sh only` (isolation) and `stop-server` /
#                          `start-server` (fault a)
#   rt_server stop|start   fault (a): MariaDB's servers
#   rt_freeze / rt_thaw instance…   freeze those instances where they stand (the kernel's freezer or
#                          SIGSTOP: no CPU, connections kept) / let them run again; RT_FREEZES set
#                          when the adapter can, so that the sweep measures the instance under load alone
#   rt_frozen INSTANCE     exit 0 when the instance is frozen
#   rt_port_dir            a new directory for the lab port, where loadgen can reach it; rt_port_arg
#                          DIR: that directory as the runtime's loadgen (rt_loadgen) names it
#   rt_log_mark INSTANCE / rt_log_since INSTANCE MARK   where the instance's log stands (a word) /
#                          what it logged since
#   rt_why_not_ready INSTANCE…   where to look when those did not get ready
#   rt_start calls db_tls_certs NAME… (containers) with every name and address clients dial the
#   database servers at
# and, for verbs of its own, functions verb_<verb> listed in RUNTIME_VERBS.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
cd "$root"
. "$here/lib/instances.sh"

RUNTIME=${RUNTIME:-native}
case $RUNTIME in native|compose|swarm) ;; *) echo "lab.sh: RUNTIME=$RUNTIME: expected native, compose or swarm" >&2; exit 2 ;; esac
export RUNTIME LINK=${LINK:-}
# The lab's own command, with its runtime, for loadgen to call back (isolation, fault a).
self="env RUNTIME=$RUNTIME scripts/lab.sh"

say() { printf '[%s] %s\n' "$RUNTIME" "$*"; }
die() { say "error: $*" >&2; exit 1; }

# What an adapter may leave out: no freezing (the sweep then measures with the others running), the
# lab port in a directory of this machine's.
rt_freeze() { :; }
rt_thaw() { :; }
rt_frozen() { return 1; }
rt_port_dir() { mktemp -d "${TMPDIR:-/tmp}/lab-port.XXXXXX"; }
rt_port_arg() { echo "$1"; }
rt_log_mark() { echo "the $RUNTIME runtime keeps no log the lab can read here"; return 3; }
rt_log_since() { rt_log_mark "$@"; }

. "$here/runtime/$RUNTIME.sh"

# TLS to the database servers, in containers: the certificates `up` makes in DB_TLS_DIR (a private
# CA; the server's certificate for every name the clients dial: scripts/lib/db-tls.sh) go to the
# servers and, the CA's certificate only, to the clients as secrets, and COMPOSE_DB_TLS_* (what
# docker-compose.yml reads) name them; the clients verify the servers (LAB_DB_TLS_CA,
# lab.access.DbTls). `up` records DB_TLS when it is given, for the later commands until `down`.
# Never with database images other than the lab's (their entrypoints load the certificate).
export DB_TLS_DIR=${DB_TLS_DIR:-$root/.run/tls/$RUNTIME}
db_tls_why_off() { # prints why TLS is off (nothing: on)
  if [ "$RUNTIME" = native ]; then echo "natively every hop is loopback"; return; fi
  local chosen=${DB_TLS:-$(cat "$DB_TLS_DIR/chosen" 2>/dev/null || true)} v
  case $chosen in
    0|off|no) echo "DB_TLS=$chosen"; return ;;
    1|on|yes) ;;
    '') [ "$RUNTIME" = swarm ] || { echo "compose keeps the database traffic on this machine, like the native lab (DB_TLS=1 turns it on)"; return; } ;;
    *) die "DB_TLS=$chosen: expected 1 or 0" ;;
  esac
  for v in MYSQL_IMAGE POSTGRES_IMAGE; do
    case ${!v:-asyncdb-lab/local-} in *asyncdb-lab/local-*) ;; *) echo "$v=${!v} is not the lab's image"; return ;; esac
  done
}
db_tls_off=$(db_tls_why_off)
if [ -z "$db_tls_off" ]; then
  export COMPOSE_DB_TLS_CA=/run/secrets/db_tls_ca COMPOSE_DB_TLS_CERT=/run/secrets/db_tls_cert COMPOSE_DB_TLS_KEY=/run/secrets/db_tls_key
else
  export COMPOSE_DB_TLS_CA= COMPOSE_DB_TLS_CERT= COMPOSE_DB_TLS_KEY=
fi
db_tls_certs() { # NAME…: the certificates (made even when TLS is off: the compose file names them)
  "$here/lib/db-tls.sh" "$DB_TLS_DIR" "$@"
  [ -z "${DB_TLS:-}" ] || echo "$DB_TLS" >"$DB_TLS_DIR/chosen"
  if [ -n "$db_tls_off" ]; then
    say "TLS to the database servers off: $db_tls_off"
  else
    say "TLS to the database servers on: the clients verify them against $DB_TLS_DIR/ca.pem ($(cat "$DB_TLS_DIR/server.sans"))"
  fi
}

# loadgen.jar on this host's JDK (make builds it first).
host_loadgen() {
  local jdk
  jdk=$("$here/find-jdk.sh") || return 1
  "$jdk/bin/java" -jar "$root/loadgen/target/loadgen.jar" "$@"
}

# Runs loadgen (the command given) with --lab-port: what it asks of the lab there (only, hand-off,
# stop-server, start-server) this shell carries out with lab.sh (lib/lab-port.sh), so that calls go
# one way. loadgen runs in the foreground (Ctrl-C reaches it); the port's server ends with it.
with_lab_port() { # command…
  local port server arg status=0
  port=$(rt_port_dir)
  # shellcheck disable=SC2086 # $self is words
  bash "$here/lib/lab-port.sh" "$port" "only hand-off stop-server start-server focus thaw log-mark log-since" $self &
  server=$!
  # loadgen on this host names the directory as it is; where the runtime runs it (rt_loadgen), as it sees it
  case $1 in rt_loadgen) arg=$(rt_port_arg "$port") ;; *) arg=$port ;; esac
  "$@" --lab-port "$arg" || status=$?
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  rm -rf "$port"
  return $status
}

# Only the instance under load runs: what the sweep and make up's warm-up ask through the lab port
# (loadgen's --freeze), so that the lab's idle JVMs take no CPU from the one measured. The
# dashboard is never frozen: it serves the live page.
freezable() { instance_names | grep -vx dashboard; }
focus() { # instance (a name that is no instance: freeze them all)
  local keep=${1:?usage: lab.sh focus <instance>} others
  others=$(freezable | grep -vx -e "$keep" || true)
  # shellcheck disable=SC2086 # names are words
  [ -z "$others" ] || rt_freeze $others
  if freezable | grep -qx -e "$keep"; then rt_thaw "$keep"; fi
}
thaw() {
  # shellcheck disable=SC2046 # names are words
  rt_thaw $(freezable)
}
# Whether this run freezes the others (RT_FREEZES, and FREEZE is not 0): the sweep's options then.
freeze_args() {
  if [ -n "${RT_FREEZES:-}" ] && [ "${FREEZE:-1}" != 0 ]; then echo --freeze; fi
}

# An instance's log for the fault matrix: a mark now, and later what came after it.
log_mark() { # instance
  instance_names | grep -qx -e "${1:-}" || { echo "'${1:-}' is no instance of instances.conf"; return 2; }
  rt_log_mark "$1"
}
log_since() { # instance mark count
  instance_names | grep -qx -e "${1:-}" || { echo "'${1:-}' is no instance of instances.conf"; return 2; }
  [[ ${2:-} =~ ^[0-9]+(\.[0-9]+)?$ && ${3:-} =~ ^[0-9]+$ ]] || { echo "usage: lab.sh log-since INSTANCE MARK COUNT"; return 2; }
  rt_log_since "$1" "$2" | tail -n "$3"
}

url_of() { echo "http://$(rt_host "$1"):$(instance_field "$1" 4)$(instance_field "$1" 7)"; }

table() { # instance…
  local n status
  printf '%-21s %-14s %-34s %s\n' INSTANCE MODE URL STATUS
  for n in "$@"; do
    if rt_frozen "$n"; then status="FROZEN (the sweep measures another instance alone; make thaw)"
    else status=$(instance_health "$(rt_host "$n")" "$n"); fi
    printf '%-21s %-14s %-34s %s\n' "$n" "$(instance_field "$n" 3)" "$(url_of "$n")" "$status"
  done
}

ready() { # instance…: each at its own host
  local n failed= deadline=$((SECONDS + HEALTH_TIMEOUT))
  for n in "$@"; do
    wait_ready "$(rt_host "$n")" $((deadline > SECONDS ? deadline - SECONDS : 0)) "$n" >/dev/null || failed="$failed $n"
  done
  [ -z "$failed" ] || { say "error: not ready within ${HEALTH_TIMEOUT}s:$failed"; rt_why_not_ready $failed; return 1; }
}

# One scrape of each instance's metrics: starts its measured-RTT probes (lab.access.RoundTrip),
# so that the pages show the RTT through the link from the first view on.
prime_probes() { # instance…
  local n path
  for n in "$@"; do
    path=$(instance_field "$n" 6)
    [ "$path" = - ] || curl -s -o /dev/null -m 5 "http://$(rt_host "$n"):$(instance_field "$n" 4)$path" || true
  done
}

check_names() { # instance…
  local n
  for n in "$@"; do instance_field "$n" 2 >/dev/null || { say "error: unknown instance '$n' (instances.conf)"; exit 2; }; done
}

up() { # [instance…]
  local names=("$@") start=$SECONDS
  check_names "$@"
  [ $# -gt 0 ] || mapfile -t names < <(instance_names)
  rt_start "$@"
  say "waiting until every instance is ready (pools warm, databases answer through the link) …"
  ready "${names[@]}" || { table "${names[@]}"; say "'make down' stops what did start"; exit 1; }
  if [ $# -eq 0 ]; then   # the whole lab: its link
    if [ "$LINK" = loopback ]; then rt_loadgen link --record-only loopback >/dev/null; else rt_loadgen link "$LINK"; fi
  fi
  prime_probes "${names[@]}"
  echo
  table "${names[@]}"
  say "up in $((SECONDS - start)) s"
  [ $# -gt 0 ] || warm
}

# Each instance in turn under a light load (wrk, 8 connections) until it is steady (goodput, JIT compiler:
# lab.loadgen.sweep.JitWarmup), so that the first load test measures compiled code: a cold portal
# compiles for 60–90 s under load. WARM seconds at most per instance (default 90; 0: none). In the
# background, its own session (so that down stops all of it), its state on the dashboard
# (results/.warmup.json) and its output in WARMUP_LOG: the pages answer at once, and what measures
# (loadtest, faults) waits for it first (await_warmup).
WARMUP_DIR=${LAB_RUN_DIR:-${RUN_DIR:-$root/.run}}
WARMUP_LOG=$WARMUP_DIR/warmup.log
WARMUP_PID=$WARMUP_DIR/warmup.pid
warm() {
  local cap=${WARM:-90}
  stop_warmup
  rm -f "${RESULTS_DIR:-results}/.warmup.json"
  [ "$cap" != 0 ] || return 0
  # a swarm runs loadgen as one job service at a time (run_job replaces it): there, in the foreground
  if [ "$RUNTIME" = swarm ]; then warm_now; return; fi
  mkdir -p "$WARMUP_DIR"
  setsid env WARM="$cap" "$here/lab.sh" warm-now >"$WARMUP_LOG" 2>&1 </dev/null &
  echo $! >"$WARMUP_PID"
  say "warming each instance up until it is steady, in the background (at most $cap s each; WARM=0: none):"
  say "  the pages answer now; the dashboard shows how far it got; make loadtest stops it and warms what it measures itself, other profiles and make faults wait for it (log: $WARMUP_LOG)"
}

warm_now() {
  local cap=${WARM:-90}
  trap 'thaw >/dev/null 2>&1 || true' EXIT
  say "warming each instance up until it is steady (at most $cap s each) …"
  rt_sweep sweep --app all --warm-up-only "$cap" || say "the warm-up did not finish: the first load test warms up longer"
  say "warm-up done"
}

warmup_progress() { # how far make up's warm-up got, from its log: the instance it was warming
  local now
  now=$(awk '$1 == "warm-up" { n = $2 } END { print n }' "$WARMUP_LOG" 2>/dev/null || true)
  echo "it was warming ${now:-its first instance}"
}

warmup_running() { local pid; pid=$(cat "$WARMUP_PID" 2>/dev/null) && kill -0 "$pid" 2>/dev/null; }

# Before a measurement: up's warm-up has finished (its load would be measured with the run's), at
# most as long as it can take (every instance at its cap, and a minute).
# Stopping it instead, the map's own 15 s warm-ups left the JITs cold: a fresh clone's map right
# after make up (20261203-093451-map) read the portal's CPU per page at 0 ms 1.7–3.8× what the map
# after the wait had (reactive 2.96 against 0.837 ms at 20 connections), the same at 78 ms.
await_warmup() {
  warmup_running || return 0
  local n limit last= line
  n=$(instance_names | grep -vcx dashboard)
  limit=$((SECONDS + n * ${WARM:-90} + 60))
  say "make up's warm-up is still running: waiting for it, so that this run measures compiled code (at most $((limit - SECONDS)) s; $WARMUP_LOG)"
  while warmup_running && [ $SECONDS -lt $limit ]; do
    line=$(awk '$1 == "warm-up" { n = $2 } END { print n }' "$WARMUP_LOG" 2>/dev/null || true)
    [ "$line" = "$last" ] || { [ -z "$line" ] || say "  now warming $line"; last=$line; }
    sleep 2
  done
  warmup_running && { say "the warm-up took longer than it can: stopped"; stop_warmup; }
  return 0
}

stop_warmup() {
  local pid
  pid=$(cat "$WARMUP_PID" 2>/dev/null) || return 0
  kill -- -"$pid" 2>/dev/null || true
  rm -f "$WARMUP_PID"
  thaw >/dev/null 2>&1 || true   # what it froze runs again
}

down() { # WIPE=1: the certificates too
  stop_warmup
  rt_stop
  rm -f "$DB_TLS_DIR/chosen"
  [ -z "${WIPE:-}" ] || [ "$RUNTIME" = native ] || rm -rf "$DB_TLS_DIR"
}

status() {
  mapfile -t names < <(instance_names)
  rt_ps
  echo
  table "${names[@]}"
  local link
  link=$(rt_loadgen link --name 2>/dev/null) || link="unknown (loadgen could not read it)"
  echo "link: ${link:-none recorded (the lab is down, or was started before links were recorded)}"
}

link() { # [LINK]
  rt_loadgen link "$@"
  [ $# -eq 0 ] || prime_probes $(instance_names)
}

only() { # instance: the others stop (the dashboard stays); a name that is no instance (loadgen's
         # in-process ceiling) just gets the machine to itself
  local keep=${1:?usage: lab.sh only <instance>}
  rt_stop $(instance_names | grep -vx -e "$keep" -e dashboard)
  if instance_field "$keep" 2 >/dev/null; then
    rt_start "$keep"
    ready "$keep"
  fi
}

resume() {
  mapfile -t names < <(instance_names)
  rt_start "${names[@]}"
  ready "${names[@]}"
}

loadtest() { # PROFILE APP [MODES]
  local args=(sweep --profile "${1:-map}" --app "${2:-all}")
  [ -z "${3:-}" ] || args+=(--modes "$3")
  [ -z "${CONCURRENCY:-}" ] || args+=(--levels "$CONCURRENCY")
  [ -z "${RTTS:-}" ] || args+=(--rtts "$RTTS")
  case ${1:-map} in
    map|map-all)   # the maps warm each instance they measure themselves, alone (Profile.jitWarmupSec)
      if warmup_running; then
        say "make up's warm-up stopped ($(warmup_progress)): the map warms each instance it measures until its JIT is done, alone"
        stop_warmup
      fi ;;
    *) await_warmup ;;
  esac
  trap 'thaw >/dev/null 2>&1 || true' EXIT   # whatever ends the run (Ctrl-C too), every instance runs again
  rt_sweep "${args[@]}"
}

faults() { # FAULTS APP [MODES] [loadgen faults options…]
  local app=${2:-all} modes=${3:-} f kept=()
  chosen=${1:-a,b,c,d,e,f}
  shift $(($# < 3 ? $# : 3))
  # a stops MariaDB: only where loadgen can call the lab back to do it (f kills sessions with the
  # lab user's SQL, which loadgen has in every runtime)
  for f in ${chosen//,/ }; do
    case $f in a) [ -n "${RT_SERVERS:-}" ] || { say "fault a stops a database server, which RUNTIME=$RUNTIME does not do from loadgen: left out"; continue; } ;; esac
    kept+=("$f")
  done
  [ ${#kept[@]} -gt 0 ] || die "no fault left to run"
  chosen=$(IFS=,; echo "${kept[*]}")
  args=(faults --faults "$chosen" --app "$app")
  [ -z "$modes" ] || args+=(--modes "$modes")
  isolated=
  if [ -n "${RT_ISOLATES:-}" ] && [ "${ISOLATE:-1}" != 0 ]; then args+=(--isolate); isolated=1; fi
  trap after_faults EXIT
  await_warmup
  if [ -n "${RT_ISOLATES:-}${RT_SERVERS:-}" ]; then with_lab_port rt_faults "${args[@]}" "$@"; else rt_faults "${args[@]}" "$@"; fi
}

after_faults() { # whatever happened to loadgen: MariaDB back, every instance running again
  if [[ ",$chosen," == *,a,* ]]; then (rt_server start) >/dev/null || say "MariaDB may still be stopped: scripts/lab.sh start-server"; fi
  if [ -n "$isolated" ]; then (resume) >/dev/null || say "could not start every instance again: make status"; fi
}

HEALTH_TIMEOUT=${HEALTH_TIMEOUT:-300}   # seconds for every instance to be ready
cmd=${1:-status}; shift || true
case $cmd in
  up) up "$@" ;;
  down) down ;;
  status) status ;;
  ps) rt_ps ;;
  link) link "$@" ;;
  loadtest) loadtest "$@" ;;
  faults) faults "$@" ;;
  only) only "$@" ;;
  resume) resume ;;
  focus) focus "$@" ;;
  thaw) thaw ;;
  log-mark) log_mark "$@" ;;
  log-since) log_since "$@" ;;
  warm-now) warm_now ;;
  await-warmup) await_warmup ;;
  stop-server) [ "${1:-}" = mysql ] || { echo "usage: lab.sh stop-server mysql" >&2; exit 2; }; rt_server stop ;;
  start-server) rt_server start ;;
  *)
    if declare -F "verb_${cmd//-/_}" >/dev/null; then
      "verb_${cmd//-/_}" "$@"
    else
      echo "usage: RUNTIME=$RUNTIME lab.sh up [instance…] | down | status | ps | link [LINK] | loadtest PROFILE APP [MODES]" \
           "| faults FAULTS APP [MODES] | only INSTANCE | resume | focus INSTANCE | thaw | log-mark INSTANCE | log-since INSTANCE MARK COUNT | stop-server mysql | start-server${RUNTIME_VERBS:+ | $RUNTIME_VERBS}" >&2
      exit 2
    fi ;;
esac
