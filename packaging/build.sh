#!/usr/bin/env bash
# Configures and builds Probe Workbench into a build folder (default: build).
# --fuzz builds the libFuzzer harnesses with clang (the fuzz preset, build-fuzz/).
# Usage: packaging/build.sh [--sanitize | --fuzz] [--werror] [cmake --build target...]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# ccache hashes paths relative to the tree, so every worktree and clone (CI's too) shares
# one cache instead of each compiling everything once.
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$here}" CCACHE_NOHASHDIR="${CCACHE_NOHASHDIR:-1}"
build_dir="${PB_BUILD_DIR:-$here/build}"
cmake_args=(-DCMAKE_BUILD_TYPE=Release)
targets=()
werror=()
for arg in "$@"; do
  case "$arg" in
    --sanitize) build_dir="${PB_BUILD_DIR:-$here/build-asan}"
                cmake_args=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DPB_SANITIZE=ON -DPB_BUILD_BENCH=OFF) ;;
    --fuzz)     build_dir="${PB_BUILD_DIR:-$here/build-fuzz}"
                cmake_args=(--preset fuzz) ;;
    --werror)   werror=(-DPB_WERROR=ON) ;;
    *)          targets+=(--target "$arg") ;;
  esac
done
cmake_args+=("${werror[@]}")
generator=()
if command -v ninja >/dev/null 2>&1 && [ ! -f "$build_dir/CMakeCache.txt" ]; then
  generator=(-G Ninja)
fi
cmake -S "$here" -B "$build_dir" "${generator[@]}" "${cmake_args[@]}" >&2
cmake --build "$build_dir" --parallel "$(nproc)" "${targets[@]}" >&2
echo "$build_dir"
