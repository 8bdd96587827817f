"""The app's look: a calm, paper-like palette and one style sheet for the widgets."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

INK = "#2f3a45"
MUTED = "#6b7079"
BACKGROUND = "#ece7dc"
SURFACE = "#fbf9f4"
BORDER = "#d6cfbf"
ACCENT = "#2f5d62"
ACCENT_HOVER = "#3a7177"
ACCENT_SOFT = "#dbe7e4"
GOLD = "#b8860b"
DANGER = "#a3412f"
GOOD = "#3f7d4f"

STYLE_SHEET = f"""
QMainWindow, QDialog, QStackedWidget > QWidget#page {{ background: {BACKGROUND}; }}
QWidget {{
    color: {INK}; font-size: 10pt;
    selection-background-color: {ACCENT}; selection-color: white;
}}
QToolTip {{ color: {INK}; background: {SURFACE}; border: 1px solid {BORDER}; padding: 4px; }}
QFrame#card, QFrame#panel {{
    background: {SURFACE}; border: 1px solid {BORDER}; border-radius: 10px;
}}
QFrame#banner {{
    background: #f4ead0; border: 1px solid #dcc890; border-radius: 8px;
}}
QLabel#title {{ font-size: 22pt; font-weight: 600; }}
QLabel#subtitle {{ color: {MUTED}; font-size: 11pt; }}
QLabel#heading {{ font-size: 13pt; font-weight: 600; }}
QLabel#cardName {{ font-size: 13pt; font-weight: 600; }}
QLabel#small, QLabel#muted {{ color: {MUTED}; }}
QLabel#badge {{
    color: {MUTED}; background: #e9e4d8; border-radius: 9px; padding: 2px 10px;
    qproperty-alignment: AlignCenter;
}}
QLabel#blurb {{ qproperty-alignment: 'AlignTop | AlignLeft'; }}
QLabel#big {{ font-size: 26pt; font-weight: 600; }}
QPushButton {{
    background: {SURFACE}; border: 1px solid {BORDER}; border-radius: 6px;
    padding: 5px 12px; min-height: 20px;
}}
QPushButton:hover {{ border-color: {ACCENT}; }}
QPushButton:pressed {{ background: {ACCENT_SOFT}; }}
QPushButton:disabled {{ color: #a9a49a; border-color: #e0dace; }}
QPushButton#primary {{
    background: {ACCENT}; color: white; border: 1px solid {ACCENT}; font-weight: 600;
}}
QPushButton#primary:hover {{ background: {ACCENT_HOVER}; }}
QPushButton#primary:disabled {{ background: #a9bcb9; border-color: #a9bcb9; color: #f3f3f3; }}
QPushButton#link {{
    background: transparent; border: none; color: {ACCENT}; text-decoration: underline;
    padding: 2px 4px;
}}
QComboBox, QSpinBox, QLineEdit {{
    background: white; border: 1px solid {BORDER}; border-radius: 5px; padding: 3px 6px;
    min-height: 1.6em;
}}
QSpinBox {{ padding-right: 20px; }}
QComboBox::drop-down {{
    subcontrol-origin: border; subcontrol-position: top right; width: 18px;
    border: none; border-left: 1px solid {BORDER};
    border-top-right-radius: 5px; border-bottom-right-radius: 5px;
}}
QSpinBox::up-button, QSpinBox::down-button {{
    subcontrol-origin: border; width: 18px; background: {SURFACE};
    border-left: 1px solid {BORDER};
}}
QSpinBox::up-button {{ subcontrol-position: top right; border-top-right-radius: 5px; }}
QSpinBox::down-button {{ subcontrol-position: bottom right; border-bottom-right-radius: 5px; }}
QSpinBox::up-button:hover, QSpinBox::down-button:hover {{ background: {ACCENT_SOFT}; }}
QSpinBox::up-arrow, QSpinBox::down-arrow {{ width: 9px; height: 6px; }}
QTableWidget {{
    background: {SURFACE}; border: 1px solid {BORDER}; border-radius: 6px;
    gridline-color: #e6e0d3; alternate-background-color: #f5f1e8;
}}
QHeaderView::section {{
    background: #efe9dc; border: none; border-bottom: 1px solid {BORDER}; padding: 4px;
    font-weight: 600;
}}
QLabel#bestsHead, QLabel#bestsCell, QLabel#bestsAlt, QLabel#bestsEmpty {{
    background: {SURFACE}; padding: 3px 10px; border-bottom: 1px solid {BORDER}; qproperty-indent: 0;
}}
QLabel#bestsHead, QLabel[bold="true"] {{ font-weight: bold; }}
QLabel#bestsAlt {{ background: #f3efe6; }}
QLabel#bestsEmpty {{ color: {MUTED}; }}
QLabel[centred="true"] {{ qproperty-alignment: AlignCenter; }}
QStatusBar {{ background: #e4dfd2; border-top: 1px solid {BORDER}; }}
QProgressBar {{
    border: 1px solid {BORDER}; border-radius: 4px; background: white; max-height: 8px;
}}
QProgressBar::chunk {{ background: {ACCENT}; }}
QScrollArea {{ background: transparent; border: none; }}
QScrollArea > QWidget > QWidget {{ background: transparent; }}
"""


STYLE_ARGS = ("-style", "Fusion")
"""Arguments for a new QApplication that make it start with Fusion (they win over
$QT_STYLE_OVERRIDE and the platform's choice)."""


def apply_style(app: QApplication, fusion_chosen: bool = False) -> None:
    """Fusion (the same look everywhere) and the style sheet. Colours and sizes
    live in the style sheet only: touching QPalette or QFont at start-up costs
    tens of milliseconds in PySide6 (their enums are built on first use).

    ``fusion_chosen``: the app was created with :data:`STYLE_ARGS`, so Fusion is
    not asked for again (``QApplication.style()`` builds the Python type of QStyle
    and its enums, about 4 ms)."""
    if not fusion_chosen and app.style().name().lower() != "fusion":
        app.setStyle("Fusion")
    app.setStyleSheet(STYLE_SHEET + spin_arrows())


def spin_arrows() -> str:
    """The spin boxes' and combo boxes' arrows: once their box is styled, Qt draws
    none of its own (or, for a combo box, a thin one in a dark notch). The combo
    box's (on the start page) is ``spin-down.svg`` as Qt renders it at 9 x 6 px,
    kept as PNG files at 1x and 2x (``combo-down.png``, ``combo-down@2x.png``, which
    Qt picks by the screen's scale): an SVG loads Qt's SVG icon plugin at the start
    page's first paint, 3.8M instructions (issue 25)."""
    from reclaimdesk.core.data import resource_path

    up = resource_path("icons", "spin-up.svg").as_posix()
    down = resource_path("icons", "spin-down.svg").as_posix()
    combo = resource_path("icons", "combo-down.png").as_posix()
    return (f'QSpinBox::up-arrow {{ image: url("{up}"); }}\n'
            f'QSpinBox::down-arrow {{ image: url("{down}"); }}\n'
            f'QComboBox::down-arrow {{ image: url("{combo}"); width: 9px; height: 6px; }}\n')


PIXMAP_CACHE_KB = 96 * 1024


def prepare_pixmap_cache() -> None:
    """Room for the board's cached layers (several screen-sized pixmaps on a
    HiDPI display); Qt's default 10 MB makes them evict each other."""
    from PySide6.QtGui import QPixmapCache

    if QPixmapCache.cacheLimit() < PIXMAP_CACHE_KB:
        QPixmapCache.setCacheLimit(PIXMAP_CACHE_KB)
