#!/usr/bin/env bash
# Debian's Chromium for Playwright (never a downloaded browser build): the full browser (/usr/bin/chromium, for the
# benches and as the fallback) and Debian's chromium-headless-shell of the same build, which the e2e tests run on
# (/usr/lib/chromium/chromium-headless-shell, e2e/playwright.config.ts; about a quarter less CPU for that tier).
set -euo pipefail
SHELL_BIN=/usr/lib/chromium/chromium-headless-shell
if [ -x /usr/bin/chromium ] && [ -x "$SHELL_BIN" ]; then exit 0; fi
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
apt_install() { DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$@" >/dev/null; }
if [ ! -x /usr/bin/chromium ]; then
  echo "Installing Chromium from apt…"
  $SUDO apt-get update -qq
  apt_install chromium fonts-dejavu-core
fi
if [ ! -x "$SHELL_BIN" ]; then
  echo "Installing chromium-headless-shell from apt…"
  # not fatal: without it the e2e tests run on the full /usr/bin/chromium (e2e/playwright.config.ts falls back)
  if ! apt_install chromium-headless-shell; then
    { $SUDO apt-get update -qq && apt_install chromium-headless-shell; } ||
      echo "chromium-headless-shell could not be installed: the e2e tests use /usr/bin/chromium" >&2
  fi
fi
exit 0
