#!/usr/bin/env bash
# The whole test suite: type checks, unit and service tests (jest), browser tests (Playwright in
# Debian's Chromium). Run through `npm test`, which puts Node 24 first on PATH.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# The browser tests need Debian's Chromium: installed here when missing and we may (root, apt), or
# the run stops before any work with the one command that fixes it.
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "== installing Chromium (Debian package)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "Chromium is missing. Run: sudo apt-get install chromium   (or set CHROMIUM_PATH to a Chromium binary)" >&2
    exit 1
  fi
fi

echo "== type check"
SECONDS=0
for pkg in shared-events contracts/orders-api contracts/catalog-api contracts/gateway-api service-kit shell mf-catalog mf-cart mf-account mf-checkout mf-admin stand-ins tools deploy; do
  node node_modules/typescript/bin/tsc -p "$pkg/tsconfig.json"
done
node node_modules/typescript/bin/tsc -p e2e/tsconfig.json

typecheck_s=$SECONDS
# Lint, formatting and boundaries (decision 0028): a failure is reported at the end, after the tests
# have run, so one run lists everything to fix.
SECONDS=0
bash .ci/lint.sh || lint_failed=1
lint_s=$SECONDS
echo "== alert rules (promtool)"
bash .ci/promtool.sh || rules_failed=1
echo "== unit and service tests (jest)"
SECONDS=0
mkdir -p .cache
# A failure is counted in the closing summary; the browser tests still run, so one run lists everything.
# Two workers: jest's default on two cores is one (cores - 1), and most test files wait on the
# services they start, so one worker left a core idle (the suite took 222 s with two against about
# 350-490 s in band on this machine kind).
node node_modules/jest/bin/jest.js --ci --maxWorkers=2 --json --outputFile="$PWD/.cache/jest-results.json" || jest_failed=1

jest_s=$SECONDS
echo "== benchmark helpers (node's test runner)"
node --test tools/bench/bench.test.ts

echo "== browser tests (Playwright, Chromium)"
SECONDS=0
PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/.cache/playwright-results.json" \
  node node_modules/@playwright/test/cli.js test -c e2e/playwright.config.ts --reporter=list,json || browser_failed=1
browser_s=$SECONDS

# The closing summary: every failure by name (flaky counts as failed), the slowest tests, one count.
echo "== wall time: type check ${typecheck_s} s, lint ${lint_s} s, jest ${jest_s} s, browser tests ${browser_s} s"
status=0
node tools/test-report/cli.ts .cache/jest-results.json .cache/playwright-results.json || status=1
# Playwright's own verdict too: a stack that never started leaves no failed test to count.
if [ -n "${jest_failed:-}" ]; then echo "The jest tests did not pass (see above)." >&2; status=1; fi
if [ -n "${browser_failed:-}" ]; then echo "The browser tests did not pass (see above)." >&2; status=1; fi
if [ -n "${rules_failed:-}" ]; then echo "The alert rules failed promtool's checks or tests (see '== alert rules' above; bash .ci/promtool.sh runs them alone)." >&2; status=1; fi
if [ -n "${lint_failed:-}" ]; then echo "Lint, formatting or boundaries failed (see '== eslint' above; npm run lint runs them alone)." >&2; status=1; fi
exit $status
