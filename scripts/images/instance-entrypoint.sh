#!/bin/bash
# Entrypoint of the portal, shop, db-seed and loadgen images: `instance-entrypoint.sh JAR [ARGS]`. With LINK_PROXY_HOST set
# (compose and swarm set it unless LINK=loopback), every source URL of the instance LAB_INSTANCE
# points at its own Toxiproxy proxy there, as run-instance.sh does natively (lab.link's scheme, asked
# of the image's loadgen.jar: scripts/lib/urls.sh export_proxied_urls).
# Database passwords given as Docker secrets (/run/secrets/<engine>_password) replace the ones in
# the URLs, so that they are never in the stack file or the environment of the deployment.
set -euo pipefail
. /app/lib/instances.sh
. /app/lib/urls.sh
. /app/lib/jvm.sh

# with_password URL FILE -> the URL with the password from FILE (URL-safe characters only: the
# generated secrets are hex)
with_password() {
  local url=$1 file=$2 scheme rest creds user
  [ -r "$file" ] || { echo "$url"; return; }
  scheme=${url%%://*} rest=${url#*://}; creds=${rest%@*} user=${creds%%:*}
  echo "$scheme://$user:$(tr -d '\n' <"$file")@${rest##*@}"
}

for var in CONTACTS_MYSQL_URL LOGS_MYSQL_URL SHOP_DB_URL; do
  [ -n "${!var:-}" ] && export "$var=$(with_password "${!var}" /run/secrets/mysql_password)"
done
for var in CONTACTS_PG_URL LOGS_PG_URL; do
  [ -n "${!var:-}" ] && export "$var=$(with_password "${!var}" /run/secrets/postgres_password)"
done

if [ -n "${LINK_PROXY_HOST:-}" ]; then
  export_proxied_urls java /app/lib/loadgen.jar "${LAB_INSTANCE:?LAB_INSTANCE names the instance (instances.conf)}" \
    "$LINK_PROXY_HOST"
fi
# The native lab's JVM options (lib/jvm.sh: the same heap), unless JAVA_OPTS is given.
app=
[ -z "${LAB_INSTANCE:-}" ] || app=$(instance_field "$LAB_INSTANCE" 2)
# shellcheck disable=SC2086
exec java ${JAVA_OPTS:-$(lab_java_opts "$app")} -jar "$@"
