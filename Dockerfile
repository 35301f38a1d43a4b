# One build, one image per role. Every step mirrors a native step (see docs/containers.md):
#   build    = ./mvnw install -DskipTests          (native: make build)
#   runtime  = a Temurin JRE, non-root            (native: scripts/find-jdk.sh)
#   loadgen  = Debian 12 + httperf + wrk from apt (native: the same Debian packages) + wrk2 from source
#              + oha from crates.io (native: `make tools` runs the same cargo install)
# Build args (defaults: the pinned official images real users pull):
#   JDK_IMAGE, JRE_IMAGE, DEBIAN_IMAGE   base images (make e2e-compose passes asyncdb-lab/local-*)
#   JARS=build|prebuilt   build the jars with Maven inside (needs Maven Central) or take the ones
#                         `make jars` left in */target/ (no network needed)
#   WRK2=on|off           wrk2 from source (needs github.com) or none: results then say wrk2
#                         was not available, as on a native machine without it
#   OHA=on|off            oha built with cargo in RUST_IMAGE (needs crates.io), or none added: a
#                         base image that has oha keeps it (make e2e-compose's local one does)
#   GO_IMAGE, TOXIPROXY_IMAGE   the lab's toxiproxy-server (link/toxiproxy-lab) is built with Go in
#                         GO_IMAGE (needs the Go module proxy), as `make tools` builds it natively;
#                         TOXIPROXY_IMAGE names an image that has it already (make e2e-compose's
#                         local one, scripts/images/build.sh: no network needed)
# No `# syntax=` line: the engine's built-in Dockerfile frontend is used, nothing is pulled for it.

ARG JDK_IMAGE=eclipse-temurin:25-jdk-noble
ARG JRE_IMAGE=eclipse-temurin:25-jre-noble
ARG DEBIAN_IMAGE=debian:12-slim
ARG JARS=build
ARG WRK2=on
ARG OHA=on
ARG RUST_IMAGE=rust:1-bookworm
ARG GO_IMAGE=golang:1.24-bookworm
ARG TOXIPROXY_IMAGE=toxiproxy-source

# ---- build: the Maven wrapper, as `make build` runs it ------------------------------------
FROM ${JDK_IMAGE} AS build
WORKDIR /src
COPY .mvn/ .mvn/
COPY mvnw pom.xml ./
# Every <module> of pom.xml (a test checks the list).
COPY lab-data/pom.xml lab-data/
COPY link/pom.xml link/
COPY access-api/pom.xml access-api/
COPY access-jdbc/pom.xml access-jdbc/
COPY access-vertx/pom.xml access-vertx/
COPY access-r2dbc/pom.xml access-r2dbc/
COPY access-tests/pom.xml access-tests/
COPY db-seed/pom.xml db-seed/
COPY report/pom.xml report/
COPY loadgen/pom.xml loadgen/
COPY microbench/pom.xml microbench/
COPY eventdriven-shop/pom.xml eventdriven-shop/
COPY servlet-portal/pom.xml servlet-portal/
# Dependencies first, so a source change doesn't download the world again.
RUN --mount=type=cache,target=/root/.m2 ./mvnw -B -q dependency:go-offline -DexcludeReactor=true || true
COPY . .
RUN --mount=type=cache,target=/root/.m2 ./mvnw -B -q install -DskipTests \
      -pl db-seed,servlet-portal,eventdriven-shop,loadgen -am \
    && mkdir /jars && cp db-seed/target/db-seed-all.jar servlet-portal/target/servlet-portal.jar \
      eventdriven-shop/target/eventdriven-shop.jar loadgen/target/loadgen.jar /jars/

# ---- prebuilt: the jars `make jars` built natively (.dockerignore lets only these through) --
FROM scratch AS prebuilt
COPY db-seed/target/db-seed-all.jar servlet-portal/target/servlet-portal.jar \
     eventdriven-shop/target/eventdriven-shop.jar loadgen/target/loadgen.jar /jars/

FROM ${JARS} AS jars

# ---- runtime base: JRE, curl for health checks, non-root user -----------------------------
FROM ${JRE_IMAGE} AS runtime
# apt only for what the base lacks (a local base image has curl already and no network).
RUN command -v curl >/dev/null || { apt-get update && apt-get install -y --no-install-recommends curl \
      && rm -rf /var/lib/apt/lists/*; } \
    && useradd --system --uid 10001 --home-dir /app --shell /usr/sbin/nologin lab
WORKDIR /app
COPY instances.conf /app/instances.conf
# The instances' (and the seed's) entrypoint: proxies and secrets into the source URLs (its header).
COPY scripts/lib/instances.sh scripts/lib/urls.sh scripts/lib/jvm.sh /app/lib/
COPY scripts/images/instance-entrypoint.sh /app/instance-entrypoint.sh
# lab.link's proxy scheme for the entrypoint (`loadgen sources`): the one place it is written.
COPY --from=jars /jars/loadgen.jar /app/lib/loadgen.jar
ENV INSTANCES_CONF=/app/instances.conf
# The apps listen on 127.0.0.1 unless told otherwise; in a container the published port needs 0.0.0.0
# (compose publishes it on the host's 127.0.0.1 only).
ENV BIND=0.0.0.0
# JVM options: the native lab's (scripts/lib/jvm.sh, read by the entrypoint; JAVA_OPTS replaces them).

FROM runtime AS db-seed
COPY --from=jars /jars/db-seed-all.jar /app/db-seed.jar
USER lab
ENTRYPOINT ["/app/instance-entrypoint.sh", "/app/db-seed.jar"]
CMD ["--scale", "thesis"]

# The apps' HEALTHCHECK is liveness: the process answers HTTP, the databases play no part, and a
# minute of no answer makes it unhealthy. Swarm replaces an unhealthy task, so an overloaded pool
# or a slow link (readiness: /actuator/health, /health, which `up` waits for) must not count here.
# It asks at BIND, where the app listens (RUNTIME=swarm: its host's address only; 0.0.0.0 reaches
# the local one).
FROM runtime AS portal
COPY --from=jars /jars/servlet-portal.jar /app/portal.jar
USER lab
HEALTHCHECK --interval=10s --timeout=10s --start-period=300s --retries=6 \
  CMD curl -fsS "http://${BIND:-127.0.0.1}:${SERVER_PORT:-8081}/actuator/health/liveness" >/dev/null || exit 1
ENTRYPOINT ["/app/instance-entrypoint.sh", "/app/portal.jar"]

FROM runtime AS shop
COPY --from=jars /jars/eventdriven-shop.jar /app/shop.jar
USER lab
HEALTHCHECK --interval=10s --timeout=10s --start-period=300s --retries=6 \
  CMD curl -fsS "http://${BIND:-127.0.0.1}:${SHOP_PORT:-9081}/health/live" >/dev/null || exit 1
ENTRYPOINT ["/app/instance-entrypoint.sh", "/app/shop.jar"]

# ---- wrk2: built from a pinned commit (not packaged by Debian); WRK2=off leaves it out -----
FROM ${DEBIAN_IMAGE} AS wrk2-on
ARG WRK2_COMMIT=f03e7591742fa7aeccd36bdb0fbf7d148aa3ffa1
RUN apt-get update && apt-get install -y --no-install-recommends \
      build-essential libssl-dev zlib1g-dev git ca-certificates \
    && rm -rf /var/lib/apt/lists/*
RUN git clone https://github.com/giltene/wrk2.git /wrk2 \
    && cd /wrk2 && git checkout "$WRK2_COMMIT" && make -j"$(nproc)" \
    && install -D -m 0755 wrk /out/wrk2

FROM ${DEBIAN_IMAGE} AS wrk2-off
RUN mkdir /out

FROM wrk2-${WRK2} AS wrk2

# ---- oha: open-loop latency with coordinated-omission correction, as natively (scripts/tools.sh)
FROM ${RUST_IMAGE} AS oha-on
ARG OHA_VERSION=1.16.0
RUN cargo install --locked --version "$OHA_VERSION" --root /out oha

FROM ${DEBIAN_IMAGE} AS oha-off
RUN mkdir -p /out/bin

FROM oha-${OHA} AS oha

# ---- loadgen: the sweep runner and the dashboard, with httperf, wrk, wrk2 and oha ----------
FROM ${DEBIAN_IMAGE} AS loadgen
COPY --from=runtime /opt/java/openjdk /opt/java/openjdk
ENV JAVA_HOME=/opt/java/openjdk PATH=/opt/java/openjdk/bin:$PATH
RUN { command -v httperf && command -v wrk && command -v curl && command -v ps; } >/dev/null \
    || { apt-get update && apt-get install -y --no-install-recommends httperf wrk curl libssl3 zlib1g procps \
         && rm -rf /var/lib/apt/lists/*; } \
    && useradd --system --uid 10001 --home-dir /app --shell /usr/sbin/nologin lab
COPY --from=wrk2 /out/ /usr/local/bin/
COPY --from=oha /out/bin/ /usr/local/bin/
WORKDIR /app
COPY instances.conf /app/instances.conf
COPY --from=jars /jars/loadgen.jar /app/loadgen.jar
# The instances' entrypoint: on a swarm, the passwords given as secrets into the source URLs, with
# which loadgen counts the lab user's sessions and kills them (make faults) and probes the link.
COPY scripts/lib/instances.sh scripts/lib/urls.sh scripts/lib/jvm.sh /app/lib/
COPY scripts/images/instance-entrypoint.sh /app/instance-entrypoint.sh
ENV INSTANCES_CONF=/app/instances.conf JAVA_OPTS="-XX:+UseSerialGC -Xmx512m"
# A named volume mounted here (RUNTIME=swarm) starts owned by lab, so the sweep can write to it.
RUN mkdir /results && chown lab /results
USER lab
# (the dashboard's; at BIND, where RUNTIME=swarm has it listen)
HEALTHCHECK --interval=5s --timeout=3s --start-period=120s --retries=3 \
  CMD curl -fsS "http://${BIND:-127.0.0.1}:8080/health" >/dev/null || exit 1
ENTRYPOINT ["/app/instance-entrypoint.sh", "/app/loadgen.jar"]
CMD ["dashboard", "--bind", "0.0.0.0", "--port", "8080", "--results", "/results", "--instances", "/app/instances.conf", "--instance-hosts"]

# ---- toxiproxy: the lab's link emulator, upstream Toxiproxy + the latency_us toxic ----------
FROM ${GO_IMAGE} AS toxiproxy-build
WORKDIR /src
COPY link/toxiproxy-lab/go.mod link/toxiproxy-lab/go.sum ./
RUN go mod download
COPY link/toxiproxy-lab/*.go link/toxiproxy-lab/build.sh ./
RUN ./build.sh /out/toxiproxy-server

# As the upstream image: the binary at /toxiproxy, its API on 8474.
FROM scratch AS toxiproxy-source
COPY --from=toxiproxy-build /out/toxiproxy-server /toxiproxy
EXPOSE 8474
ENTRYPOINT ["/toxiproxy"]
CMD ["-host=0.0.0.0"]

FROM ${TOXIPROXY_IMAGE} AS toxiproxy
