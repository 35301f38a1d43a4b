#!/usr/bin/env bash
# A private image registry for the swarm self-test (make e2e-swarm), so that its `REGISTRY=` route
# (push on build, nodes pull by digest) runs here for real: Debian's docker-registry (the
# distribution registry), on 127.0.0.1 only, its storage under .run/registry/.
#   registry.sh start   install docker-registry when missing (root, Debian), start, wait until it answers
#   registry.sh stop    stop the registry this script started and remove its storage
#   registry.sh host    print the REGISTRY value for it (host:port/)
# Docker pushes to and pulls from a registry on 127.0.0.0/8 over plain HTTP without configuration.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
dir=${REGISTRY_STATE_DIR:-$root/.run/registry}
port=${REGISTRY_PORT:-5000}
pidfile=$dir/registry.pid

say() { printf '[registry] %s\n' "$*"; }
die() { printf '[registry] error: %s\n' "$*" >&2; exit 1; }
running() { [ -f "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null; }
answers() { curl -fs -m 2 -o /dev/null "http://127.0.0.1:$port/v2/"; }

start() {
  if running; then say "already running (pid $(cat "$pidfile"))"; return; fi
  if ! command -v docker-registry >/dev/null; then
    [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null \
      || die "docker-registry is missing; install it with:  sudo apt-get install -y docker-registry"
    say "installing docker-registry from Debian …"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends docker-registry >/dev/null
    # Where apt starts services, the packaged one listens on every interface: it goes again.
    if command -v systemctl >/dev/null; then systemctl disable --now docker-registry >/dev/null 2>&1 || true; fi
  fi
  answers && die "port $port answers already (REGISTRY_PORT= picks another)"
  mkdir -p "$dir/data"
  cat >"$dir/config.yml" <<YAML
version: 0.1
log: {level: warn}
storage: {filesystem: {rootdirectory: $dir/data}, delete: {enabled: true}}
http: {addr: 127.0.0.1:$port}
YAML
  say "starting on 127.0.0.1:$port (log: $dir/registry.log)"
  setsid docker-registry serve "$dir/config.yml" >"$dir/registry.log" 2>&1 </dev/null &
  echo $! >"$pidfile"
  local i
  for ((i = 0; i < 60; i++)); do
    answers && { say "ready (pid $(cat "$pidfile"))"; return; }
    running || break
    sleep 0.5
  done
  tail -20 "$dir/registry.log" >&2
  die "the registry did not answer within 30 s"
}

stop() {
  local pid i
  if running; then
    pid=$(cat "$pidfile")
    say "stopping pid $pid"
    kill "$pid"
    for ((i = 0; i < 40; i++)); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
    kill -0 "$pid" 2>/dev/null && die "registry pid $pid still alive after 10 s"
  fi
  rm -rf "$dir"
  say "stopped, storage removed"
}

case ${1:-} in
  start) start ;;
  stop) stop ;;
  host) echo "127.0.0.1:$port/" ;;
  *) echo "usage: registry.sh start|stop|host" >&2; exit 2 ;;
esac
