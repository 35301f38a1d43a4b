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

# --- Link proxies in containers (compose, swarm) ------------------------------------------
# The container path's copy of lab.link's scheme (lab.link.LabProxy, lab.loadgen.config.LabProxies):
# natively `loadgen link --create` makes the proxies and `loadgen link --urls` gives an instance its
# URLs; the container entrypoints and compose.sh use these functions instead, and loadgen's
# ProxySchemeTest fails when the two disagree. Each app→database connection goes through its own
# Toxiproxy proxy per instance and source, named <instance>--<source>, listening at
#   10000 + instance port + 100 × source number
# (contacts_mysql 1, contacts_pg 2, logs_mysql 3, logs_pg 4, shop 5): portal-jdbc (8081)'s
# logs_pg proxy is 18481, shop-nonblocking (9083)'s shop proxy is 19583. In containers the
# proxies listen on PROXY_LISTEN_HOST and the instances reach them at LINK_PROXY_HOST
# (compose: the toxiproxy service; swarm: the db node's address).

# source_env SOURCE -> the env var holding its URL
source_env() {
  case $1 in
    contacts_mysql) echo CONTACTS_MYSQL_URL;; contacts_pg) echo CONTACTS_PG_URL;;
    logs_mysql) echo LOGS_MYSQL_URL;; logs_pg) echo LOGS_PG_URL;; shop) echo SHOP_DB_URL;;
    *) echo "[link] error: unknown source '$1'" >&2; return 2;;
  esac
}

source_number() { case $1 in contacts_mysql) echo 1;; contacts_pg) echo 2;; logs_mysql) echo 3;; logs_pg) echo 4;; shop) echo 5;; esac; }

# sources_of APP -> the sources its instances connect to
sources_of() {
  case $1 in
    portal) echo contacts_mysql contacts_pg logs_mysql logs_pg;;
    shop) echo shop;;
    *) echo "";;
  esac
}

proxy_name() { echo "$1--$2"; }                                        # instance source
proxy_port() { echo $((10000 + $(instance_field "$1" 4) + 100 * $(source_number "$2"))); }  # instance source

# proxied_url INSTANCE SOURCE -> the source's URL with host:port replaced by its proxy's
proxied_url() {
  local var url
  var=$(source_env "$2") || return 2
  url=${!var}
  split_url "$url"
  local scheme=${url%%://*} rest=${url#*://}
  local creds=${rest%@*}
  echo "$scheme://$creds@${LINK_PROXY_HOST:-127.0.0.1}:$(proxy_port "$1" "$2")/$U_DB"
}

# toxiproxy_config -> the JSON array of every proxy of every instance (toxiproxy-server -config)
toxiproxy_config() {
  local n app s var sep=""
  echo "["
  for n in $(instance_names); do
    app=$(instance_field "$n" 2)
    for s in $(sources_of "$app"); do
      var=$(source_env "$s"); split_url "${!var}"
      printf '%s  {"name": "%s", "listen": "%s:%s", "upstream": "%s:%s", "enabled": true}' \
        "$sep" "$(proxy_name "$n" "$s")" "${PROXY_LISTEN_HOST:-127.0.0.1}" "$(proxy_port "$n" "$s")" "$U_HOST" "$U_PORT"
      sep=$',\n'
    done
  done
  printf '\n]\n'
}
