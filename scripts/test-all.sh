#!/usr/bin/env bash
# The one test command (npm test; .ci/run calls it): lint, types, unit, integration on PGlite and PostgreSQL, system tests
# (whole server processes behind nginx), end-to-end in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
export NODE_OPTIONS="${NODE_OPTIONS:-} --no-warnings=ExperimentalWarning"
# each step's wall time goes to .test-timings/tiers.tsv, the test files' and e2e tests' to its JSON reports; printed at the end
TIMINGS=.test-timings
rm -rf "$TIMINGS" && mkdir -p "$TIMINGS"
current_step="install"
step_started=$SECONDS
step() {
  printf '%s\t%s\n' "$current_step" "$((SECONDS - step_started))" >> "$TIMINGS/tiers.tsv"
  current_step="$*"
  step_started=$SECONDS
  printf '\n\033[1m== %s\033[0m\n' "$*"
}
json() { printf -- '--reporter=default --reporter=json --outputFile.json=%s/%s.json' "$TIMINGS" "$1"; }

node scripts/ensure-install.mjs

step "lint and format (biome)"
npx biome check .

step "types (tsc, strict)"
# two projects at a time (tsc is single-threaded; the machine has two cores), the longest first
printf '%s\n' apps/web apps/server e2e packages/contract |
  xargs -P 2 -I{} sh -c 'npx tsc -p {} || { echo "types: tsc -p {} failed" >&2; exit 255; }'

step "unit tests (contract, web)"
npx vitest run --project contract --project web $(json unit)

step "integration tests on PGlite"
# the rate-limit and upload-slot tests also run on Redis
bash scripts/ensure-redis.sh
TEST_DB=pglite npx vitest run --project server $(json pglite)

step "integration tests on PostgreSQL, the system tests beside them"
bash scripts/ensure-postgres.sh
bash scripts/ensure-nginx.sh
# The system tests (whole server processes on PostgreSQL + S3 + Redis behind nginx, crashes and outages) spend most of
# their time waiting for processes, restarts and timeouts (under half a core on average): they run in the background
# beside the PostgreSQL tier, on scratch databases, private clusters and Redis databases of their own, and their output
# is printed when both are done. The tier's own time is still in .test-timings/system.json.
SYSTEM_LOG="$TIMINGS/system.log"
# its own process group (set -m), so that when this script ends early (the PostgreSQL tier failed, Ctrl-C) the whole
# group goes: npx, vitest and its workers, and the server processes and clusters the system tests started
set -m
(TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}" npx vitest run --project system $(json system) >"$SYSTEM_LOG" 2>&1) &
system_pid=$!
set +m
trap 'kill -TERM -- "-$system_pid" 2>/dev/null || true' EXIT
postgres_status=0
TEST_DB=postgres TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}" npx vitest run --project server $(json postgres) || postgres_status=$?
system_status=0
wait "$system_pid" || system_status=$?
trap - EXIT
printf '\n\033[1m== system tests (ran beside the PostgreSQL tier)\033[0m\n'
cat "$SYSTEM_LOG"
[ "$postgres_status" -eq 0 ] || { echo "integration tests on PostgreSQL failed" >&2; exit "$postgres_status"; }
[ "$system_status" -eq 0 ] || { echo "system tests failed" >&2; exit "$system_status"; }

step "build the web app"
node scripts/build-web-if-stale.mjs

step "end-to-end tests (Playwright, Debian Chromium)"
bash scripts/ensure-chromium.sh
PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/$TIMINGS/e2e.json" npm run -w @windscope/e2e test --silent -- --reporter=list,json

printf '%s\t%s\n' "$current_step" "$((SECONDS - step_started))" >> "$TIMINGS/tiers.tsv"
node scripts/test-timings.mjs
echo
echo "all test tiers passed"
