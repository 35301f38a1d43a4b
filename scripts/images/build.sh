#!/usr/bin/env bash
# Local images built from Debian packages (no image registry needed): a debootstrapped Debian
# bookworm, then one root filesystem per role, imported into the Docker engine at $DOCKER_HOST
# under asyncdb-lab/local-* names (never an upstream name). The database images are the lab's
# default in containers (`build.sh mariadb postgres`, run by `make up` in containers, scripts/runtime/compose.sh and swarm.sh
# up): the native lab's Debian servers; the others are the container self-test's offline bases.
#   asyncdb-lab/local-debian:12      curl, httperf, wrk, and oha as `make tools` builds it
#                                    (DEBIAN_IMAGE: loadgen base; the Dockerfile's OHA=off keeps it)
#   asyncdb-lab/local-jdk:25         + this machine's JDK       (JDK_IMAGE)
#   asyncdb-lab/local-jre:25         + a jlink'ed runtime of it (JRE_IMAGE)
#   asyncdb-lab/local-mariadb:10.11  Debian's MariaDB 10.11     (docker-compose.yml's default)
#   asyncdb-lab/local-postgres:15    Debian's PostgreSQL 15     (docker-compose.yml's default)
#   asyncdb-lab/local-toxiproxy:2.5.0-lab  the lab's toxiproxy-server as `make tools` builds it
#                                    (TOXIPROXY_IMAGE; /toxiproxy, as in the upstream image)
# The database images honour the part of the official images' env contract the lab uses
# (mariadb-entrypoint.sh, postgres-entrypoint.sh). Images already present are kept (FORCE=1
# rebuilds). `build.sh env` prints the build variables that select them; `build.sh NAME…` builds
# only those (debian jdk jre mariadb postgres toxiproxy), `build.sh` or `build.sh all` every one.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=${IMAGES_WORK_DIR:-$root/.run/images}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
suite=bookworm
PREFIX=asyncdb-lab/local

say() { printf '[images] %s\n' "$*"; }
die() { printf '[images] error: %s\n' "$*" >&2; exit 1; }

declare -A IMAGE=(
  [debian]=$PREFIX-debian:12 [jdk]=$PREFIX-jdk:25 [jre]=$PREFIX-jre:25
  [mariadb]=$PREFIX-mariadb:10.11 [postgres]=$PREFIX-postgres:15 [toxiproxy]=$PREFIX-toxiproxy:2.5.0-lab
)

# The database images are not among them: docker-compose.yml's defaults are those images already.
env_vars() {
  echo "DEBIAN_IMAGE=${IMAGE[debian]}"
  echo "JDK_IMAGE=${IMAGE[jdk]}"
  echo "JRE_IMAGE=${IMAGE[jre]}"
  echo "TOXIPROXY_IMAGE=${IMAGE[toxiproxy]}"
}

# The minimal bookworm every image starts from, kept as a tarball between runs.
base_tar() {
  local tar=$work/bookworm-minbase.tar
  [ -f "$tar" ] && { echo "$tar"; return; }
  command -v debootstrap >/dev/null || {
    [ "$(id -u)" = 0 ] || die "debootstrap is missing; install it with:  sudo apt-get install -y debootstrap"
    say "installing debootstrap from Debian …" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q debootstrap >/dev/null
  }
  local dir=$work/rootfs-minbase
  rm -rf "$dir"
  say "debootstrap $suite (minbase) from $mirror …" >&2
  nice debootstrap --variant=minbase --include=ca-certificates,curl,procps "$suite" "$dir" "$mirror" \
    >"$work/debootstrap.log" 2>&1 || { tail -20 "$work/debootstrap.log" >&2; die "debootstrap failed"; }
  rm -rf "$dir"/var/lib/apt/lists/* "$dir"/var/cache/apt/archives/*.deb
  tar -C "$dir" -cf "$tar.tmp" . && mv "$tar.tmp" "$tar"
  rm -rf "$dir"
  echo "$tar"
}

# rootfs NAME PACKAGES... : a fresh root filesystem from the base with Debian packages added.
rootfs() {
  local name=$1; shift
  local dir=$work/rootfs-$name
  rm -rf "$dir" && mkdir -p "$dir"
  tar -C "$dir" -xf "$(base_tar)"
  if [ $# -gt 0 ]; then
    say "$name: apt-get install $*"
    cp /etc/resolv.conf "$dir/etc/resolv.conf"
    printf '#!/bin/sh\nexit 101\n' >"$dir/usr/sbin/policy-rc.d"; chmod +x "$dir/usr/sbin/policy-rc.d"
    mount -t proc proc "$dir/proc"
    local rc=0
    { chroot "$dir" apt-get update -q && DEBIAN_FRONTEND=noninteractive nice chroot "$dir" \
        apt-get install -y -q --no-install-recommends "$@"; } >"$work/$name-apt.log" 2>&1 || rc=$?
    umount "$dir/proc"
    [ $rc = 0 ] || { tail -20 "$work/$name-apt.log" >&2; die "$name: apt-get failed"; }
    rm -rf "$dir"/var/lib/apt/lists/* "$dir"/var/cache/apt/archives/*.deb "$dir/usr/sbin/policy-rc.d"
    : >"$dir/etc/resolv.conf"
  fi
}

# import NAME [--change INSTR]... : the root filesystem becomes image IMAGE[NAME].
import() {
  local name=$1; shift
  say "$name: importing as ${IMAGE[$name]}"
  tar -C "$work/rootfs-$name" -c . | docker import "$@" - "${IMAGE[$name]}" >/dev/null
  rm -rf "$work/rootfs-$name"
}

jdk_home() {
  "$root/scripts/find-jdk.sh" || die "no JDK >= 21 on this machine to put into the image"
}

build() {
  local name=$1
  case $name in
    debian)
      "$root/scripts/tools.sh" oha >&2 || die "oha could not be built (cargo install)"
      rootfs debian httperf wrk
      install -m 0755 "$(command -v oha || echo "$HOME/.cargo/bin/oha")" "$work/rootfs-debian/usr/local/bin/oha"
      import debian --change 'CMD ["bash"]' ;;
    jdk)
      rootfs jdk
      mkdir -p "$work/rootfs-jdk/opt/java" && cp -a "$(jdk_home)/." "$work/rootfs-jdk/opt/java/openjdk"
      import jdk --change 'ENV JAVA_HOME=/opt/java/openjdk' \
        --change 'ENV PATH=/opt/java/openjdk/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
        --change 'CMD ["jshell"]' ;;
    jre)
      rootfs jre
      local jdk; jdk=$(jdk_home)
      mkdir -p "$work/rootfs-jre/opt/java"
      # Every module but jlink and jpackage (a JDK without jmods cannot link them), no debug files.
      "$jdk/bin/jlink" --add-modules "$("$jdk/bin/java" --list-modules | sed 's/@.*//' | grep -vxE 'jdk.jlink|jdk.jpackage' | paste -sd, -)" --strip-debug --no-man-pages --no-header-files \
        --output "$work/rootfs-jre/opt/java/openjdk"
      import jre --change 'ENV JAVA_HOME=/opt/java/openjdk' \
        --change 'ENV PATH=/opt/java/openjdk/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
        --change 'CMD ["java", "-version"]' ;;
    mariadb)
      rootfs mariadb mariadb-server mariadb-client
      rm -rf "$work/rootfs-mariadb/var/lib/mysql/"*
      install -m 0755 "$here/mariadb-entrypoint.sh" "$work/rootfs-mariadb/usr/local/bin/docker-entrypoint.sh"
      install -m 0755 "$here/db-server-tls.sh" "$work/rootfs-mariadb/usr/local/bin/db-server-tls.sh"
      import mariadb --change 'ENTRYPOINT ["docker-entrypoint.sh"]' --change 'CMD ["mariadbd"]' \
        --change 'EXPOSE 3306' --change 'VOLUME /var/lib/mysql' ;;
    postgres)
      rootfs postgres postgresql-15
      # Debian's packaged cluster is not used: the entrypoint makes one in $PGDATA.
      rm -rf "$work/rootfs-postgres/var/lib/postgresql/15" "$work/rootfs-postgres/etc/postgresql/15"
      install -m 0755 "$here/postgres-entrypoint.sh" "$work/rootfs-postgres/usr/local/bin/docker-entrypoint.sh"
      install -m 0755 "$here/db-server-tls.sh" "$work/rootfs-postgres/usr/local/bin/db-server-tls.sh"
      import postgres --change 'ENV PGDATA=/var/lib/postgresql/data' \
        --change 'ENV PATH=/usr/lib/postgresql/15/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
        --change 'ENTRYPOINT ["docker-entrypoint.sh"]' --change 'CMD ["postgres"]' \
        --change 'EXPOSE 5432' --change 'VOLUME /var/lib/postgresql/data' ;;
    toxiproxy)
      "$root/scripts/tools.sh" toxiproxy-server >&2 || die "toxiproxy-server could not be built (link/toxiproxy-lab)"
      rootfs toxiproxy
      install -m 0755 "$(command -v toxiproxy-server)" "$work/rootfs-toxiproxy/toxiproxy"
      import toxiproxy --change 'ENTRYPOINT ["/toxiproxy"]' --change 'CMD ["-host=0.0.0.0"]' --change 'EXPOSE 8474' ;;
    *) die "unknown image $name" ;;
  esac
}

# An image of an older build.sh may lack what this one adds.
complete() { # name
  case $1 in
    debian) docker run --rm --network none --entrypoint test "${IMAGE[debian]}" -x /usr/local/bin/oha ;;
    toxiproxy) [ "$(docker run --rm --network none "${IMAGE[toxiproxy]}" -version)" \
                 = "toxiproxy-server version $("$root/link/toxiproxy-lab/build.sh" version)" ] ;;
    # the entrypoint and its TLS helper are baked in: an image made with older ones is made again
    mariadb|postgres) docker run --rm --network none --entrypoint cat "${IMAGE[$1]}" \
                        /usr/local/bin/docker-entrypoint.sh /usr/local/bin/db-server-tls.sh 2>/dev/null \
                        | cmp -s - <(cat "$here/$1-entrypoint.sh" "$here/db-server-tls.sh") ;;
    *) true ;;
  esac
}

build_missing() { # name…
  local name start=$SECONDS
  for name in "$@"; do
    [ -n "${IMAGE[$name]:-}" ] || die "unknown image $name (known: ${!IMAGE[*]})"
  done
  docker version >/dev/null 2>&1 || die "no Docker engine answers at ${DOCKER_HOST:-the default socket}"
  for name in "$@"; do
    if [ -z "${FORCE:-}" ] && docker image inspect "${IMAGE[$name]}" >/dev/null 2>&1 && complete "$name"; then
      say "$name: ${IMAGE[$name]} present"
    else
      [ "$(id -u)" = 0 ] || die "building ${IMAGE[$name]} from Debian packages needs root (debootstrap, chroot): sudo $0 $name"
      mkdir -p "$work"
      build "$name"
    fi
  done
  say "done in $((SECONDS - start)) s"
}

case ${1:-all} in
  env) env_vars ;;
  all) build_missing debian jdk jre mariadb postgres toxiproxy ;;
  -*) echo "usage: build.sh [all|env|NAME…]" >&2; exit 2 ;;
  *) build_missing "$@" ;;
esac
