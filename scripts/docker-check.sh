#!/usr/bin/env bash
# A real Docker build and run of the Dockerfile (needs a Docker engine; CI has none and runs
# scripts/container-smoke.sh instead): the build, no compiler and no dev dependencies in the
# final image, the native SQLite binding, a non-root user, /healthz, the HEALTHCHECK, an outbox
# folder of an earlier version in the volume imported at start, an enquiry in the volume's SQLite
# database (/app/data/site.db, mode 0600) read back through `docker exec … node build/outbox.js`,
# SIGTERM, and the database across container lives (write, restart, read back; pending enquiries
# surviving a restart and a kill -9 on the same volume; backup and check). Prints
# "N passed, M failed".
#
# The base image is the Dockerfile's NODE_IMAGE, pulled from its registry (or already present).
# On a build machine that reaches no image registry, DOCKER_BASE_STANDIN names a script that
# builds a local image under that name instead (e.g. one that makes Debian with the same Node
# and a `node` user): `DOCKER_BASE_STANDIN=/path/to/standin.sh bash scripts/docker-check.sh`.
# The checks below are this project's own and the same either way.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
need() { command -v "$1" >/dev/null 2>&1; }
need docker || { echo "0 passed, 1 failed: no docker command"; exit 1; }
if ! docker info >/dev/null 2>&1 && need dockerd; then
  (dockerd --bridge=none --iptables=false --ip-masq=false >/tmp/docker-check-dockerd.log 2>&1 &)
  for _ in $(seq 30); do docker info >/dev/null 2>&1 && break; sleep 1; done
fi
docker info >/dev/null 2>&1 || { echo "0 passed, 1 failed: no docker engine"; exit 1; }

image=$(sed -n 's/^ARG NODE_IMAGE=//p' "$root/Dockerfile" | head -1)
standin=${DOCKER_BASE_STANDIN:-}
if [ -z "$(docker images -q "$image")" ]; then
  if [ -n "$standin" ]; then
    echo "offline build machine: building a local stand-in for $image with $standin"
    # The stand-in lacks /etc/ssl/certs until the CA bundle is copied in: create it first.
    sed 's#^  cp /etc/ssl/certs/ca-certificates.crt#  mkdir -p "$R/etc/ssl/certs"; cp /etc/ssl/certs/ca-certificates.crt#' "$standin" |
      PROJECT_DIR="$root" bash >/tmp/docker-check-standin.log 2>&1
  else
    docker pull -q "$image" >/dev/null || { echo "0 passed, 1 failed: $image cannot be pulled (set DOCKER_BASE_STANDIN)"; exit 1; }
  fi
  [ -n "$(docker images -q "$image")" ] || { echo "0 passed, 1 failed: no base image $image"; exit 1; }
fi

p=0 f=0
check() { if eval "$2"; then p=$((p + 1)); echo "ok   $1"; else f=$((f + 1)); echo "FAIL $1"; fi; }
log=/tmp/docker-check-build.log
check "docker build" "DOCKER_BUILDKIT=0 docker build --network host -t site-check '$root' >'$log' 2>&1"
[ -n "$(docker images -q site-check)" ] || { echo "$p passed, $((f + 1)) failed: no image (see $log)"; exit 1; }
echo "image size: $(docker images site-check --format '{{.Size}}')"

port=3812
post() {
  curl -s -o /dev/null -X POST "localhost:$port/contact" --data-urlencode name=Dock --data-urlencode email=d@example.org \
    --data-urlencode number=+385911234567 --data-urlencode category=other --data-urlencode "message=$1" --data-urlencode website=
}
healthy() { for _ in $(seq 40); do curl -sf "localhost:$port/healthz" >/dev/null && return 0; sleep 0.5; done; return 1; }

# The embedded default: no EmailJS, the SQLite database in the volume. The volume starts with
# the outbox folder of an earlier version (one pending enquiry as a JSON file), as an upgrade
# finds it: the server moves it into the database at start.
docker rm -f site-check-run >/dev/null 2>&1; docker volume rm site-check-data >/dev/null 2>&1
old_id=0d0c0b0a-0000-4000-8000-00000000c0de old_at=2026-01-02T03:04:05.678Z
old_file="data/outbox/pending/$(echo "$old_at" | tr ':.' '--')-$old_id.json"
printf '{"v":1,"id":"%s","receivedAt":"%s","enquiry":{"name":"Old","email":"o@example.org","number":"+385911234567","category":"other","message":"from-the-old-outbox"},"attempts":[]}' "$old_id" "$old_at" |
  docker run --rm -i -v site-check-data:/app/data site-check sh -c "umask 077 && mkdir -p \"\$(dirname $old_file)\" && cat >$old_file"
docker run -d --name site-check-run --network host -v site-check-data:/app/data -e PORT=$port -e HOST=127.0.0.1 site-check >/dev/null
healthy
x() { docker exec site-check-run "$@"; }
check "runs as a non-root user" '[ "$(x id -u)" != 0 ]'
check "/healthz answers 200, accepting" 'curl -sf "localhost:$port/healthz" | grep -q "\"accepting\":true"'
check "home page 200" '[ "$(curl -s -o /dev/null -w "%{http_code}" "localhost:$port/")" = 200 ]'
check "no compiler in the final image" '! x sh -c "command -v gcc || command -v g++ || command -v make || command -v cc || command -v c++"'
check "no dev dependencies, no test stand-in; the operators' commands present" 'x sh -c "[ ! -e node_modules/vitest ] && [ ! -e build/mocks ] && [ -f build/outbox.js ]"'
check "the SQLite binding loads (require from /app)" 'x node -e "new (require(\"better-sqlite3\"))(\":memory:\").close()"'
check "the old outbox folder in the volume imported at start" 'x node build/outbox.js list --json | grep -q "\"message\":\"from-the-old-outbox\"" && x test -f "/app/data/outbox/imported/pending/$(basename "$old_file")"'
check "enquiry stored in the volume's database, mode 0600" 'post docker-check && [ "$(x stat -c %a /app/data/site.db)" = 600 ] && [ -z "$(x find /app/data -maxdepth 1 -name "site.db*" -perm /077)" ]'
check "read back through docker exec (list --json and list)" 'x node build/outbox.js list --json | grep -q "\"message\":\"docker-check\"" && x node build/outbox.js list | grep -q "^2 pending, 0 failed, 0 delivered, 0 quarantined in /app/data/site.db"'
check "outbox check says ok" 'x node build/outbox.js check | grep -q "^/app/data/site.db: ok (schema version"'
check "HEALTHCHECK turns healthy" 'for _ in $(seq 25); do [ "$(docker inspect site-check-run --format "{{.State.Health.Status}}")" = healthy ] && break; sleep 2; done; [ "$(docker inspect site-check-run --format "{{.State.Health.Status}}")" = healthy ]'
check "SIGTERM stops it within 5 s, exit 0" 'timeout 6 docker stop -t 5 site-check-run >/dev/null && [ "$(docker inspect site-check-run --format "{{.State.ExitCode}}")" = 0 ]'
docker start site-check-run >/dev/null && healthy
check "read back after a restart on the same volume (both enquiries, pending)" 'x node build/outbox.js list --json | grep -q "\"message\":\"docker-check\"" && x node build/outbox.js list --json | grep -q "\"message\":\"from-the-old-outbox\"" && x node build/outbox.js list | grep -q "^2 pending, 0 failed, 0 delivered"'
docker rm -f site-check-run >/dev/null 2>&1; docker volume rm site-check-data >/dev/null 2>&1

# EmailJS "configured" at an address where nothing listens: every call fails with a network
# error, so enquiries stay pending (retried) and the restart checks can count them.
run() {
  docker run -d --name site-outbox --network host -v site-outbox-data:/app/data \
    -e PORT=$port -e HOST=127.0.0.1 -e EMAILJS_SERVICE_ID=s -e EMAILJS_TEMPLATE_ID=t -e EMAILJS_PUBLIC_KEY=p \
    -e EMAILJS_API_URL=http://127.0.0.1:9 -e OUTBOX_RETRY_BASE_MS=60000 site-check >/dev/null
}
pending_count() { docker exec site-outbox node build/outbox.js list pending | sed -n 's/^\([0-9]*\) pending.*/\1/p'; }
docker rm -f site-outbox >/dev/null 2>&1; docker volume rm site-outbox-data >/dev/null 2>&1
run && healthy
for n in 1 2 3; do post "restart $n"; done
check "outbox command through docker exec lists 3 pending" '[ "$(pending_count)" = 3 ]'
check "outbox show through docker exec" 'id=$(docker exec site-outbox node build/outbox.js list pending | sed -n 2p | cut -c1-8) && docker exec site-outbox node build/outbox.js show "$id" | grep -q "\"message\": \"restart"'
check "/healthz reports them, degraded (being retried)" 'curl -s "localhost:$port/healthz" | grep -q "\"status\":\"degraded\".*\"pending\":3"'
docker restart -t 10 site-outbox >/dev/null && healthy
check "3 pending after docker restart on the same volume" '[ "$(pending_count)" = 3 ]'
docker kill -s KILL site-outbox >/dev/null && docker start site-outbox >/dev/null && healthy
check "3 pending after docker kill -s KILL and start" '[ "$(pending_count)" = 3 ]'
check "outbox retry through docker exec" 'docker exec site-outbox node build/outbox.js retry --failed | grep -q "0 failed deliveries back in pending"'
check "backup through docker exec (mode 0600), check on the copy" 'docker exec site-outbox node build/outbox.js backup /app/data/copy.db >/dev/null && [ "$(docker exec site-outbox stat -c %a /app/data/copy.db)" = 600 ] && docker exec -e DATABASE_URL=file:/app/data/copy.db site-outbox node build/outbox.js check | grep -q ": ok (schema version"'
docker rm -f site-outbox >/dev/null 2>&1; docker volume rm site-outbox-data >/dev/null 2>&1
echo "$p passed, $f failed"
[ "$f" -eq 0 ]
