# With LINK=wan in force (78 ms RTT), one page per app shows what the link does: the jdbc page pays
# its round trips one after another, the nonblocking page overlaps them. Sourced by the
# container self-tests (e2e-compose.sh, e2e-swarm.sh) after instances.sh.
#   link_page_check HOST   0 when every page is within its bounds; prints each time

LINK_CHECK_RTT_MS=78
# app page jdbc-at-least nonblocking-under (multiples of the RTT): the portal page runs 12 queries
# on four sources; the shop's item page forks two queries on one source.
LINK_CHECK_PAGES=("portal / 12 3" "shop /item/1 2 1.5")

page_ms() { # url -> the fastest of 3 views in ms, after one unrecorded view
  local best="" t i
  curl -fsS -o /dev/null --max-time 30 "$1" || return 1
  for i in 1 2 3; do
    t=$(curl -fsS -o /dev/null --max-time 30 -w '%{time_total}' "$1") || return 1
    best=$(awk -v t="$t" -v b="$best" 'BEGIN { t *= 1000; print (b == "" || t < b) ? t : b }')
  done
  printf '%.0f\n' "$best"
}

link_page_check() {
  local host=$1 spec app path jmin nmax jdbc nb ok=0
  for spec in "${LINK_CHECK_PAGES[@]}"; do
    read -r app path jmin nmax <<<"$spec"
    jdbc=$(page_ms "http://$host:$(instance_field "$(instance_for "$app" jdbc)" 4)$path") || { echo "  $app jdbc page $path failed"; ok=1; continue; }
    nb=$(page_ms "http://$host:$(instance_field "$(instance_for "$app" nonblocking)" 4)$path") || { echo "  $app nonblocking page $path failed"; ok=1; continue; }
    if awk -v j="$jdbc" -v n="$nb" -v r=$LINK_CHECK_RTT_MS -v a="$jmin" -v b="$nmax" 'BEGIN { exit !(j >= a * r && n < b * r) }'; then
      echo "  $app $path: jdbc $jdbc ms (>= $jmin x $LINK_CHECK_RTT_MS), nonblocking $nb ms (< $nmax x $LINK_CHECK_RTT_MS)"
    else
      echo "  $app $path: jdbc $jdbc ms (expected >= $jmin x $LINK_CHECK_RTT_MS), nonblocking $nb ms (expected < $nmax x $LINK_CHECK_RTT_MS): OUT OF BOUNDS"
      ok=1
    fi
  done
  return $ok
}
