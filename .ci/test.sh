#!/usr/bin/env bash
# The whole test suite: type checks, unit and service tests (jest), browser tests (Playwright in
# Debian's Chromium). Run through `npm test`, which puts Node 24 first on PATH.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

echo "== type check"
for pkg in shared-events shell mf-catalog mf-cart mf-account mf-checkout; do
  node node_modules/typescript/bin/tsc -p "$pkg/tsconfig.json"
done
node node_modules/typescript/bin/tsc -p e2e/tsconfig.json

echo "== unit and service tests (jest)"
node node_modules/jest/bin/jest.js --ci

echo "== browser tests (Playwright, Chromium)"
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "Chromium is missing: install Debian's package (apt-get install chromium) or set CHROMIUM_PATH." >&2
  exit 1
fi
node node_modules/@playwright/test/cli.js test -c e2e/playwright.config.ts
