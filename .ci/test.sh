#!/usr/bin/env bash
# The whole test suite: type checks, unit and service tests (jest), browser tests (Playwright in
# Debian's Chromium). Run through `npm test`, which puts Node 24 first on PATH.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

echo "== type check"
for pkg in shared-events shell mf-catalog mf-cart mf-account mf-checkout tools; do
  node node_modules/typescript/bin/tsc -p "$pkg/tsconfig.json"
done
node node_modules/typescript/bin/tsc -p shell/bench/tsconfig.json
node node_modules/typescript/bin/tsc -p shell/soak/tsconfig.json
node node_modules/typescript/bin/tsc -p e2e/tsconfig.json

echo "== unit and service tests (jest)"
mkdir -p .cache
node node_modules/jest/bin/jest.js --ci --json --outputFile="$PWD/.cache/jest-results.json"

echo "== benchmark helpers (node's test runner)"
node --test shell/bench/bench.test.ts

echo "== browser tests (Playwright, Chromium)"
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "Chromium is missing: install Debian's package (apt-get install chromium) or set CHROMIUM_PATH." >&2
  exit 1
fi
PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/.cache/playwright-results.json" \
  node node_modules/@playwright/test/cli.js test -c e2e/playwright.config.ts --reporter=list,json

# One closing line for the whole suite (jest and Playwright each print their own above).
node -e '
const fs = require("node:fs");
const jest = JSON.parse(fs.readFileSync(".cache/jest-results.json", "utf8"));
const pw = JSON.parse(fs.readFileSync(".cache/playwright-results.json", "utf8")).stats;
const passed = jest.numPassedTests + pw.expected + pw.flaky;
const failed = jest.numFailedTests + pw.unexpected;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
'
