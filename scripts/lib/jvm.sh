# The JVM options of the lab's apps, one heap whatever the runtime: natively scripts/run-instance.sh,
# in the images scripts/images/instance-entrypoint.sh (JAVA_OPTS, when set, replaces them there).
# Thesis A.3 gave Tomcat 1 GB; small enough for 9 instances on one box. Loadgen records each
# instance's max heap with a run, and `make compare-runtimes` shows any difference.
lab_java_opts() { # app (portal|shop|dashboard|other) -> its options
  local common="-XX:+UseG1GC -XX:MaxGCPauseMillis=100 -XX:+ExitOnOutOfMemoryError --enable-native-access=ALL-UNNAMED"
  case $1 in
    portal) echo "$common ${PORTAL_JAVA_OPTS:--Xms128m -Xmx1g -Xss512k}" ;;
    shop) echo "$common ${SHOP_JAVA_OPTS:--Xms128m -Xmx1g -Xss512k}" ;;
    dashboard) echo "$common ${DASHBOARD_JAVA_OPTS:--Xms32m -Xmx256m}" ;;
    *) echo "$common" ;;
  esac
}
