#!/usr/bin/env bash
# Installs what is missing, builds everything with warnings as errors, runs every test.
# --sanitize builds and runs the tests under AddressSanitizer and UBSan (build-asan/).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$here/packaging/deps.sh"
build_dir="$("$here/packaging/build.sh" --werror "$@" | tail -n 1)"
export QT_QPA_PLATFORM=offscreen
ctest --test-dir "$build_dir" --output-on-failure --parallel "$(nproc)" --timeout 900
