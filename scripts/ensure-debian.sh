#!/usr/bin/env bash
# Installs the Debian packages the tests need when they are missing (root or sudo needed for
# that, as on CI and the team's machines); a package already there costs nothing.
#   bash scripts/ensure-debian.sh chromium chromium-headless-shell nginx-light postgresql g++ make python3
# chromium, chromium-headless-shell: Debian's Chromium, the full browser (Lighthouse, screenshots)
# and the old headless shell (Playwright's tests; scripts/lib/chromium.ts; CHROMIUM_PATH and
# HEADLESS_SHELL_PATH may name others: Playwright cannot download its own here); nginx-light: the replicas' load balancer and the bench's reference;
# postgresql: the PostgreSQL tests' throwaway cluster; g++, make, python3: better-sqlite3's
# native build (npm ci compiles it: no prebuilt binary can be fetched here).
set -euo pipefail
installed() {
  case "$1" in
    chromium) [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || command -v chromium >/dev/null 2>&1 ;;
    chromium-headless-shell) [ -x "${HEADLESS_SHELL_PATH:-/usr/lib/chromium/chromium-headless-shell}" ] ;;
    nginx-light) [ -x /usr/sbin/nginx ] || command -v nginx >/dev/null 2>&1 ;;
    postgresql) ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1 ;;
    *) command -v "$1" >/dev/null 2>&1 ;;
  esac
}
missing=()
for package in "$@"; do installed "$package" || missing+=("$package"); done
[ ${#missing[@]} -eq 0 ] && exit 0
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "missing Debian packages: ${missing[*]} (install them as root: apt-get install ${missing[*]})"; exit 1; }
  sudo="sudo"
fi
echo "Installing Debian ${missing[*]}…"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq "${missing[@]}" >/dev/null
