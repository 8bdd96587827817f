"""The combo box's arrow is a PNG at 1x and 2x (issue 25: an SVG loaded Qt's SVG
icon plugin at the start page's first paint): it must be ``spin-down.svg`` as the
style sheet draws it, pixel for pixel, at both scales, enabled and disabled."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

CHECK = r'''
import sys
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QComboBox
from reclaimdesk.core.data import resource_path
from reclaimdesk.ui.style import STYLE_ARGS, STYLE_SHEET, spin_arrows

app = QApplication(["check", *STYLE_ARGS])
svg = resource_path("icons", "spin-down.svg").as_posix()
assert "spin-down.svg" not in spin_arrows().split("QComboBox::down-arrow")[1]

def render(sheet, enabled):
    app.setStyleSheet(sheet)
    box = QComboBox()
    box.addItem("River (beginner)")
    box.resize(154, 32)
    box.setEnabled(enabled)
    box.show()
    app.processEvents()
    image = box.grab().toImage().convertToFormat(QImage.Format.Format_ARGB32)
    box.close()
    return image

for enabled in (True, False):
    drawn = render(STYLE_SHEET + spin_arrows(), enabled)
    svg_drawn = render(STYLE_SHEET + f'QComboBox::down-arrow {{ image: url("{svg}"); width: 9px; height: 6px; }}',
                       enabled)
    size = (drawn.width(), drawn.height())
    differ = sum(drawn.pixel(x, y) != svg_drawn.pixel(x, y) for y in range(size[1]) for x in range(size[0]))
    arrow = sum(drawn.pixel(x, y) != 0xFFFFFFFF for y in range(size[1] // 3, size[1] * 2 // 3)
                for x in range(size[0] - size[0] // 8, size[0] - 2))
    print(size, differ, arrow)
'''


@pytest.mark.parametrize("scale", ["1", "2"])
def test_the_png_arrow_is_the_svg_as_drawn(scale):
    env = dict(os.environ, QT_SCALE_FACTOR=scale, QT_QPA_PLATFORM="offscreen",
               PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    run = subprocess.run([sys.executable, "-c", CHECK], env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    lines = [line for line in run.stdout.splitlines() if line.startswith("(")]
    assert len(lines) == 2
    for line in lines:
        size, differ, arrow = line.rsplit(" ", 2)
        assert size == f"({154 * int(scale)}, {32 * int(scale)})"
        assert int(differ) == 0 and int(arrow) > 0  # the same pixels, and an arrow drawn at all
