#!/bin/sh
# First start: initdb, the superuser password, the init scripts on a socket-only server, then the
# real server. Later starts: the server straight away. Mirrors the official image's behaviour.
set -eu
if [ "${1:-postgres}" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required on first start}"
  pwfile=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
  initdb --username="${POSTGRES_USER:-postgres}" --pwfile="$pwfile" --auth-local=trust \
    --auth-host=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  rm -f "$pwfile"
  printf "listen_addresses = '*'\n" >>"$PGDATA/postgresql.conf"
  printf 'host all all all scram-sha-256\n' >>"$PGDATA/pg_hba.conf"
  pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
  for script in /docker-entrypoint-initdb.d/*; do
    case "$script" in
      *.sh) echo "init: $script"; sh "$script" ;;
      *.sql) echo "init: $script"; psql -v ON_ERROR_STOP=1 -U "${POSTGRES_USER:-postgres}" -f "$script" ;;
    esac
  done
  pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  echo "PostgreSQL initialised"
fi
exec "$@"
