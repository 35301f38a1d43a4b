#!/usr/bin/env bash
# Prints the home of a JDK >= 21 (virtual threads): $JAVA_HOME when it qualifies, else the
# first of the usual install locations that does. Exits 1 with install advice when none does.
set -u
MIN=${JDK_MIN_VERSION:-21}

major() { # java binary -> major version
  "$1" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ {print $2; exit}'
}

ok() { # candidate home
  [ -x "$1/bin/java" ] && [ -x "$1/bin/javac" ] || return 1
  local v; v=$(major "$1/bin/java")
  [ -n "$v" ] && [ "${v%%.*}" -ge "$MIN" ] 2>/dev/null
}

for home in "${JAVA_HOME:-}" /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/temurin-21-jdk-amd64 \
            /usr/lib/jvm/java-25-openjdk-amd64 /usr/lib/jvm/java-21-openjdk-amd64 /usr/lib/jvm/*; do
  [ -n "$home" ] && ok "$home" && { echo "$home"; exit 0; }
done
javac_path=$(command -v javac 2>/dev/null) && home=$(dirname "$(dirname "$(readlink -f "$javac_path")")") && ok "$home" && { echo "$home"; exit 0; }

cat >&2 <<MSG
error: no JDK >= $MIN found (JAVA_HOME=${JAVA_HOME:-unset}; looked in /usr/lib/jvm).
This lab needs Java $MIN+ for virtual threads. Install one, for example:
  sudo apt-get install -y openjdk-21-jdk-headless      (Debian 13 / Ubuntu 24.04)
  or a Temurin 21/25 JDK from adoptium.net,
then run again, or point JAVA_HOME at it:  make JAVA_HOME=/path/to/jdk ...
MSG
exit 1
