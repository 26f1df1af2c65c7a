#!/usr/bin/env bash
# Runs a command with Node 24 first on PATH, installing the workspace first when needed.
set -e
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$root/.ci/node24.sh"
cd "$root"
stamp=node_modules/.install-stamp
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ]; then
  echo "[setup] installing dependencies (npm install, pinned by package-lock.json)" >&2
  # npm install rather than npm ci: see .ci/run.
  npm install --no-audit --no-fund --loglevel=error >&2
  touch "$stamp"
fi
exec "$@"
