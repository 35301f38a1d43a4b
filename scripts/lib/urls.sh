# The source URLs a process of the lab gets. The sources, their defaults and the URL syntax are the
# lab's model in Java (lab.data.Sources, lab.access.SourceUrl, lab.link): the shell only asks it.

# export_source_urls JAVA LOADGEN_JAR [INSTANCE] [PROXY_HOST] [SECRETS_DIR] [OPTION…]: the source URLs exported,
# INSTANCE's (every source without one): through INSTANCE's own Toxiproxy proxies on PROXY_HOST when
# given (lab.link's scheme), with the passwords of SECRETS_DIR/<mysql|postgres>_password where
# readable (`loadgen sources`): natively (run-instance.sh) and in the containers' entrypoint alike.
export_source_urls() {
  local urls var url
  urls=$("$1" -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -jar "$2" sources ${3:+"$3"} --instances "$INSTANCES_CONF" \
    ${4:+--proxy-host "$4"} ${5:+--secrets "$5"} "${@:6}") || { echo "error: could not get ${3:-the lab}'s source URLs from loadgen sources" >&2; return 1; }
  while IFS='=' read -r var url; do
    export "$var=$url"
  done <<<"$urls"
}
