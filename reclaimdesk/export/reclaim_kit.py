"""Reclaim's print-and-play kit: player sheets, the 30 cards, a rules summary and
filled sheets of recorded games, as PDF bytes.

Everything is drawn from the game's own data (``resources/reclaim/``), so an
edited map, deck or scoring track prints as edited. Every terrain has its own
symbol as well as its colour, so the sheets read the same when printed in grey.
The same input always gives the same bytes.

>>> pdf = reclaim_sheets_pdf("a4", maps=("river",))
>>> pdf.count(b"/Type /Page\\n")
1
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from reclaimdesk.core.grid import Cell
from reclaimdesk.core.i18n import N_, _
from reclaimdesk.core.polyomino import Polyomino
from reclaimdesk.export.cards import add_card_sheets, add_duplex_test, card_page_count, empty_slots
from reclaimdesk.export.errors import ExportError
from reclaimdesk.export.kit import CardFaces, GameKit
from reclaimdesk.export.options import SEAT, KitOffer, PrintOptions
from reclaimdesk.export.kit_pages import (
    FAINT, LINE, Component, begin_kit, kit_credits, card_layout_of, content, draw_cover, draw_footer,
    draw_rules_columns, draw_title_bar, kit_document, kit_footer, page_layout, page_part, pages_text, seat_named,
    winner_text, wrap
)
from reclaimdesk.export.kit_pages import MARGIN_MM  # noqa: F401 (re-exported)
from reclaimdesk.export.layout import CardLayout, PageLayout, PaperSize, Rect
from reclaimdesk.export.pdf import WHITE, Ink, InkMode, PdfDocument, Surface
from reclaimdesk.export.styles import PieceStyle, StyleTable
from reclaimdesk.games.reclaim.components import (
    GRID,
    MAP_IDS,
    SIZE,
    Card,
    ICON_WORDS,
    Icon,
    ReclaimMap,
    Terrain,
    Track,
    load_card_set,
    load_cards,
    load_map,
    load_track,
)

if TYPE_CHECKING:
    from reclaimdesk.core.game import GameState

GAME_NAME = "Reclaim"
ROUNDS = 16
FIRST_HALF = 10

PEN = "#1d3f91"          # what a player draws with on a filled sheet
CROSS = "#b3261e"        # X marks and crossed-out numbers

Draw = Callable[[Surface, float, float, float, Ink], None]
"""Draws a symbol centred on (x, y), ``size`` mm across, in one ink."""


# --- symbols ------------------------------------------------------------------------
def _ellipse(s: Surface, cx: float, cy: float, rx: float, ry: float, angle: float, ink: Ink) -> None:
    c = s.canvas
    c.saveState()
    s.set_fill(ink)
    c.translate(cx, cy)
    c.rotate(angle)
    c.ellipse(-rx, -ry, rx, ry, stroke=0, fill=1)
    c.restoreState()


def draw_tree(s: Surface, x: float, y: float, size: float, ink: Ink) -> None:
    """Forest and the wood icon: a round-topped tree."""
    s.rect(x - 0.07 * size, y - 0.46 * size, 0.14 * size, 0.4 * size, fill=ink)
    s.circle(x, y + 0.1 * size, 0.33 * size, fill=ink)


def draw_wheat(s: Surface, x: float, y: float, size: float, ink: Ink) -> None:
    """Field and the wheat icon: an ear of wheat."""
    s.line(x, y - 0.48 * size, x, y + 0.25 * size, stroke=ink, line_mm=0.07 * size)
    for k in range(3):
        gy = y - 0.14 * size + k * 0.19 * size
        for side in (-1, 1):
            _ellipse(s, x + side * 0.12 * size, gy, 0.13 * size, 0.065 * size, side * 50, ink)
    _ellipse(s, x, y + 0.36 * size, 0.065 * size, 0.13 * size, 0, ink)


def draw_mountain(s: Surface, x: float, y: float, size: float, ink: Ink) -> None:
    """Mountain and the stone icon: two solid peaks."""
    pts = [(-0.5, -0.36), (-0.22, 0.12), (-0.08, -0.06), (0.16, 0.38), (0.5, -0.36)]
    s.polygon([(x + a * size, y + b * size) for a, b in pts], fill=ink)


def draw_water(s: Surface, x: float, y: float, size: float, ink: Ink) -> None:
    """Water and the water icon: three waves."""
    for row in (-0.26, 0.0, 0.26):
        pts = [(x + (-0.45 + 0.9 * i / 16) * size,
                y + (row + 0.07 * math.sin(i / 16 * 3 * math.pi)) * size) for i in range(17)]
        s.polygon(pts, stroke=ink, line_mm=0.085 * size, closed=False)


def draw_grass(s: Surface, x: float, y: float, size: float, ink: Ink) -> None:
    """Grass: a small tuft of three blades (it pays no icon)."""
    for base, tip, top in ((-0.16, -0.3, 0.12), (0.0, 0.0, 0.3), (0.16, 0.3, 0.12)):
        s.line(x + base * size, y - 0.3 * size, x + tip * size, y + top * size, stroke=ink,
               line_mm=0.07 * size)


def draw_castle(s: Surface, x: float, y: float, size: float, ink: Ink, door: Ink = WHITE) -> None:
    """A castle: a keep with battlements and a gate."""
    pts = [(-0.42, -0.45), (-0.42, 0.38), (-0.27, 0.38), (-0.27, 0.25), (-0.08, 0.25),
           (-0.08, 0.38), (0.08, 0.38), (0.08, 0.25), (0.27, 0.25), (0.27, 0.38), (0.42, 0.38),
           (0.42, -0.45)]
    s.polygon([(x + a * size, y + b * size) for a, b in pts], fill=ink)
    s.rect(x - 0.11 * size, y - 0.45 * size, 0.22 * size, 0.2 * size, fill=door)
    s.circle(x, y - 0.25 * size, 0.11 * size, fill=door)
    s.rect(x - 0.05 * size, y + 0.02 * size, 0.1 * size, 0.13 * size, fill=door)


@dataclass(frozen=True)
class TerrainStyle:
    """How a kind of square is printed: a light ground colour, a symbol and its ink."""

    name: str
    pays: str
    ground: Ink
    ink: Ink
    draw: Draw


TERRAIN_STYLES: dict[Terrain, TerrainStyle] = {
    Terrain.CASTLE: TerrainStyle(N_("Castle"), N_("never built on"), "#e6e1d8", "#3b3631", draw_castle),
    Terrain.FOREST: TerrainStyle(N_("Forest"), N_("pays wood"), "#d3ebc4", "#2d6a2d", draw_tree),
    Terrain.FIELD: TerrainStyle(N_("Field"), N_("pays wheat"), "#f8e9a6", "#8a6400", draw_wheat),
    Terrain.MOUNTAIN: TerrainStyle(N_("Mountain"), N_("pays stone"), "#ddd0c2", "#6a5442", draw_mountain),
    Terrain.WATER: TerrainStyle(N_("Water"), N_("pays water"), "#c4def3", "#2a6aa6", draw_water),
    Terrain.GRASS: TerrainStyle(N_("Grass"), N_("pays nothing"), "#ffffff", "#8aa37a", draw_grass),
}
TERRAIN_ORDER = (Terrain.CASTLE, Terrain.FOREST, Terrain.FIELD, Terrain.MOUNTAIN,
                 Terrain.WATER, Terrain.GRASS)


TERRAIN_PATTERNS: dict[Terrain, tuple[float, ...]] = {
    Terrain.FOREST: (45.0,),
    Terrain.FIELD: (0.0,),
    Terrain.MOUNTAIN: (45.0, -45.0),
    Terrain.WATER: (90.0,),
}
"""The hatching of each terrain in grey and ink-saver prints (angles of its
lines): forest /, field |, mountain X, water =; grass and castles plain."""
PATTERN_INK = "#8a8a8a"


def draw_terrain_pattern(s: Surface, kind: Terrain, x: float, y: float, size: float) -> None:
    """The pattern of ``kind`` over a square, when the print has no colour (it
    tells the terrains apart at a glance, where greys alone are too alike)."""
    if not s.doc.greyscale:
        return
    for angle in TERRAIN_PATTERNS.get(kind, ()):
        s.hatch(x, y, size, size, spacing_mm=max(1.6, size / 6), angle_deg=angle, stroke=PATTERN_INK,
                line_mm=0.15)


def draw_icon(s: Surface, icon: Icon, x: float, y: float, size: float) -> None:
    """A cost icon: the symbol of the terrain that pays it."""
    style = TERRAIN_STYLES[icon.terrain]
    style.draw(s, x, y, size, style.ink)


def _triangle(s: Surface, x: float, y: float, size: float, ink: Ink, *, solid: bool,
              line_mm: float = 0.4) -> None:
    h = size * math.sqrt(3) / 2
    pts = [(x - size / 2, y - h / 3), (x + size / 2, y - h / 3), (x, y + 2 * h / 3)]
    s.polygon(pts, fill=ink if solid else None, stroke=ink, line_mm=line_mm)


def _triangle_style(solid: bool) -> PieceStyle:
    def draw(s: Surface, x: float, y: float, size: float) -> None:
        with s.fills_as_given():        # territory stays solid in the ink saver: it is what tells it from a base
            _triangle(s, x, y, size, PEN, solid=solid, line_mm=0.45)
    return PieceStyle(draw, {"any": "solid" if solid else "outlined"})


MARKS = StyleTable({"base": _triangle_style(False), "territory": _triangle_style(True)})
"""The triangles a player draws (a base outlined, territory solid), for a filled
sheet and the sheet's legend."""


def _x_mark(s: Surface, x: float, y: float, size: float, ink: Ink, line_mm: float) -> None:
    h = size / 2
    s.line(x - h, y - h, x + h, y + h, stroke=ink, line_mm=line_mm)
    s.line(x - h, y + h, x + h, y - h, stroke=ink, line_mm=line_mm)


def _circled(s: Surface, x: float, y: float, number: int, size: float = 4.2) -> None:
    s.circle(x, y, size / 2, stroke=LINE, line_mm=0.25)
    s.text(x, y - size * 0.24, str(number), size_pt=size * 1.7, bold=True, align="centre")


def _shape(s: Surface, shape: Polyomino, x: float, y: float, cell: float, *, fill: Ink,
           stroke: Ink, line_mm: float = 0.3) -> None:
    """``shape`` drawn as squares, centred on (x, y)."""
    left = x - shape.width * cell / 2
    top = y + shape.height * cell / 2
    for r, c in shape.cells:
        s.rect(left + c * cell, top - (r + 1) * cell, cell, cell, fill=fill, stroke=stroke,
               line_mm=line_mm)


def _minus(n: int) -> str:
    return f"\u2212{-n}" if n < 0 else str(n)


# --- maps ----------------------------------------------------------------------------------
def _maps(maps: Sequence[str]) -> list[ReclaimMap]:
    if not maps:
        raise ExportError(_("no map chosen"))
    out = []
    for map_id in maps:
        if map_id not in MAP_IDS:
            raise ExportError(_("unknown Reclaim map '{map}' (choose {choices})").format(
                map=map_id, choices=_(" or ").join(MAP_IDS)))
        out.append(load_map(map_id))
    return out


# --- the player sheet ---------------------------------------------------------------------
@dataclass(frozen=True)
class SheetMarks:
    """What a player has drawn on a sheet, as the rules engine keeps it."""

    sections: tuple[int, ...]
    triangles: int
    territory: int
    xs: int
    crossings: tuple[tuple[int, str], ...]
    rounds_done: int
    scores: dict[str, int | None]
    heading: str
    total_line: str
    rectangle: tuple[int, int, int, int] | None = None
    """The scoring rectangle at the end (top row, left column, height, width)."""


def _draw_sheet(page: Surface, layout: PageLayout, rmap: ReclaimMap, track: Track,
                marks: SheetMarks | None = None) -> None:
    area = content(layout)
    left, right, top, bottom = area.x, area.right, area.top, area.y
    width = area.width
    compact = width < COMPACT_BELOW_MM          # half a page (a pad): no legend, fewer notes

    # Header.
    page.text(left, top - 6.0, _(GAME_NAME).upper(), size_pt=18, bold=True)
    page.text(left + 40, top - 6.0, _("{name} map ({level})").format(name=_(rmap.name), level=_(rmap.level)),
              size_pt=10, bold=True)
    if not compact:
        page.text(left + 40, top - 10.0, _("Player sheet: 16 rounds, 1st half 1-10, 2nd half 11-16"),
                  size_pt=7.5, colour=FAINT)
    if marks is None:
        name_x = right - (30 if compact else 62)
        page.text(name_x, top - (11.0 if compact else 6.0), _("Name"), size_pt=8, colour=FAINT)
        page.line(name_x + 9, top - (11.5 if compact else 6.5), right, top - (11.5 if compact else 6.5),
                  stroke=LINE, line_mm=0.25)
    else:
        page.text(right, top - 4.5, marks.heading, size_pt=7.5, align="right")
        page.text(right, top - 10.0, marks.total_line, size_pt=11, bold=True, align="right")
    y = top - 13.0

    # Round track.
    label_w = 20.0
    gap = 4.0
    box = min(10.0, (width - label_w - gap) / ROUNDS)
    page.text(left, y - 7.0, _("Rounds"), size_pt=8, bold=True)
    page.text(left, y - 10.5, _("cross off"), size_pt=7, colour=FAINT)
    x0 = left + label_w
    rounds_y = y - 11.0
    for n in range(1, ROUNDS + 1):
        bx = x0 + (n - 1) * box + (gap if n > FIRST_HALF else 0.0)
        thick = n in (FIRST_HALF, ROUNDS)
        page.rect(bx, rounds_y, box, 7.0, stroke=LINE, line_mm=0.5 if thick else 0.25,
                  fill="#f1ece2" if n > FIRST_HALF else None)
        page.text(bx + box / 2, rounds_y + 2.3, str(n), size_pt=9, bold=thick, align="centre")
        if marks is not None and n <= marks.rounds_done:
            page.line(bx + 1.2, rounds_y + 0.8, bx + box - 1.2, rounds_y + 6.2, stroke=PEN, line_mm=0.5)
    first_mid = x0 + FIRST_HALF * box / 2
    second_mid = x0 + gap + FIRST_HALF * box + (ROUNDS - FIRST_HALF) * box / 2
    if not compact:
        page.text(first_mid, y - 2.8, _("First half: pay the left card's two icons; score \u2460 after round 10"),
                  size_pt=7, colour=FAINT, align="centre")
        page.text(second_mid, y - 2.8, _("Second half: pay both cards; score \u2461 after 16"),
                  size_pt=7, colour=FAINT, align="centre")
    y = rounds_y - 3.0
    map_left, map_top, cell = map_frame(layout)
    assert abs(map_top - (y - LABEL_MM)) < 1e-9
    map_w = SIZE * cell
    _draw_map(page, rmap, map_left, map_top, cell, marks)
    for c in range(SIZE):
        page.text(map_left + (c + 0.5) * cell, map_top + 1.2, chr(ord("a") + c), size_pt=7,
                  colour=FAINT, align="centre")
    for r in range(SIZE):
        page.text(map_left - 1.0, map_top - (r + 0.5) * cell - 1.0, str(r + 1), size_pt=7,
                  colour=FAINT, align="right")

    side = Rect(map_left + map_w + 3.0, map_top - SIZE * cell, right - (map_left + map_w + 3.0),
                SIZE * cell)
    if not compact:
        _draw_legend(page, side)
    _draw_score_column(page, side, marks)
    track_top = map_top - SIZE * cell - 3.0
    _draw_scoring_track(page, Rect(left, track_top - TRACK_MM, width, TRACK_MM), track, marks, note=not compact)
    room = Rect(left, bottom, width, track_top - TRACK_MM - 3.0 - bottom)
    if room.height >= 16.0:
        _draw_round_reminder(page, room)


COMPACT_BELOW_MM = 170.0
"""A sheet narrower than this (two on a page, for a pad) leaves out its legend and notes."""
HEADER_MM = 27.0      # title and round track, above the map's column letters
LABEL_MM = 4.5        # the map's row numbers and column letters
TRACK_MM = 36.0       # the scoring track below the map
SIDE_MM = 44.0        # legend and scoring column right of the map


def map_frame(layout: PageLayout) -> tuple[float, float, float]:
    """(left, top, cell size) of the map on a player sheet, in page mm: as large
    as fits beside the legend and above the scoring track, 12 mm at most."""
    area = content(layout)
    y = area.top - HEADER_MM
    cell = min(12.0, (area.width - LABEL_MM - SIDE_MM - 3.0) / SIZE,
               (y - LABEL_MM - TRACK_MM - 3.0 - area.y) / SIZE)
    return area.x + LABEL_MM, y - LABEL_MM, cell


def _cell_origin(map_left: float, map_top: float, cell: float, rc: Cell) -> tuple[float, float]:
    r, c = rc
    return map_left + c * cell, map_top - (r + 1) * cell


def _draw_map(page: Surface, rmap: ReclaimMap, map_left: float, map_top: float, cell: float,
              marks: SheetMarks | None) -> None:
    sym = 0.36 * cell
    for r in range(SIZE):
        for c in range(SIZE):
            kind = rmap.at((r, c))
            style = TERRAIN_STYLES[kind]
            x, y = _cell_origin(map_left, map_top, cell, (r, c))
            page.rect(x, y, cell, cell, fill=style.ground)
            draw_terrain_pattern(page, kind, x, y, cell)
            if kind is Terrain.CASTLE:
                draw_castle(page, x + cell / 2, y + cell / 2, 0.8 * cell, style.ink)
            else:
                sx, sy = x + 0.05 * cell + sym / 2, y + cell - 0.05 * cell - sym / 2
                if page.doc.greyscale and kind in TERRAIN_PATTERNS:
                    page.rect(sx - sym * 0.62, sy - sym * 0.62, sym * 1.24, sym * 1.24, fill=WHITE)
                style.draw(page, sx, sy, sym, style.ink)
    # Grid lines, then a heavier frame.
    for i in range(SIZE + 1):
        page.line(map_left + i * cell, map_top, map_left + i * cell, map_top - SIZE * cell,
                  stroke=FAINT, line_mm=0.2)
        page.line(map_left, map_top - i * cell, map_left + SIZE * cell, map_top - i * cell,
                  stroke=FAINT, line_mm=0.2)
    page.rect(map_left, map_top - SIZE * cell, SIZE * cell, SIZE * cell, stroke=LINE, line_mm=0.6)
    centre = SIZE // 2
    cx, cy = _cell_origin(map_left, map_top, cell, (centre, centre))
    page.rect(cx, cy, cell, cell, stroke=LINE, line_mm=0.6)
    if marks is not None:
        _draw_marks(page, marks, map_left, map_top, cell)
        if marks.rectangle is not None:
            top, col, h, w = marks.rectangle
            x, y = _cell_origin(map_left, map_top, cell, (top + h - 1, col))
            page.rect(x + 0.9, y + 0.9, w * cell - 1.8, h * cell - 1.8, stroke=CROSS, line_mm=0.5,
                      dash=(1.6, 1.0))


def _draw_marks(page: Surface, marks: SheetMarks, map_left: float, map_top: float, cell: float) -> None:
    for rc in GRID.cells_of(marks.xs):
        x, y = _cell_origin(map_left, map_top, cell, rc)
        _x_mark(page, x + cell / 2, y + cell / 2, 0.62 * cell, CROSS, 0.55)
    for mask, key in ((marks.triangles, "base"), (marks.territory, "territory")):
        for rc in GRID.cells_of(mask):
            x, y = _cell_origin(map_left, map_top, cell, rc)
            MARKS.piece(page, key, x + 0.56 * cell, y + 0.42 * cell, 0.55 * cell)
    # Section outlines: every edge between a section square and a square outside it.
    c = page.canvas
    c.saveState()
    page.set_stroke(PEN)
    c.setLineWidth(0.7)
    c.setLineCap(2)
    for section in marks.sections:
        for r, col in GRID.cells_of(section):
            x, y = _cell_origin(map_left, map_top, cell, (r, col))
            for dr, dc, x1, y1, x2, y2 in ((-1, 0, x, y + cell, x + cell, y + cell),
                                           (1, 0, x, y, x + cell, y),
                                           (0, -1, x, y, x, y + cell),
                                           (0, 1, x + cell, y, x + cell, y + cell)):
                nr, nc = r + dr, col + dc
                inside = 0 <= nr < SIZE and 0 <= nc < SIZE and section >> (nr * SIZE + nc) & 1
                if not inside:
                    c.line(x1, y1, x2, y2)
    c.restoreState()


def _draw_legend(page: Surface, side: Rect) -> None:
    y = side.top - 3.5
    page.text(side.x, y, _("Map"), size_pt=8, bold=True)
    y -= 2.0
    swatch = 7.0
    for kind in TERRAIN_ORDER:
        style = TERRAIN_STYLES[kind]
        y -= swatch
        page.rect(side.x, y, swatch, swatch, fill=style.ground)
        draw_terrain_pattern(page, kind, side.x, y, swatch)
        page.rect(side.x, y, swatch, swatch, stroke=FAINT, line_mm=0.2)
        size = 0.8 * swatch if kind is Terrain.CASTLE else 0.6 * swatch
        style.draw(page, side.x + swatch / 2, y + swatch / 2, size, style.ink)
        page.text(side.x + swatch + 1.5, y + 3.9, _(style.name), size_pt=7.5, bold=True)
        page.text(side.x + swatch + 1.5, y + 0.9, _(style.pays), size_pt=7, colour=FAINT)
        y -= 1.2
    y -= 3.5
    page.text(side.x, y, _("Marks"), size_pt=8, bold=True)
    rows: list[tuple[Callable[[float, float], None], str, str]] = [
        (lambda x, yy: MARKS.swatch(page, "base", x, yy - 0.6, 4.2, actual=4.2), N_("base"), N_("pays an icon")),
        (lambda x, yy: MARKS.swatch(page, "territory", x, yy - 0.6, 4.2, actual=4.2), N_("territory"),
         N_("section full of \u25b3")),
        (lambda x, yy: _x_mark(page, x, yy, 3.6, CROSS, 0.5), N_("walled off"), N_("\u22122 at the end")),
        (lambda x, yy: page.rect(x - 2.6, yy - 2.0, 5.2, 4.0, stroke=PEN, line_mm=0.6), N_("section"),
         N_("a shape's outline")),
    ]
    for draw, name, hint in rows:
        y -= 7.2
        draw(side.x + swatch / 2, y + 2.6)
        page.text(side.x + swatch + 1.5, y + 3.6, _(name), size_pt=7.5, bold=True)
        page.text(side.x + swatch + 1.5, y + 0.6, _(hint), size_pt=7, colour=FAINT)


SCORE_ROWS = (
    ("first_half", 1, N_("Castles, 1st half"), N_("after round 10")),
    ("second_half", 2, N_("Castles, 2nd half"), N_("after round 16")),
    ("rectangle", 3, N_("Largest rectangle"), N_("\u25b2+castles; none \u22125")),
    ("x_penalty", 4, N_("X marks"), N_("\u22122 for each")),
)


def _draw_score_column(page: Surface, side: Rect, marks: SheetMarks | None) -> None:
    row_h = 9.0
    box_w = 13.0
    rows = len(SCORE_ROWS) + 1
    y = side.y + rows * row_h + 1.0
    page.text(side.x, y + 2.5, _("Score"), size_pt=8, bold=True)
    for i, (key, number, name, hint) in enumerate([*SCORE_ROWS, ("total", 0, N_("Total"), "\u2460+\u2461+\u2462+\u2463")]):
        ry = y - (i + 1) * row_h
        total = key == "total"
        if number:
            _circled(page, side.x + 1.8, ry + 5.0, number)
        page.text(side.x + 4.5, ry + 5.0, _(name), size_pt=7 if not total else 8, bold=True)
        page.text(side.x + 4.5, ry + 1.9, _(hint), size_pt=7, colour=FAINT)
        bx = side.right - box_w
        page.rect(bx, ry + 0.8, box_w, row_h - 1.6, stroke=LINE, line_mm=0.6 if total else 0.3)
        if marks is not None:
            value = marks.scores.get(key)
            if value is not None:
                page.text(bx + box_w / 2, ry + 2.7, _minus(value), size_pt=11, bold=total,
                          colour=PEN, align="centre")


def _draw_scoring_track(page: Surface, band: Rect, track: Track, marks: SheetMarks | None,
                        note: bool = True) -> None:
    label_w = 24.0
    n = len(track.entries)
    w = (band.width - label_w) / n
    top = band.top - 4.0
    page.text(band.x, band.top - 1.5, _("Scoring track"), size_pt=8, bold=True)
    if note:
        page.text(band.x + 22, band.top - 1.5,
                  _("Penalties and special actions cross out the rightmost open number; a crossed-out score "
                    "uses the next open number to its left."),
                  size_pt=7, colour=FAINT)
    page.text(band.x, top - 4.5, _("castles linked"), size_pt=7, bold=True)
    page.text(band.x, top - 13.0, _("points"), size_pt=7, bold=True)
    page.text(band.x, top - 20.8, _("special"), size_pt=7, bold=True)
    for i, hint in enumerate((_("this many \u25b3"), _("on section"), _("squares, or"), _("the shape"))):
        page.text(band.x, top - 23.7 - 2.85 * i, hint, size_pt=7, colour=FAINT)
    crossed = len(marks.crossings) if marks else 0
    for i, entry in enumerate(track.entries):
        x = band.x + label_w + i * w
        page.rect(x, band.y, w, top - band.y, stroke=LINE, line_mm=0.3)
        page.line(x, top - 7.0, x + w, top - 7.0, stroke=FAINT, line_mm=0.2)
        page.line(x, top - 17.0, x + w, top - 17.0, stroke=FAINT, line_mm=0.2)
        draw_castle(page, x + w / 2 - 3.2, top - 3.5, 4.6, TERRAIN_STYLES[Terrain.CASTLE].ink)
        page.text(x + w / 2 + 0.5, top - 5.2, f"\u00d7{entry.castles}", size_pt=8.5, bold=True)
        page.text(x + w / 2, top - 14.2, str(entry.points), size_pt=15, bold=True, align="centre")
        sy = top - 17.0
        for k in range(entry.triangles):
            _triangle(page, x + w / 2 + (k - (entry.triangles - 1) / 2) * 4.2, sy - 3.6, 3.3, LINE,
                      solid=False, line_mm=0.3)
        page.text(x + w / 2, sy - 8.2, _("or"), size_pt=7, colour=FAINT, align="centre")
        cell = 2.6
        _shape(page, entry.shape, x + w / 2, band.y + 0.6 + (sy - 9.4 - band.y) / 2, cell,
               fill="#efe6cf", stroke=LINE, line_mm=0.25)
        index_from_right = n - 1 - i
        if index_from_right < crossed and marks is not None:
            round_no, _reason = marks.crossings[index_from_right]
            _x_mark(page, x + w / 2, top - 12.0, 7.5, CROSS, 0.7)
            page.text(x + w - 0.8, top - 16.5, f"r{round_no}", size_pt=7, colour=CROSS, align="right")


ROUND_STEPS = (
    (N_("New card"), N_("From round 2: discard the left field card, slide the right one left, "
                        "turn a new one face up on the right.")),
    (N_("Pay"), N_("Draw \u25b3 on empty squares of your sections, one per icon on the left card (rounds "
                   "11-16: both cards). An icon left unpaid: cross out a number and draw no shape.")),
    (N_("Draw"), N_("Outline the left card's shape touching your sections. X every empty square walled off "
                    "from the edge. No room: cross out a number.")),
    (N_("Cross off"), N_("Cross off the round. Once a round, at any moment: special action (cross out a "
                         "number, take the \u25b3 or the shape under it).")),
)


def _draw_round_reminder(page: Surface, room: Rect) -> None:
    """The four steps of a round, as a strip along the bottom of the sheet (as
    tall as its longest column needs; left out when there is no room for it)."""
    col_w = (room.width - 4.0) / len(ROUND_STEPS)
    lines = max(len(wrap(_(text), col_w - 3.0, 7)) for _name, text in ROUND_STEPS)
    height = 14.5 + 2.9 * lines
    if height > room.height:
        return
    y = room.top - height
    page.rect(room.x, y, room.width, height, stroke=FAINT, line_mm=0.25, radius_mm=1.5)
    page.text(room.x + 2.0, y + height - 4.0, _("Each round"), size_pt=7.5, bold=True)
    for i, (name, text) in enumerate(ROUND_STEPS):
        x = room.x + 2.0 + i * col_w
        _circled(page, x + 1.8, y + height - 8.6, i + 1)
        page.text(x + 4.5, y + height - 9.6, _(name), size_pt=7, bold=True)
        for k, line in enumerate(wrap(_(text), col_w - 3.0, 7)):
            page.text(x, y + height - 13.6 - 2.9 * k, line, size_pt=7, colour=LINE)


# --- cards ------------------------------------------------------------------------------
CARD_GROUND = "#f7f0dc"
CARD_SHAPE = "#e6d7b0"
CARD_INK = "#3d3426"
BACK_GROUND = "#3e5934"
BACK_INK = "#eadfbf"


@dataclass(frozen=True)
class AidCard:
    """A player aid printed among the cards (it fills their last page): the round
    on the front, the scoring on the back. Its back is not the deck's back, so it
    never mixes in."""

    number: int


def draw_card_front(s: Surface, card: Card | AidCard) -> None:
    """A card's face: its shape drawn as squares, its two cost icons and their
    names, everything at least 3.5 mm inside the cut (no frame line near it)."""
    if isinstance(card, AidCard):
        _draw_aid_round(s)
        return
    grey = s.doc.greyscale
    if not grey:
        s.rect(-s.bleed, -s.bleed, s.width + 2 * s.bleed, s.height + 2 * s.bleed, fill=CARD_GROUND)
    s.text(5.5, s.height - 8.0, _(GAME_NAME).upper(), size_pt=7, bold=True, colour=CARD_INK)
    s.text(s.width - 5.5, s.height - 8.0, card.id, size_pt=7, colour=CARD_INK, align="right")
    shape = card.shape
    cell = min(10.0, 46.0 / shape.width, 36.0 / shape.height)
    _shape(s, shape, s.width / 2, 56.5, cell, fill=WHITE if grey else CARD_SHAPE, stroke=CARD_INK,
           line_mm=0.5)
    s.line(8, 33.0, s.width - 8, 33.0, stroke=CARD_INK, line_mm=0.25)
    s.text(s.width / 2, 29.0, _("cost"), size_pt=7, colour=FAINT, align="centre")
    for icon, x in zip(card.cost, (s.width / 2 - 13.5, s.width / 2 + 13.5)):
        style = TERRAIN_STYLES[icon.terrain]
        s.circle(x, 19.0, 8.0, fill=style.ground, stroke=style.ink, line_mm=0.4)
        draw_icon(s, icon, x, 19.0, 10.5)
        s.text(x, 7.9, _(ICON_WORDS[icon.value]), size_pt=8, bold=True, colour=CARD_INK, align="centre")
        s.text(x, 4.7, _(style.name).lower(), size_pt=7, colour=FAINT, align="centre")


def draw_card_back(s: Surface, card: Card | AidCard) -> None:
    """The common back: the game's name under a castle, on a ground to the edge
    (no frame to show a duplex drift)."""
    if isinstance(card, AidCard):
        _draw_aid_scoring(s)
        return
    grey = s.doc.greyscale
    ground, ink = (WHITE, LINE) if grey else (BACK_GROUND, BACK_INK)
    s.rect(-s.bleed, -s.bleed, s.width + 2 * s.bleed, s.height + 2 * s.bleed, fill=ground)
    draw_castle(s, s.width / 2, s.height / 2 + 8, 24, ink, door=ground)
    s.text(s.width / 2, s.height / 2 - 14, _(GAME_NAME).upper(), size_pt=16, bold=True, colour=ink,
           align="centre")


AID_PT = 7.5
AID_ROUND = (
    (N_("New card"), N_("From round 2: discard the left card, slide the right one left, turn up a new right card.")),
    (N_("Pay"), N_("One \u25b3 per icon of the left card (rounds 11-16: both cards), on empty squares of its "
                   "terrain in your sections. An icon unpaid: cross out a number, skip step 3.")),
    (N_("Draw"), N_("Draw the left card's shape touching your sections, then X every square walled off. "
                    "No room: cross out a number.")),
    (N_("Cross off"), N_("Cross off the round. Once a round, at any moment: a special action.")),
)
AID_SCORING = (
    ("\u2460 \u2461", N_("After round 10 and after 16: your largest group of castles linked by \u25b3 "
                          "scores the track's value for that many castles.")),
    ("\u2462", N_("The largest rectangle of \u25b2 and castles, at least 2 x 2, scores its area; none: \u22125.")),
    ("\u2463", N_("\u22122 for each X.")),
    ("", N_("Tie: fewer crossed-out numbers wins.")),
)


def _aid_text(s: Surface, title: str, items: Sequence[tuple[str, str]], numbered: bool) -> None:
    """A player aid's side: a title and short paragraphs, 4 mm inside the cut."""
    x0, width = 4.5, s.width - 9.0
    s.text(x0, s.height - 9.0, title, size_pt=10, bold=True, colour=CARD_INK)
    name = _(GAME_NAME).upper()
    if s.text_width(title, size_pt=10, bold=True) + s.text_width(name, size_pt=7, bold=True) + 3 < width:
        s.text(s.width - 4.5, s.height - 9.0, name, size_pt=7, bold=True, colour=FAINT, align="right")
    s.line(x0, s.height - 11.0, x0 + width, s.height - 11.0, stroke=CARD_INK, line_mm=0.3)
    y = s.height - 15.5
    lead = AID_PT * 1.22 / 72 * 25.4
    for n, (head, text) in enumerate(items, start=1):
        indent = 5.0 if numbered else 8.5
        if numbered:
            _circled(s, x0 + 2.0, y + 1.1, n)
            s.text(x0 + indent, y, _(head), size_pt=AID_PT, bold=True, colour=CARD_INK)
            y -= lead
        elif head:
            s.text(x0, y, head, size_pt=AID_PT, bold=True, colour=CARD_INK)
            # a wide label ("\u2460 \u2461") pushes its text right rather than under it
            indent = max(indent, s.text_width(head, size_pt=AID_PT, bold=True) + 1.2)
        for line in wrap(_(text), width - indent, AID_PT):
            s.text(x0 + indent, y, line, size_pt=AID_PT, colour=CARD_INK)
            y -= lead
        y -= 1.6
    if y < 4.0:
        raise ExportError("the player aid card's text does not fit")


def _draw_aid_round(s: Surface) -> None:
    _aid_text(s, _("EACH ROUND"), AID_ROUND, numbered=True)


def _draw_aid_scoring(s: Surface) -> None:
    _aid_text(s, _("SCORING"), AID_SCORING, numbered=False)


# --- rules summary ----------------------------------------------------------------------
RULES: tuple[tuple[str, str], ...] = (
    ("h", N_("What you are doing")),
    ("p", N_("Everyone marks their own copy of the same map. Grow a network of sections out from the "
             "centre castle, put bases (\u25b3) in them to pay for new shapes, and link castles with "
             "those bases. Linked castles score after round 10 and again after round 16; a large "
             "block of territory (\u25b2) scores at the end. Highest total wins.")),
    ("h", N_("Setting up")),
    ("n", N_("1. Shuffle the 30 cards, count 17 face down as the deck and put the rest aside.")),
    ("n", N_("2. Turn two deck cards face up beside it, side by side: the left and right field cards.")),
    ("n", N_("3. All players use the same map: river for a first game, lake for experienced players.")),
    ("n", N_("4. Deal each player two of the 13 spare cards. Draw both shapes so that each touches the "
             "centre castle (they may not overlap but need not touch), then return those cards to the box.")),
    ("h", N_("Drawing a shape")),
    ("b", N_("Outline exactly the squares of the shape: that outline is a section.")),
    ("b", N_("Turn the shape as you like, but never mirror it.")),
    ("b", N_("It must share a whole edge with a section you already have; a corner, or a castle alone, "
             "is not enough.")),
    ("b", N_("It may never cover a castle, an X or a square of another section, and stays on the map.")),
    ("h", N_("Each round (16 in all)")),
    ("n", N_("1. From round 2: discard the left field card, slide the right one left and turn the top "
             "deck card face up on the right.")),
    ("n", N_("2. Pay: for each icon on the left card draw a \u25b3 on an empty square of the matching "
             "terrain inside your sections (wood: forest, wheat: field, stone: mountain, water: water). "
             "In rounds 11-16 pay the icons of both cards. You must pay as much as you can; if any icon "
             "stays unpaid, keep what you drew, cross out a number on the scoring track and skip step 3.")),
    ("n", N_("3. Draw the left card's shape. If it fits nowhere, cross out a number instead.")),
    ("n", N_("4. Cross off the round on the round track.")),
    ("p", N_("Crossing out always takes the rightmost number still open on the scoring track.")),
    ("h", N_("Territory and X marks")),
    ("p", N_("As soon as every square of a section holds a \u25b3, fill them all in: they become "
             "territory \u25b2 and stop linking castles. After drawing any shape, mark X on every empty "
             "square that your sections and the castles now wall off from the map's edge. Pockets "
             "still open to the edge stay free. X squares are dead and cost 2 points each.")),
    ("h", N_("Special action (once per round)")),
    ("p", N_("At any moment of your turn, before paying or after drawing, you may cross out the "
             "rightmost open number and then either draw the \u25b3 shown under it on any empty section "
             "squares (all of them, any terrain; not allowed with too few squares), or draw the small "
             "shape shown under it by the normal rules. With all nine numbers gone, no more special "
             "actions (and further penalties do nothing).")),
    ("h", N_("Scoring")),
    ("b", N_("\u2460 after round 10 and \u2461 after round 16: take your largest group of castles joined "
             "through edge-touching \u25b3 (not \u25b2) and score the track value for that many castles. "
             "If that number is crossed out, use the nearest open number to its left; if none is left, "
             "or no \u25b3 touches a castle, score 0.")),
    ("b", N_("\u2462 The largest rectangle of \u25b2 and castles, at least 2 squares each way, scores its "
             "area; without one, \u22125.")),
    ("b", N_("\u2463 Lose 2 points per X.")),
    ("p", N_("Add \u2460 + \u2461 + \u2462 + \u2463. On a tie, whoever crossed out fewer numbers wins; "
             "otherwise the tie stands.")),
    ("h", N_("Good to know")),
    ("b", N_("Touching always means sharing an edge; squares that meet only at a corner do not touch.")),
    ("b", N_("In rounds 11-16 you pay four icons but still draw only the left card's shape.")),
    ("b", N_("A special action's shape can open up a square you need: take it before paying.")),
    ("b", N_("The \u25b3 of a special action may go on any terrain, grass included; payment \u25b3 only "
             "on the terrain of the icon.")),
    ("b", N_("Write \u2460 on the sheet after round 10: later changes do not alter it.")),
    ("h", N_("Solo and variant")),
    ("p", N_("Solo: play the same way and try to reach 80, then 90, then 100 points. Variant for 2 or "
             "more: after first-half scoring, pass your sheet to the left, draw one \u25b3 on an empty "
             "section square of the sheet you receive (it may complete a section), then pass it back.")),
)


def _draw_rules(page: Surface, layout: PageLayout) -> None:
    area = content(layout)
    top = draw_title_bar(page, area, _("{game}: rules summary").format(game=_(GAME_NAME).upper()),
                         _("1-6 players, about 30 minutes. Each player needs a player sheet (print one per game) "
                           "and a pencil; the 30 cards are shared."))
    draw_rules_columns(page, RULES, area, top, area.y + 8)
    draw_footer(page, area)


PRINT_TIPS = (
    N_("Sheets and cards double-sided, flipping on the long edge; the rest single- or double-sided. "
       "No duplex printer: print the fold-over cards file and fold each page in half."),
    N_("Print the duplex test first and hold it against a light: its second side says what to do when the backs "
       "land off (nothing up to 1.5 mm; else a printer setting, the bleed file or the fold-over file)."),
    N_("Every terrain has a hatching as well as a colour, so a black-and-white print plays the same. With the "
       "app: --greyscale prints every colour as grey; --sheets-per-page 2 puts two smaller sheets on a page."),
    N_("At the table: the app's companion for Reclaim turns the cards and scores the rounds, and replaces the "
       "30 cards; with it, print only the player sheets."),
)


def _data_versions() -> str:
    # each map by its name in the kit's language (River, 川), with its data version
    maps = _(", ").join(_("{map} {version}").format(map=_(m.name), version=m.version) for m in _maps(MAP_IDS))
    return _("cards {cards}, track {track}, maps {maps}").format(
        cards=load_card_set().version, track=load_track().version, maps=maps)


def footer() -> str:
    """The line at the foot of every page of Reclaim's kit."""
    return kit_footer(_(GAME_NAME), _data_versions())


# --- documents ----------------------------------------------------------------------------
def add_sheet_pages(doc: PdfDocument, layout: PageLayout, maps: Sequence[str] = MAP_IDS,
                    per_page: int = 1) -> int:
    """One blank player sheet per map in ``maps`` (``per_page`` 2: two smaller
    sheets of the same map side by side on a page turned on its side, for a pad);
    returns the pages added."""
    track = load_track()
    chosen = _maps(maps)
    if per_page not in (1, 2):
        raise ValueError(_("--sheets-per-page must be 1 or 2, not {n}").format(n=per_page))
    for rmap in chosen:
        if per_page == 1:
            with doc.page(layout.paper, note=_("player sheet, {map} map").format(map=_(rmap.name).lower())) as page:
                _draw_sheet(page, layout, rmap, track)
            continue
        paper = layout.paper.landscape()
        half = PaperSize(paper.name, paper.width_mm / 2, paper.height_mm)
        sub = replace(layout, paper=half, margin_mm=layout.margin_mm)
        with doc.page(paper, note=_("two player sheets, {map} map").format(map=_(rmap.name).lower())) as page:
            for k in range(2):
                with page.frame(Rect(k * half.width_mm, 0, half.width_mm, half.height_mm), clip=False) as part:
                    _draw_sheet(part, sub, rmap, track)
            page.line(half.width_mm, layout.margin_mm + 6, half.width_mm, paper.height_mm - layout.margin_mm,
                      stroke=FAINT, line_mm=0.2, dash=(2.0, 2.0))
    return len(chosen)


def reclaim_sheets_pdf(paper: PaperSize | str = "a4", greyscale: InkMode = False,
                       maps: Sequence[str] = MAP_IDS, per_page: int = 1) -> bytes:
    """Blank player sheets, one page per map (river, then lake)."""
    return kit_document(N_("Reclaim player sheets"), paper, greyscale,
                        lambda doc, layout: add_sheet_pages(doc, layout, maps, per_page), footer=footer())


def kit_cards(card_layout: CardLayout, fold_over: bool = False) -> list[Card | AidCard]:
    """The deck and, on the places its last page leaves empty, player aids."""
    deck: list[Card | AidCard] = list(load_cards())
    return deck + [AidCard(k) for k in range(empty_slots(len(deck), card_layout, fold_over))]


def reclaim_cards_pdf(card_layout: CardLayout = CardLayout(), fold_over: bool = False) -> bytes:
    """The 30 cards as poker cards (and player aids in the last page's empty
    places): pages of fronts, each followed by its backs, or fold-over pages."""
    doc = PdfDocument(title=_("Reclaim cards"), greyscale=card_layout.page.greyscale)
    doc.footer = footer()
    add_card_sheets(doc, kit_cards(card_layout, fold_over), draw_card_front, draw_card_back, card_layout,
                    title=_(GAME_NAME), fold_over=fold_over)
    return doc.to_bytes()


def reclaim_rules_pdf(paper: PaperSize | str = "a4", greyscale: InkMode = False) -> bytes:
    """The one-page rules summary."""
    return kit_document(N_("Reclaim rules summary"), paper, greyscale, page_part(_draw_rules), footer=footer())


def reclaim_all_pdf(paper: PaperSize | str = "a4", greyscale: InkMode = False,
                    card_layout: CardLayout | None = None, maps: Sequence[str] = MAP_IDS,
                    fold_over: bool = False, per_page: int = 1) -> bytes:
    """The whole kit in one file: a cover with the checklist, the rules, the
    sheets, a duplex test and the cards.

    Every two-sided part starts on an odd page, so that printing the whole file
    double-sided still puts every back behind its front. ``card_layout`` gives
    bleed, crop marks and back offset; its paper and greyscale are replaced by
    ``paper`` and ``greyscale``.
    """
    layout = page_layout(paper, greyscale)
    base = card_layout or CardLayout()
    cards = replace(base, page=replace(base.page, paper=layout.paper, greyscale=greyscale))
    chosen = _maps(maps)
    deck = kit_cards(cards, fold_over)
    aids = sum(isinstance(c, AidCard) for c in deck)
    first_sheet = 3
    sheet_pages = len(chosen)
    first_test = first_sheet + sheet_pages + (sheet_pages % 2)
    test_pages = 0 if fold_over else 2
    first_card = first_test + test_pages
    card_pages = card_page_count(len(deck), cards, fold_over=fold_over)
    two_sided = _("double-sided, long edge")
    components = [
        Component(_("Rules summary"), 1, "2", _("either way")),
        *[Component(_("Player sheet, {map} map ({level}): one per player per game").format(
            map=_(m.name).lower(), level=_(m.level)), 1, str(first_sheet + i),
            two_sided if len(chosen) == 2 else _("single-sided")) for i, m in enumerate(chosen)],
        Component(_("Cards (30-card deck, shapes and costs)"), len(load_cards()), pages_text(first_card, card_pages),
                  _("fold-over, single-sided") if fold_over else two_sided),
    ]
    if aids:
        components.append(Component(_("Player aid cards: a round on the front, scoring on the back"), aids,
                                    pages_text(first_card + card_pages - (1 if fold_over else 2),
                                               1 if fold_over else 2), _("with the cards")))
    if test_pages:
        components.insert(len(components) - 1 - bool(aids), Component(
            _("Duplex test: print it before the cards"), 1, pages_text(first_test, 2), two_sided))
    steps = (
        _("Print the duplex test and check it against a light (its second side says what to do)."),
        _("Print the cards; cut each page along the crop marks: first the long cuts, then across."),
        _("Shuffle the 30 cards; keep the player aids apart (their back differs)."),
        _("Print one player sheet per player for each game, and have pencils ready."),
    )
    doc = begin_kit(_("Reclaim print-and-play kit"), layout, footer(), lambda page, lay: draw_cover(
        page, lay, game=_(GAME_NAME), tagline=_("print-and-play kit: 1-6 players, about 30 minutes"),
        components=components, steps=steps, tips=[_(t) for t in PRINT_TIPS], credits=kit_credits("reclaim"), game_id="reclaim",
        extra=_draw_round_reminder), _draw_rules)
    add_sheet_pages(doc, layout, [m.id for m in chosen], per_page)
    if sheet_pages % 2:
        with doc.page(layout.paper, note=_("turn summary")) as page:
            _draw_round_reminder(page, content(layout))
    if test_pages:
        add_duplex_test(doc, cards, "reclaimdesk print reclaim --what cards")
    add_card_sheets(doc, deck, draw_card_front, draw_card_back, cards, title=_(GAME_NAME), fold_over=fold_over)
    return doc.to_bytes()


# --- filled sheets --------------------------------------------------------------------------
def sheet_marks(state: object, seat: int, players: Sequence[str] = ()) -> SheetMarks:
    """What ``seat`` has drawn so far in a Reclaim game, ready to print; the
    heading names the player (from ``players``) and, once a game of several is
    over, the winner."""
    from reclaimdesk.games.reclaim.state import GIFT, OVER, SETUP, ReclaimState

    if not isinstance(state, ReclaimState):
        raise ExportError(_("a filled Reclaim sheet needs a Reclaim game"))
    if not 0 <= seat < state.num_players:
        raise ExportError(_("there is no seat {seat} in this {count}-player game").format(
            seat=seat + 1, count=state.num_players))
    sheet = state.sheets[seat]
    if state.phase == OVER:
        done, status = ROUNDS, _("game over")
    elif state.phase == SETUP:
        done, status = 0, _("setting up")
    else:
        done = state.round if state.phase == GIFT or state.seat > seat else state.round - 1
        status = _("round {round} of {rounds}, in progress").format(round=state.round, rounds=ROUNDS)
    scores = state.breakdown(seat)
    total = scores["total"] or 0
    label = _("Total score") if state.phase == OVER else _("Score so far")
    best = state.best_rectangle(sheet) if state.phase == OVER else None
    return SheetMarks(
        sections=tuple(sheet.sections), triangles=sheet.tri, territory=sheet.terr, xs=sheet.xs,
        crossings=tuple(sheet.crossings), rounds_done=done, scores=dict(scores),
        heading=_heading(state, seat, status, players),
        total_line=_("{label}: {total}").format(label=label, total=_minus(total)),
        rectangle=(best.top, best.left, best.height, best.width) if best else None,
    )


def _heading(state: object, seat: int, status: str, players: Sequence[str]) -> str:
    count = state.num_players  # type: ignore[attr-defined]
    name = players[seat].strip() if seat < len(players) else ""
    heading = (_("{name}, seat {seat} of {count}, {status}").format(name=name, seat=seat + 1, count=count,
                                                                    status=status) if name else
               _("Seat {seat} of {count}, {status}").format(seat=seat + 1, count=count, status=status))
    winner = winner_text(state, lambda w: seat_named(_("seat {seat}").format(seat=w + 1), players, w)) \
        if count > 1 else ""
    return _("{heading}; {winner}").format(heading=heading, winner=winner) if winner else heading


def reclaim_filled_sheet_pdf(state: object, seat: int = 0, paper: PaperSize | str = "a4",
                             greyscale: InkMode = False, players: Sequence[str] = ()) -> bytes:
    """The sheet of ``seat`` (0-based) in a finished or running game: sections
    outlined, bases and territory, X marks, crossed-out numbers and rounds, and
    the scoring column from the rules engine's breakdown."""
    marks = sheet_marks(state, seat, players)
    layout = page_layout(paper, greyscale)
    doc = PdfDocument(title=_("Reclaim sheet, seat {seat}").format(seat=seat + 1), greyscale=greyscale)
    doc.footer = footer()
    with doc.page(layout.paper) as page:
        _draw_sheet(page, layout, state.map, state.track, marks)  # type: ignore[attr-defined]
    return doc.to_bytes()


# --- the kit, as the dispatcher calls it ----------------------------------------------------------
def _maps_of(options: PrintOptions) -> Sequence[str]:
    return MAP_IDS if options.map_id is None else (options.map_id,)


def filled_sheet(state: GameState, options: PrintOptions) -> bytes:
    """The sheet of the seat ``options`` choose (default the first) in ``state``."""
    return reclaim_filled_sheet_pdf(state, (options.seat or 1) - 1, options.paper, options.ink, options.players)


def card_faces(options: PrintOptions) -> CardFaces:
    """The cards and their two drawings, for ``--cards-as-images``."""
    return list(load_cards()) + [AidCard(0)], card_layout_of(options), (draw_card_front, draw_card_back)


KIT = GameKit(
    game="reclaim",
    parts={
        "sheets": lambda o: reclaim_sheets_pdf(o.paper, o.ink, _maps_of(o), o.sheets_per_page),
        "cards": lambda o: reclaim_cards_pdf(card_layout_of(o), o.fold_over),
        "rules": lambda o: reclaim_rules_pdf(o.paper, o.ink),
        "all": lambda o: reclaim_all_pdf(o.paper, o.ink, card_layout_of(o), _maps_of(o), o.fold_over,
                                         o.sheets_per_page),
    },
    offer=KitOffer(
        maps=(("river", N_("River (beginner)")), ("lake", N_("Lake (advanced)"))),
        bleed=True, back_offset=True, fold_over=True, gutter=True, sheets_per_page=(1, 2), filled=SEAT,
        cards_as_images=True,
    ),
    filled=filled_sheet,
    card_faces=card_faces,
)
"""Reclaim's print-and-play kit: blank sheets, cards, rules, the whole kit, and
one seat's filled sheet."""
