#!/usr/bin/env bash
# Regenerates docs/screenshots/*.png: runs the tutorial's style probe on the stand-in model
# and grabs each page with that data, offscreen (no display needed).
#   scripts/screenshots.sh [build-dir]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build}"
if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S "$root" -B "$build" -G Ninja -DPB_BUILD_GUI=ON
fi
cmake --build "$build" --target probebench-screenshots
mkdir -p "$root/docs/screenshots"
QT_QPA_PLATFORM=offscreen QT_LOGGING_RULES='qt.qpa.*=false' \
  "$build/tools/probebench-screenshots" "$root/docs/screenshots"
