"""Style tables: one place that says how a kind of piece (a marker, a mark on a
sheet, a card's side) is drawn and what it looks like in each ink mode, used by
the piece itself and by every key, legend and aid text that names it. A key's
swatch is the piece's own drawing at the piece's size, shrunk into the swatch,
and its words are the table's look for the document's ink mode, so a key can
not say "solid" beside a piece the ink saver printed as an outline.

Both the piece and the swatch record where they were drawn
(:meth:`~reclaimdesk.export.pdf.Surface.mark`): the legend test renders every
page and compares each swatch with the piece it names, and both with the words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from reclaimdesk.core.i18n import N_, _
from reclaimdesk.export.pdf import Surface

LOOKS: dict[str, str] = {
    "solid": N_("solid"),
    "outlined": N_("outlined"),
    "black": N_("black"),
    "red": N_("red"),
    "dark grey": N_("dark grey"),
    "white": N_("white"),
    "hatched": N_("hatched"),
    "light": N_("light"),
    "line art": N_("line art"),
}
"""The words a key may use for a look (what the legend test checks on the page):
``solid`` a dark middle, ``outlined`` a light middle inside a dark edge, ``black``,
``red`` (colour prints), ``dark grey``, ``white`` a blank ground, ``hatched`` lines
across a light ground, ``light`` a light ground, tinted or grey (a pattern on it may darken it to a mid grey), ``line art`` a dark drawing on a light ground."""

Draw = Callable[[Surface, float, float, float], None]
"""Draws a piece centred on (x, y), ``size`` mm across."""


@dataclass(frozen=True)
class PieceStyle:
    """How one kind of piece is drawn, and its look in each ink mode
    (``colour``, ``greyscale``, ``ink-saver``; ``looks["any"]`` for all three)."""

    draw: Draw
    looks: Mapping[str, str]
    core: float = 0.2
    """The share of ``size`` (a centred square) its look is judged on."""

    def __post_init__(self) -> None:
        for look in self.looks.values():
            if look not in LOOKS:
                raise TypeError(f"unknown look {look!r} (choose from {', '.join(LOOKS)})")

    def look(self, mode: str) -> str:
        return self.looks.get(mode) or self.looks["any"]


@dataclass(frozen=True)
class StyleTable:
    """A game's pieces by name (``key``), for its pieces and its keys alike."""

    styles: Mapping[str, PieceStyle] = field(default_factory=dict)

    def look(self, s: Surface, key: str) -> str:
        """The key's word for ``key`` in ``s``'s ink mode, translated."""
        return self.look_in(s.doc.mode, key)

    def look_in(self, mode: str, key: str) -> str:
        """The key's word for ``key`` in ink mode ``mode``, translated."""
        return _(LOOKS[self.styles[key].look(mode)])

    def _mark(self, s: Surface, role: str, key: str, x: float, y: float, size: float) -> None:
        style = self.styles[key]
        s.mark(role, key, x - size / 2, y - size / 2, size, size, style.look(s.doc.mode), style.core)

    def mark_piece(self, s: Surface, key: str, x: float, y: float, size: float) -> None:
        """Record that the piece ``key`` drawn otherwise is centred on (x, y), ``size`` mm across."""
        self._mark(s, "piece", key, x, y, size)

    def mark_legend(self, s: Surface, key: str, x: float, y: float, size: float) -> None:
        """Record that a key's swatch of ``key`` drawn otherwise is centred on (x, y), ``size`` mm across."""
        self._mark(s, "legend", key, x, y, size)

    def piece(self, s: Surface, key: str, x: float, y: float, size: float, *, mark: bool = True) -> None:
        """The piece ``key`` centred on (x, y), ``size`` mm across."""
        self.styles[key].draw(s, x, y, size)
        if mark:
            self._mark(s, "piece", key, x, y, size)

    def swatch(self, s: Surface, key: str, x: float, y: float, size: float, *, actual: float) -> None:
        """A key's swatch of ``key`` centred on (x, y), ``size`` mm across: the piece
        drawn ``actual`` mm across (its size where it is used), scaled to ``size``."""
        factor = size / actual
        with s.scaled(x, y, factor):
            self.styles[key].draw(s, 0.0, 0.0, actual)
            self._mark(s, "legend", key, 0.0, 0.0, actual)
