#!/usr/bin/env bash
# Three Docker hosts on this one machine for make e2e-swarm NODES=3: a network namespace per host
# (asynclab-db 10.77.0.11, asynclab-app .12, asynclab-load .13), joined by the Linux bridge
# asynclab-br0 (10.77.0.0/24, no address on this machine's side: the hosts reach only each other),
# each with its own dockerd (scripts/images/dockerd.sh with NETNS=…). The load host's daemon is
# the private dockerd's own state (.run/docker), so the images it built stay its cache; the others
# keep theirs under .run/nodes/<role>/. A fourth namespace, asynclab-scan (.14), plays a machine
# on the same network that is none of the lab's hosts (the port scan).
#   netns-nodes.sh start        bridge, namespaces, the three daemons (each answers)
#   netns-nodes.sh stop         daemons stopped, namespaces and bridge removed (idempotent)
#   netns-nodes.sh host ROLE    DOCKER_HOST of ROLE's daemon (unix socket, reachable from here)
#   netns-nodes.sh addr ROLE    ROLE's address on the bridge
#   netns-nodes.sh exec ROLE CMD…  CMD inside ROLE's namespace (ROLE: db, app, load or scan)
#   netns-nodes.sh left         what of the above still exists (empty: nothing)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
BRIDGE=asynclab-br0
NET=10.77.0
ROLES="db app load"
declare -A OCTET=([db]=11 [app]=12 [load]=13 [scan]=14)

say() { printf '[nodes] %s\n' "$*"; }
die() { printf '[nodes] error: %s\n' "$*" >&2; exit 1; }
ns() { echo "asynclab-$1"; }
addr() { [ -n "${OCTET[$1]:-}" ] || die "no such node: $1 (db, app, load, scan)"; echo "$NET.${OCTET[$1]}"; }
state_dir() { if [ "$1" = load ]; then echo "$root/.run/docker"; else echo "$root/.run/nodes/$1"; fi; }
# The daemon of ROLE, in ROLE's namespace, named ROLE-host (the node names of docs/several-machines.md).
dockerd() { DOCKER_STATE_DIR=$(state_dir "$1") NETNS=$(ns "$1") NODE_HOSTNAME=$1-host "$root/scripts/images/dockerd.sh" "${@:2}"; }
daemon_pid() { cat "$(state_dir "$1")/dockerd.pid" 2>/dev/null || true; }

add_ns() { # role: its namespace, on the bridge at its address
  local role=$1 name veth
  name=$(ns "$role") veth=al-$role
  ip netns list | grep -qw "^$name" || ip netns add "$name"
  ip link show "$veth" >/dev/null 2>&1 || ip link add "$veth" type veth peer name eth0 netns "$name"
  ip link set "$veth" master "$BRIDGE" up
  ip -n "$name" link set lo up
  ip -n "$name" addr replace "$(addr "$role")/24" dev eth0
  ip -n "$name" link set eth0 up
}

start() {
  [ "$(id -u)" = 0 ] || die "network namespaces need root"
  ip link show "$BRIDGE" >/dev/null 2>&1 || ip link add "$BRIDGE" type bridge
  ip link set "$BRIDGE" up
  local role
  for role in $ROLES scan; do add_ns "$role"; done
  local pid
  for role in $ROLES; do
    pid=$(daemon_pid "$role")
    # the load host's daemon is also the private dockerd of make e2e-compose: not that one, running here
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && [ "$(ip netns identify "$pid")" != "$(ns "$role")" ]; then
      die "the dockerd of $(state_dir "$role") (pid $pid) runs outside $(ns "$role"): stop it first (DOCKER_STATE_DIR=$(state_dir "$role") scripts/images/dockerd.sh stop)"
    fi
    dockerd "$role" start
  done
  say "hosts: db $(addr db), app $(addr app), load $(addr load) on $BRIDGE; scan $(addr scan)"
}

stop() {
  local role rc=0
  for role in $ROLES; do dockerd "$role" stop || rc=1; done
  for role in $ROLES scan; do
    ip link del "al-$role" 2>/dev/null || true
    ! ip netns list | grep -qw "^$(ns "$role")" || ip netns del "$(ns "$role")" || rc=1
  done
  ! ip link show "$BRIDGE" >/dev/null 2>&1 || ip link del "$BRIDGE" || rc=1
  return $rc
}

left() {
  local role pid
  ip netns list | grep -o '^asynclab-[a-z]*' || true
  ip link show "$BRIDGE" >/dev/null 2>&1 && echo "bridge $BRIDGE"
  for role in $ROLES; do
    pid=$(daemon_pid "$role")
    [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && echo "dockerd of $role (pid $pid)"
    findmnt -rn -o TARGET | grep -F "$(state_dir "$role")/" || true
  done
  findmnt -rn -o TARGET | grep -F /run/netns/asynclab- || true
}

case ${1:-} in
  start) start ;;
  stop) stop ;;
  host) echo "unix://$(state_dir "${2:?role}")/docker.sock" ;;
  addr) addr "${2:?role}" ;;
  exec) role=${2:?role}; shift 2; exec ip netns exec "$(ns "$role")" "$@" ;;
  left) left ;;
  *) echo "usage: netns-nodes.sh start|stop|host ROLE|addr ROLE|exec ROLE CMD…|left" >&2; exit 2 ;;
esac
