# Sourced by scripts that start servers. Closes every descriptor this shell inherited beyond stdio
# (bash keeps its script on 255): a server started here must not hold, for its whole life, a lock
# its caller took around `make up` or `make db` (e.g. `flock LOCK make up`).
close_inherited_fds() {
  local fd
  for fd in /proc/$BASHPID/fd/*; do
    fd=${fd##*/}
    if [ "$fd" -gt 2 ] && [ "$fd" -lt 255 ]; then eval "exec $fd>&-"; fi
  done 2>/dev/null
}
