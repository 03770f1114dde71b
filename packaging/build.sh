#!/usr/bin/env bash
# Configures and builds Probe Workbench into a build folder (default: build).
# Usage: packaging/build.sh [--sanitize] [--werror] [cmake --build target...]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${PB_BUILD_DIR:-$here/build}"
cmake_args=(-DCMAKE_BUILD_TYPE=Release)
targets=()
for arg in "$@"; do
  case "$arg" in
    --sanitize) build_dir="${PB_BUILD_DIR:-$here/build-asan}"
                cmake_args=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DPB_SANITIZE=ON) ;;
    --werror)   cmake_args+=(-DPB_WERROR=ON) ;;
    *)          targets+=(--target "$arg") ;;
  esac
done
generator=()
if command -v ninja >/dev/null 2>&1 && [ ! -f "$build_dir/CMakeCache.txt" ]; then
  generator=(-G Ninja)
fi
cmake -S "$here" -B "$build_dir" "${generator[@]}" "${cmake_args[@]}" >&2
cmake --build "$build_dir" --parallel "$(nproc)" "${targets[@]}" >&2
echo "$build_dir"
