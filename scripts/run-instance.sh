#!/usr/bin/env bash
# Runs one instance of instances.conf in the foreground: `run-instance.sh portal-nonblocking`.
# It listens on 127.0.0.1 (this machine only) unless BIND says otherwise (BIND=0.0.0.0).
# Sets the mode and port from instances.conf, the lab's JVM options (scripts/lib/jvm.sh: override
# with PORTAL_JAVA_OPTS / SHOP_JAVA_OPTS / DASHBOARD_JAVA_OPTS), HAND_OFF=fair|unfair as the
# app's session hand-off (threadpool only; `lab.sh hand-off`, loadgen's fair pass), and, for the shop,
# raises the file-descriptor limit so one instance can hold 10,000 connections (thesis A.5).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
. "$here/lib/instances.sh"
. "$here/lib/urls.sh"
. "$here/lib/jvm.sh"

name=${1:?usage: run-instance.sh <instance> (see instances.conf)}
app=$(instance_field "$name" 2) || { echo "error: unknown instance '$name'; known: $(instance_names | tr '\n' ' ')" >&2; exit 2; }
mode=$(instance_field "$name" 3)
port=$(instance_field "$name" 4)
jdk=$("$here/find-jdk.sh") || exit 1

# LINK_PROXIES=1 (set by `make up LINK=…`): every source URL of this instance points at its own
# Toxiproxy proxy, as lab.link says (`loadgen sources`); the proxies add the link's RTT.
if [ "${LINK_PROXIES:-0}" = 1 ] && [ "$app" != dashboard ]; then
  export_source_urls "$jdk/bin/java" "$root/loadgen/target/loadgen.jar" "$name" 127.0.0.1 || exit 1
fi

# A running JVM loads classes from its jar lazily: run from a private copy, so that a rebuild
# (make build, make up after an edit) cannot pull the jar out from under a running instance.
private_copy() {
  [ -f "$1" ] || { echo "error: $1 is missing; build it with 'make build'" >&2; exit 1; }
  local dir=${RUN_DIR:-$root/.run}/jars
  mkdir -p "$dir"
  cp -f "$1" "$dir/$name.jar"
  echo "$dir/$name.jar"
}

opts=$(lab_java_opts "$app")
case $app in
  portal)
    jar=$root/servlet-portal/target/servlet-portal.jar
    export PORTAL_MODE=$mode SERVER_PORT=$port
    [ -z "${HAND_OFF:-}" ] || export PORTAL_HAND_OFF=$HAND_OFF
    ;;
  shop)
    jar=$root/eventdriven-shop/target/eventdriven-shop.jar
    export SHOP_MODE=$mode SHOP_PORT=$port
    [ -z "${HAND_OFF:-}" ] || export SHOP_HANDOFF=$HAND_OFF
    # 10,000 client sockets plus database connections: raise the soft limit up to the hard one.
    ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
    [ "$(ulimit -n)" = unlimited ] || [ "$(ulimit -n)" -ge 20000 ] || \
      echo "warning: file-descriptor limit is $(ulimit -n); the shop needs ~20000 for 10,000 connections (raise the hard limit: /etc/security/limits.conf nofile 65536)" >&2
    ;;
  dashboard)
    jar=$root/loadgen/target/loadgen.jar
    jar=$(private_copy "$jar") || exit 1
    # shellcheck disable=SC2086
    exec "$jdk/bin/java" $opts -jar "$jar" dashboard --bind "${BIND:-127.0.0.1}" --port "$port" --results "${RESULTS_DIR:-$root/results}" --instances "$INSTANCES_CONF"
    ;;
esac
jar=$(private_copy "$jar") || exit 1
# shellcheck disable=SC2086
exec "$jdk/bin/java" $opts -jar "$jar"
