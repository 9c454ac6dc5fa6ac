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

step "integration tests on PostgreSQL"
bash scripts/ensure-postgres.sh
TEST_DB=postgres TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}" npx vitest run --project server $(json postgres)

step "system tests: several processes on PostgreSQL + S3 + Redis behind nginx, crashes and outages"
bash scripts/ensure-nginx.sh
TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}" npx vitest run --project system $(json system)

step "build the web app"
node scripts/build-web-if-stale.mjs

step "end-to-end tests (Playwright, Debian Chromium)"
bash scripts/ensure-chromium.sh
PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/$TIMINGS/e2e.json" npm run -w @windscope/e2e test --silent -- --reporter=list,json

printf '%s\t%s\n' "$current_step" "$((SECONDS - step_started))" >> "$TIMINGS/tiers.tsv"
node scripts/test-timings.mjs
echo
echo "all test tiers passed"
