#!/usr/bin/env bash
# make faults: the fault matrix (`loadgen faults`, docs/faults.md) on the running lab, native or in
# containers. Natively fault (a) stops this machine's MariaDB (scripts/db.sh) and scripts/lab.sh
# leaves each instance alone during its cells; in containers scripts/compose.sh stops the MariaDB
# containers and the other instances' containers, and loadgen, on the host, reaches the real
# servers on the ports docker-compose.yml publishes on 127.0.0.1 (compose.sh servers).
#   RUNTIME=native|compose LOADGEN="java -jar …" FAULTS=a,…,f ISOLATE=0|1 faults.sh [loadgen faults options]
set -euo pipefail
cd "$(dirname "$0")/.."
read -r -a loadgen <<<"${LOADGEN:?LOADGEN: the loadgen command}"
faults=${FAULTS:-a,b,c,d,e,f}

case ${RUNTIME:-native} in
  native)
    lab=scripts/lab.sh resume="scripts/lab.sh up"
    stop="bash scripts/db.sh stop-server mysql" start="bash scripts/db.sh" ;;
  compose)
    lab=scripts/compose.sh resume="scripts/compose.sh resume"
    stop="bash scripts/compose.sh stop-server mysql" start="bash scripts/compose.sh start-server"
    while read -r setting; do export "${setting?}"; done < <(scripts/compose.sh servers) ;;
  *) echo "make faults runs on the native or the compose lab (RUNTIME=${RUNTIME}): on a swarm the" \
          "databases and their stop commands live on other hosts" >&2; exit 2 ;;
esac

isolate=(--isolate "$lab only")
[ "${ISOLATE:-1}" != 0 ] || isolate=()

after() {
  case ",$faults," in
    *,a,*|*server-stop*) $start >/dev/null || echo "[faults] MariaDB may still be stopped: $start" >&2 ;;
  esac
  if [ ${#isolate[@]} -gt 0 ]; then
    $resume >/dev/null || echo "[faults] could not start every instance again: $resume" >&2
  fi
}
trap after EXIT

"${loadgen[@]}" faults --faults "$faults" --server-stop "$stop" --server-start "$start" "${isolate[@]}" "$@"
