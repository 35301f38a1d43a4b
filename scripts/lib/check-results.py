#!/usr/bin/env python3
"""Checks a smoke run's results.json: every portal and shop mode has points with a positive
rate, no errors and no failed panels, and the open-loop tool named ran (make e2e, e2e-compose,
e2e-swarm); with CHECK_CPU_MEASURED=1, every point's CPU accounting told the instance apart from the
rest (interference.instanceCpuPct, no "unmeasured" detail).
Usage: check-results.py RESULTS_JSON "PORTAL MODES" "SHOP MODES" [OPEN_LOOP_TOOL]
(prefix of messages: $CHECK_TAG)"""
import json, os, sys

tag = os.environ.get("CHECK_TAG", "e2e")
results = json.load(open(sys.argv[1]))
wanted = {("portal", m) for m in sys.argv[2].split()} | {("shop", m) for m in sys.argv[3].split()}
problems = []
seen = set()
for s in results["series"]:
    key = (s["app"], s["mode"])
    if not s["points"]:
        problems.append(f"{key}: no points")
    for p in s["points"]:
        seen.add(key)
        if not p.get("requestsPerSec") or p["requestsPerSec"] <= 0:
            problems.append(f"{key} @ {p.get('concurrency')}: requestsPerSec={p.get('requestsPerSec')}")
        if p.get("errors"):
            problems.append(f"{key} @ {p.get('concurrency')}: errors={p.get('errors')}")
        if p.get("failedPanels"):
            problems.append(f"{key} @ {p.get('concurrency')}: {p['failedPanels']} pages with a failed panel")
        cpu = p.get("interference") or {}
        if os.environ.get("CHECK_CPU_MEASURED") == "1" and (cpu.get("instanceCpuPct") is None or cpu.get("detail")):
            problems.append(f"{key} @ {p.get('concurrency')}: the instance's CPU not told apart: {cpu.get('detail') or cpu}")
for key in sorted(wanted - seen):
    problems.append(f"{key}: missing from the run")
if len(sys.argv) > 4:
    tool = (results["run"].get("tools") or {}).get(sys.argv[4]) or {}
    if not tool.get("used"):
        problems.append(f"{sys.argv[4]} did not run: {tool.get('reason') or 'not in the run'}")
    elif not any(s.get("tool") == sys.argv[4] and s["points"] for s in results["series"]):
        problems.append(f"{sys.argv[4]} ran but has no points")
for p in problems:
    print(f"[{tag}] FAIL", p)
points = sum(len(s["points"]) for s in results["series"])
print(f"[{tag}] {len(seen)} instances, {points} points, {len(problems)} problems")
sys.exit(1 if problems else 0)
