#!/usr/bin/env bash
# Makes the lab's command-line tools available (Debian packages): load generators (httperf,
# wrk), docker-compose v1 (static validation of the compose file), chromium (the report test
# opens the dashboards headless), toxiproxy-server (the link emulator: the lab's build, link/toxiproxy-lab),
# oha (open-loop latency natively, where wrk2 is not packaged; built with `cargo install`).
# Installs what is missing when root, else prints the command.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
STATE_DIR=${STATE_DIR:-$here/../.run}

# toxiproxy-server is not a Debian package, and the lab's is its own build: upstream Toxiproxy
# (the version link/toxiproxy-lab/go.mod pins) + the latency_us toxic for sub-millisecond links,
# built from link/toxiproxy-lab (build.sh) into its target/ and installed as toxiproxy-server.
# Skipped when the installed one reports the version of the sources (upstream's + their hash).
TOXIPROXY_SRC=$here/../link/toxiproxy-lab
install_toxiproxy() {
  local want bin dest=/usr/local/bin built=$TOXIPROXY_SRC/target/toxiproxy-server
  want="toxiproxy-server version $("$TOXIPROXY_SRC/build.sh" version)"
  bin=$(command -v toxiproxy-server || true)
  [ -n "$bin" ] && [ "$("$bin" -version 2>/dev/null)" = "$want" ] && return 0
  if ! command -v go >/dev/null; then
    echo "[tools] the lab's toxiproxy-server is ${bin:+not up to date ($bin) and }${bin:-missing and} Go is not installed; install Go (https://go.dev/doc/install) and run 'make tools'," >&2
    echo "        or set TOXIPROXY_SERVER=/path/to/a toxiproxy-server built from link/toxiproxy-lab (build.sh)" >&2
    return 1
  fi
  [ "$(id -u)" = 0 ] || dest=$HOME/.local/bin
  echo "[tools] building the lab's toxiproxy-server (link/toxiproxy-lab, ${want##* }) …"
  if ! nice "$TOXIPROXY_SRC/build.sh" "$built"; then
    echo "[tools] error: building link/toxiproxy-lab failed" >&2; return 1
  fi
  mkdir -p "$dest" && install -m 0755 "$built" "$dest/toxiproxy-server"
  echo "[tools] installed $dest/toxiproxy-server"
  case ":$PATH:" in *":$dest:"*) ;; *) echo "[tools] note: $dest is not on PATH; the lab still finds it there" >&2;; esac
  bin=$(command -v toxiproxy-server || true)
  [ -z "$bin" ] || [ "$bin" = "$dest/toxiproxy-server" ] \
    || echo "[tools] warning: $bin comes first on PATH and is not the lab's build; remove it" >&2
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
