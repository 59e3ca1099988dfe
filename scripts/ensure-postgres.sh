#!/usr/bin/env bash
# The PostgreSQL store's tests start a throwaway cluster from Debian's server binaries
# (initdb, pg_ctl). Installs them when missing; needs root or sudo, as on CI and the team's machines.
set -euo pipefail
if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1; then exit 0; fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "Installing Debian postgresql for the store's tests…"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq postgresql >/dev/null
