#!/bin/sh
# PostgreSQL as the public image starts it: on an empty data directory, a cluster whose superuser is
# POSTGRES_USER (password POSTGRES_PASSWORD, required from other hosts) with the database POSTGRES_DB.
set -eu
if [ "$(id -u)" = 0 ]; then
  # A fresh named volume belongs to root: hand it to postgres, then drop privileges.
  chown postgres:postgres "$PGDATA"
  exec runuser -u postgres -- "$0" "$@"
fi
: "${POSTGRES_USER:=postgres}" "${POSTGRES_DB:=$POSTGRES_USER}"
: "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  pwfile="$(mktemp)"
  printf '%s' "$POSTGRES_PASSWORD" > "$pwfile"
  initdb --pgdata="$PGDATA" --username="$POSTGRES_USER" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  pg_ctl --pgdata="$PGDATA" --options="-c listen_addresses=''" --wait start >/dev/null
  [ "$POSTGRES_DB" = postgres ] || createdb --username="$POSTGRES_USER" "$POSTGRES_DB"
  pg_ctl --pgdata="$PGDATA" --mode=fast --wait stop >/dev/null
fi
exec postgres -D "$PGDATA" -c listen_addresses='*' "$@"
