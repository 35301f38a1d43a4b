#!/usr/bin/env bash
# The lab port: loadgen asks the shell that started it for what only the shell does (lab.sh only,
# hand-off, stop-server, start-server), and the shell carries it out. Calls go one way: Java never
# runs a script of the lab (loadgen's lab.loadgen.config.LabPort is the other side).
#
#   lab-port.sh DIR VERBS HANDLER…   serves DIR until killed: for each request DIR/N.request (its
#                                    words, the first one of VERBS), runs HANDLER… WORDS…, writes
#                                    what it printed to DIR/N.out and then its exit status to DIR/N.status
#
# Files, not pipes: neither side blocks on the other. DIR/server.pid tells loadgen whether the port
# is still served. Requests run one at a time, in the order they were made.
set -uo pipefail
dir=$1 verbs=" $2 "
shift 2
echo $$ > "$dir/server.pid"
# Polled every 50 ms with no process started while nothing is asked (a glob, and a read that times
# out on a FIFO nobody writes): the port runs beside the measured instance, and must cost it nothing.
mkfifo "$dir/.tick" && exec 9<>"$dir/.tick"
while :; do
  pending=("$dir"/*.request)
  [ -e "${pending[0]}" ] || { read -r -t 0.05 -u 9 _ || true; continue; }
  for req in $(printf '%s\n' "${pending[@]##*/}" | sed -n 's/^\([0-9]\{1,\}\)\.request$/\1/p' | sort -n); do
    read -r -a words < "$dir/$req.request"
    rm -f "$dir/$req.request"
    if [[ "$verbs" == *" ${words[0]:-} "* ]]; then
      "$@" "${words[@]}" > "$dir/$req.out" 2>&1 < /dev/null
      echo $? > "$dir/$req.draft-status"
    else
      echo "lab-port.sh: '${words[0]:-}' is not a request this lab serves (only:$verbs)" > "$dir/$req.out"
      echo 2 > "$dir/$req.draft-status"
    fi
    mv "$dir/$req.draft-status" "$dir/$req.status"
  done
done
