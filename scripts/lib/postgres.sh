# Starts a throwaway PostgreSQL server for the test suites: a new cluster in a temporary folder, listening only on
# 127.0.0.1, removed again on exit. Sourced by scripts/test.sh; exports TEST_DATABASE_URL.

pg_bin_dir() {
  local dir
  for dir in /usr/lib/postgresql/*/bin; do
    [ -x "$dir/initdb" ] && { echo "$dir"; return 0; }
  done
  command -v initdb >/dev/null 2>&1 && { dirname "$(command -v initdb)"; return 0; }
  return 1
}

start_test_postgres() {
  local bin port="${TEST_PG_PORT:-55432}"
  bin=$(pg_bin_dir) || { echo "PostgreSQL is not installed (Debian package: postgresql)." >&2; return 1; }
  PG_TEST_DIR=$(mktemp -d /tmp/teamplan-pg.XXXXXX)
  local run=()
  # The server refuses to run as root; on a root machine it runs as the postgres user the package created.
  if [ "$(id -u)" = 0 ]; then
    chown postgres "$PG_TEST_DIR"
    run=(runuser -u postgres --)
  fi
  "${run[@]}" "$bin/initdb" -D "$PG_TEST_DIR/data" -U postgres --auth=trust --no-sync -E UTF8 >"$PG_TEST_DIR/initdb.log" 2>&1 \
    || { cat "$PG_TEST_DIR/initdb.log" >&2; return 1; }
  "${run[@]}" "$bin/pg_ctl" -D "$PG_TEST_DIR/data" -l "$PG_TEST_DIR/server.log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $PG_TEST_DIR -c fsync=off -c max_connections=200" start >/dev/null \
    || { cat "$PG_TEST_DIR/server.log" >&2; return 1; }
  PG_TEST_STOP=("${run[@]}" "$bin/pg_ctl" -D "$PG_TEST_DIR/data" -m immediate stop)
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
}

stop_test_postgres() {
  [ -n "${PG_TEST_DIR:-}" ] || return 0
  "${PG_TEST_STOP[@]}" >/dev/null 2>&1 || true
  rm -rf "$PG_TEST_DIR"
}
