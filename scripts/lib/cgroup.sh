# Sourced by scripts that start the lab's processes: each one goes into a cgroup v2 group of its own,
# <cgroup2 mount>/asyncdb-lab/<name>, so that the sweep reads every part's CPU from its cpu.stat
# (lab.loadgen.metrics.CgroupCpu), children included (PostgreSQL's forked backends, a JVM's threads).
# Where no cgroup2 hierarchy is mounted or it is not writable, nothing happens: the sweep then falls
# back to the PID files.
CGROUP_LAB=asyncdb-lab

cgroup_dir() { # name -> the group's directory (created), or nothing
  local mnt
  mnt=$(awk '$3 == "cgroup2" {print $2; exit}' /proc/mounts 2>/dev/null)
  [ -n "$mnt" ] && [ -w "$mnt" ] || return 1
  mkdir -p "$mnt/$CGROUP_LAB/$1" 2>/dev/null && echo "$mnt/$CGROUP_LAB/$1"
}

cgroup_join() { # name: moves the calling (sub)shell, and so what it execs, into the group
  local g
  g=$(cgroup_dir "$1") && echo "$BASHPID" >"$g/cgroup.procs" 2>/dev/null
  return 0
}

cgroup_move() { # name pid…: moves running processes (e.g. the database servers) into the group
  local g pid name=$1
  shift
  g=$(cgroup_dir "$name") || return 0
  for pid in "$@"; do echo "$pid" >"$g/cgroup.procs" 2>/dev/null; done
  return 0
}
