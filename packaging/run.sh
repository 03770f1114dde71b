#!/usr/bin/env bash
# Installs what is missing, builds, and runs the main job on the built-in stand-in model:
# the workbench window where a display exists, otherwise the tutorial's style probe headless.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$here/packaging/deps.sh"
build_dir="$("$here/packaging/build.sh" probebench | tail -n 1)"
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [ "${PB_HEADLESS:-0}" != 1 ]; then
  exec "$build_dir/app/probebench" "$@"
fi
out="${PB_OUT:-$here/out/style-probe}"
exec "$build_dir/app/probebench" run "$here/resources/examples/style-probe.probe.json" \
  --out "$out" --store "$out/style-probe.pbrun" "$@"
