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
