#!/usr/bin/env bash
# The alert rules and the scrape configuration (deploy/monitoring, decision 0032): promtool's checks and
# the rules' unit tests (alerts.test.yml). promtool comes from Debian's prometheus package, which
# .ci/run installs; on a developer's machine without it the step is skipped, loudly. Under CI it must run.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../deploy/monitoring"

if ! command -v promtool >/dev/null; then
  if [ "${CI:-}" = true ]; then
    echo "promtool is missing under CI: install Debian's prometheus package (apt-get install -y prometheus)" >&2
    exit 1
  fi
  echo "!! promtool is not installed: the alert rules were NOT checked. Install it with: sudo apt-get install prometheus" >&2
  exit 0
fi

promtool check config prometheus.yml
promtool check config prometheus.topology.yml
promtool check rules alerts.yml
promtool test rules alerts.test.yml
