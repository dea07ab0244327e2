#!/usr/bin/env bash
# Runs every test: type checks, lint, format and layer checks, unit and integration suites on PGlite, the database
# suites again on a real PostgreSQL, the web app's unit tests, and the end-to-end suite in Chromium against the built
# product.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/tools.sh
source scripts/lib/postgres.sh

ensure_debian_packages
trap stop_test_postgres EXIT

echo "== Type checks, lint, format and the web app's layers"
npm run -s typecheck
npm run -s lint

echo "== Backend and database suites on PGlite"
(cd apps/backend && npx vitest run)

echo "== Backend and database suites on PostgreSQL"
start_test_postgres
(cd apps/backend && npx vitest run)

echo "== Web app unit tests"
(cd apps/web && npx vitest run)

echo "== End-to-end in Chromium"
npm run -s build
npx playwright test
