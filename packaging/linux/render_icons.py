"""Render the app icon (an SVG) to PNGs for the hicolor icon theme, with Qt.

    python packaging/linux/render_icons.py resources/icons/app.svg OUT_DIR [SIZE ...]

writes OUT_DIR/<size>x<size>/apps/reclaimdesk.png for each size (default 16 24
32 48 64 128 256 512) and OUT_DIR/scalable/apps/reclaimdesk.svg. Runs headless
(Qt's offscreen platform); needs only PySide6, which the build already has.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        sys.stderr.write(__doc__)
        return 2
    svg, out = Path(argv[0]), Path(argv[1])
    sizes = [int(s) for s in argv[2:]] or list(SIZES)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication(["render_icons"])  # noqa: F841 (keeps Qt alive)
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        sys.stderr.write(f"render_icons: {svg} is not a valid SVG\n")
        return 1
    scalable = out / "scalable" / "apps"
    scalable.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(svg, scalable / "reclaimdesk.svg")
    for size in sizes:
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        renderer.render(painter)
        painter.end()
        folder = out / f"{size}x{size}" / "apps"
        folder.mkdir(parents=True, exist_ok=True)
        if not image.save(str(folder / "reclaimdesk.png"), "PNG"):
            sys.stderr.write(f"render_icons: could not write {folder / 'reclaimdesk.png'}\n")
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
