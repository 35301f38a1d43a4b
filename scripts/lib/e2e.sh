# What the container end-to-end runs share (scripts/e2e-compose.sh, e2e-swarm.sh, e2e-swarm-nodes.sh).
# Sourced by them after $here (their scripts/ folder) is set and say() is defined.

fail() { say "FAIL: $*"; exit 1; }
port_open() { timeout 1 bash -c ":</dev/tcp/127.0.0.1/$1" 2>/dev/null; }

# container_inputs [ENGINE]: compose v2, the jars built natively (make jars), the local base images built
# on ENGINE (default: $DOCKER_HOST), and their env exported for the runtime's script: nothing pulled from
# an image registry or built from github.com (JARS=prebuilt WRK2=off OHA=off), the tiny data set.
container_inputs() {
  "$here/images/compose-v2.sh"
  make --no-print-directory jars
  if [ -n "${1:-}" ]; then DOCKER_HOST=$1 "$here/images/build.sh"; else "$here/images/build.sh"; fi
  set -a
  eval "$("$here/images/build.sh" env)"
  JARS=prebuilt WRK2=off OHA=off SCALE=tiny
  set +a
}
