#!/usr/bin/env bash
# Makes the lab's command-line tools available (Debian packages): load generators (httperf,
# wrk), docker-compose v1 (static validation of the compose file), chromium (the report test
# opens the dashboards headless). Installs what is missing when root, else prints the command.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
STATE_DIR=${STATE_DIR:-$here/../.run}

declare -A package_of=([httperf]=httperf [wrk]=wrk [docker-compose]=docker-compose [chromium]=chromium [curl]=curl)
missing=()
for tool in "${@:-httperf wrk docker-compose chromium curl}"; do
  for t in $tool; do
    command -v "$t" >/dev/null || missing+=("${package_of[$t]:-$t}")
  done
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != 0 ]; then
  echo "[tools] missing: ${missing[*]}; install with:  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "[tools] installing ${missing[*]} from Debian …"
if [ ! -f "$STATE_DIR/apt-updated" ]; then
  apt-get update -q >/dev/null
  mkdir -p "$STATE_DIR" && touch "$STATE_DIR/apt-updated"
fi
DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
