#!/usr/bin/env bash
# Installs what Scenograph needs to build: Graphviz's C libraries and pkg-config.
# Debian/Ubuntu: apt-get (libgraphviz-dev, pkg-config, graphviz, fonts-liberation); macOS: Homebrew (graphviz).
# Installs nothing that is already there; runs `dot -c` when Graphviz's plugin list is missing.
#
# --browser also installs what the browser tests need: Debian's chromium and chromium-driver (the site's test
# and the Mermaid rendering test), and mermaid.min.js from the PyPI package diagram-renderer (which ships it),
# extracted into .cache/mermaid/.
set -euo pipefail

browser=false
for argument in "$@"; do
  case "$argument" in
    --browser) browser=true ;;
    *) echo "setup: unknown option $argument (known: --browser)" >&2; exit 2 ;;
  esac
done

sudo_if_needed() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

case "$(uname -s)" in
  Darwin)
    if ! command -v brew >/dev/null 2>&1; then
      echo "setup: Homebrew is required on macOS (https://brew.sh)" >&2
      exit 1
    fi
    if ! pkg-config --exists libgvc 2>/dev/null; then
      brew install graphviz pkg-config
    fi
    ;;
  Linux)
    missing=()
    command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
    if ! pkg-config --exists libgvc 2>/dev/null; then missing+=(libgraphviz-dev); fi
    command -v dot >/dev/null 2>&1 || missing+=(graphviz)
    # Fonts with Helvetica's and Arial's widths, which the SVGs' widths assume (see below);
    # the font test also needs a second font besides Graphviz's default one.
    dpkg -s fonts-liberation >/dev/null 2>&1 || missing+=(fonts-liberation)
    if [ "${#missing[@]}" -gt 0 ]; then
      echo "setup: installing ${missing[*]}" >&2
      sudo_if_needed apt-get update -qq
      sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    fi
    ;;
  *)
    echo "setup: unsupported system $(uname -s); install Graphviz's development files and pkg-config yourself" >&2
    ;;
esac

# SVG, DOT and JSON need no plugin list: Scenograph loads the layout and core plugins
# itself and measures text with Graphviz's built-in font tables (Helvetica/Arial widths),
# so those bytes are the same on every machine. PNG and PDF are drawn by cairo with the
# machine's fonts: Graphviz loads those plugins from a list written by `dot -c`.
libdir="$(pkg-config --variable=libdir libgvc)"
if ! ls "$libdir"/graphviz/config6* >/dev/null 2>&1; then
  echo "setup: writing Graphviz's plugin list (dot -c)" >&2
  sudo_if_needed dot -c
fi

if [ "$browser" = true ]; then
  if [ "$(uname -s)" = Linux ]; then
    needed=()
    command -v chromium >/dev/null 2>&1 || needed+=(chromium)
    command -v chromedriver >/dev/null 2>&1 || needed+=(chromium-driver)
    if [ "${#needed[@]}" -gt 0 ]; then
      echo "setup: installing ${needed[*]}" >&2
      sudo_if_needed apt-get update -qq
      sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${needed[@]}" >/dev/null
    fi
  else
    command -v chromium >/dev/null 2>&1 || echo "setup: install Chromium and chromedriver yourself for the browser tests" >&2
  fi
  cache="$(cd "$(dirname "$0")/.." && pwd)/.cache/mermaid"
  if [ ! -s "$cache/mermaid.min.js" ]; then
    echo "setup: fetching mermaid.min.js (PyPI package diagram-renderer)" >&2
    download="$(mktemp -d)"
    python3 -m pip download --quiet --no-deps --dest "$download" diagram-renderer
    mkdir -p "$cache"
    python3 - "$download" "$cache" <<'PY'
import glob, sys, zipfile
wheel = sorted(glob.glob(sys.argv[1] + "/diagram_renderer-*.whl"))[-1]
with zipfile.ZipFile(wheel) as archive:
    data = archive.read("diagram_renderer/renderers/static/js/mermaid.min.js")
with open(sys.argv[2] + "/mermaid.min.js", "wb") as out:
    out.write(data)
with open(sys.argv[2] + "/SOURCE", "w") as out:
    out.write(wheel.rsplit("/", 1)[-1] + "\n")
PY
    rm -rf "$download"
  fi
fi
