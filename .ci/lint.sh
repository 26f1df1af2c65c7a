#!/usr/bin/env bash
# Lint, formatting and package boundaries (decision 0028): ESLint with no warnings allowed, Prettier's
# check, dependency-cruiser's rules. Every check runs even when an earlier one fails, so one run
# lists everything to fix; each prints its time. Run through `npm run lint` (Node 24 first on PATH).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

failed=()
timings=()
check() {
  local name=$1
  shift
  echo "== $name"
  local started=$SECONDS
  "$@" || failed+=("$name")
  timings+=("$(printf '%-18s %4ss' "$name" $((SECONDS - started)))")
}

# Type-aware rules over every workspace outgrow V8's default heap (about 4 GB on this machine kind): it ran out of memory there.
check eslint node --max-old-space-size=8192 node_modules/eslint/bin/eslint.js --max-warnings 0 .
check prettier node node_modules/prettier/bin/prettier.cjs --check --log-level warn .
check dependency-cruiser node node_modules/dependency-cruiser/bin/dependency-cruiser.mjs --output-type err \
  shared-events contracts shell mf-catalog mf-cart mf-account mf-checkout mf-admin stand-ins tools e2e deploy

printf '%s\n' "== times" "${timings[@]}"
if [ ${#failed[@]} -gt 0 ]; then
  echo "lint failed: ${failed[*]}" >&2
  exit 1
fi
