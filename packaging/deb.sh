#!/usr/bin/env bash
# Builds the Debian package (dist/probebench_<version>_<arch>.deb) from the release build in
# build/, and checks what it holds: the desktop entry and metainfo pass the distribution's
# validators, and the binary, desktop entry, MIME XML, icons, metainfo and examples are in
# their FHS places. Prints the package's path last.
# Usage: packaging/deb.sh
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$here/packaging/deps.sh" --deb
build_dir="$("$here/packaging/build.sh" probebench probebench-icons | tail -n 1)"
dist="$here/dist"
rm -rf "$dist"
mkdir -p "$dist"
(cd "$build_dir" && cpack -G DEB -B "$dist" >&2)
deb="$(ls "$dist"/probebench_*.deb)"

listing="$(dpkg-deb -c "$deb" | awk '{print $6}')"
missing=0
for path in ./usr/bin/probebench \
            ./usr/share/applications/io.github.probebench.ProbeWorkbench.desktop \
            ./usr/share/metainfo/io.github.probebench.ProbeWorkbench.metainfo.xml \
            ./usr/share/mime/packages/probebench.xml \
            ./usr/share/icons/hicolor/scalable/apps/io.github.probebench.ProbeWorkbench.svg \
            ./usr/share/icons/hicolor/48x48/apps/io.github.probebench.ProbeWorkbench.png \
            ./usr/share/icons/hicolor/256x256/apps/io.github.probebench.ProbeWorkbench.png \
            ./usr/share/probebench/examples/style-probe.probe.json \
            ./usr/share/doc/probebench/README.md; do
  if ! grep -qxF "$path" <<<"$listing"; then
    echo "probebench: the package lacks $path" >&2
    missing=1
  fi
done
unpacked="$dist/unpacked"
dpkg-deb -x "$deb" "$unpacked"
desktop-file-validate "$unpacked/usr/share/applications/"*.desktop
appstreamcli validate --no-net "$unpacked/usr/share/metainfo/"*.metainfo.xml >&2
if grep -q -- '-dev' <<<"$(dpkg-deb -f "$deb" Depends)"; then
  echo "probebench: the package depends on a -dev package: $(dpkg-deb -f "$deb" Depends)" >&2
  missing=1
fi
rm -rf "$unpacked"
[ "$missing" -eq 0 ]
echo "Depends: $(dpkg-deb -f "$deb" Depends)" >&2
echo "$deb"
