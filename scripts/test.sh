#!/usr/bin/env bash
# npm test: lint, types, the integration suite on the embedded database and on Postgres, then the
# browser suite against a production build. TEST_DATABASE_URL picks the Postgres database (it is
# dropped and created fresh for the run).
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== lint and types"
npx biome check .
npx tsc --noEmit -p .

echo "== generated files are current (app/v1 route files, README event table)"
npx tsx --conditions=react-server scripts/generate-routes.ts --check
npx tsx --conditions=react-server scripts/events-readme.ts --check

echo "== lib/db/schema and drizzle/ agree (no migration is missing)"
bash scripts/check-migrations.sh </dev/null

echo "== import circles (lib/ app/ components/; type-only imports are erased and do not count)"
npm run --silent check:circles

echo "== integration tests on PGlite (embedded)"
env -u DATABASE_URL npx vitest run

PG_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/convo_test}"
PG_DB="${PG_URL##*/}"
PG_ADMIN="${PG_URL%/*}/postgres"
echo "== integration tests on Postgres ($PG_DB, recreated)"
psql "$PG_ADMIN" -v ON_ERROR_STOP=1 -q -c "drop database if exists \"$PG_DB\" with (force)" -c "create database \"$PG_DB\""
DATABASE_URL="$PG_URL" npx vitest run

if [ "${SKIP_E2E:-0}" != "1" ]; then
  echo "== browser tests (Playwright, Chromium)"
  npx playwright test
fi
