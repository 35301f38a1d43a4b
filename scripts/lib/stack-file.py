#!/usr/bin/env python3
"""RUNTIME=swarm: `docker compose config --format json` of docker-compose.yml + docker-compose.swarm.yml
(stdin) becomes what `docker stack deploy` and `docker service create` take (scripts/runtime/swarm.sh).

  stack-file.py stack STACK             the stack file (JSON) of every long-running service
  stack-file.py job STACK SERVICE       `docker service create` options and image of a one-off task
                                        (NUL-separated; the caller appends the command)
  stack-file.py build-services          one service per image the stack builds (space-separated)
  stack-file.py built-images            the images the stack builds, one a line
  stack-file.py all-images              every image it runs, one a line
  stack-file.py image SERVICE           a service's image
  stack-file.py role SERVICE            the host role its placement asks (asyncdb.role.<role>)

Why a translation: `docker stack deploy` reads the older v3 format (depends_on as a list, CPU caps
under deploy, no build, no profiles). What Swarm cannot do is left out, and said here:
  - depends_on, restart, build, profiles, ports: order comes from health checks and scripts/runtime/swarm.sh
    (databases, then the seed task); every service is on the host network, so nothing is published;
  - bind mounts of directories: a caller's path does not exist on the other nodes (named volumes
    stay); a file bind-mounted read-only becomes a swarm config, which the stack carries to the node;
  - ulimits: the daemon's own limit applies (Swarm services take ulimits from Docker 23 only).
STACK_IMAGES names a file of "image ID" lines (scripts/runtime/swarm.sh without a registry): those services
run their image by ID, which no node ever pulls. This file is the Swarm adapter's one reader of the
compose JSON.
"""
import hashlib
import json
import os
import re
import sys

# One-off tasks, run by scripts/runtime/swarm.sh as replicated jobs rather than deployed as services.
JOBS = {"db-seed", "loadgen"}
KEEP = ("image", "command", "entrypoint", "environment", "healthcheck", "user", "deploy",
        "configs", "secrets", "working_dir", "stop_grace_period", "cap_add")
HOST_NETWORK = "hostnet"


def cpus_limit(svc):
    cpus = float(svc.get("cpus") or 0)
    return f"{cpus:g}" if cpus > 0 else None


def volumes(svc):
    return [v for v in svc.get("volumes", []) if v.get("type") == "volume"]


def file_mounts(svc):
    return [v for v in svc.get("volumes", []) if v.get("type") == "bind" and v.get("read_only") and os.path.isfile(v["source"])]


def config_name(mount):
    return os.path.basename(mount["source"]).replace(".", "_")


def image_ids():
    path = os.environ.get("STACK_IMAGES")
    if not path or not os.path.exists(path):
        return {}
    with open(path) as f:
        return dict(line.split() for line in f if line.strip())


def image_of(svc):
    return IMAGE_IDS.get(svc["image"], svc["image"])


def service(svc):
    out = {k: svc[k] for k in KEEP if svc.get(k) is not None}
    out["image"] = image_of(svc)
    if "secrets" in out:  # a secret's file is named after it under /run/secrets
        out["secrets"] = [{"source": sec["source"], "target": os.path.basename(sec.get("target") or sec["source"])} for sec in out["secrets"]]
    cpus = cpus_limit(svc)
    if cpus:
        out.setdefault("deploy", {}).setdefault("resources", {}).setdefault("limits", {})["cpus"] = cpus
    vols = [{"type": "volume", "source": v["source"], "target": v["target"], "read_only": bool(v.get("read_only"))}
            for v in volumes(svc)]
    if vols:
        out["volumes"] = vols
    files = [{"source": config_name(m), "target": m["target"]} for m in file_mounts(svc)]
    if files:
        out["configs"] = out.get("configs", []) + files
    out["networks"] = [HOST_NETWORK]
    return out


def stack(cfg):
    services = {name: service(svc) for name, svc in cfg["services"].items() if name not in JOBS}
    used = {v["source"] for s in services.values() for v in s.get("volumes", [])}
    result = {
        "version": "3.8",
        "services": services,
        "volumes": {name: {} for name in sorted(used)},
        "networks": {HOST_NETWORK: {"external": True, "name": "host"}},
    }
    configs = dict(cfg.get("configs") or {})
    for svc in cfg["services"].values():
        configs.update({config_name(m): {"file": m["source"]} for m in file_mounts(svc)})
    for kind, objects in (("configs", configs), ("secrets", cfg.get("secrets") or {})):
        if objects:
            result[kind] = {name: {"file": c["file"], "name": swarm_name(name, c)} for name, c in objects.items()}
    return result


def swarm_name(name, c):
    """A swarm config or secret cannot change: new content is a new object, its hash in the name."""
    with open(c["file"], "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()[:12]
    return f"{STACK}_{name}_{digest}"


def job(cfg, name):
    svc = cfg["services"][name]
    args = ["--mode", "replicated-job", "--restart-condition", "none", "--network", "host",
            "--name", f"{STACK}_{name}"]
    for c in (svc.get("deploy") or {}).get("placement", {}).get("constraints", []):
        args += ["--constraint", c]
    for k, v in (svc.get("environment") or {}).items():
        args += ["--env", f"{k}={'' if v is None else v}"]
    for v in volumes(svc):
        args += ["--mount", f"type=volume,source={STACK}_{v['source']},target={v['target']}"]
    for sec in svc.get("secrets", []):
        args += ["--secret", f"source={swarm_name(sec['source'], cfg['secrets'][sec['source']])},target={sec['source']}"]
    if svc.get("user"):
        args += ["--user", svc["user"]]
    cpus = cpus_limit(svc)
    if cpus:
        args += ["--limit-cpu", cpus]
    args.append(image_of(svc))
    return args


def build_services(cfg):
    """Compose labels an image with the service that built it (five share the portal's): one service per image."""
    first = {}
    for name, svc in sorted(cfg["services"].items()):
        if "build" in svc:
            first.setdefault(svc["image"], name)
    return " ".join(sorted(first.values()))


def role(cfg, name):
    constraints = " ".join((cfg["services"][name].get("deploy") or {}).get("placement", {}).get("constraints", []))
    found = re.search(r"asyncdb\.role\.([\w-]+)", constraints)
    return found.group(1) if found else "?"


QUERIES = {
    "build-services": lambda cfg, args: build_services(cfg),
    "built-images": lambda cfg, args: "\n".join(sorted({s["image"] for s in cfg["services"].values() if "build" in s})),
    "all-images": lambda cfg, args: "\n".join(sorted({s["image"] for s in cfg["services"].values()})),
    "image": lambda cfg, args: cfg["services"][args[0]]["image"],
    "role": lambda cfg, args: role(cfg, args[0]),
}

if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else ""
    cfg = json.load(sys.stdin)
    if what in QUERIES:
        print(QUERIES[what](cfg, sys.argv[2:]))
        sys.exit(0)
    STACK = sys.argv[2] if len(sys.argv) > 2 else ""
    IMAGE_IDS = image_ids()
    if what == "stack" and STACK:
        json.dump(stack(cfg), sys.stdout, indent=1)
    elif what == "job" and len(sys.argv) > 3:
        sys.stdout.write("\0".join(job(cfg, sys.argv[3])) + "\0")
    else:
        sys.exit("usage: stack-file.py stack STACK | job STACK SERVICE | " + " | ".join(QUERIES) + " [SERVICE] < config.json")
