# RUNTIME=swarm, the adapter of scripts/lab.sh: the lab as a stack on a Docker Swarm, from
# docker-compose.yml plus docker-compose.swarm.yml (docs/several-machines.md), against a manager
# node (DOCKER_HOST). up builds (and pushes to REGISTRY), deploys, seeds in a task on the db node;
# loadgen runs as a task on the load node, and its runs come back to ./results.
# Its own verbs:
#   lab.sh seed-verify        row counts and checksums at SCALE, from a task on the db node
#   lab.sh placement          each running task's node, checked against the service's role label
#   lab.sh images-to NODE…    docker save | docker -H NODE load: the stack's images on nodes without a registry
#   lab.sh compose ARG…       docker compose ARG… on the two files
# Node labels (one key per role, so that one node can play several): asyncdb.role.db=true,
# asyncdb.role.app=true, asyncdb.role.load=true; and, to give a database server a node of its own,
# asyncdb.role.<server>=true (mysql-contacts, mysql-logs, mysql-shop, postgres-contacts, postgres-logs).
# Where things are: DB_HOST (Toxiproxy, and the database servers without a node of their own; the
# others at their node's address or <SERVER>_HOST), APP_HOST (instances), LOAD_HOST (dashboard);
# each defaults to the address of the one node with that role's label (127.0.0.1 without one).
# Each service listens on its own host's address only (never 0.0.0.0 unless BIND=0.0.0.0 asks),
# Toxiproxy's API on TOXIPROXY_API_BIND (default: DB_HOST), to TOXIPROXY_API_ALLOW (default: LOAD_HOST) alone. LOAD_ENGINE (docker -H of the load
# node, default this engine) is where the results are copied from; ENGINES (docker -H of the
# other nodes, e.g. "ssh://root@10.77.0.11 ssh://root@10.77.0.12") where `down WIPE=1` removes
# the volumes too. TLS between the hosts: certificates for DB_HOST and every server's host
# (server_tls_names; scripts/lab.sh db_tls_certs), handed to the services as Docker secrets.
RUNTIME_VERBS="seed-verify | placement | images-to NODE… | compose ARG…"

STACK=${STACK:-asyncdb-lab}
export COMPOSE_PROJECT_NAME=$STACK
state=$root/.run/swarm
# What `up` was given — the registry its images came from, the hosts, BIND — is remembered in
# $state/remembered until `down`: later commands (loadtest, status, link, faults) reach the same
# hosts and run their tasks from the same images without repeating them. A variable set on the
# command line wins.
REMEMBERED=(REGISTRY DB_HOST APP_HOST LOAD_HOST BIND TOXIPROXY_API_BIND TOXIPROXY_API_ALLOW ENGINES MYSQL_IMAGE POSTGRES_IMAGE)
for v in "${REMEMBERED[@]}"; do
  if [ -z "${!v+set}" ] && grep -q "^$v=" "$state/remembered" 2>/dev/null; then
    export "$v=$(sed -n "s/^$v=//p" "$state/remembered" | head -1)"
  fi
done
export REGISTRY=${REGISTRY-} ENGINES=${ENGINES-}
# One port per database server: on the host network five servers may share the db node.
. "$here/lib/server-ports.sh"
export LAB_RUN_DIR=$state TOXIPROXY_CONFIG=$state/toxiproxy.json
export SWARM_SECRETS=${SWARM_SECRETS:-$state/secrets}
HEALTH_TIMEOUT=${HEALTH_TIMEOUT:-600}   # a seed task and images on every node come first
SEED_ATTEMPTS=${SEED_ATTEMPTS:-60}   # the seed task retries every 5 s while the databases start

# The swarm's nodes, one line each: ID ADDRESS LABELS-JSON (none when this engine is no manager).
NODES=()
read_nodes() {
  [ "$(docker info -f '{{.Swarm.ControlAvailable}}' 2>/dev/null)" != true ] \
    || mapfile -t NODES < <(docker node inspect -f '{{.ID}} {{.Status.Addr}} {{json .Spec.Labels}}' $(docker node ls -q))
}
labelled() { printf '%s\n' "${NODES[@]}" | grep -F "\"asyncdb.role.$1\":\"true\"" || true; } # role -> its nodes' lines

# DB_HOST, APP_HOST, LOAD_HOST: as given (or remembered), else the address of the one node with the
# role's label, else 127.0.0.1. Each role binds to its own host's address (BIND, when given, wins).
place_roles() {
  local role var nodes
  for role in db app load; do
    var=${role^^}_HOST
    [ -z "${!var:-}" ] || continue
    nodes=$(labelled "$role")
    if [ "$(grep -c . <<<"$nodes")" = 1 ] && [ "$(awk '{print $2}' <<<"$nodes")" != 0.0.0.0 ]; then
      export "$var=$(awk '{print $2}' <<<"$nodes")"
    else
      export "$var=127.0.0.1"
    fi
  done
  export DB_BIND=${BIND:-$DB_HOST} APP_BIND=${BIND:-$APP_HOST} LOAD_BIND=${BIND:-$LOAD_HOST}
  export TOXIPROXY_API_BIND=${TOXIPROXY_API_BIND:-$DB_BIND}
  # the one source address Toxiproxy's API answers: the load host's, as the db host sees it
  export TOXIPROXY_API_ALLOW=${TOXIPROXY_API_ALLOW:-$LOAD_HOST}
}

# Where each database server runs: on the node labelled with its own role (asyncdb.role.mysql-shop,
# …), reached at that node's address unless <SERVER>_HOST (MYSQL_SHOP_HOST, …) says otherwise, as
# the thesis put each database on a host of its own; else on the db node, at DB_HOST. Sets
# <SERVER>_ROLE (the placement label of docker-compose.swarm.yml) and <SERVER>_HOST, and
# <SERVER>_ADDRESS, host:port, where docker-compose.yml's source URLs (the seed task's and
# Toxiproxy's upstreams) name the server.
place_servers() {
  local server role_var host_var bind_var own addr
  for server in $DB_SERVERS; do
    role_var=$(server_var "$server" ROLE) host_var=$(server_var "$server" HOST) bind_var=$(server_var "$server" BIND)
    own=$(labelled "$server")
    case $(grep -c . <<<"$own") in
      0) [ -z "${!host_var:-}" ] || say "warning: $host_var is set, but no node carries asyncdb.role.$server=true: $server runs on the db node, at DB_HOST" >&2
         export "$role_var=db" "$host_var=$DB_HOST" ;;
      1) addr=$(awk '{print $2}' <<<"$own")
         [ -n "${!host_var:-}" ] || [ "$addr" != 0.0.0.0 ] \
           || die "node $(awk '{print $1}' <<<"$own") (asyncdb.role.$server) shows no address: set $host_var"
         export "$role_var=$server" "$host_var=${!host_var:-$addr}" ;;
      *) die "several nodes carry asyncdb.role.$server=true ($(awk '{print $1}' <<<"$own" | paste -sd' ')): one node per server" ;;
    esac
    export "$bind_var=${BIND:-${!host_var}}"
  done
  # docker-compose.yml's source URLs name each server at its <SERVER>_ADDRESS; their password is a
  # placeholder: the entrypoints put the secret's in (instance-entrypoint.sh).
  export_server_addresses
}

# What the clients dial the database servers at: Toxiproxy (DB_HOST) for the instances, each server's
# host for the seed task; the service names and 127.0.0.1 as in compose.
server_tls_names() {
  local server host_var
  echo "$DB_HOST" 127.0.0.1 localhost toxiproxy
  for server in $DB_SERVERS; do host_var=$(server_var "$server" HOST); echo "$server" "${!host_var}"; done
}

servers_line() { # where each database server runs, for the log
  local server role_var host_var sep=
  for server in $DB_SERVERS; do
    role_var=$(server_var "$server" ROLE) host_var=$(server_var "$server" HOST)
    printf '%s%s on asyncdb.role.%s at %s' "$sep" "$server" "${!role_var}" "${!host_var}"
    sep='; '
  done
  echo
}

compose() { docker compose -f docker-compose.yml -f docker-compose.swarm.yml "$@"; }
config_json() { compose --profile loadgen config --format json; }

require_manager() {
  [ "$(docker info -f '{{.Swarm.ControlAvailable}}' 2>/dev/null)" = true ] \
    || die "the engine at ${DOCKER_HOST:-the default socket} is no swarm manager: 'docker swarm init' first (docs/several-machines.md)"
}

# Passwords: given as files in SWARM_SECRETS, else made on the first deployment and kept with
# the volumes (a database initialised with one keeps it); WIPE=1 forgets both.
make_secrets() {
  mkdir -p "$SWARM_SECRETS"
  local name
  for name in mysql_password mysql_root_password postgres_password; do
    [ -s "$SWARM_SECRETS/$name" ] || (umask 077; od -An -N16 -tx1 /dev/urandom | tr -d ' \n' >"$SWARM_SECRETS/$name")
  done
}

# The compose JSON's one reader (scripts/lib/stack-file.py): the stack file, a job's options, and
# the queries below. build_services: one service per image this stack builds: compose labels the
# image with the service that built it (five share the portal's), so building them all gives an
# image whose ID depends on which one finished last, and a node loaded by images-to would not have
# the ID that `up` deploys. built_images: the images this stack builds (the others come from their
# registry or images-to).
stack_file() { config_json | STACK_IMAGES=$image_ids_file python3 "$here/lib/stack-file.py" "$@"; }
build_services() { stack_file build-services; }
built_images() { stack_file built-images; }
all_images() { stack_file all-images; }

# Without a registry, the services run their images by ID (the same on every node after images-to:
# docker load keeps it), so no node looks one up anywhere: a tag would make each node try to pull
# it at every task start, from Docker Hub for an unqualified name. Writes $image_ids_file
# ("tag ID" lines of the images this engine has; empty with a registry: the digests of the pushed ones).
image_ids_file=$state/image-ids.txt
image_ids() {
  local image id
  {
    [ -n "$REGISTRY" ] || while read -r image; do
      id=$(docker image inspect -f '{{.Id}}' "$image" 2>/dev/null) && printf '%s %s\n' "$image" "$id"
    done < <(all_images)
  } >"$image_ids_file"
}

# run_job SERVICE [docker service create options] -- [command args]: the service of the compose
# file as a one-off task (replicated job) on its node; its output is followed; fails when it does.
run_job() {
  local svc=$1 name=${STACK}_$1 extra=() spec=() image state attempts=${JOB_ATTEMPTS:-0} deadline pid rc=0
  shift
  while [ $# -gt 0 ] && [ "$1" != -- ]; do extra+=("$1"); shift; done
  shift || true
  mapfile -d '' spec < <(stack_file job "$STACK" "$svc")
  image=${spec[-1]}; unset 'spec[-1]'
  docker service rm "$name" >/dev/null 2>&1 || true
  [ -n "$REGISTRY" ] || extra+=(--no-resolve-image)
  docker service create --detach --quiet "${spec[@]}" "${extra[@]}" "$image" "$@" >/dev/null
  docker service logs --follow --raw "$name" 2>/dev/null &
  pid=$!
  deadline=$((SECONDS + ${JOB_TIMEOUT:-3600}))
  while :; do
    state=$(docker service ps --format '{{.CurrentState}}' "$name")
    grep -q '^Complete' <<<"$state" && break
    # (the task history keeps 5 tasks: a job that retries for long ends by its JOB_TIMEOUT)
    if [ "$(grep -cE '^(Failed|Rejected)' <<<"$state")" -gt "$attempts" ] \
       || [ $SECONDS -ge $deadline ]; then
      rc=1; break
    fi
    sleep 2
  done
  JOB_NODE=$(docker service ps --format '{{.Node}} {{.CurrentState}}' "$name" | awk '$2 == "Complete" {print $1; exit}')
  sleep 1; kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null || true
  if [ $rc != 0 ]; then
    docker service ps --no-trunc --format '  {{.Name}} on {{.Node}}: {{.CurrentState}} {{.Error}}' "$name" >&2 || true
    # a task that fails at once may end before the follower above saw its output
    docker service logs --raw --tail 40 "$name" >&2 || true
    remove_job "$svc"
    die "task $svc failed"
  fi
  remove_job "$svc"
  say "task $svc done on node $JOB_NODE" >&2
  [ -z "${JOB_NODES_FILE:-}" ] || echo "$svc $JOB_NODE" >>"$JOB_NODES_FILE"
}

# A job's finished task containers outlive `docker service rm`: they go too (those of this engine's
# node; on a multi-node swarm the load node keeps the loadgen ones until `docker container prune` there).
remove_job() { # service
  docker service rm "${STACK}_$1" >/dev/null 2>&1 || true
  docker ps -aq --filter "label=com.docker.swarm.service.name=${STACK}_$1" | xargs -r docker rm -f >/dev/null
}

# With a registry, the database images built here (lab.sh db-images, RUNTIME=compose) go there too, under its
# name, so that no node looks for asyncdb-lab/local-* anywhere else; MYSQL_IMAGE / POSTGRES_IMAGE
# (remembered) then name them. Images given by those variables are used as they are.
push_db_images() {
  local pair var image
  for pair in MYSQL_IMAGE:mysql-contacts POSTGRES_IMAGE:postgres-contacts; do
    var=${pair%%:*}
    [ -z "${!var:-}" ] || continue
    image=$(stack_file image "${pair#*:}")
    say "pushing $REGISTRY$image"
    docker tag "$image" "$REGISTRY$image" && docker push --quiet "$REGISTRY$image" >/dev/null
    export "$var=$REGISTRY$image"
  done
}

rt_start() { # the whole stack (the link in force is not read back: an empty LINK is 0)
  [ $# -eq 0 ] || die "RUNTIME=swarm starts and stops the whole stack, not single instances"
  require_manager
  LINK=${LINK:-0}
  local link=$LINK image
  mkdir -p "$state" results
  make_secrets
  [ "$link" != loopback ] && export LINK_PROXY_HOST=$DB_HOST || export LINK_PROXY_HOST=
  say "building the images on this engine …"
  RUNTIME=compose "$here/lab.sh" db-images </dev/null   # the database servers (docker-compose.yml)
  compose --profile loadgen build --quiet $(build_services)
  PROXY_LISTEN_HOST=$DB_BIND RUNTIME=compose "$here/lab.sh" proxies </dev/null
  if [ -n "$REGISTRY" ]; then
    for image in $(built_images); do say "pushing $image"; docker push --quiet "$image" >/dev/null; done
    push_db_images
  fi
  for v in "${REMEMBERED[@]}"; do printf '%s=%s\n' "$v" "${!v-}"; done >"$state/remembered"
  db_tls_certs $(server_tls_names)
  image_ids
  stack_file stack "$STACK" >"$state/stack.json"
  say "deploying stack $STACK (DB_HOST=$DB_HOST APP_HOST=$APP_HOST LOAD_HOST=$LOAD_HOST${BIND:+ BIND=$BIND} SCALE=${SCALE:-thesis} LINK=$link)"
  say "Toxiproxy's API on $TOXIPROXY_API_BIND:8474: answers $TOXIPROXY_API_ALLOW alone (TOXIPROXY_API_ALLOW), over mutual TLS with the loadgen tasks' client certificate (docs/several-machines.md)"
  say "database servers: $(servers_line)"
  # Without a registry the nodes use the images they have: no registry lookup for a digest.
  docker stack deploy --quiet --resolve-image "$([ -n "$REGISTRY" ] && echo always || echo never)" \
    ${REGISTRY:+--with-registry-auth} -c "$state/stack.json" "$STACK"
  say "seeding (a task on the db node; it retries while the databases start) …"
  JOB_ATTEMPTS=$SEED_ATTEMPTS JOB_TIMEOUT=900 run_job db-seed --restart-condition on-failure --restart-delay 5s \
    --restart-max-attempts "$SEED_ATTEMPTS" -- --scale "${SCALE:-thesis}"
}

rt_stop() { # the whole stack; WIPE=1: the volumes on every node (ENGINES) and the secrets too
  [ $# -eq 0 ] || die "RUNTIME=swarm starts and stops the whole stack, not single instances"
  local deadline
  remove_job db-seed
  remove_job loadgen
  if docker stack ls --format '{{.Name}}' 2>/dev/null | grep -qx "$STACK"; then
    docker stack rm "$STACK" >/dev/null
    say "stack $STACK removed; waiting for its containers to go"
  fi
  rm -f "$state/remembered"
  local left=0
  deadline=$((SECONDS + 120))
  while [ -n "$(docker ps -aq --filter "label=com.docker.stack.namespace=$STACK")" ] \
     || [ -n "$(docker ps -aq --filter "label=com.docker.swarm.service.name=${STACK}_db-seed")" ] \
     || [ -n "$(docker ps -aq --filter "label=com.docker.swarm.service.name=${STACK}_loadgen")" ] \
     || [ -n "$(docker network ls -q --filter "label=com.docker.stack.namespace=$STACK")" ]; do
    if [ $SECONDS -ge $deadline ]; then
      say "error: containers or networks of $STACK still there after 120 s (docker ps -a)" >&2
      left=1; break
    fi
    sleep 1
  done
  if [ -n "${WIPE:-}" ]; then
    # volumes live on each node: this engine's and those of ENGINES (a database keeps the password
    # it was initialised with, so a volume left on one node fails the next `up`)
    local engine
    for engine in "" $ENGINES; do
      wipe_volumes ${engine:+-H "$engine"} || left=1
    done
    rm -rf "$SWARM_SECRETS"
    say "volumes (this node${ENGINES:+ and $ENGINES}) and secrets removed"
  fi
  return $left
}

wipe_volumes() { # [-H ENGINE]: the stack's volumes on that node, once its containers are gone (tasks' too)
  local deadline=$((SECONDS + 120))
  while [ -n "$(docker "$@" ps -aq --filter "label=com.docker.stack.namespace=$STACK")" ]; do
    [ $SECONDS -lt $deadline ] || { say "error: containers of $STACK still on ${2:-this node} after 120 s" >&2; return 1; }
    sleep 1
  done
  docker "$@" ps -aq --filter "label=com.docker.swarm.service.name=${STACK}_loadgen" | xargs -r docker "$@" rm -f >/dev/null
  docker "$@" ps -aq --filter "label=com.docker.swarm.service.name=${STACK}_db-seed" | xargs -r docker "$@" rm -f >/dev/null
  { docker "$@" volume ls -q --filter "label=com.docker.stack.namespace=$STACK"; docker "$@" volume ls -q --filter "name=${STACK}_"; } \
    | sort -u | xargs -r docker "$@" volume rm >/dev/null
}

rt_sweep() { # sweep options…: a loadgen task on the load node; its run comes back to ./results
  local shared=${SHARED_MACHINE:-false}
  require_manager
  [ -z "${ISOLATE:-}${FAIR_POOL:-}" ] || say "ISOLATE and FAIR_POOL run on the native lab only: left out"
  # one node runs everything: the results say that the machine was shared (SHARED_MACHINE=true says
  # it for nodes on one machine, as make e2e-swarm NODES=3's)
  [ "$(docker node ls -q | wc -l)" -gt 1 ] || shared=true
  run_job loadgen -- "$@" --results-dir /results --instances /app/instances.conf --host "$APP_HOST" --shared-machine=$shared
  [[ " $* " == *" --warm-up-only "* ]] || fetch_results   # make up's warm-up writes no run
}

# The fault cells as a loadgen task on the load node: b-e through the link's proxies, f with the lab
# user's SQL (the task gets the passwords as secrets); a stops a database server on its host, which
# lab.sh leaves out here (no RT_SERVERS).
rt_faults() {
  rt_loadgen "$@" --results-dir /results --instances /app/instances.conf --host "$APP_HOST"
  fetch_results faults
}

# From the results volume of the load node into ./results: the latest run (and results/latest), or,
# with `faults`, the latest faults-<id>.
fetch_results() {
  local engine=() image run
  [ -z "${LOAD_ENGINE:-}" ] || engine=(-H "$LOAD_ENGINE")
  image=$(compose --profile loadgen config --images loadgen)
  in_volume() { docker "${engine[@]}" run --rm --network none -v "${STACK}_results:/results:ro" --entrypoint "$@"; }
  if [ "${1:-}" = faults ]; then
    run=$(in_volume sh "$image" -c 'ls -1td /results/faults-* | head -1')
  else
    run=$(in_volume readlink "$image" /results/latest)
  fi
  [ -n "$run" ] || die "no ${1:-run} in the results volume of the load node"
  run=$(basename "$run")
  mkdir -p results
  in_volume tar "$image" -C /results -c "$run" | tar -C results -x
  [ "${1:-}" = faults ] || ln -sfn "$run" results/latest
  say "results/$run copied from the load node"
}

# Every running task (and the one-off tasks run so far, JOB_NODES_FILE) on a node with its role.
verb_placement() {
  local svc role node bad=0 line
  printf '%-34s %-14s %-16s %s\n' SERVICE ROLE NODE "NODE HAS THE ROLE"
  check() { # service role node
    local has
    has=$(docker node inspect -f "{{index .Spec.Labels \"asyncdb.role.$2\"}}" "$3" 2>/dev/null || true)
    printf '%-34s %-14s %-16s %s\n' "$1" "$2" "$3" "${has:-no}"
    [ "$has" = true ]
  }
  for svc in $(docker stack services --format '{{.Name}}' "$STACK"); do
    role=$(docker service inspect -f '{{join .Spec.TaskTemplate.Placement.Constraints " "}}' "$svc" | sed -n 's/.*asyncdb\.role\.\([a-z-]*\).*/\1/p')
    node=$(docker service ps --filter desired-state=running --format '{{.Node}}' "$svc" | head -1)
    check "$svc" "${role:-?}" "${node:-none}" || bad=1
  done
  if [ -n "${JOB_NODES_FILE:-}" ] && [ -f "$JOB_NODES_FILE" ]; then
    while read -r svc node; do
      role=$(stack_file role "$svc")
      check "$svc (task)" "$role" "$node" || bad=1
    done <"$JOB_NODES_FILE"
  fi
  return $bad
}

# Builds the images here first, as `up` would, so that this can run before the first `up`.
verb_images_to() { # NODE…
  [ $# -gt 0 ] || die "usage: lab.sh images-to ssh://user@host…"
  local node images
  mkdir -p "$state"
  make_secrets
  compose --profile loadgen build --quiet $(build_services)
  PROXY_LISTEN_HOST=$DB_BIND RUNTIME=compose "$here/lab.sh" proxies </dev/null
  # the built images, and those of the others (the database servers) that this engine has: a fresh
  # manager never pulled them (compose build does not), and a node may take them from their registry
  local image missing=()
  images=()
  while read -r image; do
    if docker image inspect "$image" >/dev/null 2>&1; then images+=("$image"); else missing+=("$image"); fi
  done < <(all_images)
  [ ${#missing[@]} -eq 0 ] || say "not on this engine, so not copied (each node pulls them from their registry): ${missing[*]}"
  for node in "$@"; do
    say "docker save ${images[*]} | docker -H $node load"
    docker save "${images[@]}" | docker -H "$node" load
  done
}

rt_host() { [ "$1" = dashboard ] && echo "$LOAD_HOST" || echo "$APP_HOST"; } # the dashboard: the load node's

rt_loadgen() { require_manager; run_job loadgen -- "$@"; }

rt_ps() { docker stack ps --format 'table {{.Name}}\t{{.Node}}\t{{.CurrentState}}' --filter desired-state=running "$STACK"; }

rt_why_not_ready() { say "their logs: docker service logs ${STACK}_<name>"; }

rt_server() { die "RUNTIME=swarm does not stop the database servers (they live on the db hosts)"; }

verb_seed_verify() { require_manager; run_job db-seed -- --scale "${SCALE:-thesis}" --verify; }
verb_compose() { compose "$@"; }

read_nodes
place_roles
place_servers
