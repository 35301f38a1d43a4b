#!/usr/bin/env bash
# Makes `docker compose` (Compose v2) available when the docker CLI lacks it: builds the pinned
# docker/compose v2 Go module with `go install` (the Go module proxy is the one registry needed)
# into $DOCKER_CONFIG/cli-plugins, where the docker CLI finds plugins. Debian 12 packages only
# docker-compose v1.
set -euo pipefail
VERSION=${COMPOSE_V2_VERSION:-v2.28.1}
plugins=${DOCKER_CONFIG:?set DOCKER_CONFIG to the docker config directory to install into}/cli-plugins

say() { printf '[compose-v2] %s\n' "$*"; }

if docker compose version >/dev/null 2>&1; then
  say "$(docker compose version)"; exit 0
fi
command -v go >/dev/null || { echo "[compose-v2] error: needs Go to build docker/compose $VERSION (or install the docker-compose-plugin package)" >&2; exit 1; }
say "building docker/compose $VERSION with go install (a few minutes) …"
gobin=$(mktemp -d)
trap 'rm -rf "$gobin"' EXIT
GOBIN=$gobin GOFLAGS=-buildvcs=false nice go install \
  -ldflags "-s -w -X github.com/docker/compose/v2/internal.Version=$VERSION" \
  "github.com/docker/compose/v2/cmd@$VERSION"
mkdir -p "$plugins"
install -m 0755 "$gobin/cmd" "$plugins/docker-compose"
say "$(docker compose version)"
