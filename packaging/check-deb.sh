#!/usr/bin/env bash
# Installs the package packaging/deb.sh built into a fresh Debian 12 (bookworm) system made
# with debootstrap, as a new user's machine would get it, and runs the README's first
# command there. Needs root and Debian's package mirror; the system is left in
# ${PB_CHROOT:-/var/tmp/probebench-bookworm} for a look and removed on the next run.
# Usage: packaging/check-deb.sh [path/to/probebench_*.deb]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
deb="${1:-$(ls "$here"/dist/probebench_*.deb)}"
root="${PB_CHROOT:-/var/tmp/probebench-bookworm}"
"$here/packaging/deps.sh" --deb

cleanup() {
  umount "$root/proc" 2>/dev/null || true
}
trap cleanup EXIT
rm -rf "$root"
# From debootstrap's default Debian mirror.
debootstrap --variant=minbase bookworm "$root" >&2
mount -t proc proc "$root/proc" 2>/dev/null || true
cp "$deb" "$root/tmp/"
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }
in_root apt-get update -qq
in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "/tmp/$(basename "$deb")" >&2
in_root probebench --version
in_root probebench run /usr/share/probebench/examples/style-probe.probe.json --out /tmp/results \
  --quiet
in_root test -s /tmp/results/summary.json
in_root sh -c 'dpkg -L probebench | grep -E "applications|metainfo|mime/packages|scalable"'
echo "probebench: installed and ran the example in a fresh Debian 12 at $root"
