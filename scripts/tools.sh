#!/usr/bin/env bash
# Makes the lab's command-line tools available (Debian packages): load generators (httperf,
# wrk), docker-compose v1 (static validation of the compose file), chromium (the report test
# opens the dashboards headless), toxiproxy-server (the link emulator, built with `go install`),
# oha (open-loop latency natively, where wrk2 is not packaged; built with `cargo install`).
# Installs what is missing when root, else prints the command.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
STATE_DIR=${STATE_DIR:-$here/../.run}

# toxiproxy-server is not a Debian package: `go install` builds the pinned release, then the
# binary (named `server` after its Go package) is installed as toxiproxy-server on PATH.
TOXIPROXY_MODULE=github.com/Shopify/toxiproxy/v2/cmd/server@v2.5.0
install_toxiproxy() {
  command -v toxiproxy-server >/dev/null && return 0
  if ! command -v go >/dev/null; then
    echo "[tools] toxiproxy-server is missing and Go is not installed; install Go (https://go.dev/doc/install) and run 'make tools'," >&2
    echo "        or put a toxiproxy-server binary (v2.5.0) on PATH / set TOXIPROXY_SERVER=/path/to/it" >&2
    return 1
  fi
  local dest=/usr/local/bin gobin
  [ "$(id -u)" = 0 ] || dest=$HOME/.local/bin
  gobin=$(mktemp -d)
  echo "[tools] building toxiproxy-server ($TOXIPROXY_MODULE) with go install …"
  if ! GOBIN=$gobin go install "$TOXIPROXY_MODULE"; then
    rm -rf "$gobin"; echo "[tools] error: go install $TOXIPROXY_MODULE failed" >&2; return 1
  fi
  mkdir -p "$dest" && install -m 0755 "$gobin/server" "$dest/toxiproxy-server"
  rm -rf "$gobin"
  echo "[tools] installed $dest/toxiproxy-server"
  case ":$PATH:" in *":$dest:"*) ;; *) echo "[tools] note: $dest is not on PATH; the lab still finds it there" >&2;; esac
}

# oha is a Rust crate, not a Debian package: `cargo install` builds it into ~/.cargo/bin, where
# loadgen also looks when it is not on PATH.
OHA_CRATE_VERSION=1.16.0
install_oha() {
  command -v oha >/dev/null && return 0
  [ -x "$HOME/.cargo/bin/oha" ] && return 0
  if ! command -v cargo >/dev/null; then
    echo "[tools] oha is missing and cargo is not installed; install Rust (https://rustup.rs) and run 'make tools'," >&2
    echo "        or put an oha binary on PATH; without it the native load tests have no open-loop latency series" >&2
    return 1
  fi
  echo "[tools] building oha $OHA_CRATE_VERSION with cargo install (a few minutes) …"
  if ! nice cargo install --locked --version "$OHA_CRATE_VERSION" oha; then
    echo "[tools] error: cargo install oha failed" >&2; return 1
  fi
}

declare -A package_of=([httperf]=httperf [wrk]=wrk [docker-compose]=docker-compose [chromium]=chromium [curl]=curl)
missing=()
failed=0
for tool in "${@:-httperf wrk docker-compose chromium curl toxiproxy-server oha}"; do
  for t in $tool; do
    if [ "$t" = toxiproxy-server ]; then install_toxiproxy || failed=1; continue; fi
    if [ "$t" = oha ]; then install_oha || failed=1; continue; fi
    command -v "$t" >/dev/null || missing+=("${package_of[$t]:-$t}")
  done
done
[ ${#missing[@]} -eq 0 ] && exit $failed
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
exit $failed
