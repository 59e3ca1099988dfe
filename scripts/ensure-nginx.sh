#!/usr/bin/env bash
# The static-serving reference for `npm run bench`: Debian's nginx-light (gzip_static).
# Installs it when missing; needs root or sudo, as on CI and the team's machines.
set -euo pipefail
if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then exit 0; fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "Installing Debian nginx-light for the bench…"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq nginx-light >/dev/null
