#!/usr/bin/env bash
# Regenerates docs/screenshots/*.png: runs the tutorial's style probe on the stand-in model
# and grabs each page with that data, offscreen (no display needed). The offscreen screen is
# 1920x1080, so presenter mode is grabbed full screen as a 1080p projector shows it. The judge,
# name-set, axes and grading pages are grabbed after their examples ran. Each view
# is grabbed twice: as the system theme draws it, and under View > Theme > Dark (dark-*.png).
#   scripts/screenshots.sh [build-dir]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build}"
if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S "$root" -B "$build" -G Ninja -DPB_BUILD_GUI=ON
fi
cmake --build "$build" --parallel "$(nproc)" --target probebench-screenshots
mkdir -p "$root/docs/screenshots"
screen="$(mktemp --suffix=.json)"
trap 'rm -f "$screen"' EXIT
cat >"$screen" <<'JSON'
{ "screens": [ { "name": "projector", "x": 0, "y": 0, "width": 1920, "height": 1080,
                 "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1 } ] }
JSON
for theme in "" --dark; do
  QT_QPA_PLATFORM="offscreen:configfile=$screen" QT_LOGGING_RULES='qt.qpa.*=false' \
    "$build/tools/probebench-screenshots" "$root/docs/screenshots" $theme
done
