#!/usr/bin/env bash
# Make the macOS disk image from dist/macos/ReclaimDesk.app (a recipe: run by CI on a
# macOS runner, not built or tested in this repository's own checks).
#
#   python -m PyInstaller --noconfirm --workpath build/pyinstaller-mac --distpath dist/macos packaging/macos/reclaimdesk-mac.spec
#   packaging/macos/make-dmg.sh            # -> dist/macos/ReclaimDesk-<version>-macos-<arch>.dmg
#
# The image holds the app and a link to /Applications (drag to install). The app is
# ad-hoc signed; set CODESIGN_IDENTITY="Developer ID Application: ..." to sign it
# properly (notarising is a further step with xcrun notarytool, not done here).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
DIST="${DIST_DIR:-$ROOT/dist/macos}"
APP="$DIST/ReclaimDesk.app"

[ "$(uname -s)" = Darwin ] || { echo "make-dmg.sh: needs macOS (hdiutil)" >&2; exit 1; }
[ -d "$APP" ] || { echo "make-dmg.sh: $APP not found; build it with packaging/macos/reclaimdesk-mac.spec" >&2; exit 1; }

VERSION="$(/usr/libexec/PlistBuddy -c 'Print :CFBundleShortVersionString' "$APP/Contents/Info.plist")"
ARCH="$(uname -m)"
DMG="$DIST/ReclaimDesk-$VERSION-macos-$ARCH.dmg"

codesign --force --deep --sign "${CODESIGN_IDENTITY:--}" "$APP"
codesign --verify --deep --strict "$APP"

STAGE="$(mktemp -d)"
trap 'rm -rf "$STAGE"' EXIT
cp -R "$APP" "$STAGE/"
ln -s /Applications "$STAGE/Applications"

rm -f "$DMG"
hdiutil create -volname "ReclaimDesk $VERSION" -srcfolder "$STAGE" -fs HFS+ -format UDZO -ov "$DMG" >/dev/null
hdiutil verify "$DMG" >/dev/null

BYTES=$(stat -f %z "$DMG")
echo "disk image: $DMG ($(awk -v b="$BYTES" 'BEGIN { printf "%.1f MiB", b / 1048576 }'))"
echo "app folder: $APP ($(du -sh "$APP" | cut -f1))"
