#!/bin/bash
# Entrypoint of the portal, shop, db-seed and loadgen images: `instance-entrypoint.sh JAR [ARGS]`. With LINK_PROXY_HOST set
# (compose and swarm set it unless LINK=loopback), every source URL of the instance LAB_INSTANCE
# points at its own Toxiproxy proxy there, as run-instance.sh does natively; database passwords
# given as Docker secrets (/run/secrets/<engine>_password) replace the ones in the URLs, so that they
# are never in the stack file or the environment of the deployment. Both asked of the image's
# loadgen.jar (scripts/lib/urls.sh export_source_urls): the shell parses no URL.
set -euo pipefail
. /app/lib/instances.sh
. /app/lib/urls.sh
. /app/lib/jvm.sh

if [ -n "${LINK_PROXY_HOST:-}" ] || compgen -G "/run/secrets/*_password" >/dev/null; then
  [ -z "${LINK_PROXY_HOST:-}" ] || : "${LAB_INSTANCE:?LAB_INSTANCE names the instance (instances.conf)}"
  loadgen=/app/lib/loadgen.jar
  [ -r "$loadgen" ] || loadgen=/app/loadgen.jar   # the loadgen image's own jar
  export_source_urls java "$loadgen" "${LAB_INSTANCE:-}" "${LINK_PROXY_HOST:-}" /run/secrets
fi

# The native lab's JVM options (lib/jvm.sh: the same heap), unless JAVA_OPTS is given.
app=
[ -z "${LAB_INSTANCE:-}" ] || app=$(instance_field "$LAB_INSTANCE" 2)
# shellcheck disable=SC2086
exec java ${JAVA_OPTS:-$(lab_java_opts "$app")} -jar "$@"
