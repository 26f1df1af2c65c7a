#!/usr/bin/env bash
# The production topology on this machine, tried as a shopper meets it: builds every image with
# podman (the base from Debian's packages and the npm registry: no image registry needed), brings up
# deploy/compose.yaml with the local profile (HAProxy, 2 gateways, 2 catalogues, 2 checkouts,
# PostgreSQL, Redis, Prometheus, the local Firebase and Stripe mock), runs the browser journey through
# the load balancer while one instance of every service crashes, checks that Prometheus scrapes every
# instance and that a stopped one shows as down and fires its alert, then takes it all down again.
#   bash deploy/podman/topology-test.sh        (npm run test:topology)
#   bash deploy/podman/topology-test.sh images (only builds the images; .ci/run does it beside npm test)
#   bash deploy/podman/topology-test.sh run    (only the topology and its checks, on images built before)
# TOPOLOGY_FRONTENDS=image builds the front ends inside the gateway image (default: the host's build).
# TOPOLOGY_KEEP=1 leaves the topology running afterwards (http://127.0.0.1:8080); SHOP_PORT,
# LOCAL_AUTH_PORT and LOCAL_DATABASE_PORT (8080, 9199, 9100) move its published ports.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
source .ci/node24.sh
export CONTAINERS_CONF="$PWD/deploy/podman/containers.conf"
project="${TOPOLOGY_PROJECT:-storefront-topology}"
export TOPOLOGY_PROJECT="$project"
SECONDS=0
step() { echo "== [topology ${SECONDS}s] $*"; }
phase="${1:-all}"
case "$phase" in
  all | images | run) ;;
  *) echo "usage: topology-test.sh [all|images|run]" >&2; exit 2 ;;
esac

build_images() {
  missing=()
  for tool in podman podman-compose mmdebstrap runc; do command -v "$tool" >/dev/null || missing+=("$tool"); done
  if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
      step "installing ${missing[*]} (Debian packages)"
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman podman-compose mmdebstrap runc >/dev/null
    else
      echo "Missing ${missing[*]}: sudo apt-get install podman podman-compose mmdebstrap runc" >&2
      exit 1
    fi
  fi

  base=localhost/storefront-node:24
  if ! podman image exists "$base"; then
    step "base image"
    bash deploy/podman/base-image.sh "$base"
  fi

  # npm inside the builds trusts what npm here trusts (a TLS-inspecting proxy's CA, if any).
  ca="$(npm config get cafile 2>/dev/null || true)"
  [ -f "$ca" ] || ca=/etc/ssl/certs/ca-certificates.crt
  build() {
    local file="$1" target="$2"
    step "image storefront-$target"
    # npm install of the whole workspace opens more files at once than a build container's default
    # limit allows (EMFILE once lint and boundary tools joined the development dependencies).
    podman build --quiet --format docker -f "$file" --target "$target" --build-arg "NODE_IMAGE=$base" --build-arg "BASE_IMAGE=$base" \
      --build-arg "FRONTENDS=$frontends" --ulimit nofile=16384:16384 --secret "id=npm-ca,src=$ca" -t "localhost/storefront-$target:latest" . >/dev/null
  }
  # Only the gateway copies the front ends; the other targets still need FRONTENDS to name an image
  # (podman 4.3 resolves every stage's FROM), and the base image costs nothing.
  frontends="$base"
  for target in postgres redis haproxy prometheus; do build deploy/podman/stand-ins.Containerfile "$target"; done
  for target in catalog checkout local-firebase local-stripe; do build deploy/Containerfile "$target"; done
  # The gateway last: it alone serves the front ends. TOPOLOGY_FRONTENDS_READY names a file whose
  # appearance says they are built (.ci/run starts the images before its npm install and build).
  if [ -n "${TOPOLOGY_FRONTENDS_READY:-}" ]; then
    step "waiting for the front ends ($TOPOLOGY_FRONTENDS_READY)"
    until [ -e "$TOPOLOGY_FRONTENDS_READY" ]; do sleep 2; done
  fi
  # The front ends the gateway serves: by default the host's production build (what npm test
  # builds and tests; built here if missing or stale), packed into an image of its own (every
  # remote's, by the mf-* folders), so the image does not install every development dependency
  # and run webpack a second time (decision 0035).
  # TOPOLOGY_FRONTENDS=image builds them inside the image instead, as a release pipeline does.
  if [ "${TOPOLOGY_FRONTENDS:-host}" = image ]; then
    frontends=build
  else
    step "front ends: the host's production build"
    node tools/stack/build.ts
    frontends=localhost/storefront-frontends:latest
    tar -c --transform 's,^,app/,' shell/dist mf-*/dist |
      podman import --quiet - "$frontends" >/dev/null
  fi
  build deploy/Containerfile gateway
}
if [ "$phase" != run ]; then build_images; fi
if [ "$phase" = images ]; then
  step "images built"
  exit 0
fi
for target in postgres redis haproxy prometheus gateway catalog checkout local-firebase local-stripe; do
  podman image exists "localhost/storefront-$target:latest" || {
    echo "No image localhost/storefront-$target: build them first (bash deploy/podman/topology-test.sh images)" >&2
    exit 1
  }
done

compose() {
  podman-compose -p "$project" -f deploy/compose.yaml -f deploy/compose.local.yaml "$@"
}
set -a
source deploy/local.env
set +a
export POSTGRES_IMAGE=localhost/storefront-postgres:latest REDIS_IMAGE=localhost/storefront-redis:latest HAPROXY_IMAGE=localhost/storefront-haproxy:latest
export PROMETHEUS_IMAGE=localhost/storefront-prometheus:latest
# Ports of their own, so a developer's `npm start` (3000, 9099, 9000) keeps running beside it.
export SHOP_PORT="${SHOP_PORT:-8080}" LOCAL_AUTH_PORT="${LOCAL_AUTH_PORT:-9199}" LOCAL_DATABASE_PORT="${LOCAL_DATABASE_PORT:-9100}"
export PROMETHEUS_PORT="${PROMETHEUS_PORT:-9490}"
shop="http://127.0.0.1:$SHOP_PORT"
prometheus="http://127.0.0.1:$PROMETHEUS_PORT"

down() {
  if [ -z "${TOPOLOGY_KEEP:-}" ]; then
    step "taking the topology down"
    compose down -v >/dev/null 2>&1 || true
  fi
}
trap down EXIT

compose down -v >/dev/null 2>&1 || true
step "starting the topology"
compose up -d --no-build >/dev/null 2>&1

# Ready means the gateway and every upstream it reports (catalogue, checkout, auth, database).
ready() { node -e 'fetch(process.argv[1]).then((r) => r.json()).then((b) => process.exit(b.status === "ready" ? 0 : 1), () => process.exit(1))' "$shop/readyz"; }
step "waiting for the shop at $shop"
# The balancer spreads the probes over both gateways, and one can answer ready a moment before the
# other: ready means several answers in a row, so every instance behind the balancer has said so.
streak=0
for _ in $(seq 1 240); do
  if ready; then streak=$((streak + 1)); else streak=0; fi
  [ "$streak" -ge 6 ] && break
  sleep 0.5
done
[ "$streak" -ge 6 ] || {
  echo "The topology never became ready: $(curl -sS "$shop/readyz" 2>&1)" >&2
  podman ps -a --filter "name=${project}_" --format '{{.Names}} {{.Status}}' >&2
  for name in $(podman ps -a --filter "name=${project}_" --format '{{.Names}}'); do echo "--- $name" >&2; podman logs --tail 15 "$name" >&2 2>&1 || true; done
  exit 1
}
podman ps --filter "name=${project}_" --format '{{.Names}} {{.Status}}'

step "browser journey through the load balancer"
TOPOLOGY_URL="$shop" node node_modules/@playwright/test/cli.js test -c e2e/topology/playwright.config.ts

step "after the journey: every crashed instance is back"
for _ in $(seq 1 60); do
  [ "$(podman ps --filter "name=${project}_" --filter status=running --format '{{.Names}}' | wc -l)" -ge 12 ] && break
  sleep 1
done
podman ps -a --filter "name=${project}_" --format '{{.Names}} {{.Status}}'

step "Prometheus scrapes every instance"
node deploy/testing/prometheusWatch.ts up "$prometheus" 6
step "a stopped instance shows as down and its alert fires"
podman stop -t 2 "${project}_catalog-2_1" >/dev/null
node deploy/testing/prometheusWatch.ts down "$prometheus" catalog-2:9464 InstanceDown
podman start "${project}_catalog-2_1" >/dev/null
node deploy/testing/prometheusWatch.ts up "$prometheus" 6
step "passed"
