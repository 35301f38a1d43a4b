# RUNTIME=compose, the adapter of scripts/lab.sh: docker-compose.yml on one Docker engine, with
# Compose v2 (`docker compose`: `up --wait` and the one-shot seed job need it; Debian 12's
# docker-compose v1 only validates the file, in make test). loadgen runs in a one-off container of
# the loadgen service; the fault matrix runs on the host and reaches the real servers on the ports
# docker-compose.yml publishes on 127.0.0.1.
# Its own verbs:
#   lab.sh usable           exit 0 when a Docker engine and Compose v2 are usable
#   lab.sh compose ARG…     docker compose ARG… (the same project, for scripts)
#   lab.sh proxies          write the proxies' config (TOXIPROXY_CONFIG) from the containers' source URLs
#   lab.sh db-images        build the local database images docker-compose.yml uses, when missing
#   lab.sh servers          the env a host's `loadgen faults` needs: the databases' published
#                           ports (127.0.0.1 only) and the Toxiproxy API
RUNTIME_VERBS="usable | compose ARG… | proxies | db-images | servers"

# One project name wherever the checkout lives; files under ./results belong to the caller.
export COMPOSE_PROJECT_NAME=${COMPOSE_PROJECT_NAME:-asyncdb-lab}
export LAB_UID=${LAB_UID:-$(id -u)} LAB_GID=${LAB_GID:-$(id -g)}

# The compose file raises the containers' nofile to NOFILE (65536); an engine grants at most its
# own hard limit, else no container starts ("error setting rlimit type 7"). The limit this script
# sees is the caller's, which a daemon started from this shell (scripts/images/dockerd.sh) has.
hard=$(ulimit -Hn)
if [ -z "${NOFILE:-}" ] && [ "$hard" != unlimited ] && [ "$hard" -lt 65536 ]; then
  export NOFILE=$hard
fi

compose() { docker compose "$@"; }

# Where the proxies' config and the recorded link live (mounted at /lab-run in the containers).
export LAB_RUN_DIR=${LAB_RUN_DIR:-$root/.run/compose}
export TOXIPROXY_CONFIG=${TOXIPROXY_CONFIG:-$LAB_RUN_DIR/toxiproxy.json}

# The ports published on this host; the containers' Docker health check, which `up --wait` and
# start_containers wait for, is liveness only (lab.sh waits for readiness).
rt_host() { case ${BIND:-127.0.0.1} in 0.0.0.0) echo 127.0.0.1 ;; *) echo "${BIND:-127.0.0.1}" ;; esac; }

rt_loadgen() { compose --profile loadgen run --rm --no-deps loadgen "$@"; }

mysql_services="mysql-contacts mysql-logs mysql-shop"
# Faults and isolation stop and start containers with plain `docker stop`/`docker start`: recent
# Compose stops the services that depend on a stopped one too (the instances, when a database
# stops), `up --no-deps` recreates containers (the dependencies count in its config hash), and
# `up` with them would run the seed job again. A fault must touch only what it names.
stop_containers() { # service…
  local ids; ids=$(compose ps -q "$@")
  [ -z "$ids" ] || docker stop --time 20 $ids >/dev/null
}

start_containers() { # service… : started, and healthy (or running, without a health check) within 300 s
  local ids id state waiting i
  ids=$(compose ps -aq "$@")
  [ -n "$ids" ] || die "no container for $* (make up first)"
  docker start $ids >/dev/null
  for ((i = 0; i < 300; i++)); do
    waiting=
    for id in $ids; do
      state=$(docker inspect -f '{{if .State.Health}}{{.State.Health.Status}}{{else}}{{.State.Status}}{{end}}' "$id")
      case $state in healthy|running) ;; *) waiting="$waiting $id:$state" ;; esac
    done
    [ -n "$waiting" ] || return 0
    sleep 1
  done
  die "not healthy within 300 s:$waiting"
}

# The proxies of every instance, listening in the toxiproxy container, with the databases as
# docker-compose.yml names them to the containers (`loadgen link --config --compose`, the rule of
# `sources --compose`: COMPOSE_*_URL, else each server at its <SERVER>_ADDRESS, else at its
# service): lab.link's scheme, asked of the loadgen image, which must be built.
write_proxies() {
  local image
  mkdir -p "$LAB_RUN_DIR"
  image=$(compose --profile loadgen config --images loadgen)
  docker run --rm --network none --env-file <(env | grep -E '^(COMPOSE_[A-Z_]+_URL|[A-Z_]+_ADDRESS)=' || true) \
    "$image" link --config --compose --listen-host "${PROXY_LISTEN_HOST:-0.0.0.0}" --instances /app/instances.conf \
    >"$TOXIPROXY_CONFIG.new" || { rm -f "$TOXIPROXY_CONFIG.new"; die "could not write the proxies' config"; }
  mv "$TOXIPROXY_CONFIG.new" "$TOXIPROXY_CONFIG"
}

# The containers' cgroups for the sweep's CPU accounting (lab.loadgen.metrics.CgroupCpu reads
# $LAB_RUN_DIR/cgroups in the loadgen container, which sees this host's /sys/fs/cgroup read-only at
# /host-cgroup): per container "<part> <its accounting file>", a cgroup v1 cpuacct.usage (Docker on
# cgroup v1) or else a cgroup v2 cpu.stat; the database servers under the parts the native lab names
# (mariadb, postgresql). Read from /proc on this host, and only where the process's groups name the
# container (a remote engine's PIDs mean nothing here): elsewhere the file stays empty and the
# figure is unmeasured, never a flag.
write_cgroups() {
  local id service pid v1 v2 cpuacct cgroup2 file
  cpuacct=$(awk '$3 == "cgroup" && $4 ~ /(^|,)cpuacct(,|$)/ {print $2; exit}' /proc/mounts)
  cgroup2=$(awk '$3 == "cgroup2" {print $2; exit}' /proc/mounts)
  mkdir -p "$LAB_RUN_DIR"
  for id in $(compose ps -q); do
    read -r service pid < <(docker inspect -f '{{index .Config.Labels "com.docker.compose.service"}} {{.State.Pid}}' "$id") || continue
    [ "$pid" != 0 ] && [ -r "/proc/$pid/cgroup" ] || continue
    v1=$(awk -F: '$2 ~ /(^|,)cpuacct(,|$)/ {print $3}' "/proc/$pid/cgroup")
    v2=$(awk -F: '$1 == "0" {print $3}' "/proc/$pid/cgroup")
    file=
    if [ -n "$cpuacct" ] && [[ $v1 == *"$id"* ]]; then
      file=$cpuacct$v1/cpuacct.usage
    elif [ -n "$cgroup2" ] && [[ $v2 == *"$id"* ]]; then
      file=$cgroup2$v2/cpu.stat
    fi
    [ -n "$file" ] && [ -r "$file" ] && [[ $file == /sys/fs/cgroup/* ]] || continue
    case $service in mysql-*) service=mariadb ;; postgres-*) service=postgresql ;; esac
    echo "$service $file"
  done >"$LAB_RUN_DIR/cgroups"
}

# The database images docker-compose.yml defaults to, the native lab's servers from Debian packages,
# built here when missing (scripts/images/build.sh); MYSQL_IMAGE / POSTGRES_IMAGE set to others skip theirs.
db_images() {
  local names=()
  [ -n "${MYSQL_IMAGE:-}" ] || names+=(mariadb)
  [ -n "${POSTGRES_IMAGE:-}" ] || names+=(postgres)
  [ ${#names[@]} = 0 ] || "$here/images/build.sh" "${names[@]}"
}

rt_start() { # [instance…]
  if [ $# -gt 0 ]; then start_containers "$@"; return; fi
  mkdir -p results
  if [ -z "$LINK" ] && [ -n "$(compose ps -q toxiproxy 2>/dev/null)" ]; then LINK=$(rt_loadgen link --name); fi
  LINK=${LINK:-0}
  [ "$LINK" != loopback ] || export LINK_PROXY_HOST=   # straight to the databases
  db_images
  say "building images and starting the lab (SCALE=${SCALE:-thesis}, LINK=$LINK) …"
  compose --profile loadgen build --quiet
  write_proxies
  # the names the clients dial the servers at: the services' (through Toxiproxy, or directly with
  # LINK=loopback), and 127.0.0.1 (the published ports, where the host's `make faults` reaches them)
  db_tls_certs $(compose config --services | grep -E '^(mysql|postgres)-') toxiproxy localhost 127.0.0.1
  compose up -d --wait
}

rt_stop() { # [instance…]; the whole lab: WIPE=1 also deletes the seeded volumes
  rt_thaw "$@" 2>/dev/null || true   # a paused container stops only once it runs
  if [ $# -gt 0 ]; then stop_containers "$@"; return; fi
  [ -f "$TOXIPROXY_CONFIG" ] || { mkdir -p "$LAB_RUN_DIR"; echo '[]' >"$TOXIPROXY_CONFIG"; }   # docker-compose.yml names it
  compose --profile loadgen down --remove-orphans ${WIPE:+--volumes}
  rm -f "$LAB_RUN_DIR/link"
}

rt_ps() { compose ps; }

rt_why_not_ready() { say "their logs: scripts/lab.sh compose logs <name> (RUNTIME=compose)"; }

rt_sweep() { # sweep options…: one Docker host runs databases, apps and the load generator
  [ -z "${ISOLATE:-}${FAIR_POOL:-}" ] || say "ISOLATE and FAIR_POOL run on the native lab only: left out"
  mkdir -p results
  write_cgroups
  local args=("$@" --results-dir /results --instances /app/instances.conf --instance-hosts --shared-machine=true) freeze
  freeze=$(freeze_args)
  if [ -n "$freeze" ]; then with_lab_port rt_loadgen "${args[@]}" "$freeze"; else rt_loadgen "${args[@]}"; fi
}

# Frozen with docker pause (the kernel's cgroup freezer): no CPU, connections and JIT state kept.
running_ids() { compose ps -q "$@" 2>/dev/null; }
rt_freeze() {
  local id ids
  ids=$(running_ids "$@")
  for id in $ids; do [ "$(docker inspect -f '{{.State.Paused}}' "$id")" = true ] || docker pause "$id" >/dev/null; done
}
rt_thaw() {
  local id ids
  ids=$(running_ids "$@")
  for id in $ids; do [ "$(docker inspect -f '{{.State.Paused}}' "$id")" != true ] || docker unpause "$id" >/dev/null; done
}
rt_frozen() {
  local id
  id=$(running_ids "$1") && [ -n "$id" ] && [ "$(docker inspect -f '{{.State.Paused}}' $id)" = true ]
}
RT_FREEZES=1
# An instance's log is its container's: a mark is the time (docker logs --since takes it as it is).
rt_log_mark() { running_ids "$1" | grep -q . || { echo "$1 has no container"; return 1; }; date +%s.%N; }
rt_log_since() { local id; id=$(running_ids "$1") && [ -n "$id" ] || { echo "$1 has no container"; return 1; }; docker logs --since "$2" $id 2>&1; }
# The lab port where the loadgen container sees it: under LAB_RUN_DIR, mounted at /lab-run.
rt_port_dir() { mkdir -p "$LAB_RUN_DIR" && mktemp -d "$LAB_RUN_DIR/lab-port.XXXXXX"; }
rt_port_arg() { echo "/lab-run/${1##*/}"; }

server_env() { # the real servers, not the proxies: at the ports docker-compose.yml publishes on 127.0.0.1
  . "$here/lib/server-ports.sh"
  export_server_addresses 127.0.0.1
  host_loadgen sources --compose || die "could not get the source URLs from loadgen sources (make jars)"
  echo TOXIPROXY_URL=http://127.0.0.1:8474
  [ -z "$COMPOSE_DB_TLS_CA" ] || echo "LAB_DB_TLS_CA=$DB_TLS_DIR/ca.pem"
}

# On the host: fault (a) stops containers, isolation stops the other instances' containers.
RT_ISOLATES=1 RT_SERVERS=1
rt_faults() {
  local setting settings
  settings=$(server_env) || exit 1
  while read -r setting; do export "${setting?}"; done <<<"$settings"
  host_loadgen "$@" --results-dir "${RESULTS_DIR:-results}"
}

rt_server() { # stop|start: the MariaDB containers (their volumes stay); start waits until healthy
  case $1 in stop) stop_containers $mysql_services ;; start) start_containers $mysql_services ;; esac
}

verb_usable() {
  [ -f docker-compose.yml ] || return 1
  command -v docker >/dev/null || return 1
  docker info >/dev/null 2>&1 || return 1
  docker compose version >/dev/null 2>&1
}
verb_compose() { compose "$@"; }
verb_proxies() { write_proxies; }   # for RUNTIME=swarm, after it built the images
verb_db_images() { db_images; }     # for RUNTIME=swarm
verb_servers() { server_env; }
