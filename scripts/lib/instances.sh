# Reads instances.conf, the one list of instance names, apps, modes and ports.
# instance_field NAME COLUMN -> prints that column (2 app, 3 mode, 4 port, 5 health, 6 metrics, 7 page)

INSTANCES_CONF=${INSTANCES_CONF:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/instances.conf}

instance_names() { # [app]
  awk -v app="${1:-}" '!/^#/ && NF >= 4 && (app == "" || $2 == app) {print $1}' "$INSTANCES_CONF"
}

instance_field() { # name column
  awk -v n="$1" -v c="$2" '!/^#/ && $1 == n {print $c; found = 1} END {exit !found}' "$INSTANCES_CONF"
}

instance_for() { # app mode -> instance name
  awk -v a="$1" -v m="$2" '!/^#/ && $2 == a && $3 == m {print $1; found = 1} END {exit !found}' "$INSTANCES_CONF"
}

modes_of() { # app -> its modes, space separated
  awk -v a="$1" '!/^#/ && $2 == a {printf "%s ", $3}' "$INSTANCES_CONF"
}

# Readiness: an instance is ready when its health path (column 5) answers 200: pools warmed up, its
# databases answer through the link. The images' Docker HEALTHCHECK is liveness only (the process
# answers HTTP), so that a slow link or an overloaded pool never gets an instance replaced; `up`
# waits for readiness with these.
instance_health() { # host name -> UP | DOWN(code)
  local code
  code=$(curl -s -o /dev/null -m 3 -w '%{http_code}' "http://$1:$(instance_field "$2" 4)$(instance_field "$2" 5)" 2>/dev/null) || true
  case $code in 200) echo UP ;; ""|000) echo "DOWN(no answer)" ;; *) echo "DOWN($code)" ;; esac
}

wait_ready() { # host seconds name… : returns once every one is UP; after seconds prints those that are not, fails
  local host=$1 deadline=$((SECONDS + $2)) n pending
  shift 2
  while :; do
    pending=()
    for n in "$@"; do [ "$(instance_health "$host" "$n")" = UP ] || pending+=("$n"); done
    [ ${#pending[@]} -gt 0 ] || return 0
    [ $SECONDS -lt $deadline ] || { echo "${pending[*]}"; return 1; }
    sleep 3
  done
}
