#!/usr/bin/env bash
# Installs the Debian 12 packages Probe Workbench needs to build, test and run.
# --fuzz adds clang and its libFuzzer runtime (packaging/fuzz.sh); --deb adds what CPack
# needs to build the .deb (packaging/deb.sh). Idempotent: asks apt only for what dpkg does
# not already report installed.
set -euo pipefail

PACKAGES=(
  build-essential cmake ninja-build ccache pkg-config
  qt6-base-dev qt6-base-dev-tools libqt6opengl6-dev qt6-charts-dev qt6-svg-dev libqt6sql6-sqlite
  libgl-dev libxkbcommon-dev
  nlohmann-json3-dev libboost-math-dev libdtl-dev
  # Grading reads a ZIP of submissions (libzip: Debian-packaged, reads entries without
  # extracting them to disk, and reports each entry's sizes before it is inflated).
  libzip-dev
  python3
  # tst_desktopfiles checks the desktop entry and the metainfo with the distribution's own
  # validators.
  desktop-file-utils appstream
)
for arg in "$@"; do
  case "$arg" in
    --fuzz) PACKAGES+=(clang libclang-rt-14-dev) ;;
    --deb)  PACKAGES+=(dpkg-dev file debootstrap) ;;
    *) echo "usage: packaging/deps.sh [--fuzz] [--deb]" >&2; exit 2 ;;
  esac
done

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "probebench: installing missing packages: ${missing[*]}" >&2
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
