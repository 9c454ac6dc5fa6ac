#!/usr/bin/env bash
# Makes sure a Redis server answers on 127.0.0.1:6379 (the system tests share it for rate limits):
# starts the installed one when it is stopped, installs it from apt when there is none. Keeps nothing on disk.
set -euo pipefail
ready() { (exec 3<>/dev/tcp/127.0.0.1/6379 && printf 'PING\r\n' >&3 && head -c 5 <&3 | grep -q PONG) 2>/dev/null; }
if ready; then exit 0; fi
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
if ! command -v redis-server >/dev/null; then
  echo "Installing Redis from apt…"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq redis-server >/dev/null
fi
mkdir -p /tmp/windscope-redis
$SUDO redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no --dir /tmp/windscope-redis --logfile /tmp/windscope-redis/redis.log
for _ in $(seq 1 30); do ready && exit 0; sleep 0.5; done
echo "Redis did not start" >&2; exit 1
