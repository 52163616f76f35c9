#!/usr/bin/env bash
# Screenshots of a generated site with headless Chromium: the index, the first scene page and the first flow page.
# Usage: scripts/screenshots.sh SITE_DIR OUT_DIR
set -euo pipefail
site="${1:-Output/site}"
out="${2:-.screenshots}"
browser="$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)"
if [ -z "$browser" ]; then
  if command -v apt-get >/dev/null 2>&1; then
    if [ "$(id -u)" -eq 0 ]; then apt-get install -y -qq chromium >/dev/null; else sudo apt-get install -y -qq chromium >/dev/null; fi
    browser="$(command -v chromium)"
  else
    echo "screenshots: install Chromium or Chrome first" >&2
    exit 1
  fi
fi
mkdir -p "$out"
root="$(cd "$site" && pwd)"
scene="$(ls "$root/scenes" | grep '\.html$' | head -1)"
flow="$(ls "$root/flows" | grep '\.html$' | head -1)"
for page in index.html "scenes/$scene" "flows/$flow"; do
  name="$(echo "$page" | tr '/' '-' | sed 's/\.html$//')"
  profile="$(mktemp -d)"
  # A fresh profile per page: a second instance on the same profile waits for the first one's lock.
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1400,2000 \
    --user-data-dir="$profile" --screenshot="$out/$name.png" "file://$root/$page" >/dev/null 2>&1 || true
  rm -rf "$profile"
  [ -s "$out/$name.png" ] || { echo "screenshots: no screenshot of $page" >&2; exit 1; }
  echo "$out/$name.png"
done
