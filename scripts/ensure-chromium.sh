#!/usr/bin/env bash
# Browser tests need a real Chromium: CHROME_PATH, else Debian's /usr/bin/chromium, installed here when missing.
set -euo pipefail
path="${CHROME_PATH:-/usr/bin/chromium}"
if [ -x "$path" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium for the browser tests..."
  apt-get update -qq && apt-get install -y -qq chromium >/dev/null
  [ -x /usr/bin/chromium ] && exit 0
fi
echo "No Chromium found at $path. Install it with: sudo apt-get install -y chromium (or set CHROME_PATH)." >&2
exit 1
