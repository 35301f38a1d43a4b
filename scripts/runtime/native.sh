# RUNTIME=native, the adapter of scripts/lab.sh: every instance of instances.conf as a background
# process of this machine, with its log and PID under $RUN_DIR (default .run/), each in a cgroup of
# its own (lib/cgroup.sh); the database servers are this machine's (scripts/db.sh), Toxiproxy is
# toxiproxy-server (the lab's build, scripts/tools.sh), and loadgen runs on the host's JDK.
# Its own verbs:
#   lab.sh stop instance…                  stop those instances (the rest keeps running)
#   lab.sh hand-off fair|unfair instance   restart a threadpool instance with that session hand-off
#                                          (make loadtest FAIR_POOL=1: loadgen's fair pass)
#   lab.sh profile OPTION…                 loadgen profile on a running instance, found by its PID
#                                          file here (make profile)
RUNTIME_VERBS="stop instance… | hand-off fair|unfair instance | profile OPTION…"
. "$here/lib/detach.sh"
. "$here/lib/cgroup.sh"

RUN_DIR=${RUN_DIR:-$root/.run}
PIDS=$RUN_DIR/pids
LOGS=$RUN_DIR/logs
DOWN_TIMEOUT=${DOWN_TIMEOUT:-20}        # seconds between TERM and KILL
HEALTH_TIMEOUT=${HEALTH_TIMEOUT:-180}
HOST=${LAB_HOST:-127.0.0.1}
TOXIPROXY_PORT=${TOXIPROXY_PORT:-8474}
export TOXIPROXY_URL=http://127.0.0.1:$TOXIPROXY_PORT
export RUN_DIR   # the apps and loadgen read the recorded link from $RUN_DIR/link

rt_host() { echo "$HOST"; }

rt_loadgen() { host_loadgen "$@"; }

pid_of() { # process -> its pid when it is alive and ours
  local f=$PIDS/$1.pid pid
  [ -f "$f" ] || return 1
  pid=$(cat "$f")
  if kill -0 "$pid" 2>/dev/null; then echo "$pid"; return 0; fi
  rm -f "$f"; return 1
}

port_open() { timeout 1 bash -c ":</dev/tcp/$HOST/$1" 2>/dev/null; }

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
  code=$(curl -s -o /dev/null -m 3 -w '%{http_code}' "$TOXIPROXY_URL/version" 2>/dev/null) || true
  if [ "$code" = 200 ]; then echo UP; else echo "DOWN(${code:-none})"; fi
}

# TOXIPROXY_SERVER, else toxiproxy-server on PATH or where make tools puts it; empty when missing.
toxiproxy_bin() {
  local bin=${TOXIPROXY_SERVER:-$(command -v toxiproxy-server || true)}
  [ -n "$bin" ] || for bin in "$HOME/go/bin/toxiproxy-server" "$HOME/.local/bin/toxiproxy-server" ""; do [ -x "$bin" ] && break; done
  echo "$bin"
}

any_instance_running() {
  local n
  for n in $(instance_names); do pid_of "$n" >/dev/null && return 0; done
  return 1
}

start_toxiproxy() {
  local bin deadline
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
}

# Toxiproxy with every instance's proxies (lab.link), unless LINK=loopback; an empty LINK becomes
# the link in force (a lab someone started with LINK=loopback keeps running as it is), else 0.
link_up() {
  if [ -z "$LINK" ]; then
    if pid_of toxiproxy >/dev/null; then LINK=$(rt_loadgen link --name); fi
    if [ -z "$LINK" ]; then any_instance_running && LINK=loopback || LINK=0; fi
  fi
  if [ "$LINK" = loopback ]; then
    pid_of toxiproxy >/dev/null && { say "error: the running lab goes through toxiproxy; 'make down' first, or 'make link LINK=0' for no added latency"; return 1; }
    return 0
  fi
  if ! pid_of toxiproxy >/dev/null; then
    any_instance_running && { say "error: the lab is running without proxies (LINK=loopback); 'make down' first, then 'make up LINK=$LINK'"; return 1; }
    start_toxiproxy || return 1
  fi
  rt_loadgen link --create >/dev/null || return 1   # every instance's proxies (lab.link)
}

rt_start() { # [instance…]
  local names=("$@") n failed=0
  "$root/scripts/find-jdk.sh" >/dev/null || exit 1
  if [ $# -eq 0 ]; then
    mapfile -t names < <(instance_names)
    link_up || exit 1
  fi
  pid_of toxiproxy >/dev/null && export LINK_PROXIES=1   # run-instance.sh points the source URLs at the proxies
  group_databases
  for n in "${names[@]}"; do start_one "$n" || failed=1; done
  [ $failed = 0 ] || { say "the others are left running: 'make down' stops them"; exit 1; }
}

stop_instances() { # instance… -> stops those of them this project started; 0 when any was running
  local n pid any=1 deadline
  for n in "$@"; do
    pid=$(pid_of "$n") || continue
    any=0
    kill -TERM "$pid" 2>/dev/null && say "stopping $n (pid $pid)"
    signal_group CONT "$pid"   # a frozen one takes the TERM when it runs again
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

# An instance's process group (its JVM: run-instance.sh execs it, in a session of its own) gets the
# signal; a process that leads no group, the signal itself.
signal_group() { # SIGNAL pid
  kill -"$1" -- -"$2" 2>/dev/null || kill -"$1" "$2" 2>/dev/null || true
}

# Frozen with SIGSTOP: every thread stops where it stands, its sockets and pools stay open, its
# JIT's code stays compiled; SIGCONT lets it run again.
rt_freeze() { local n pid; for n in "$@"; do pid=$(pid_of "$n") && signal_group STOP "$pid"; done; return 0; }
rt_thaw() { local n pid; for n in "$@"; do pid=$(pid_of "$n") && signal_group CONT "$pid"; done; return 0; }
rt_frozen() { local pid; pid=$(pid_of "$1") || return 1; [[ $(ps -o stat= -p "$pid" 2>/dev/null) == T* ]]; }
RT_FREEZES=1
# An instance's log is its file: a mark is its size, and what came since is the rest.
rt_log_mark() { [ -f "$LOGS/$1.log" ] || { echo "$1 has no log file (${LOGS#$root/}/$1.log)"; return 1; }; stat -c %s "$LOGS/$1.log"; }
rt_log_since() { tail -c +"$(( ${2%%.*} + 1 ))" "$LOGS/$1.log"; }

rt_stop() { # [instance…]
  if [ $# -gt 0 ]; then stop_instances "$@" || true; return; fi
  local any=0
  stop_instances $(instance_names) && any=1
  # toxiproxy last: the instances' connections go through it until they are gone
  stop_instances toxiproxy && any=1
  rm -f "$RUN_DIR/link"
  [ $any = 1 ] && say "all instances stopped" || say "no instance of this project was running"
  [ -z "${DB:-}" ] || bash "$here/db.sh" stop
}

rt_ps() {
  local n
  printf '%-20s %-8s %s\n' PROCESS PID LOG
  for n in $(instance_names) toxiproxy; do
    printf '%-20s %-8s %s\n' "$n" "$(pid_of "$n" || echo -)" "${LOGS#$root/}/$n.log"
  done
  pid_of toxiproxy >/dev/null && echo "toxiproxy API $TOXIPROXY_URL: $(toxiproxy_health)"
  return 0
}

rt_why_not_ready() { # instance…
  local n
  for n in "$@"; do
    if ! pid_of "$n" >/dev/null && [ -f "$LOGS/$n.log" ]; then
      say "$n exited during start-up; last lines of ${LOGS#$root/}/$n.log:"
      tail -n 8 "$LOGS/$n.log" | sed 's/^/    /'
    else
      say "$n: see ${LOGS#$root/}/$n.log"
    fi
  done
}

rt_sweep() { # sweep options…
  local tools=(wrk)   # make up's warm-up runs wrk alone
  # a sweep: the tools its plan runs, and no other (oha takes minutes to build)
  [[ " $* " == *" --warm-up-only "* ]] || mapfile -t tools < <(host_loadgen "$@" --print-tools 2>/dev/null || echo wrk)
  "$here/tools.sh" "${tools[@]}" || say "a load tool is missing: the run notes which series it lacks"
  local args=("$@" --pids-dir "$PIDS" --results-dir "${RESULTS_DIR:-results}") status=0 freeze
  freeze=$(freeze_args)
  if [ -n "${ISOLATE:-}" ]; then
    args+=(--isolate --note "ISOLATE=1: every other lab instance was stopped while an instance was measured (restarted after the run)")
  elif [ -n "$freeze" ]; then
    args+=("$freeze")
  fi
  [ -z "${FAIR_POOL:-}" ] || args+=(--fair-pass)
  if [ -n "${ISOLATE:-}${FAIR_POOL:-}$freeze" ]; then with_lab_port rt_loadgen "${args[@]}" || status=$?; else rt_loadgen "${args[@]}" || status=$?; fi
  if [ -n "${ISOLATE:-}" ]; then (resume) >/dev/null || say "could not restart every instance: make status"; fi
  return $status
}

# Isolation and fault (a): loadgen asks this shell for them (with_lab_port: only, stop-server, start-server).
RT_ISOLATES=1 RT_SERVERS=1
rt_faults() { host_loadgen "$@" --results-dir "${RESULTS_DIR:-results}"; }

rt_server() { # stop|start: this machine's MariaDB (scripts/db.sh)
  case $1 in stop) bash "$here/db.sh" stop-server mysql ;; start) bash "$here/db.sh" ;; esac
}

verb_stop() { stop_instances "$@" || true; }

verb_profile() { host_loadgen profile "$@" --pids-dir "$PIDS" --results-dir "${RESULTS_DIR:-results}"; }

verb_hand_off() { # fair|unfair instance
  case ${1:-} in fair|unfair) ;; *) say "error: the hand-off is fair or unfair, not '${1:-}'"; exit 2 ;; esac
  [ "$(instance_field "${2:-}" 3 2>/dev/null)" = threadpool ] || { say "error: '${2:-}' is no threadpool instance of instances.conf"; exit 2; }
  stop_instances "$2" || true
  export HAND_OFF=$1   # run-instance.sh: the app's hand-off setting
  rt_start "$2"
  ready "$2"
}
