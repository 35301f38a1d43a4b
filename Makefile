# asyncdb-lab: the commands users type (DESIGN.md, "Commands"). `make help` lists them.
SHELL := /bin/bash
.DEFAULT_GOAL := help

SCALE ?= thesis
export SCALE

# A JDK >= 21 found by scripts/find-jdk.sh (JAVA_HOME if it qualifies, else a known location).
JDK := $(shell scripts/find-jdk.sh 2>/dev/null)
MVN = JAVA_HOME=$(JDK) ./mvnw -B --no-transfer-progress
JAVA = $(JDK)/bin/java --enable-native-access=ALL-UNNAMED

SEED_JAR := db-seed/target/db-seed-all.jar

PORTAL_JAR := servlet-portal/target/servlet-portal.jar
SHOP_JAR := eventdriven-shop/target/eventdriven-shop.jar
LOADGEN_JAR := loadgen/target/loadgen.jar
APP_JARS := $(SEED_JAR) $(PORTAL_JAR) $(SHOP_JAR) $(LOADGEN_JAR)
# Sources of every module: a jar is rebuilt when anything it is made from changed.
# Every module but microbench (its jar has its own rule below).
JAR_MODULES := $(filter-out microbench,$(patsubst %/pom.xml,%,$(wildcard */pom.xml)))
ALL_SOURCES := $(shell find $(JAR_MODULES) -path '*/src/main/*' -type f 2>/dev/null) $(wildcard */pom.xml) pom.xml

.PHONY: help jdk tools build jars db seed seed-verify test clean up down status thaw link portal shop loadtest profile report dashboard e2e e2e-compose e2e-swarm images-to bench bench-quick thesis thesis-quick faults compare-runtimes compose-sources

help: ## list the commands
	@echo "asyncdb-lab — blocking vs asynchronous database access, measured"
	@echo
	@grep -hE '^[a-zA-Z0-9_-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-14s %s\n", $$1, $$2}'
	@echo
	@echo "Variables: SCALE=tiny|small|thesis (default thesis); LINK=0|lan|wan|<ms RTT>|loopback (make up, default 0; make link);"
	@echo "           RUNTIME=native|compose|swarm (default: compose when Docker answers; swarm: docs/several-machines.md)"

jdk: ## check that a JDK >= 21 is available
	@scripts/find-jdk.sh >/dev/null && echo "JDK: $(JDK)"

build: jdk ## build every module (skips tests)
	$(MVN) -q install -DskipTests

jars: $(APP_JARS)

# One Maven run builds every runnable jar (grouped target), only when a source is newer.
$(APP_JARS) &: $(ALL_SOURCES)
	@scripts/find-jdk.sh >/dev/null
	$(MVN) -q -pl db-seed,servlet-portal,eventdriven-shop,loadgen -am install -DskipTests
	@touch $(APP_JARS)

db: $(SEED_JAR) ## start (installing if needed) MariaDB and PostgreSQL, create user and databases
	@scripts/db.sh

seed: $(SEED_JAR) db ## load the data at SCALE (skipped when already there; FORCE=1 reloads)
	$(JAVA) -jar $(SEED_JAR) --scale $(SCALE) $(if $(FORCE),--force)

seed-verify: $(SEED_JAR) ## check row counts and checksums at SCALE
	$(JAVA) -jar $(SEED_JAR) --scale $(SCALE) --verify

tools: ## install the load tools, docker-compose, chromium (Debian) and toxiproxy-server (go install) when missing
	@scripts/tools.sh

test: jdk db tools ## every test, against the local database servers (started by `make db`)
	@if command -v go >/dev/null; then echo "[test] go test in link/toxiproxy-lab (the lab's latency_us toxic)"; \
	  cd link/toxiproxy-lab && GOFLAGS=-buildvcs=false go test ./...; \
	else echo "[test] Go is not installed: link/toxiproxy-lab's go tests skipped (the toxiproxy-server in use was built elsewhere)"; fi
	$(MVN) install

# up/down/status/loadtest: RUNTIME=native|compose forces a path; by default compose is used
# when a Docker engine is usable and docker-compose.yml exists, else the native path.
# MODE is the access mode (make portal MODE=nonblocking); its old use as the switch is refused.
ifneq ($(filter native compose,$(MODE)),)
$(error MODE=$(MODE) no longer picks the runtime (MODE is the access mode): use RUNTIME=$(MODE))
endif
ifneq ($(filter-out native compose swarm,$(RUNTIME)),)
$(error RUNTIME=$(RUNTIME): expected RUNTIME=native, compose or swarm)
endif
LAB_PATH = $(or $(RUNTIME),$(shell RUNTIME=compose scripts/lab.sh usable && echo compose || echo native))
# The lab's lifecycle, written once; scripts/runtime/<runtime>.sh adapts it to the runtime.
LAB = RUNTIME=$(LAB_PATH) scripts/lab.sh
# Natively the jars run on this host: built (and the databases seeded) first.
NATIVE = $(filter native,$(LAB_PATH))

up: $(if $(NATIVE),jars seed) ## build, start the databases, seed SCALE (default thesis), start all instances and the dashboard through Toxiproxy; LINK=0|lan|wan|<ms>|loopback (default 0); WARM=90: seconds at most to warm each instance up until steady, goodput and JIT, in the background, each alone (the map stops it and warms what it measures itself; other profiles and make faults wait for it; 0: none)
	@LINK='$(LINK)' WARM='$(WARM)' FREEZE='$(FREEZE)' $(LAB) up

link: $(if $(NATIVE),$(LOADGEN_JAR)) ## change the RTT of the running lab without a restart: make link LINK=lan|wan|<ms>|0 (no LINK: show it)
	@$(LAB) link $(LINK)

down: ## stop what `make up` started; keeps data (DB=1 also stops the database servers it started; containers: WIPE=1 removes the volumes and the TLS certificates)
	@DB='$(DB)' $(LAB) down

status: ## every instance with its process and readiness (FROZEN while a load test measures another alone), and the link in force
	@$(LAB) status

thaw: ## let every instance the load test froze run again (make loadtest does it at its end, Ctrl-C too)
	@$(LAB) thaw

# An app's modes as instances.conf lists them (the one list of instances): jdbc|threadpool|...
# (HASH: a literal #, which awk reads as itself; \# reached it as an unknown escape)
HASH := \#
modes_of = $(shell awk '!/^$(HASH)/ && $$2 == "$(1)" {print $$3}' instances.conf | paste -sd'|')

portal: $(PORTAL_JAR) ## run one portal instance in the foreground: make portal MODE=nonblocking
	@scripts/run-instance.sh portal-$(or $(MODE),$(error MODE=$(call modes_of,portal) is required))

shop: $(SHOP_JAR) ## run one shop instance in the foreground: make shop MODE=nonblocking
	@scripts/run-instance.sh shop-$(or $(MODE),$(error MODE=$(call modes_of,shop) is required))

PROFILE ?= map
APP ?= all
LOADGEN = $(JAVA) -jar $(LOADGEN_JAR)

loadtest: $(if $(NATIVE),$(LOADGEN_JAR)) ## load sweep (default: the answer map, load × round trip): PROFILE=map|map-all|smoke|quick|thesis|thesis-quick|latency APP=portal|shop|all MODES=a,b ISOLATE=1 FAIR_POOL=1 CONCURRENCY=n RTTS=0,1,78; the others frozen while an instance is measured (FREEZE=0: not) → results/<run-id>/
	@CONCURRENCY='$(CONCURRENCY)' RTTS='$(RTTS)' ISOLATE='$(ISOLATE)' FREEZE='$(FREEZE)' FAIR_POOL='$(FAIR_POOL)' RESULTS_DIR='$(RESULTS_DIR)' \
	  $(LAB) loadtest $(PROFILE) $(APP) $(MODES)

profile: $(LOADGEN_JAR) ## CPU and wall-clock flame graphs of one native instance under load (async-profiler): make profile APP=portal MODE=nonblocking LINK=wan CONCURRENCY=200 → results/profile-<time>-<instance>/
	@$(if $(LINK),RUNTIME=native scripts/lab.sh link $(LINK) &&) RESULTS_DIR='$(RESULTS_DIR)' RUNTIME=native scripts/lab.sh profile \
	  --instance $(or $(filter-out all,$(APP)),$(error APP=portal|shop is required))-$(or $(MODE),$(error MODE=$(call modes_of,portal) is required)) \
	  $(if $(CONCURRENCY),--connections $(CONCURRENCY))

compare-runtimes: $(LOADGEN_JAR) ## native against compose: the newest compose run and the newest native run of its profile (or RUNS="<a> <b>") agree? docs/containers.md
	$(LOADGEN) compare $(if $(RUNS),--runs "$(RUNS)") --results-dir $(or $(RESULTS_DIR),results)

report: $(LOADGEN_JAR) ## rebuild a run's page: RUN=<id> (or latest); RUNS="<a> <b>" overlays two runs
	$(LOADGEN) report $(if $(RUNS),--runs "$(RUNS)",--run $(or $(RUN),latest)) --results $(or $(RESULTS_DIR),results)

dashboard: $(LOADGEN_JAR) ## run only the dashboard on :8080 in the foreground
	@scripts/run-instance.sh dashboard

FAULTS ?= a,b,c,d,e,f
faults: $(LOADGEN_JAR) ## fault matrix on a lab started with `make up LINK=0`: APP= MODES= FAULTS=a..f (a stops MariaDB; swarm: b..e) ISOLATE=0 → results/faults-<id>/
	@ISOLATE='$(ISOLATE)' RESULTS_DIR='$(RESULTS_DIR)' $(LAB) faults '$(FAULTS)' $(APP) $(MODES)

MICRO_JAR := microbench/target/microbench.jar
MICRO = $(JAVA) -jar $(MICRO_JAR)

$(MICRO_JAR): $(shell find lab-data/src/main link/src/main access-api/src/main access-jdbc/src/main access-vertx/src/main report/src/main microbench/src/main -type f 2>/dev/null) microbench/pom.xml lab-data/pom.xml link/pom.xml report/pom.xml access-api/pom.xml access-jdbc/pom.xml access-vertx/pom.xml pom.xml
	@scripts/find-jdk.sh >/dev/null
	$(MVN) -q -pl microbench -am install -DskipTests

bench: $(MICRO_JAR) db ## JMH: thesis micro-benchmarks, pools and drivers, full (hours) → results/micro/
	$(MICRO) run --full --out results/micro

bench-quick: $(MICRO_JAR) db ## the same experiments, short (about 30 minutes on 2 busy cores) → results/micro/index.html
	$(MICRO) run --quick --out results/micro

thesis: $(MICRO_JAR) $(LOADGEN_JAR) ## the thesis reproduced on a lab started with `make up`: Table 4.1, Figures 4.1–4.9, every claim, ≤ 2 h on 2 cores (QUICK=1: ≤ 35 min) → results/micro/thesis.html
	@MICRO='$(MICRO)' RESULTS_DIR='$(or $(RESULTS_DIR),results)' QUICK='$(QUICK)' scripts/thesis.sh

thesis-quick: ## make thesis at the fewest points (micro smoke, PROFILE=thesis-quick), to try it out: ≤ 35 min
	@$(MAKE) --no-print-directory thesis QUICK=1

e2e: ## up at SCALE=tiny (own bench_e2e_* databases), smoke sweep of every instance, checks, down
	@scripts/e2e.sh

e2e-compose: ## the same through docker-compose.yml: private dockerd, local base images, LINK=wan page check, checks, down
	@scripts/e2e-compose.sh

NODES ?= 1
e2e-swarm: ## the same as a stack on a one-node swarm of the private dockerd; NODES=3: three engines in network namespaces, docs/several-machines.md as written, port scan
ifeq ($(NODES),3)
	@scripts/e2e-swarm-nodes.sh
else ifeq ($(NODES),1)
	@scripts/e2e-swarm.sh
else
	$(error NODES=$(NODES): make e2e-swarm runs with NODES=1 or NODES=3)
endif

images-to: ## copy the lab's images to swarm nodes without a registry: make images-to NODE="ssh://user@host …"
	@RUNTIME=swarm scripts/lab.sh images-to $(or $(NODE),$(error NODE=ssh://user@host is required))

compose-sources: $(LOADGEN_JAR) ## rewrite docker-compose.yml's x-sources from lab.data.Sources (after a source's default changes; a test holds the file to it)
	$(LOADGEN) sources --compose-yaml --write docker-compose.yml

clean: ## remove build output (keeps databases and results)
	$(MVN) -q clean
