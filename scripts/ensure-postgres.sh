#!/usr/bin/env bash
# Makes sure a PostgreSQL server answers at TEST_DATABASE_URL's host (default 127.0.0.1:5432, trust auth, database test):
# starts the local cluster when it is stopped, installs one from apt when there is none.
set -euo pipefail
HOST=127.0.0.1; PORT=5432
ready() { pg_isready -h "$HOST" -p "$PORT" -q 2>/dev/null || (exec 3<>/dev/tcp/$HOST/$PORT) 2>/dev/null; }
if ready; then exit 0; fi
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
if ! ls /etc/postgresql/*/main >/dev/null 2>&1; then
  echo "Installing PostgreSQL from apt…"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null
fi
VERSION=$(ls /etc/postgresql | sort -V | tail -1)
CONF=/etc/postgresql/$VERSION/main
# trust auth on loopback for the test user, as on the machines this project runs on
if ! grep -q "windscope-test" "$CONF/pg_hba.conf"; then
  $SUDO sed -i '1i host all all 127.0.0.1/32 trust # windscope-test\nhost all all ::1/128 trust # windscope-test\nlocal all all trust # windscope-test' "$CONF/pg_hba.conf"
fi
$SUDO pg_ctlcluster --skip-systemctl-redirect "$VERSION" main start || true
for _ in $(seq 1 30); do ready && break; sleep 1; done
ready || { echo "PostgreSQL did not start" >&2; exit 1; }
psql -h "$HOST" -p "$PORT" -U postgres -tc "select 1 from pg_database where datname='test'" | grep -q 1 || psql -h "$HOST" -p "$PORT" -U postgres -c "create database test" >/dev/null
