#!/usr/bin/env bash
# Makes sure an nginx binary is installed (the system tests run their own nginx, from deploy/nginx.conf, on a free port):
# installs it from apt when there is none. The package may start the system's nginx on port 80: when this script
# installed it, that service is stopped and disabled again, so nothing is left listening.
set -euo pipefail
find_nginx() { command -v nginx 2>/dev/null || { [ -x /usr/sbin/nginx ] && echo /usr/sbin/nginx; } || true; }
if [ -n "$(find_nginx)" ]; then exit 0; fi
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
echo "Installing nginx from apt…"
$SUDO apt-get -o DPkg::Lock::Timeout=300 update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends nginx >/dev/null
if [ -d /run/systemd/system ] && command -v systemctl >/dev/null; then
  $SUDO systemctl disable --now nginx >/dev/null 2>&1 || true
else
  if command -v update-rc.d >/dev/null; then $SUDO update-rc.d nginx disable >/dev/null 2>&1 || true; fi
  if [ -s /run/nginx.pid ]; then $SUDO "$(find_nginx)" -s quit 2>/dev/null || true; fi
fi
NGINX=$(find_nginx)
[ -n "$NGINX" ] || { echo "nginx did not install" >&2; exit 1; }
"$NGINX" -v
