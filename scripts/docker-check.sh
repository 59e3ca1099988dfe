#!/usr/bin/env bash
# A real Docker build and run of the Dockerfile (needs a Docker engine; CI has none and runs
# scripts/container-smoke.sh instead). First the shared check (../shared/tools/docker-check.sh:
# build, non-root, /healthz, HEALTHCHECK, an enquiry in the outbox volume, SIGTERM), then the
# outbox in the container: the outbox command through `docker exec`, and pending enquiries
# surviving a restart and a kill on the same volume. Prints "N passed, M failed".
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
shared="$root/../shared/tools/docker-check.sh"
[ -f "$shared" ] || { echo "0 passed, 1 failed: $shared not found"; exit 1; }

# The shared check, with one fix: its Debian stand-in for the Node image has no
# /etc/ssl/certs until the CA bundle is copied in, so create the folder first.
shared_out=$(sed 's#^  cp /etc/ssl/certs/ca-certificates.crt#  mkdir -p "$R/etc/ssl/certs"; cp /etc/ssl/certs/ca-certificates.crt#' "$shared" |
  PROJECT_DIR="$root" bash 2>&1)
echo "$shared_out" | grep -v '^[0-9]* passed, [0-9]* failed$'
p=$(echo "$shared_out" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1/p' | tail -1)
f=$(echo "$shared_out" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\2/p' | tail -1)
p=${p:-0} f=${f:-1}
[ -n "$(docker images -q site-check)" ] || { echo "$p passed, $((f + 1)) failed: no image"; exit 1; }

check() { if eval "$2"; then p=$((p + 1)); echo "ok   $1"; else f=$((f + 1)); echo "FAIL $1"; fi; }
port=3812
run() {
  # EmailJS "configured" at an address where nothing listens: every call fails with a network
  # error, so enquiries stay pending (retried) and the restart checks can count them.
  docker run -d --name site-outbox --network host -v site-outbox-data:/app/data \
    -e PORT=$port -e HOST=127.0.0.1 -e EMAILJS_SERVICE_ID=s -e EMAILJS_TEMPLATE_ID=t -e EMAILJS_PUBLIC_KEY=p \
    -e EMAILJS_API_URL=http://127.0.0.1:9 -e OUTBOX_RETRY_BASE_MS=60000 site-check >/dev/null
}
healthy() { for _ in $(seq 40); do curl -sf "localhost:$port/healthz" >/dev/null && return 0; sleep 0.5; done; return 1; }
pending_count() { docker exec site-outbox node build/outbox.js list pending | sed -n 's/^\([0-9]*\) pending.*/\1/p'; }

docker rm -f site-outbox >/dev/null 2>&1; docker volume rm site-outbox-data >/dev/null 2>&1
run && healthy
for n in 1 2 3; do
  curl -s -o /dev/null -X POST "localhost:$port/contact" --data-urlencode name=Dock --data-urlencode email=d@example.org \
    --data-urlencode number=+385911234567 --data-urlencode category=other --data-urlencode "message=restart $n" --data-urlencode website=
done
check "outbox command through docker exec lists 3 pending" '[ "$(pending_count)" = 3 ]'
check "outbox show through docker exec" 'id=$(docker exec site-outbox node build/outbox.js list pending | sed -n 2p | cut -c1-8) && docker exec site-outbox node build/outbox.js show "$id" | grep -q "\"message\": \"restart"'
check "/healthz reports them, degraded (being retried)" 'curl -s "localhost:$port/healthz" | grep -q "\"status\":\"degraded\".*\"pending\":3"'
docker restart -t 10 site-outbox >/dev/null && healthy
check "3 pending after docker restart on the same volume" '[ "$(pending_count)" = 3 ]'
docker kill site-outbox >/dev/null && docker start site-outbox >/dev/null && healthy
check "3 pending after docker kill and start" '[ "$(pending_count)" = 3 ]'
check "outbox retry through docker exec" 'docker exec site-outbox node build/outbox.js retry --failed | grep -q "0 failed enquiries back in pending"'
docker rm -f site-outbox >/dev/null 2>&1; docker volume rm site-outbox-data >/dev/null 2>&1
echo "$p passed, $f failed"
[ "$f" -eq 0 ]
