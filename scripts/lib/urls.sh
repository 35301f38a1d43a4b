# Source URLs of DESIGN.md with their defaults, split into shell variables.
# One place for the defaults; the Java side reads the same env vars (lab.data.Sources).

: "${CONTACTS_MYSQL_URL:=mysql://bench:bench@127.0.0.1:3306/contacts}"
: "${CONTACTS_PG_URL:=postgresql://bench:bench@127.0.0.1:5432/contacts}"
: "${LOGS_MYSQL_URL:=mysql://bench:bench@127.0.0.1:3306/logs}"
: "${LOGS_PG_URL:=postgresql://bench:bench@127.0.0.1:5432/logs}"
: "${SHOP_DB_URL:=mysql://bench:bench@127.0.0.1:3306/shop}"

# url_decode TEXT -> REPLY: the user/password decoding of lab.access.SourceUrl (java.net.URLDecoder,
# UTF-8): "+" is a space, %XX a byte; a "%" without two hex digits is an error (status 1).
url_decode() {
  local s=$1
  [[ $s =~ %([^0-9A-Fa-f]|.[^0-9A-Fa-f]|.?$) ]] && return 1
  s=${s//\\/\\\\}          # printf %b below: keep backslashes literal
  s=${s//+/ }
  printf -v REPLY '%b' "${s//%/\\x}"
}

# split_url URL -> sets U_ENGINE U_USER U_PASSWORD U_HOST U_PORT U_DB
split_url() {
  local re='^([a-z]+)://([^:@/]+)(:([^@]*))?@([^:/]+)(:([0-9]+))?/([^/?]+)$'
  [[ $1 =~ $re ]] || { echo "[db] error: malformed database URL '$1'; expected mysql://user:pass@host:port/db or postgresql://user:pass@host:port/db" >&2; exit 2; }
  U_ENGINE=${BASH_REMATCH[1]}; U_HOST=${BASH_REMATCH[5]}; U_PORT=${BASH_REMATCH[7]}; U_DB=${BASH_REMATCH[8]}
  local user=${BASH_REMATCH[2]} password=${BASH_REMATCH[4]}
  url_decode "$user" && U_USER=$REPLY && url_decode "$password" && U_PASSWORD=$REPLY ||
    { echo "[db] error: bad %-escape in the user or password of the $U_ENGINE URL for $U_HOST/$U_DB" >&2; exit 2; }
  case $U_ENGINE in
    mysql|mariadb) U_ENGINE=mysql; : "${U_PORT:=3306}";;
    postgresql|postgres) U_ENGINE=postgresql; : "${U_PORT:=5432}";;
    *) echo "[db] error: unknown engine '$U_ENGINE' in '$1'; accepted: mysql, postgresql" >&2; exit 2;;
  esac
}

# load_source_urls -> MYSQL_{HOST,PORT,USER,PASSWORD,DATABASES}, PG_{...}
load_source_urls() {
  MYSQL_DATABASES=""; PG_DATABASES=""
  local url
  for url in "$CONTACTS_MYSQL_URL" "$CONTACTS_PG_URL" "$LOGS_MYSQL_URL" "$LOGS_PG_URL" "$SHOP_DB_URL"; do
    split_url "$url"
    if [ "$U_ENGINE" = mysql ]; then
      MYSQL_HOST=$U_HOST; MYSQL_PORT=$U_PORT; MYSQL_USER=$U_USER; MYSQL_PASSWORD=$U_PASSWORD
      MYSQL_DATABASES="$MYSQL_DATABASES $U_DB"
    else
      PG_HOST=$U_HOST; PG_PORT=$U_PORT; PG_USER=$U_USER; PG_PASSWORD=$U_PASSWORD
      PG_DATABASES="$PG_DATABASES $U_DB"
    fi
  done
  # The shop runs on either engine; the other engine still gets a shop database for tests.
  : "${MYSQL_HOST:=127.0.0.1}" "${MYSQL_PORT:=3306}" "${MYSQL_USER:=bench}" "${MYSQL_PASSWORD:=bench}"
  : "${PG_HOST:=127.0.0.1}" "${PG_PORT:=5432}" "${PG_USER:=bench}" "${PG_PASSWORD:=bench}"
  case " $PG_DATABASES " in *" shop "*) ;; *) PG_DATABASES="$PG_DATABASES shop";; esac
}

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
