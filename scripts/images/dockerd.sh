#!/usr/bin/env bash
# A private Docker daemon for the container self-test (make e2e-compose), never the system's:
# its socket, data-root, exec-root and PID file live under .run/docker/.
#   dockerd.sh start   install docker.io when missing (root, Debian), start, wait until it answers
#   dockerd.sh stop    stop the daemon this script started (its recorded PID) and wait for it
#   dockerd.sh host    print the DOCKER_HOST value for it
# DOCKER_STATE_DIR (default .run/docker) picks the daemon; NETNS=<name> starts it inside that network
# namespace (`ip netns add`) and NODE_HOSTNAME=<name> under a host name of its own (its swarm node's
# name), as one host of make e2e-swarm NODES=3 (scripts/lib/netns-nodes.sh). Its socket is a file,
# so docker reaches it from any namespace.
# No iptables rules: containers reach each other on compose networks and the host through
# ports published on 127.0.0.1 (docker-proxy), nothing else. Images stay in the data-root as a
# cache between runs; `rm -rf .run/docker` (daemon stopped) starts from nothing.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
dir=${DOCKER_STATE_DIR:-$root/.run/docker}
sock=$dir/docker.sock
pidfile=$dir/dockerd.pid

say() { printf '[dockerd] %s\n' "$*"; }
die() { printf '[dockerd] error: %s\n' "$*" >&2; exit 1; }
running() { [ -f "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null; }

install_engine() {
  command -v dockerd >/dev/null && return
  [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null \
    || die "dockerd is missing; install it with:  sudo apt-get install -y docker.io"
  say "installing docker.io from Debian …"
  # policy-rc.d keeps apt from starting the system daemon when it is not there already.
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends docker.io >/dev/null
}

start() {
  if running; then say "already running (pid $(cat "$pidfile"))"; return; fi
  install_engine
  [ "$(id -u)" = 0 ] || die "a private dockerd needs root"
  mkdir -p "$dir/data" "$dir/exec"
  say "starting on unix://$sock (log: $dir/dockerd.log)"
  # Containers may raise nofile only up to the daemon's hard limit (compose: NOFILE).
  ulimit -n 1048576 2>/dev/null || ulimit -n "$(ulimit -Hn)"
  # nsenter, not `ip netns exec`: that remounts /sys, and dockerd needs the cgroups under it.
  local launcher=()
  [ -z "${NETNS:-}" ] || launcher+=(nsenter "--net=/run/netns/$NETNS")
  [ -z "${NODE_HOSTNAME:-}" ] || launcher+=(unshare --uts sh -c 'hostname "$0" && exec "$@"' "$NODE_HOSTNAME")
  # setsid: the daemon outlives this script but not a `dockerd.sh stop`.
  setsid "${launcher[@]}" dockerd --data-root "$dir/data" --exec-root "$dir/exec" --pidfile "$pidfile" \
    -H "unix://$sock" --iptables=false --ip-forward=false --ip-masq=false --ip 127.0.0.1 \
    --userland-proxy=true >"$dir/dockerd.log" 2>&1 </dev/null &
  local i
  for ((i = 0; i < 120; i++)); do
    DOCKER_HOST=unix://$sock docker version >/dev/null 2>&1 && { say "ready (pid $(cat "$pidfile"))"; return; }
    sleep 0.5
  done
  tail -20 "$dir/dockerd.log" >&2
  die "dockerd did not answer within 60 s"
}

# A swarm's network namespaces (exec-root/netns/…) can stay mounted after the daemon exits;
# nothing of this daemon may outlive `stop`.
unmount_leftovers() {
  local m
  for m in $(findmnt -rn -o TARGET | grep -F "$dir/" | sort -r); do
    umount "$m" 2>/dev/null || umount -l "$m" || say "could not unmount $m"
  done
}

stop() {
  running || { say "not running"; rm -f "$pidfile"; unmount_leftovers; return; }
  local pid i
  pid=$(cat "$pidfile")
  say "stopping pid $pid"
  kill "$pid"
  for ((i = 0; i < 60; i++)); do
    kill -0 "$pid" 2>/dev/null || { unmount_leftovers; say "stopped"; return; }
    sleep 0.5
  done
  die "dockerd pid $pid still alive after 30 s"
}

case ${1:-} in
  start) start ;;
  stop) stop ;;
  host) echo "unix://$sock" ;;
  *) echo "usage: dockerd.sh start|stop|host" >&2; exit 2 ;;
esac
