#!/usr/bin/env bash
# Playwright drives Debian's Chromium (it cannot download its own browser here).
# Installs it when missing; needs root or sudo, as on CI and the team's machines.
set -euo pipefail
if command -v chromium >/dev/null 2>&1 || [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then exit 0; fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "Installing Debian chromium for Playwright…"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq chromium >/dev/null
