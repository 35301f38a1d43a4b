#!/usr/bin/env bash
# Builds the lab's toxiproxy-server (upstream Toxiproxy at the version go.mod pins + the
# latency_us toxic) from this directory, for `make tools` (scripts/tools.sh) and the toxiproxy
# image (Dockerfile):
#   build.sh version   the version the binary reports (-version, GET /version): upstream's
#                      version + a hash of this directory's sources, so a stale binary shows
#   build.sh OUT       builds it to OUT (static, CGO off), skipped when OUT already reports it
set -euo pipefail
cd "$(dirname "$0")"

version() {
  local upstream hash
  upstream=$(sed -n 's#^[[:space:]]*\(require \)\{0,1\}github.com/Shopify/toxiproxy/v2 v\([^ ]*\).*#\2#p' go.mod)
  hash=$(cat go.mod go.sum $(ls *.go | grep -v '_test\.go$') | sha256sum | cut -c1-12)
  echo "$upstream-lab.$hash"
}

case ${1:?usage: build.sh version|OUT} in
  version) version ;;
  *)
    out=$1 v=$(version)
    if [ -x "$out" ] && [ "$("$out" -version 2>/dev/null)" = "toxiproxy-server version $v" ]; then
      exit 0
    fi
    mkdir -p "$(dirname "$out")"
    CGO_ENABLED=0 GOFLAGS=-buildvcs=false go build -trimpath \
      -ldflags "-s -w -X github.com/Shopify/toxiproxy/v2.Version=$v" -o "$out.tmp" .
    mv "$out.tmp" "$out"
    ;;
esac
