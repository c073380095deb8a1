#!/usr/bin/env bash
# A throwaway PostgreSQL for the integration tests (npm test), on 127.0.0.1 only.
#
#   scripts/ensure-postgres.sh [start]   install Debian's postgresql when missing, start a fresh
#                                        cluster in a temp folder (unless one already answers on the
#                                        port) and print its admin URL on stdout:
#                                        postgres://postgres@127.0.0.1:54329/postgres
#   scripts/ensure-postgres.sh stop      stop the cluster this script started and delete its folder
#   scripts/ensure-postgres.sh status    exit 0 when a server answers on the port
#
# The cluster trusts every loopback connection (superuser `postgres`, no password) and runs with
# fsync off: test data only. unaccent and pg_trgm come with Debian's postgresql-<version> package.
# CUVEE_PG_PORT overrides the port.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
port=${CUVEE_PG_PORT:-54329}
state=${TMPDIR:-/tmp}/cuvee-postgres-$port.dir
url="postgres://postgres@127.0.0.1:$port/postgres"

pg_bin() {
  local bin
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  [ -n "$bin" ] && [ -x "$bin/initdb" ] && [ -x "$bin/pg_ctl" ] && [ -x "$bin/pg_isready" ] && echo "$bin"
}

# Runs a PostgreSQL tool as the cluster's owner: the `postgres` user when we are root
# (initdb and postgres refuse to run as root), else the current user.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

answering() {
  local bin
  bin=$(pg_bin) || return 1
  "$bin/pg_isready" -q -h 127.0.0.1 -p "$port" -t 2
}

install() {
  # shellcheck source=lib/apt.sh
  . "$here/lib/apt.sh"
  # Keep the package's own cluster (port 5432) from being started during the install.
  local policy=""
  if [ "$(id -u)" -eq 0 ] && [ ! -e /usr/sbin/policy-rc.d ]; then
    policy=/usr/sbin/policy-rc.d
    printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy"
  fi
  local status=0
  apt_install postgresql || status=$?
  [ -n "$policy" ] && rm -f "$policy"
  return "$status"
}

start() {
  if answering; then
    echo "$url"
    return 0
  fi
  local bin
  if ! bin=$(pg_bin); then
    install
    bin=$(pg_bin) || { echo "ensure-postgres: no initdb under /usr/lib/postgresql/*/bin after install" >&2; return 1; }
  fi
  if [ "$(id -u)" -eq 0 ] && ! id postgres >/dev/null 2>&1; then
    useradd --system --home-dir /var/lib/postgresql --shell /bin/sh postgres
  fi
  # A stale state file from a crashed run: forget it (its folder is removed below if present).
  if [ -f "$state" ]; then
    rm -rf -- "$(cat "$state")" "$state"
  fi

  local dir
  dir=$(mktemp -d "${TMPDIR:-/tmp}/cuvee-postgres.XXXXXX")
  chmod 755 "$dir"
  [ "$(id -u)" -eq 0 ] && chown postgres: "$dir"
  echo "$dir" >"$state"

  local locale=(--no-locale)
  if locale -a 2>/dev/null | grep -qiE '^c\.utf-?8$'; then locale=(--locale=C.UTF-8); fi
  as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 "${locale[@]}" >"$dir/initdb.log" 2>&1 || {
    cat "$dir/initdb.log" >&2
    return 1
  }
  if ! as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    start >&2; then
    cat "$dir/server.log" >&2
    return 1
  fi
  local i
  for i in $(seq 1 60); do
    answering && break
    sleep 0.5
  done
  answering || { echo "ensure-postgres: the server does not answer on 127.0.0.1:$port" >&2; cat "$dir/server.log" >&2; return 1; }
  echo "$url"
}

stop() {
  [ -f "$state" ] || return 0
  local dir bin
  dir=$(cat "$state")
  if bin=$(pg_bin) && [ -d "$dir/data" ]; then
    as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w -t 30 stop >/dev/null 2>&1 || true
  fi
  rm -rf -- "$dir" "$state"
}

case "${1:-start}" in
  start) start ;;
  stop) stop ;;
  status) answering ;;
  *) echo "usage: $0 [start|stop|status]" >&2; exit 2 ;;
esac
