#!/usr/bin/env bash
# Fails when lib/db/schema and drizzle/ disagree: runs `drizzle-kit generate` against a temporary copy
# of drizzle/ and fails if it would write a migration. Offline (no database), and the repo is untouched.
set -euo pipefail
cd "$(dirname "$0")/.."
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cp -r drizzle "$TMP/drizzle"
# drizzle-kit reads `out` relative to the working directory; the config is plain data (no import).
REL=$(realpath --relative-to=. "$TMP/drizzle")
cat >"$TMP/drizzle.config.ts" <<CONF
export default { dialect: "postgresql", schema: "./lib/db/schema/index.ts", out: "$REL" };
CONF
npx drizzle-kit check --config "$TMP/drizzle.config.ts" >/dev/null
npx drizzle-kit generate --config "$TMP/drizzle.config.ts" --name schema_drift >"$TMP/out.txt" 2>&1 || {
  cat "$TMP/out.txt"
  exit 1
}
if ! diff -rq drizzle "$TMP/drizzle" >/dev/null; then
  echo "lib/db/schema and drizzle/ disagree: 'npx drizzle-kit generate --name <name>' would write a migration:" >&2
  diff -r drizzle "$TMP/drizzle" | head -60 >&2 || true
  exit 1
fi
echo "schema and migrations agree"
