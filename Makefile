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
ACCESS_SOURCES := $(shell find access/src/main -type f 2>/dev/null) access/pom.xml pom.xml

.PHONY: help jdk build db seed seed-verify test clean

help: ## list the commands
	@echo "asyncdb-lab — blocking vs asynchronous database access, measured"
	@echo
	@grep -hE '^[a-zA-Z_-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-14s %s\n", $$1, $$2}'
	@echo
	@echo "Variables: SCALE=tiny|small|thesis (default thesis)"

jdk: ## check that a JDK >= 21 is available
	@scripts/find-jdk.sh >/dev/null && echo "JDK: $(JDK)"

build: jdk ## build every module (skips tests)
	$(MVN) -q install -DskipTests

$(SEED_JAR): $(ACCESS_SOURCES) $(shell find db-seed/src/main -type f 2>/dev/null) db-seed/pom.xml
	@scripts/find-jdk.sh >/dev/null
	$(MVN) -q -pl db-seed -am install -DskipTests

db: ## start (installing if needed) MariaDB and PostgreSQL, create user and databases
	@scripts/db.sh

seed: $(SEED_JAR) db ## load the data at SCALE (skipped when already there; FORCE=1 reloads)
	$(JAVA) -jar $(SEED_JAR) --scale $(SCALE) $(if $(FORCE),--force)

seed-verify: $(SEED_JAR) ## check row counts and checksums at SCALE
	$(JAVA) -jar $(SEED_JAR) --scale $(SCALE) --verify

test: jdk db ## every test, against the local database servers (started by `make db`)
	$(MVN) install

clean: ## remove build output (keeps databases and results)
	$(MVN) -q clean
