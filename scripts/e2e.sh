#!/usr/bin/env bash
# make e2e: the whole lab natively at SCALE=tiny, a smoke sweep of every instance (and, as make
# thesis does, the portal's thread pool again with the fair hand-off), checks, down.
# Uses its own databases (bench_e2e_*), so a user's seeded data is never touched.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
cd "$root"
. "$here/lib/instances.sh"

say() { printf '[e2e] %s\n' "$*"; }
. "$here/lib/e2e.sh"

if [ -n "$(RUNTIME=native "$here/lab.sh" ps | awk 'NR > 1 && $2 ~ /^[0-9]+$/')" ]; then
  say "the lab is running (make status); stop it with 'make down' first: e2e needs the ports to itself"
  exit 1
fi

export SCALE=tiny
# the lab's five sources (lab.data.Sources, asked of loadgen: no copy of them here) on databases of its own
make --no-print-directory jars
. "$here/lib/urls.sh"
export_source_urls "$("$here/find-jdk.sh")/bin/java" "$root/loadgen/target/loadgen.jar" "" "" "" --database-prefix bench_e2e_
export RESULTS_DIR=$root/results

cleanup() {
  say "make down"
  make --no-print-directory down RUNTIME=native || true
}
trap cleanup EXIT

start=$SECONDS
# WARM=6: one warm-up window per instance, enough to show make up's warm-up runs at all; in the
# background, which the load test waits for
make --no-print-directory up RUNTIME=native WARM=6
say "up took $((SECONDS - start)) s"
make --no-print-directory status RUNTIME=native
pids=$(cat "${RUN_DIR:-$root/.run}"/pids/*.pid)

# FAIR_POOL=1: loadgen's fair pass restarts portal-threadpool fair and back (lab.sh hand-off)
make --no-print-directory loadtest RUNTIME=native PROFILE=smoke APP=all FAIR_POOL=1
warmed=$(grep -c '^warm-up: .* \(steady\|not steady\)' "${RUN_DIR:-$root/.run}/warmup.log" || true)
[ "$warmed" -eq "$(instance_names | grep -vcx dashboard)" ] || { say "make up warmed $warmed instances up, not every one"; exit 1; }
grep -q '"done" *: *true' results/.warmup.json || { say "FAIL: results/.warmup.json does not say the warm-up is done"; exit 1; }

run_dir=$(readlink -f results/latest)
say "checking $run_dir/results.json"
verify run "$run_dir" --portal "$(modes_of portal) threadpool-fair" --shop "$(modes_of shop)"
[ -f "$run_dir/index.html" ] || { say "FAIL: no index.html in $run_dir"; exit 1; }

# make thesis' last step on this run: the thesis page builds from a load run (a smoke run judges no claim)
say "thesis.html from $run_dir (microbench page --load)"
make --no-print-directory microbench/target/microbench.jar
thesis_out=$(mktemp -d)
"$(scripts/find-jdk.sh)/bin/java" -jar microbench/target/microbench.jar page --out "$thesis_out" --load "$run_dir" >/dev/null
for want in 'id="summary"' 'Figure 4.6' 'Figure 4.9' 'id="claims"'; do
  grep -q "$want" "$thesis_out/thesis.html" || { say "FAIL: thesis.html lacks $want"; exit 1; }
done
rm -rf "$thesis_out"

trap - EXIT
cleanup
for pid in $pids; do
  if kill -0 "$pid" 2>/dev/null; then say "FAIL: pid $pid is still alive after make down"; exit 1; fi
done
for n in $(instance_names); do
  port=$(instance_field "$n" 4)
  if timeout 1 bash -c ":</dev/tcp/127.0.0.1/$port" 2>/dev/null; then
    say "FAIL: port $port ($n) still answers after make down"; exit 1
  fi
done
say "passed in $((SECONDS - start)) s"
