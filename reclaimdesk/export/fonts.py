"""The fonts bundled in ``resources/fonts/`` and their registration with reportlab.

Every piece of text in an exported document is set in one of these TrueType
fonts, embedded (as a subset) in the PDF: DejaVu Sans (regular and bold) for
Latin, Greek and Cyrillic text and IPA Gothic for Japanese. reportlab's base-14
fonts (Helvetica and friends) are never used, because they are not embedded.
Licences: ``resources/fonts/DejaVu_LICENSE.txt`` and
``resources/fonts/IPA_Font_License_Agreement_v1.0.txt``.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from reclaimdesk.core.data import resource_path
from reclaimdesk.export.errors import ExportError

SANS = "DejaVuSans"
SANS_BOLD = "DejaVuSans-Bold"
JAPANESE = "IPAGothic"


@dataclass(frozen=True)
class BundledFont:
    """A font file in ``resources/fonts/`` and the name it is registered under."""

    name: str
    file: str
    licence: str


BUNDLED_FONTS: tuple[BundledFont, ...] = (
    BundledFont(SANS, "DejaVuSans.ttf", "DejaVu_LICENSE.txt"),
    BundledFont(SANS_BOLD, "DejaVuSans-Bold.ttf", "DejaVu_LICENSE.txt"),
    BundledFont(JAPANESE, "ipag.ttf", "IPA_Font_License_Agreement_v1.0.txt"),
)

_lock = threading.Lock()
_registered = False


def register_fonts() -> None:
    """Register the bundled fonts with reportlab; later calls do nothing.

    Raises :class:`ExportError` naming the file when a font is missing or damaged.
    """
    global _registered
    with _lock:
        if _registered:
            return
        for font in BUNDLED_FONTS:
            if font.name in pdfmetrics.getRegisteredFontNames():
                continue
            path = resource_path("fonts", font.file)
            try:
                pdfmetrics.registerFont(TTFont(font.name, str(path)))
            except Exception as exc:  # reportlab raises several kinds for bad files
                raise ExportError(f"cannot load the font {path}: {exc}") from exc
        pdfmetrics.registerFontFamily(SANS, normal=SANS, bold=SANS_BOLD,
                                      italic=SANS, boldItalic=SANS_BOLD)
        _registered = True


def _covers(font_name: str, char: str) -> bool:
    """Whether the registered TrueType font has a glyph for ``char``."""
    char_to_glyph: dict[int, int] = pdfmetrics.getFont(font_name).face.charToGlyph
    return ord(char) in char_to_glyph


def font_runs(text: str, bold: bool = False) -> list[tuple[str, str]]:
    """Split ``text`` into (font name, text) runs: the Latin font where it has
    the character, IPA Gothic where only it has (Japanese). Spaces stay with the
    run they are in.

    >>> font_runs("Card アルヴィウム 3")
    [('DejaVuSans', 'Card '), ('IPAGothic', 'アルヴィウム '), ('DejaVuSans', '3')]
    """
    register_fonts()
    latin = SANS_BOLD if bold else SANS
    text = text.replace("\u2060", "")  # word joiners hold screen lines together (core.i18n.set_glue); no ink
    runs: list[tuple[str, str]] = []
    current, chunk = latin, ""
    for char in text:
        if char.isspace():
            chosen = current
        elif _covers(latin, char) or not _covers(JAPANESE, char):
            chosen = latin
        else:
            chosen = JAPANESE
        if chosen != current and chunk:
            runs.append((current, chunk))
            chunk = ""
        current = chosen
        chunk += char
    if chunk:
        runs.append((current, chunk))
    return runs


def text_width_pt(text: str, size_pt: float, bold: bool = False) -> float:
    """The width of ``text`` set at ``size_pt``, in points, with font fallback."""
    return sum(float(pdfmetrics.stringWidth(chunk, name, size_pt)) for name, chunk in font_runs(text, bold))
