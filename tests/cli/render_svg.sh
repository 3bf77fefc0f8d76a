#!/usr/bin/env bash
# Renders an SVG the way a user sees it: headless Chromium (Debian 'chromium') takes a
# screenshot of it into a PNG, for tests that look at pictures rather than their text.
#   tests/cli/render_svg.sh IN.svg OUT.png [WIDTH HEIGHT]   (default 1024 768)
# Exits non-zero, with a message, if Chromium is missing or wrote no PNG. Without arguments (as
# tests/run_all.sh's glob over tests/cli/*.sh runs it) it prints its usage and succeeds.
set -u
if [ $# -lt 2 ]; then
  echo "usage: $0 IN.svg OUT.png [WIDTH HEIGHT]" >&2
  [ $# = 0 ] && exit 0
  exit 2
fi
in=$1 out=$2 width=${3:-1024} height=${4:-768}
[ -r "$in" ] || { echo "render_svg: cannot read $in" >&2; exit 2; }
browser=$(command -v chromium || command -v chromium-browser || true)
[ -n "$browser" ] || { echo "render_svg: chromium is not installed (scripts/deps.sh installs it)" >&2; exit 1; }
case $in in /*) url=file://$in ;; *) url=file://$PWD/$in ;; esac
profile=$(mktemp -d "${TMPDIR:-/tmp}/render-svg.XXXXXX")
trap 'rm -rf "$profile"' EXIT
rm -f "$out"
# A fresh profile and no background traffic: the result depends on the SVG alone.
timeout -k 5 60 "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync --hide-scrollbars \
  --user-data-dir="$profile" --screenshot="$out" --window-size="$width,$height" "$url" \
  >"$profile/log" 2>&1
if [ ! -s "$out" ]; then
  echo "render_svg: chromium wrote no $out" >&2
  tail -5 "$profile/log" >&2
  exit 1
fi
