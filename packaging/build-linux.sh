#!/usr/bin/env bash
# Build ReclaimDesk's Linux installer: a PyInstaller one-folder bundle, then a .deb.
#
#   packaging/build-linux.sh            # from anywhere; needs the project's venv
#
# Needs: Python with the project and PyInstaller installed (pip install -e ".[packaging]"),
# dpkg-deb (any Debian or Ubuntu). Environment:
#   PYTHON        the Python to build with (default: <repo>/.venv/bin/python, else python3)
#   DIST_DIR      where the bundle and the .deb go (default: <repo>/dist)
#   BUILD_DIR     scratch space (default: <repo>/build)
#   SKIP_BUNDLE=1 reuse an existing $DIST_DIR/reclaimdesk bundle (packaging changes only)
#   DEB_MAINTAINER, DEB_COMPRESSION (xz level, default 6)
#
# The package: the bundle in /opt/reclaimdesk, /usr/bin/reclaimdesk (a symlink), a
# desktop entry, hicolor icons (SVG + PNGs), the application/x-reclaimdesk-record MIME
# type, postinst/postrm that refresh the caches, and Depends computed from the libraries
# the bundle needs (packaging/linux/debdeps.py). Prints the path and size of the .deb
# and of the installed folder.
set -euo pipefail
umask 022

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
if [ -z "${PYTHON:-}" ]; then
    if [ -x "$ROOT/.venv/bin/python" ]; then PYTHON="$ROOT/.venv/bin/python"; else PYTHON=python3; fi
fi
DIST_DIR="${DIST_DIR:-$ROOT/dist}"
BUILD_DIR="${BUILD_DIR:-$ROOT/build}"
MAINTAINER="${DEB_MAINTAINER:-ReclaimDesk maintainers <packaging@reclaimdesk.example.org>}"
LEVEL="${DEB_COMPRESSION:-6}"

say() { printf '==> %s\n' "$*"; }
die() { printf 'build-linux.sh: %s\n' "$*" >&2; exit 1; }

command -v dpkg-deb >/dev/null || die "dpkg-deb not found (build on Debian or Ubuntu)"
"$PYTHON" -c "import PyInstaller" 2>/dev/null \
    || die "PyInstaller is missing: $PYTHON -m pip install -e \"$ROOT[packaging]\""
"$PYTHON" -c "import reclaimdesk, PySide6, reportlab" 2>/dev/null \
    || die "the project is not installed in $PYTHON: $PYTHON -m pip install -e \"$ROOT[packaging]\""

VERSION="$("$PYTHON" -c "import reclaimdesk; print(reclaimdesk.__version__)")"
ARCH="$(dpkg --print-architecture)"
BUNDLE="$DIST_DIR/reclaimdesk"
DEB="$DIST_DIR/reclaimdesk_${VERSION}_${ARCH}.deb"
START=$(date +%s)

# --- 1. the bundle ---------------------------------------------------------------
if [ "${SKIP_BUNDLE:-0}" = 1 ] && [ -x "$BUNDLE/reclaimdesk" ]; then
    say "reusing the bundle in $BUNDLE"
else
    say "PyInstaller bundle ($("$PYTHON" -m PyInstaller --version), Python $("$PYTHON" -c 'import platform; print(platform.python_version())'))"
    (cd "$ROOT" && "$PYTHON" -m PyInstaller --noconfirm --log-level WARN \
        --workpath "$BUILD_DIR/pyinstaller" --distpath "$DIST_DIR" "$HERE/reclaimdesk.spec") \
        2> >(grep -v -e "WARNING: Library not found" -e " INFO: " >&2)
fi
"$BUNDLE/reclaimdesk" --version >/dev/null || die "the bundle does not start: $BUNDLE/reclaimdesk --version"

# --- 2. the package tree ------------------------------------------------------------
STAGE="$BUILD_DIR/deb/reclaimdesk_${VERSION}_${ARCH}"
say "package tree in $STAGE"
rm -rf "$STAGE"
mkdir -p "$STAGE/DEBIAN" "$STAGE/opt" "$STAGE/usr/bin" "$STAGE/usr/share/applications" \
    "$STAGE/usr/share/mime/packages" "$STAGE/usr/share/icons/hicolor" "$STAGE/usr/share/doc/reclaimdesk"
cp -a "$BUNDLE" "$STAGE/opt/reclaimdesk"
ln -s /opt/reclaimdesk/reclaimdesk "$STAGE/usr/bin/reclaimdesk"
install -m 644 "$HERE/linux/reclaimdesk.desktop" "$STAGE/usr/share/applications/reclaimdesk.desktop"
install -m 644 "$HERE/linux/reclaimdesk-mime.xml" "$STAGE/usr/share/mime/packages/reclaimdesk.xml"
install -m 644 "$HERE/linux/copyright" "$STAGE/usr/share/doc/reclaimdesk/copyright"

ICON_SVG="$ROOT/resources/icons/app.svg"
[ -f "$ICON_SVG" ] || ICON_SVG="$HERE/linux/reclaimdesk.svg"
QT_QPA_PLATFORM=offscreen "$PYTHON" "$HERE/linux/render_icons.py" "$ICON_SVG" "$STAGE/usr/share/icons/hicolor"

# Permissions: no group/other write anywhere, everything readable.
chmod -R u+rwX,go+rX,go-w "$STAGE"
find "$STAGE" -type d -exec chmod 755 {} +

# --- 3. control files -----------------------------------------------------------------
say "Depends from the bundle's libraries"
DEPENDS="$("$PYTHON" "$HERE/linux/debdeps.py" "$BUNDLE" --report "$BUILD_DIR/deb/depends-report.txt")"
INSTALLED_KB="$(du -sk --apparent-size "$STAGE" --exclude=DEBIAN | cut -f1)"
cat > "$STAGE/DEBIAN/control" <<EOF
Package: reclaimdesk
Version: $VERSION
Architecture: $ARCH
Maintainer: $MAINTAINER
Installed-Size: $INSTALLED_KB
Depends: $DEPENDS
Section: games
Priority: optional
Homepage: https://reclaimdesk.example.org
Description: play and print five small games of reclaiming land
 ReclaimDesk is a desktop home for five reclamation tabletop games: Reclaim,
 Claim Control, The Reclamation, Reclamation Wars and Alluvium. Play them alone
 or against AI players, replay saved game records, and print everything needed
 to play them on paper (sheets, cards, rules) as PDF.
 .
 This package is a self-contained build (Python, Qt and reportlab inside
 /opt/reclaimdesk); double-clicking a saved game record opens it in the app.
EOF
install -m 755 "$HERE/linux/postinst" "$STAGE/DEBIAN/postinst"
install -m 755 "$HERE/linux/postrm" "$STAGE/DEBIAN/postrm"

# --- 4. the .deb ----------------------------------------------------------------------
say "dpkg-deb (xz -$LEVEL)"
mkdir -p "$DIST_DIR"
rm -f "$DEB"
dpkg-deb --root-owner-group -Zxz -z"$LEVEL" --build "$STAGE" "$DEB" >/dev/null
dpkg-deb --info "$DEB" >/dev/null

DEB_BYTES=$(stat -c %s "$DEB")
OPT_BYTES=$(du -sb "$STAGE/opt/reclaimdesk" | cut -f1)
mib() { awk -v b="$1" 'BEGIN { printf "%.1f MiB", b / 1048576 }'; }
echo
echo "Depends: $DEPENDS"
echo "package:          $DEB  ($(mib "$DEB_BYTES"), $DEB_BYTES bytes)"
echo "installed folder: /opt/reclaimdesk  ($(mib "$OPT_BYTES"), $OPT_BYTES bytes; Installed-Size $INSTALLED_KB KiB)"
echo "built in $(( $(date +%s) - START )) s"
