# Sourced by scripts that start servers. Closes every descriptor this shell inherited beyond stdio
# (bash keeps its script on 255): a server started here must not hold, for its whole life, a lock
# its caller took around `make up` or `make db` (e.g. `flock LOCK make up`).
close_inherited_fds() {
  local fd fds=()
  for fd in /proc/$BASHPID/fd/*; do fds+=("${fd##*/}"); done
  for fd in "${fds[@]}"; do
    # no redirection on this loop: bash would park stderr on a high descriptor that the loop closes
    if [ "$fd" -gt 2 ] && [ "$fd" -lt 255 ] && [ -e "/proc/$BASHPID/fd/$fd" ]; then eval "exec $fd>&-"; fi
  done
}
