# The source URLs an instance gets. The sources, their defaults and the URL syntax are the lab's
# model in Java (lab.data.Sources, lab.access.SourceUrl, lab.link): the shell only asks it.

# export_proxied_urls JAVA LOADGEN_JAR INSTANCE [PROXY_HOST]: every source URL of INSTANCE exported
# pointing at its own Toxiproxy proxy (on PROXY_HOST, default 127.0.0.1), as lab.link's scheme says
# (lab.link.LabProxy, `loadgen link --urls`): natively (run-instance.sh) and in the containers'
# entrypoint alike.
export_proxied_urls() {
  local urls var url
  urls=$("$1" -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -jar "$2" link --urls "$3" --instances "$INSTANCES_CONF" \
    ${4:+--proxy-host "$4"}) || { echo "error: could not get $3's proxied source URLs from lab.link" >&2; return 1; }
  while IFS='=' read -r var url; do
    export "$var=$url"
  done <<<"$urls"
}
