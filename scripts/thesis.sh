#!/usr/bin/env bash
# make thesis: the thesis' chapter 4 reproduced in one go, on a lab started with `make up`:
#   1. the micro-benchmarks (Table 4.1, Figures 4.1-4.5) against the database servers on this host,
#   2. the load sweep at the thesis' links (PROFILE=thesis: Figures 4.6-4.9; lan and, for the
#      portal, wan), which sets the link itself and puts back the one in force after; on a native
#      lab with the fair pass (FAIR_POOL=1): the portal's thread pool restarted with the fair
#      hand-off and swept again (series threadpool-fair, for "a fair hand-off is abysmal"),
#   3. results/micro/thesis.html from both, linked from the dashboard.
# QUICK=1 (make thesis-quick): the same at the fewest points, to try it out.
# Env from the Makefile: MICRO (the microbench command), RESULTS_DIR.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
cd "$root"

say() { printf '[thesis] %s\n' "$*"; }

results=${RESULTS_DIR:-results}
micro_dir=$results/micro
if [ -n "${QUICK:-}" ]; then
  length=--smoke profile=thesis-quick micro_min=16 load_min=18
else
  length=--quick profile=thesis micro_min=40 load_min=80
fi
# load_min: the profile's budget, added rounds included (lab.loadgen.sweep.Profile, THESIS_*BUDGET_SEC), and for
# thesis-quick what its warm-ups, link switches and fair-pass restarts add (17-18 min measured against 14);
# micro_min: what the thesis plan (ThesisPlan.quick/smoke) took on 2 busy cores, its time for more forks
# where a claim is undecided (ThesisPlan.topUp) included, with margin (smoke: 642 s before more forks, 16 min with them)

up=$(make --no-print-directory status 2>/dev/null | awk '$1 ~ /^(portal|shop)-/ && $NF == "UP"' | wc -l)
if [ "$up" -eq 0 ]; then
  say "no portal or shop instance answers (make status): start the lab first with 'make up'"
  exit 1
fi

start=$(date +%s)
say "plan: 1) micro-benchmarks, Table 4.1 and Figures 4.1-4.5 (microbench run --only thesis $length): about $micro_min min"
say "      2) load sweep PROFILE=$profile, Figures 4.6-4.9 at lan and wan on $up running instances, then (native lab) the portal's thread pool again with the fair hand-off: at most $load_min min (it prints its own plan and an ETA after every point)"
say "      3) the page: $micro_dir/thesis.html"
say "ETA: $(date -u -d "@$((start + (micro_min + load_min + 2) * 60))" +%H:%M) UTC at the latest (started $(date -u -d "@$start" +%H:%M)), plus up to 5 min waiting for a quiet machine"

# make up's warm-up runs in the background: its load would be timed with the calls
"$here/lab.sh" await-warmup

# The micro-benchmarks time calls of a millisecond or less: right after `make up` the database servers
# still digest the seed (autovacuum, analyze) and the instances compile, which made Table 4.1's errors
# as large as its scores (1-minute load average 4.3 on 2 cores). Wait for a quiet machine, boundedly.
quiet_below=$(awk -v c="$(nproc)" 'BEGIN { print c / 2 }')
quiet_wait_sec=${QUIET_WAIT_SEC:-300}
waited=0
while awk -v q="$quiet_below" '{ exit !($1 >= q) }' /proc/loadavg && [ "$waited" -lt "$quiet_wait_sec" ]; do
  if [ $((waited % 60)) -eq 0 ]; then
    say "waiting for a quiet machine before the micro-benchmarks: 1-minute load average $(cut -d' ' -f1 /proc/loadavg), below $quiet_below wanted (at most $((quiet_wait_sec / 60)) min, $((waited / 60)) min so far)"
  fi
  sleep 10
  waited=$((waited + 10))
done
if awk -v q="$quiet_below" '{ exit !($1 >= q) }' /proc/loadavg; then
  say "the machine is still busy (1-minute load average $(cut -d' ' -f1 /proc/loadavg)): going on; each fork records its load average, and no micro claim is decided on a fork above the cores"
fi

status=0
$MICRO run --only thesis $length --out "$micro_dir" || status=$?
[ "$status" -eq 0 ] || say "a micro-benchmark failed (its section says why); going on with the load sweep"
say "micro-benchmarks done after $((($(date +%s) - start) / 60)) min; ETA now $(date -u -d "@$(($(date +%s) + (load_min + 2) * 60))" +%H:%M) UTC at the latest"

# results/latest: a symlink to the newest run, or a file holding its id where links fail
newest_run() {
  local latest=$results/latest
  if [ -L "$latest" ]; then readlink -f "$latest"; elif [ -f "$latest" ]; then echo "$results/$(cat "$latest")"; fi
}
before=$(newest_run)
# FAIR_POOL=1: the native lab restarts portal-threadpool fair for a pass (lab.sh hand-off); on
# compose or swarm lab.sh leaves it out, and the claim says "not measured" with the reason
# the thesis' own access models: the WebFlux and R2DBC instances answer another question (the map's)
make --no-print-directory loadtest PROFILE="$profile" APP=all MODES=jdbc,threadpool,nonblocking,virtual,reactive \
  FAIR_POOL=1 RESULTS_DIR="$results" || status=$?
run_dir=$(newest_run)
if [ -n "$run_dir" ] && [ "$run_dir" != "$before" ] && [ -f "$run_dir/results.json" ]; then
  $MICRO page --out "$micro_dir" --load "$run_dir"
else
  say "the sweep left no run to draw Figures 4.6-4.9 from; the page shows the micro-benchmarks only"
  $MICRO page --out "$micro_dir"
fi
say "done in $((($(date +%s) - start) / 60)) min: $micro_dir/thesis.html (dashboard: http://127.0.0.1:8080/results/micro/thesis.html)"
exit "$status"
