"""Claim Control's print-and-play kit: the 5 x 5 board on one page and as a large
board in four parts (split, like the boxed game's board, between columns c and d
and between rows 3 and 4), punch-out sheets of both players' squares and markers
for each board size, a score pad and a rules summary, as PDF bytes.

The values come from the game's own data (``resources/claim_control/board.json``).
Everything reads the same in grey: blue pieces are solid and dark, red pieces are
pale with a strong outline (red squares are striped as well), Circles' markers
are discs and Crosses' markers are crosses. The same input always gives the same
bytes.

>>> pdf = claim_control_board_pdf("a4")
>>> pdf.count(b"/Type /Page\\n")
1
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reclaimdesk.core.i18n import N_, _, ngettext
from reclaimdesk.export.errors import ExportError
from reclaimdesk.export.kit import GameKit
from reclaimdesk.export.options import BOARD, KitOffer
from reclaimdesk.export.kit_pages import (
    FAINT, LINE, Component, RulesStyle, add_page, content, draw_cover, draw_footer, draw_rules_columns,
    draw_title, kit_credits, kit_document, kit_footer, page_layout, page_part, pages_text, seat_named, winner_text,
    wrap
)
from reclaimdesk.export.kit_pages import MARGIN_MM, MIN_TEXT_PT  # noqa: F401 (MARGIN_MM re-exported)
from reclaimdesk.export.layout import PT_PER_MM, PageLayout, PaperSize, Rect
from reclaimdesk.export.pdf import BLACK, WHITE, Ink, InkMode, PdfDocument, Surface
from reclaimdesk.export.styles import PieceStyle, StyleTable
from reclaimdesk.export.tiles import LABEL_BAND_MM, BoardTile, TilePlan
from reclaimdesk.games.claim_control import PIECES_PER_PLAYER
from reclaimdesk.games.claim_control.board import SIZE, SPOTS, SQUARES_ON_BOARD, load_board
from reclaimdesk.games.claim_control.state import COLOUR_WORDS, SEAT_NAMES

GAME_NAME = "Claim Control"
SIDES = SEAT_NAMES
"""The two sides' names (English; pass through ``_`` to show them)."""

SMALL_CELL_MM = 36.0
ONE_PAGE_BOARD = N_("one-page board")
LARGE_BOARD = N_("large board")
"""A cell of the board on one page."""
LARGE_CELL_MM = 60.0
"""A cell of the large board in four parts."""
SPLIT = 3
"""The large board is cut after column c and after row 3 (as the boxed game's is)."""
OVERLAP_MM = 10.0
"""Each part reaches this far past a cut line, under its neighbour."""
SQUARE_SHARE = 0.8
"""A square piece is this share of a cell across (the corner value stays visible)."""
MARKER_SHARE = 0.34
"""A marker token is this share of a cell across."""

RIM = "#dccba4"
RIM_EDGE = "#8f7a52"
CELLS = ("#fdf8ec", "#f4ead1")
VALUE_INK = "#7a6a48"
GRID_INK = "#a8956c"
SPOT_INK = "#8f7a52"
PEN = "#1d3f91"
"""What a player writes with on a filled score pad."""
SIDE_INK: tuple[Ink, Ink] = (LINE, LINE)
"""The ink of each side's sign beside its name: the same dark line as the signs
on the pieces (the sides are told apart by shape, a ring or an X, everywhere)."""
PIECE: dict[str, tuple[Ink, Ink]] = {"blue": ("#a9c4ec", "#1d4c94"), "red": ("#fadbd5", "#b3302a")}
"""fill, edge of each colour's pieces."""
RED_STRIPES = "#d4655a"
BLUE_SOLID = "#1d4c94"
BLUE_SAVER = "#6e6e6e"
"""Blue markers in the ink saver: still solid, a mid grey (no large dark area on the large board's)."""


def _rim(cell: float) -> float:
    return max(5.0, 0.1 * cell)


def board_size_mm(cell: float) -> float:
    """The board's width (and height), rim included."""
    return SIZE * cell + 2 * _rim(cell)


# --- pieces and signs ---------------------------------------------------------------------
def draw_sign(s: Surface, cx: float, cy: float, r: float, seat: int, ink: Ink, line_mm: float) -> None:
    """A side's sign as a line drawing: a ring for Circles, an X for Crosses."""
    if seat == 0:
        s.circle(cx, cy, r, stroke=ink, line_mm=line_mm)
    else:
        d = r * 0.82
        s.line(cx - d, cy - d, cx + d, cy + d, stroke=ink, line_mm=line_mm)
        s.line(cx - d, cy + d, cx + d, cy - d, stroke=ink, line_mm=line_mm)


def _cross_points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    w = r * 0.3
    a = r / math.sqrt(2)
    d = w / math.sqrt(2)
    pts = [(0, -2 * d), (a - d, -a - d), (a + d, -a + d), (2 * d, 0), (a + d, a - d), (a - d, a + d),
           (0, 2 * d), (-a + d, a + d), (-a - d, a - d), (-2 * d, 0), (-a - d, -a + d), (-a + d, -a - d)]
    return [(cx + x, cy + y) for x, y in pts]


def draw_marker(s: Surface, cx: float, cy: float, r: float, seat: int, colour: str) -> None:
    """A control marker: a disc (Circles) or a cross (Crosses); blue solid, red
    pale inside a thick red outline."""
    fill, edge = PIECE[colour]
    solid = BLUE_SAVER if s.doc.ink_saver else BLUE_SOLID
    if seat == 0:
        if colour == "blue":
            s.circle(cx, cy, r, fill=solid)
        else:
            s.circle(cx, cy, r * 0.86, fill=fill, stroke=edge, line_mm=r * 0.28)
    elif colour == "blue":
        s.polygon(_cross_points(cx, cy, r * 1.05), fill=solid)
    else:
        s.polygon(_cross_points(cx, cy, r * 0.98), fill=fill, stroke=edge, line_mm=r * 0.14)


def _marker_style(seat: int, colour: str) -> PieceStyle:
    def draw(s: Surface, cx: float, cy: float, size: float) -> None:
        with s.fills_as_given():        # small enough for solid ink: the ink saver keeps the look
            draw_marker(s, cx, cy, size / 2, seat, colour)
    return PieceStyle(draw, {"any": "solid" if colour == "blue" else "outlined"})


MARKERS = StyleTable({f"marker {seat} {colour}": _marker_style(seat, colour)
                      for seat in (0, 1) for colour in ("blue", "red")})
"""The markers of each side (``marker {seat} {colour}``) and their looks, for the
punch-out sheets and the board's key."""


def draw_square_piece(s: Surface, x: float, y: float, size: float, colour: str, seat: int | None = None,
                      *, label: bool = True, value: int | None = None) -> None:
    """A square piece with its bottom-left at (x, y): blue plain, red striped; the
    owner's sign in a corner and (with ``label``) the colour's name in the other,
    or (with ``value``) the value of the cell it lies on, in the middle."""
    fill, edge = PIECE[colour]
    s.rect(x, y, size, size, fill=fill)
    if colour == "red":
        s.hatch(x, y, size, size, spacing_mm=size * 0.1, stroke=RED_STRIPES, line_mm=size * 0.022)
    inset = size * 0.04
    s.rect(x + inset, y + inset, size - 2 * inset, size - 2 * inset, stroke=edge, line_mm=size * 0.04)
    if seat is not None:
        draw_sign(s, x + size * 0.2, y + size * 0.8, size * 0.08, seat, LINE, size * 0.025)
    if label:
        pt = size * 0.1 * PT_PER_MM
        s.rect(x + size * 0.52, y + size * 0.1, size * 0.38, size * 0.16, fill=WHITE)
        s.text(x + size * 0.71, y + size * 0.135, _(COLOUR_WORDS[colour]).upper(), size_pt=pt, bold=True, colour=edge,
               align="centre")
    if value is not None:
        s.circle(x + size / 2, y + size / 2, size * 0.22, fill=WHITE, stroke=LINE, line_mm=0.15)
        _value_text(s, x + size / 2, y + size / 2, value, size * 0.2, BLACK)


# --- the board ----------------------------------------------------------------------------------
def _value_text(s: Surface, x: float, y: float, value: int, size_mm: float, ink: Ink, align: str = "centre") -> None:
    """``value`` with its digits' middle at (x, y), ``size_mm`` tall digits."""
    pt = size_mm / 0.73 * PT_PER_MM
    s.text(x, y - size_mm / 2, str(value), size_pt=pt, bold=True, colour=ink, align=align)  # type: ignore[arg-type]


def spot_centre(index: int, x0: float, y0: float, cell: float) -> tuple[float, float]:
    """Where a spot lies, for a board whose cells start at (x0, y0) bottom-left."""
    cells = SPOTS[index].cells
    xs = [x0 + (c + 0.5) * cell for _, c in cells]
    ys = [y0 + (SIZE - r - 0.5) * cell for r, _ in cells]
    return sum(xs) / len(xs), sum(ys) / len(ys)


def draw_board(s: Surface, x0: float, y0: float, cell: float) -> None:
    """The board with the bottom-left corner of its cells at (x0, y0): a rim with
    the column letters and row numbers, each cell's value large in the middle and
    small in its corner (visible beside a square), and a dot on each of the 56
    spots where markers go."""
    values = load_board().values
    rim = _rim(cell)
    side = SIZE * cell
    s.rect(x0 - rim, y0 - rim, side + 2 * rim, side + 2 * rim, fill=RIM, stroke=RIM_EDGE, line_mm=0.4,
           radius_mm=rim * 0.5)
    big = cell * 0.3
    small = cell * 0.06
    for r in range(SIZE):
        for c in range(SIZE):
            x, y = x0 + c * cell, y0 + (SIZE - 1 - r) * cell
            s.rect(x, y, cell, cell, fill=CELLS[(r + c) % 2])
            _value_text(s, x + cell / 2, y + cell / 2, values[r][c], big, VALUE_INK)
            if small / 0.73 * PT_PER_MM >= MIN_TEXT_PT:    # the corner copy: too small on the example
                _value_text(s, x + cell * 0.035, y + cell * (1 - 0.035) - small / 2, values[r][c], small,
                            VALUE_INK, align="left")
    for i in range(1, SIZE):
        s.line(x0 + i * cell, y0, x0 + i * cell, y0 + side, stroke=GRID_INK, line_mm=0.3)
        s.line(x0, y0 + i * cell, x0 + side, y0 + i * cell, stroke=GRID_INK, line_mm=0.3)
    s.rect(x0, y0, side, side, stroke=RIM_EDGE, line_mm=0.6)
    dot = max(0.9, cell * 0.028)
    for index in range(len(SPOTS)):
        x, y = spot_centre(index, x0, y0, cell)
        s.circle(x, y, dot, fill=WHITE, stroke=SPOT_INK, line_mm=0.25)
    label = rim * 0.55
    for i in range(SIZE):
        _value_text_str(s, x0 + (i + 0.5) * cell, y0 + side + rim / 2, chr(ord("a") + i), label)
        _value_text_str(s, x0 - rim / 2, y0 + (SIZE - i - 0.5) * cell, str(i + 1), label)


def _value_text_str(s: Surface, x: float, y: float, text: str, size_mm: float) -> None:
    s.text(x, y - size_mm * 0.36, text, size_pt=size_mm * PT_PER_MM, bold=True, colour=RIM_EDGE, align="centre")


# --- page helpers ------------------------------------------------------------------------------------
def heading_height(area: Rect, subtitle: str = "") -> float:
    """How far below the top of ``area`` :func:`_heading` ends."""
    lines = len(wrap(subtitle, area.width, 8.5)) if subtitle else 0
    return 9.5 + 3.8 * lines + 2.5 + 3.0


def _heading(page: Surface, area: Rect, title: str, subtitle: str = "") -> float:
    """A page's title (and a line under it); returns the y below them."""
    draw_title(page, area, title)
    y = area.top - 9.5
    if subtitle:
        for line in wrap(subtitle, area.width, 8.5):
            y -= 3.8
            page.text(area.x, y, line, size_pt=8.5, colour=LINE)
    y -= 2.5
    page.line(area.x, y, area.right, y, stroke=LINE, line_mm=0.3)
    return y - 3.0


def _paragraph(page: Surface, x: float, y: float, width: float, text: str, size: float = 8.5,
               colour: Ink = BLACK, bold: bool = False) -> float:
    """Wrapped text whose first line's top is at ``y``; returns the y below it."""
    lead = size * 1.3 / PT_PER_MM
    for line in wrap(text, width, size, bold):
        y -= lead
        page.text(x, y + lead * 0.22, line, size_pt=size, colour=colour, bold=bold)
    return y


# --- the board on one page -----------------------------------------------------------------------------
def _draw_board_page(page: Surface, layout: PageLayout) -> None:
    area = content(layout)
    y = _heading(page, area, _("{game}: the board").format(game=_(GAME_NAME).upper()),
                 _("Put it between the two players. Squares go on the cells; markers go on the dots, "
                   "which sit on the lines between two cells and on the points where four cells meet."))
    cell = SMALL_CELL_MM
    size = board_size_mm(cell)
    rim = _rim(cell)
    x0 = area.x + (area.width - size) / 2 + rim
    y0 = y - 2.0 - size + rim
    draw_board(page, x0, y0, cell)
    _draw_key(page, Rect(area.x, area.y, area.width, y0 - rim - 4.0 - area.y), cell)


def _draw_key(page: Surface, room: Rect, cell: float) -> None:
    """Below the one-page board: the pieces drawn at its size, and what a marker does."""
    if room.height < 30:
        return
    top = room.top
    page.text(room.x, top - 4, _("The pieces (at this board's size)"), size_pt=9.5, bold=True)
    square = cell * SQUARE_SHARE
    marker_r = cell * MARKER_SHARE / 2
    y = top - 8 - square
    x = room.x
    for colour in ("blue", "red"):
        draw_square_piece(page, x, y, square, colour)
        x += square + 3
    x += 2
    for seat in (0, 1):
        for colour in ("blue", "red"):
            MARKERS.swatch(page, f"marker {seat} {colour}", x + marker_r, y + square / 2, marker_r * 1.8,
                           actual=marker_r * 1.8)
            x += 2 * marker_r + 2.5
        x += 2
    notes_x = x + 3
    width = room.right - notes_x
    lines = (
        _("Squares: blue plain, red striped. Whoever claims a square scores its value."),
        _("Markers: discs are Circles', crosses are Crosses'; blue ones {blue}, red ones {red}.").format(
            blue=MARKERS.look(page, "marker 0 blue"), red=MARKERS.look(page, "marker 0 red")),
        _("A marker on a line gives 2 influence to each of its two cells; on a point where four "
          "cells meet, 1 to each. It only counts for squares of its own colour."),
    )
    ty = top - 6.5
    for text in lines:
        ty = _paragraph(page, notes_x, ty, width, text, size=8) - 1.2
    page.text(room.x, room.y + 1.5, _("Print at actual size (100 %). Pieces for this board: the small punch-out "
                                      "sheet. The large board in four parts has its own, larger pieces."),
              size_pt=7, colour=FAINT)


# --- the large board in four parts -----------------------------------------------------------------------
def plan_large_board(layout: PageLayout, cell: float = LARGE_CELL_MM) -> TilePlan:
    """The four parts of the large board: cut after column c and after row 3,
    each part reaching :data:`OVERLAP_MM` past its cut lines, so the part to the
    right (or below) is trimmed along the cut and laid over its neighbour."""
    total = board_size_mm(cell)
    seam = _rim(cell) + SPLIT * cell        # from the left (and from the top)
    spans = [(0.0, seam + OVERLAP_MM), (seam - OVERLAP_MM, total)]
    area = layout.printable
    room_w, room_h = area.width, area.height - LABEL_BAND_MM
    tiles = []
    for row, (top_from, top_to) in enumerate(spans):
        for column, (left, right) in enumerate(spans):
            w, h = right - left, top_to - top_from
            if w > room_w + 1e-9 or h > room_h + 1e-9:
                raise ExportError(_("a part of the large board ({width} x {height} mm) does not fit on "
                                    "{paper} paper").format(width=f"{w:.0f}", height=f"{h:.0f}",
                                                            paper=layout.paper.name))
            board = Rect(left, total - top_to, w, h)
            on_page = Rect(area.x + (room_w - w) / 2, area.y + LABEL_BAND_MM + (room_h - h) / 2, w, h)
            tiles.append(BoardTile(column, row, board, on_page))
    return TilePlan(layout, total, total, 2, 2, tuple(tiles))


PART_NAMES = (N_("columns a-c, rows 1-3"), N_("columns d-e, rows 1-3"), N_("columns a-c, rows 4-5"),
              N_("columns d-e, rows 4-5"))
PART_CUTS = (N_("keep it whole: the other parts are laid over it"),
             N_("cut along the dashed line on its left and lay it over part 1"),
             N_("cut along the dashed line at its top and lay it over part 1"),
             N_("cut along both dashed lines and lay it over parts 2 and 3"))


def _seam_marks(cell: float) -> list[float]:
    """Where the alignment marks sit along a seam, in board mm from the seam's
    start: in the middle of the rim at each end, and a quarter of a cell into
    every cell, well away from the marker spots on the lines."""
    rim = _rim(cell)
    total = board_size_mm(cell)
    return [rim / 2, *(rim + (k + 0.25) * cell for k in range(SIZE)), total - rim / 2]


def _draw_mark(s: Surface, x: float, y: float, r: float = 1.6) -> None:
    for ink, width in ((WHITE, 0.5), (BLACK, 0.18)):
        s.circle(x, y, r, stroke=ink, line_mm=width)
        s.line(x - 1.7 * r, y, x + 1.7 * r, y, stroke=ink, line_mm=width)
        s.line(x, y - 1.7 * r, x, y + 1.7 * r, stroke=ink, line_mm=width)


def _draw_seams(board: Surface, tile: BoardTile, cell: float) -> None:
    """On a part (board coordinates): the dashed cut lines it is trimmed along,
    and the alignment marks on every seam it shares, at the same board
    positions on both parts so that they meet when laid together."""
    total = board_size_mm(cell)
    seam = _rim(cell) + SPLIT * cell
    vertical = seam                      # between columns c and d
    horizontal = total - seam            # between rows 3 and 4 (y upwards)
    b = tile.board
    if tile.column == 1:
        board.line(vertical, b.y, vertical, b.top, stroke=WHITE, line_mm=0.6)
        board.line(vertical, b.y, vertical, b.top, stroke=BLACK, line_mm=0.25, dash=(2.0, 1.5))
    if tile.row == 1:
        board.line(b.x, horizontal, b.right, horizontal, stroke=WHITE, line_mm=0.6)
        board.line(b.x, horizontal, b.right, horizontal, stroke=BLACK, line_mm=0.25, dash=(2.0, 1.5))
    for t in _seam_marks(cell):
        y = total - t
        if b.y + 1.0 < y < b.top - 1.0:
            _draw_mark(board, vertical, y)
        if b.x + 1.0 < t < b.right - 1.0:
            _draw_mark(board, t, horizontal)


PartFill = Callable[[Surface, Rect], None]
"""Something drawn in the paper a board part leaves free (the room given as a Rect)."""
PART_GAP_MM = 5.0
"""Between a board part (or its label) and what fills the paper beside it."""


def _part_place(tile: BoardTile, layout: PageLayout, filled: bool) -> tuple[Rect, Rect | None]:
    """Where a part goes on its page and the room it leaves: with ``filled``, a
    narrow part (column d-e, rows 1-3) moves to the left edge, leaving a column on
    its right, and a short part (rows 4-5) moves to the top, leaving a band below
    its label; otherwise the part stays centred, leaving no room."""
    if not filled:
        return tile.page, None
    area = content(layout)
    printable = layout.printable
    w, h = tile.board.width, tile.board.height
    if tile.row == 1:
        on_page = Rect(printable.x + (printable.width - w) / 2, printable.top - h, w, h)
        top = on_page.y - 6.0 - 4.2 - 2.0 - PART_GAP_MM
        return on_page, Rect(area.x, area.y, area.width, top - area.y)
    on_page = Rect(printable.x, tile.page.y, w, h)
    left = on_page.right + PART_GAP_MM
    return on_page, Rect(left, on_page.y, area.right - left, on_page.height)


def add_large_board(doc: PdfDocument, layout: PageLayout, cell: float = LARGE_CELL_MM,
                    fills: dict[int, PartFill] | None = None) -> TilePlan:
    """Four pages, one per part, with cut lines, alignment marks and a label
    saying which part it is and how it joins the others. ``fills`` maps a part's
    number to what is drawn in the paper that part leaves free (see
    :func:`_part_place`)."""
    plan = plan_large_board(layout, cell)
    rim = _rim(cell)
    total = plan.width_mm
    area = layout.printable
    fills = fills or {}
    for number, tile in enumerate(plan.tiles, start=1):
        on_page, room = _part_place(tile, layout, number in fills)
        tile = BoardTile(tile.column, tile.row, tile.board, on_page)
        with doc.page(plan.page.paper) as surface:
            if room is not None:
                fills[number](surface, room)
            with surface.frame(tile.page) as window:
                origin = Rect(-tile.board.x, -tile.board.y, total, total)
                with window.frame(origin, clip=False) as board:
                    draw_board(board, rim, rim, cell)
                    _draw_seams(board, tile, cell)
            y = tile.page.y - 6.0
            surface.text(area.x, y, _("{game}, large board ({size} cm): part {number} of 4, {part}").format(
                game=_(GAME_NAME), size=f"{total / 10:.1f}", number=number, part=_(PART_NAMES[number - 1])),
                size_pt=9, bold=True)
            surface.text(area.x, y - 4.2, _("Part {number}: {cut}. Line up the circled crosses, then tape the "
                                            "join from behind.").format(number=number, cut=_(PART_CUTS[number - 1])),
                         size_pt=7.5, colour=LINE)
            _draw_part_map(surface, area.right - 9.0, y - 3.6, number)
    return plan


def _draw_part_map(s: Surface, x: float, y: float, number: int) -> None:
    """A small 2 x 2 map of the parts with this one filled in."""
    for k in range(4):
        r, c = divmod(k, 2)
        s.rect(x + c * 4.2, y + (1 - r) * 4.2, 4.2, 4.2, stroke=LINE, line_mm=0.2,
               fill=LINE if k == number - 1 else None)


# --- punch-out pieces ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PieceSizes:
    """The pieces that fit a board whose cells are ``cell_mm`` across."""

    cell_mm: float
    bleed_mm: float = 0.0
    """Each piece printed this far beyond its cut line (0: neighbours share their cuts)."""

    @property
    def square(self) -> float:
        return self.cell_mm * SQUARE_SHARE

    @property
    def marker(self) -> float:
        return self.cell_mm * MARKER_SHARE

    def pitch(self, size: float) -> float:
        """From one piece of ``size`` mm to the next: with bleed, their bleeds side by side."""
        return size + 2 * self.bleed_mm


def _token_grid(page: Surface, left: float, top: float, size: float, count: int, per_row: int,
                draw_one: Callable[[int, float, float], None], bleed: float = 0.0) -> float:
    """``count`` tokens of ``size`` mm in rows of ``per_row``: without bleed,
    neighbours share their cut lines, drawn on the sheet; with it, each token is
    drawn ``bleed`` beyond its cut, and crop marks outside the grid continue
    every cut line. Returns the y of the grid's bottom."""
    rows = -(-count // per_row)
    pitch = size + 2 * bleed
    c = page.canvas
    for k in range(count):
        r, col = divmod(k, per_row)
        x, y = left + bleed + col * pitch, top - bleed - size - r * pitch
        c.saveState()
        clip = c.beginPath()
        clip.rect(x - bleed, y - bleed, size + 2 * bleed, size + 2 * bleed)
        c.clipPath(clip, stroke=0, fill=0)
        draw_one(k, x, y)
        c.restoreState()
    if not bleed:
        for k in range(count):
            r, col = divmod(k, per_row)
            page.rect(left + col * size, top - (r + 1) * size, size, size, stroke=BLACK, line_mm=0.2)
        return top - rows * size
    columns = min(count, per_row)
    bottom = top - rows * pitch
    right = left + columns * pitch
    marks: list[tuple[float, float, float, float]] = []
    for col in range(columns):
        for x in (left + bleed + col * pitch, left + bleed + col * pitch + size):
            marks += [(x, top + 1.0, x, top + 4.0), (x, bottom - 4.0, x, bottom - 1.0)]
    for r in range(rows):
        for y in (top - bleed - r * pitch, top - bleed - size - r * pitch):
            marks += [(left - 4.0, y, left - 1.0, y), (right + 1.0, y, right + 4.0, y)]
    for x1, y1, x2, y2 in marks:
        page.line(x1, y1, x2, y2, stroke=BLACK, line_mm=0.2)
    return bottom


def _piece_blocks(width: float, seat: int, sizes: PieceSizes,
                  markers: bool = True) -> list[tuple[float, Callable[[Surface, float, float], float]]]:
    """One player's pieces as blocks laid out down a page: (height, draw at
    (left, top) returning the y below): the heading and squares, then markers
    (unless they are printed elsewhere: ``markers`` False)."""
    square, bleed = sizes.square, sizes.bleed_mm
    inset = 4.0 if bleed else 0.0                          # room for the crop marks
    sq_row = _squares_per_row(width - 2 * inset, sizes.pitch(square))
    token = sizes.marker
    mk_row = _markers_per_row(width - 2 * inset, sizes.pitch(token))
    kinds = ["blue"] * 5 + ["red"] * 5

    def squares(page: Surface, left: float, top: float) -> float:
        draw_sign(page, left + 2.2, top - 3.2, 2.0, seat, SIDE_INK[seat], 0.6)
        heading = (_("{side} (player {number}): 5 blue and 5 red squares, 10 blue and 10 red markers") if markers
                   else _("{side} (player {number}): 5 blue and 5 red squares"))
        page.text(left + 6, top - 4.6, heading.format(side=_(SIDES[seat]), number=seat + 1), size_pt=9, bold=True)

        def one_square(k: int, x: float, y0: float) -> None:
            if bleed:                                      # the piece's ground runs on into its bleed
                fill, _edge = PIECE[kinds[k]]
                page.rect(x - bleed, y0 - bleed, square + 2 * bleed, square + 2 * bleed, fill=fill)
                if kinds[k] == "red":
                    page.hatch(x - bleed, y0 - bleed, square + 2 * bleed, square + 2 * bleed,
                               spacing_mm=square * 0.1, stroke=RED_STRIPES, line_mm=square * 0.022)
            draw_square_piece(page, x, y0, square, kinds[k], seat)

        return _token_grid(page, left + inset, top - 8.0 - inset, square, 10, sq_row, one_square, bleed) - 3.0 - inset

    def markers_block(page: Surface, left: float, top: float) -> float:
        def one_marker(k: int, x: float, y0: float) -> None:
            MARKERS.piece(page, f"marker {seat} {'blue' if k < 10 else 'red'}", x + token / 2, y0 + token / 2,
                          token * 0.8)

        return _token_grid(page, left + inset, top - inset, token, 20, mk_row, one_marker, bleed) - 5.0 - inset

    sq_h = 8.0 + -(-10 // sq_row) * sizes.pitch(square) + 3.0 + 2 * inset
    mk_h = -(-20 // mk_row) * sizes.pitch(token) + 5.0 + 2 * inset
    return [(sq_h, squares), (mk_h, markers_block)] if markers else [(sq_h, squares)]


def _squares_per_row(width: float, square: float) -> int:
    """5 (a row of each colour) when they fit, else as many as fit."""
    fit = int(width // square)
    return 10 if fit >= 10 else 5 if fit >= 5 else max(1, fit)


def _markers_per_row(width: float, token: float) -> int:
    """10 (a row of each colour) when they fit, else 5, so colours never share a row."""
    fit = int(width // token)
    return 10 if fit >= 10 else 5 if fit >= 5 else max(1, fit)


def _piece_texts(cell: float, board_name: str, bleed: float = 0.0) -> tuple[str, str]:
    sizes = PieceSizes(cell)
    board = _(board_name)
    if bleed:
        text = _("Cut along the crop marks (each piece has its own bleed). Squares {square} mm, markers "
                 "{marker} mm: they fit the {board}, whose cells are {cell} mm.")
    else:
        text = _("Cut along the lines (neighbours share a cut). Squares {square} mm, markers "
                 "{marker} mm: they fit the {board}, whose cells are {cell} mm. Gluing "
                 "the sheet on thin card first makes sturdier pieces.")
    return (_("{game}: pieces for the {board}").format(game=_(GAME_NAME).upper(), board=board),
            text.format(
                square=f"{sizes.square:.0f}", marker=f"{sizes.marker:.0f}", board=board, cell=f"{cell:.0f}"))


BLOCK_GAP_MM = 5.0
"""The space a block of pieces leaves below itself."""


def _piece_pages(layout: PageLayout, cell: float, board_name: str, bleed: float,
                 markers: bool = True) -> list[list[tuple[float, object]]]:
    """Both players' piece blocks flowed onto pages: a page takes blocks while they fit."""
    area = content(layout)
    _title, subtitle = _piece_texts(cell, board_name, bleed)
    room = area.height - heading_height(area, subtitle)
    sizes = PieceSizes(cell, bleed)
    pages: list[list[tuple[float, object]]] = [[]]
    used = 0.0
    for seat in (0, 1):
        for height, draw in _piece_blocks(area.width, seat, sizes, markers):
            if height - BLOCK_GAP_MM > room:
                raise ExportError(_("the pieces for the {board} do not fit on {paper} paper").format(
                    board=_(board_name), paper=layout.paper.name))
            if used + height - BLOCK_GAP_MM > room:        # a block's gap below it may hang over
                pages.append([])
                used = 0.0
            pages[-1].append((height, draw))
            used += height
    return pages


def piece_page_count(layout: PageLayout, cell: float, board_name: str, bleed: float = 0.0,
                     markers: bool = True) -> int:
    """The pages the pieces for a board of ``cell`` mm cells take."""
    return len(_piece_pages(layout, cell, board_name, bleed, markers))


def piece_rooms_left(layout: PageLayout, cell: float, board_name: str, bleed: float = 0.0,
                     markers: bool = True) -> list[float]:
    """The height each page of pieces leaves free below them (see :func:`add_piece_pages`)."""
    area = content(layout)
    _title, subtitle = _piece_texts(cell, board_name, bleed)
    room = area.height - heading_height(area, subtitle)
    return [room - sum(h for h, _draw in blocks) for blocks in _piece_pages(layout, cell, board_name, bleed, markers)]


def add_piece_pages(doc: PdfDocument, layout: PageLayout, cell: float, board_name: str, bleed: float = 0.0,
                    markers: bool = True, below: Callable[[Surface, Rect], None] | None = None) -> int:
    """Both players' pieces for a board of ``cell`` mm cells (each ``bleed`` mm
    beyond its cut when asked), flowed onto as few pages as they fit; without
    ``markers``, the squares only; ``below`` draws in the room a page leaves under
    them. Returns the pages added."""
    area = content(layout)
    title, subtitle = _piece_texts(cell, board_name, bleed)
    pages = _piece_pages(layout, cell, board_name, bleed, markers)
    for n, blocks in enumerate(pages):
        with doc.page(layout.paper) as page:
            y = _heading(page, area, _("{title} (continued)").format(title=title) if n else title, subtitle)
            for _height, draw in blocks:
                y = draw(page, area.x, y)  # type: ignore[operator]
            if below is not None:
                below(page, Rect(area.x, area.y, area.width, y - area.y))
    return len(pages)


# --- score pad ------------------------------------------------------------------------------------------------
SCORE_GAMES = 6


def _draw_score_pad(page: Surface, layout: PageLayout) -> None:
    area = content(layout)
    y = _heading(page, area, _("{game}: score pad").format(game=_(GAME_NAME).upper()),
                 _("After the last piece, mark every square on the board with the sign of the player who "
                   "claims it (leave ties blank), add up each player's values and circle the winner."))
    values = load_board().values
    gutter = 6.0
    cols, rows = 2, SCORE_GAMES // 2
    block_w = (area.width - gutter) / cols
    block_h = (y - area.y) / rows
    for k in range(SCORE_GAMES):
        r, c = divmod(k, cols)
        box = Rect(area.x + c * (block_w + gutter), y - (r + 1) * block_h + 2.0, block_w, block_h - 4.0)
        _draw_score_block(page, box, k + 1, values)


SCORE_BLOCK_MM = 55.0
"""The least height of a game's block of the score pad under pieces."""


def score_games_fitting(height: float) -> int:
    """How many games of the score pad :func:`_draw_score_below` puts in ``height`` mm."""
    return 2 * max(0, int(height // SCORE_BLOCK_MM))


def _draw_score_below(page: Surface, room: Rect) -> None:
    """Games of the score pad in the room under pieces (none when it is too short)."""
    games = score_games_fitting(room.height)
    if not games:
        return
    values = load_board().values
    gutter = 6.0
    block_w = (room.width - gutter) / 2
    top = room.top
    block_h = (top - room.y) / (games // 2)
    for k in range(games):
        r, c = divmod(k, 2)
        box = Rect(room.x + c * (block_w + gutter), top - (r + 1) * block_h + 2.0, block_w, block_h - 4.0)
        _draw_score_block(page, box, k + 1, values)


def _draw_score_block(page: Surface, box: Rect, number: int, values: Sequence[Sequence[int]],
                      state: object | None = None) -> None:
    """One game's block of the score pad; with ``state`` (a game) filled in: the
    sign of whoever claims each square, nobody's squares, each side's total."""
    from reclaimdesk.core.grid import cell_name

    claims = None
    if state is not None:
        claims = {tuple(k): v for k, v in state.claims().items()}  # type: ignore[attr-defined]
    page.rect(box.x, box.y, box.width, box.height, stroke=FAINT, line_mm=0.3, radius_mm=2.0)
    x, top = box.x + 3.0, box.top - 3.0
    page.text(x, top - 3.5, _("Game {number}").format(number=number), size_pt=10, bold=True)
    page.text(x + 20, top - 3.5, _("Date"), size_pt=7.5, colour=FAINT)
    page.line(x + 27, top - 4.0, box.right - 3.0, top - 4.0, stroke=FAINT, line_mm=0.2)
    for seat in (0, 1):
        ly = top - 10.5 - seat * 6.5
        draw_sign(page, x + 1.8, ly + 1.2, 1.6, seat, SIDE_INK[seat], 0.45)
        page.text(x + 5, ly, _(SIDES[seat]), size_pt=8, bold=True)
        page.line(x + 20, ly - 0.5, box.right - 3.0, ly - 0.5, stroke=FAINT, line_mm=0.2)
    grid_top = top - 21.0
    room_h = grid_top - (box.y + 3.0)
    cell = min(10.0, room_h / SIZE, (box.width - 6.0 - 34.0) / SIZE)
    for r in range(SIZE):
        for c in range(SIZE):
            cx, cy = x + c * cell, grid_top - (r + 1) * cell
            page.rect(cx, cy, cell, cell, stroke=LINE, line_mm=0.2)
            page.text(cx + 0.8, cy + cell - 2.8, str(values[r][c]), size_pt=7, colour=FAINT)
            if claims is not None and (r, c) in claims:
                who = claims[(r, c)]
                if who is None:
                    page.text(cx + cell / 2, cy + 1.2, "\u2013", size_pt=9, colour=PEN, align="centre")
                else:
                    draw_sign(page, cx + cell * 0.58, cy + cell * 0.4, cell * 0.22, who, PEN, 0.45)
    page.rect(x, grid_top - SIZE * cell, SIZE * cell, SIZE * cell, stroke=LINE, line_mm=0.45)
    tx = x + SIZE * cell + 5.0
    ty = grid_top - 1.0
    totals = [int(v) for v in state.scores()] if state is not None else None  # type: ignore[attr-defined]
    for seat in (0, 1):
        draw_sign(page, tx + 1.8, ty - 3.2, 1.6, seat, SIDE_INK[seat], 0.45)
        page.text(tx + 5, ty - 4.4, _("total"), size_pt=8)
        page.rect(tx + 14, ty - 8.0, box.right - 3.0 - tx - 14, 8.0, stroke=LINE, line_mm=0.3)
        if totals is not None:
            page.text((tx + 14 + box.right - 3.0) / 2, ty - 6.3, str(totals[seat]), size_pt=11, bold=True,
                      colour=PEN, align="centre")
        ty -= 12.0
    page.text(tx, ty - 3.0, _("Squares claimed"), size_pt=7, colour=FAINT)
    page.text(tx, ty - 6.2, _("by nobody (ties):"), size_pt=7, colour=FAINT)
    page.line(tx, ty - 11.0, box.right - 3.0, ty - 11.0, stroke=FAINT, line_mm=0.2)
    if claims is not None:
        ties = sorted(cell_name(rc) for rc, who in claims.items() if who is None)
        page.text(tx, ty - 10.3, ", ".join(ties) or _("none"), size_pt=8, colour=PEN)


# --- rules summary ---------------------------------------------------------------------------------------------
RULES: tuple[tuple[str, str], ...] = (
    ("h", N_("The idea")),
    ("p", N_("Two players take turns putting pieces on a 5 x 5 board of numbers. Squares mark cells worth "
             "points; control markers decide who gets them. Whoever ends up with more influence over a square "
             "takes its points. About 10 to 15 minutes.")),
    ("h", N_("What each player has")),
    ("b", N_("5 blue squares and 5 red squares.")),
    ("b", N_("10 blue and 10 red control markers: Circles play discs, Crosses play crosses.")),
    ("b", N_("Squares belong to nobody once they are down: a square scores for whoever claims it, not for "
             "whoever put it there. Markers always work for their owner.")),
    ("h", N_("Playing")),
    ("n", N_("1. Circles begin; then the players alternate.")),
    ("n", N_("2. On your turn put down exactly one of your pieces, of either colour: a square on an empty "
             "cell, or a marker on an empty spot.")),
    ("n", N_("3. Pieces stay where they are put. Nobody passes while they still hold a piece.")),
    ("n", N_("4. After all 60 pieces are down (30 turns each), score the board.")),
    ("h", N_("Where markers go")),
    ("b", N_("On a line between two neighbouring cells (40 of them): the marker gives 2 influence to each "
             "of those two cells.")),
    ("b", N_("On a point where four cells meet (16 of them): 1 influence to each of the four cells.")),
    ("b", N_("Never on the board's outer rim or its outer corners, and never two markers on one spot.")),
    ("h", N_("Influence")),
    ("b", N_("A marker only counts for squares of its own colour: blue for blue squares, red for red ones.")),
    ("b", N_("Influence on an empty cell counts for nothing, but it is not wasted: a square of the right "
             "colour placed there later counts it, whichever came first.")),
    ("b", N_("Add up, for each player, the influence of their markers of the square's colour around it.")),
    ("h", N_("Claiming and scoring")),
    ("b", N_("The player with strictly more influence on a square claims it and scores the number printed "
             "under it. Equal influence, none at all included, means nobody claims it.")),
    ("b", N_("Empty cells never score. The higher total wins; equal totals are a draw.")),
    ("h", N_("Tips")),
    ("b", N_("The middle cells are worth the most, but every marker near them helps both colours' squares "
             "only if the colours match: watch which colour your opponent is short of.")),
    ("b", N_("A square you put down can end up scoring for your opponent. Place squares where your "
             "markers already lead, or where you can still catch up.")),
    ("b", N_("During play you may count 'if it ended now' totals; only the count after the last piece "
             "matters.")),
)


EXAMPLE = ("square blue c3", "square red b3", "marker blue edge c3-d3", "marker blue corner b2",
           "marker red corner b3", "marker red edge b3-b4")
"""The rules page's example: six placements, Circles first."""
EXAMPLE_MM = 88.0
EXAMPLE_CELL_MM = 12.0


def draw_position(page: Surface, state: object, x0: float, y0: float, cell: float) -> None:
    """The board with the pieces of a game (a rules state) on it: squares with the
    value of their cell, markers on their spots."""
    draw_board(page, x0, y0, cell)
    square = cell * SQUARE_SHARE
    values = load_board().values
    for index, colour in enumerate(state.squares):  # type: ignore[attr-defined]
        if colour < 0:
            continue
        r, c = divmod(index, SIZE)
        cx, cy = x0 + c * cell + (cell - square) / 2, y0 + (SIZE - 1 - r) * cell + (cell - square) / 2
        draw_square_piece(page, cx, cy, square, ("blue", "red")[colour], label=False, value=values[r][c])
    for spot in SPOTS:
        held = state.marker_at(spot)  # type: ignore[attr-defined]
        if held is not None:
            x, y = spot_centre(spot.index, x0, y0, cell)
            draw_marker(page, x, y, cell * MARKER_SHARE / 2, held[0], held[1])


def _draw_example(page: Surface, room: Rect) -> None:
    """The example position drawn on a small board, and how it would score,
    worked out by the rules engine itself."""
    from reclaimdesk.core.game import get_game
    from reclaimdesk.core.grid import cell_name

    state = get_game("claim-control").new_game(2, 1)
    for text in EXAMPLE:
        state.apply_text(text)
    top = room.top
    page.line(room.x, top, room.right, top, stroke=FAINT, line_mm=0.15)
    page.text(room.x, top - 5.5, _("Example: the board after six placements"), size_pt=11, bold=True)
    cell = EXAMPLE_CELL_MM
    rim = _rim(cell)
    x0, y0 = room.x + rim, room.y + rim
    draw_position(page, state, x0, y0, cell)
    tx = x0 + SIZE * cell + rim + 6.0
    width = room.right - tx
    y = top - 9.0
    lines = []
    for n, action in enumerate(state.history):
        who = _(SIDES[n % 2])
        lines.append(_("{number}. {side}: {action}.").format(number=n + 1, side=who,
                                                             action=state.describe_action(action)))
    for line in lines:
        y = _paragraph(page, tx, y, width, line, size=8.5)
    y -= 2.0
    for cell_index, claimant in sorted(state.claims().items()):
        name = cell_name(cell_index)
        colour = state.square_at(cell_index)
        a, b = state.influence_on(cell_index)
        if claimant is None:
            text = _("{cell}, {colour} square worth {value}: Circles {circles}, Crosses {crosses} "
                     "influence in {colour}, so nobody would claim it.")
        else:
            text = _("{cell}, {colour} square worth {value}: Circles {circles}, Crosses {crosses} "
                     "influence in {colour}, so {side} would claim it.")
        text = text.format(cell=name, colour=_(COLOUR_WORDS[colour]), value=state.value(cell_index),
                           circles=a, crosses=b, side=None if claimant is None else _(SIDES[claimant]))
        y = _paragraph(page, tx, y, width, text, size=8.5) - 0.8
    a, b = (int(v) for v in state.scores())
    y = _paragraph(page, tx, y - 1.0, width, _("If the game ended here: Circles {circles}, Crosses {crosses}. "
                                               "The blue marker on c3-d3 also reaches d3, but with no square "
                                               "there it counts for nothing (yet).").format(circles=a, crosses=b),
                   size=8.5, bold=False)


def _draw_rules(page: Surface, layout: PageLayout) -> None:
    area = content(layout)
    top = _heading(page, area, _("{game}: rules summary").format(game=_(GAME_NAME).upper()),
                   _("For 2 players. You need the board (one page, or the large board in four parts), the "
                     "pieces for that board and a pencil for the score pad."))
    draw_rules_columns(page, RULES, area, top, area.y + 8 + EXAMPLE_MM, RulesStyle())
    _draw_example(page, Rect(area.x, area.y + 6.0, area.width, EXAMPLE_MM - 4.0))
    draw_footer(page, area)


# --- the cover ---------------------------------------------------------------------------------------------------
PRINT_TIPS = (
    N_("Print single-sided: nothing in this kit has a back, and printed double-sided a board part would "
       "land behind another."),
    N_("Print at actual size (100 %), never 'fit to page', so that the pieces fit their board."),
    N_("Pick one board: the one-page board is quick; the large board comes in four parts to cut and tape."),
    N_("Ink: --greyscale prints every colour as grey, --ink-saver prints line art on white. Red pieces are "
       "striped or outlined, blue ones solid; Circles' markers are discs, Crosses' are crosses."),
)


def footer() -> str:
    """The line at the foot of every page of Claim Control's kit."""
    return kit_footer(_(GAME_NAME), _("board {board}").format(board=load_board().version))


@dataclass(frozen=True)
class KitPages:
    """Where the whole kit's pages are: the pages every game needs (cover, rules),
    then each board's own group, its board and its pieces with games of the score
    pad under them, so that a player prints the shared pages and one group."""

    small_pages: int
    """Pages of pieces for the one-page board."""
    large_pages: int
    """Pages of squares (and markers, unless ``markers_under_parts``) for the large board."""
    aid: bool = False
    """A player aid beside part 2."""
    markers_under_parts: bool = False
    """Each player's markers for the large board under parts 3 and 4."""

    small_games: int = 0
    """Games of the score pad under the one-page board's pieces."""
    large_games: int = 0
    """Games of the score pad under the large board's pieces."""

    shared = (1, 2)

    @property
    def one_page(self) -> tuple[int, int]:
        return 3, 3 + self.small_pages

    @property
    def large(self) -> tuple[int, int]:
        first = self.one_page[1] + 1
        return first, first + 3 + self.large_pages

    @property
    def count(self) -> int:
        return self.large[1]


def _span(first_last: tuple[int, int]) -> str:
    first, last = first_last
    return pages_text(first, last - first + 1)


def _draw_cover(page: Surface, layout: PageLayout, pages: KitPages) -> None:
    single = _("single-sided")
    board_page, small_first = pages.one_page[0], pages.one_page[0] + 1
    parts_first = pages.large[0]
    large_first = parts_first + 4
    components = [
        Component(_("Rules summary with an example"), 1, "2", single),
        Component(_("Board on one page (5 x 5, {cell:.0f} mm cells)").format(cell=SMALL_CELL_MM), 1, str(board_page),
                  single),
        Component(_("Squares for the {board}: 5 blue, 5 red per player").format(board=_(ONE_PAGE_BOARD)),
                  SQUARES_ON_BOARD, pages_text(small_first, pages.small_pages), single),
        Component(_("Markers for the {board}: 10 blue, 10 red per player").format(board=_(ONE_PAGE_BOARD)),
                  2 * PIECES_PER_PLAYER - SQUARES_ON_BOARD, pages_text(small_first, pages.small_pages), single),
        Component(_("Score pad under the pieces (games)"), pages.small_games, pages_text(small_first, pages.small_pages),
                  single),
        Component(_("Large board in four parts ({size:.1f} cm)").format(size=board_size_mm(LARGE_CELL_MM) / 10), 4,
                  pages_text(parts_first, 4), single),
    ]
    if pages.aid:
        components.append(Component(_("Player aid (beside part 2)"), 1, str(parts_first + 1), single))
    components.append(Component(_("Squares for the {board}: 5 blue, 5 red per player").format(board=_(LARGE_BOARD)),
                                SQUARES_ON_BOARD, pages_text(large_first, pages.large_pages), single))
    markers_at = (pages_text(parts_first + 2, 2) if pages.markers_under_parts
                  else pages_text(large_first, pages.large_pages))
    components.append(Component(_("Markers for the {board}: 10 blue, 10 red per player").format(board=_(LARGE_BOARD)),
                                2 * PIECES_PER_PLAYER - SQUARES_ON_BOARD, markers_at, single))
    components.append(Component(_("Score pad under the pieces (games)"), pages.large_games,
                                f"{pages_text(parts_first + 2, 2)}, {pages_text(large_first, pages.large_pages)}"
                                if pages.markers_under_parts else pages_text(large_first, pages.large_pages), single))
    steps = (
        _("Print single-sided: pages {shared} for every game, then only pages {one} for the one-page board, "
          "or only pages {large} for the large board.").format(
            shared=_span(pages.shared), one=_span(pages.one_page), large=_span(pages.large)),
        _("Large board: keep part 1 whole; trim part 2 on its left dashed line, part 3 on its top one, "
          "part 4 on both; lay them over part 1 with the circled crosses meeting; tape from behind."),
        _("Glue the pieces pages onto thin card, then cut along the lines (neighbours share a cut)."),
        _("Keep a pencil for the score pad."),
    )
    draw_cover(page, layout, game=_(GAME_NAME), tagline=_("print-and-play kit: 2 players, 10-15 minutes"),
               components=components, steps=steps, tips=[_(t) for t in PRINT_TIPS],
               credits=kit_credits("claim-control"), game_id="claim-control",
               extra=lambda page, room: _draw_key(page, room, SMALL_CELL_MM))


# --- filling the paper beside the large board's parts --------------------------------------------------------------
AID_SECTIONS = (N_("Where markers go"), N_("Influence"), N_("Claiming and scoring"))
"""The rules summary's sections repeated on the player aid beside part 2."""


def _aid_lines() -> list[tuple[str, str]]:
    """The rules summary's entries under :data:`AID_SECTIONS`."""
    lines: list[tuple[str, str]] = []
    keep = False
    for kind, text in RULES:
        if kind == "h":
            keep = text in AID_SECTIONS
        if keep:
            lines.append((kind, text))
    return lines


def _aid_items() -> list[tuple[str, float, bool, float, float]]:
    """The player aid's paragraphs: text, size, bold, indent, space above."""
    items = [(_("Player aid"), 10.5, True, 0.0, 0.0),
             (_("Cut it off when you trim part 2; keep it beside the board."), 7.5, False, 0.0, 0.5)]
    for kind, text in _aid_lines():
        items.append((_(text), 9.0, True, 0.0, 2.3) if kind == "h" else (_(text), 8.5, False, 2.5, 0.8))
    return items


def _aid_height(width: float) -> float:
    return 2.0 + sum(above + len(wrap(text, width - 6.0 - indent, size, bold)) * size * 1.3 / PT_PER_MM
                     for text, size, bold, indent, above in _aid_items())


def _draw_aid(page: Surface, room: Rect) -> None:
    """A player aid (where markers go, influence, claiming) in the column part 2
    leaves free: cut it off when trimming part 2 and keep it beside the board."""
    page.rect(room.x, room.y, room.width, room.height, stroke=FAINT, line_mm=0.3, radius_mm=2.0)
    x, width = room.x + 3.0, room.width - 6.0
    y = room.top - 2.0
    for text, size, bold, indent, above in _aid_items():
        colour = LINE if size < 8 else BLACK
        y = _paragraph(page, x + indent, y - above, width - indent, text, size=size, colour=colour, bold=bold)
        if indent:
            lead = size * 1.3 / PT_PER_MM
            top_line = y + lead * len(wrap(text, width - indent, size, bold))
            page.circle(x + 0.9, top_line - lead * 0.5, 0.55, fill=BLACK)


def _large_markers_texts(seat: int, bleed: float) -> tuple[str, str, str]:
    title, subtitle = _piece_texts(LARGE_CELL_MM, LARGE_BOARD, bleed)
    side = _("{side} (player {number}): 10 blue and 10 red markers").format(side=_(SIDES[seat]), number=seat + 1)
    return title, subtitle, side


def _large_markers_fill(seat: int, bleed: float) -> PartFill:
    """One player's markers for the large board, under a part of it: the board's
    own pieces, so whoever prints the large board uses all of its paper."""
    def fill(page: Surface, room: Rect) -> None:
        title, subtitle, side = _large_markers_texts(seat, bleed)
        page.text(room.x, room.top - 4.0, title, size_pt=9.5, bold=True)
        y = _paragraph(page, room.x, room.top - 5.5, room.width, subtitle, size=7.5, colour=LINE) - 1.5
        draw_sign(page, room.x + 2.2, y - 3.2, 2.0, seat, SIDE_INK[seat], 0.6)
        page.text(room.x + 6, y - 4.6, side, size_pt=9, bold=True)
        _height, draw = _piece_blocks(room.width, seat, PieceSizes(LARGE_CELL_MM, bleed))[1]
        y = draw(page, room.x, y - 8.0)
        _draw_score_below(page, Rect(room.x, room.y, room.width, y - room.y))
    return fill


def large_markers_games(layout: PageLayout, bleed: float = 0.0) -> int:
    """Games of the score pad under the markers under parts 3 and 4 (see :func:`part_fills`)."""
    plan = plan_large_board(layout)
    games = 0
    for seat, k in enumerate((2, 3)):
        room = _part_place(plan.tiles[k], layout, True)[1]
        if room is not None:
            games += score_games_fitting(room.height - _large_markers_height(room.width, seat, bleed) - BLOCK_GAP_MM)
    return games


def _large_markers_height(width: float, seat: int, bleed: float) -> float:
    _title, subtitle, _side = _large_markers_texts(seat, bleed)
    text = 5.5 + len(wrap(subtitle, width, 7.5)) * 7.5 * 1.3 / PT_PER_MM + 1.5 + 8.0
    height, _draw = _piece_blocks(width, seat, PieceSizes(LARGE_CELL_MM, bleed))[1]
    return text + height - BLOCK_GAP_MM


def part_fills(layout: PageLayout, bleed: float = 0.0) -> dict[int, PartFill]:
    """What goes beside the large board's parts in the whole kit: the player aid
    beside part 2, and (where they fit) each player's markers for the large board
    under parts 3 and 4, so that the pages of each board hold only its own things.
    Only what fits is returned."""
    plan = plan_large_board(layout)
    fills: dict[int, PartFill] = {}
    _page, aid_room = _part_place(plan.tiles[1], layout, True)
    if aid_room is not None and aid_room.width >= 45.0 and _aid_height(aid_room.width) <= aid_room.height:
        fills[2] = _draw_aid
    rooms = [_part_place(plan.tiles[k], layout, True)[1] for k in (2, 3)]
    if all(r is not None and _large_markers_height(r.width, seat, bleed) <= r.height
           for seat, r in enumerate(rooms)):
        fills[3] = _large_markers_fill(0, bleed)
        fills[4] = _large_markers_fill(1, bleed)
    return fills


# --- documents ---------------------------------------------------------------------------------------------------
def _add_boards(doc: PdfDocument, layout: PageLayout, fills: dict[int, PartFill] | None = None) -> int:
    add_page(doc, layout, _draw_board_page)
    add_large_board(doc, layout, fills=fills)
    return 5


def _add_pieces(doc: PdfDocument, layout: PageLayout, bleed: float = 0.0) -> int:
    n = add_piece_pages(doc, layout, SMALL_CELL_MM, ONE_PAGE_BOARD, bleed)
    return n + add_piece_pages(doc, layout, LARGE_CELL_MM, LARGE_BOARD, bleed)


def _add_score_pad(doc: PdfDocument, layout: PageLayout) -> int:
    add_page(doc, layout, _draw_score_pad)
    return 1


def claim_control_board_pdf(paper: PaperSize | str = "a4", greyscale: InkMode = False) -> bytes:
    """The board on one page."""
    return kit_document(N_("Claim Control board"), paper, greyscale, page_part(_draw_board_page), footer=footer())


def claim_control_large_board_pdf(paper: PaperSize | str = "a4", greyscale: InkMode = False) -> bytes:
    """The large board, four pages."""
    return kit_document(N_("Claim Control large board"), paper, greyscale, add_large_board, footer=footer())


def claim_control_sheets_pdf(paper: PaperSize | str = "a4", greyscale: InkMode = False) -> bytes:
    """Both boards and the score pad (``--what sheets``)."""
    return kit_document(N_("Claim Control boards and score pad"), paper, greyscale, _add_boards, _add_score_pad,
                        footer=footer())


def claim_control_pieces_pdf(paper: PaperSize | str = "a4", greyscale: InkMode = False, bleed_mm: float = 0.0) -> bytes:
    """The punch-out pieces for both boards (``--what cards``)."""
    return kit_document(N_("Claim Control pieces"), paper, greyscale,
                        lambda doc, layout: _add_pieces(doc, layout, bleed_mm), footer=footer())


def claim_control_score_pad_pdf(paper: PaperSize | str = "a4", greyscale: InkMode = False) -> bytes:
    return kit_document(N_("Claim Control score pad"), paper, greyscale, _add_score_pad, footer=footer())


def claim_control_rules_pdf(paper: PaperSize | str = "a4", greyscale: InkMode = False) -> bytes:
    """The one-page rules summary."""
    return kit_document(N_("Claim Control rules summary"), paper, greyscale, page_part(_draw_rules), footer=footer())


def claim_control_all_pdf(paper: PaperSize | str = "a4", greyscale: InkMode = False, bleed_mm: float = 0.0) -> bytes:
    """The whole kit: a cover with the checklist and the rules (every game needs
    them), then the one-page board and its pieces, then the large board's four
    parts and its pieces, games of the score pad under the pieces (:class:`KitPages`)."""
    layout = page_layout(paper, greyscale)
    fills = part_fills(layout, bleed_mm)
    markers_under_parts = 3 in fills
    small_rooms = piece_rooms_left(layout, SMALL_CELL_MM, ONE_PAGE_BOARD, bleed_mm)
    large_rooms = piece_rooms_left(layout, LARGE_CELL_MM, LARGE_BOARD, bleed_mm, not markers_under_parts)
    pages = KitPages(len(small_rooms), len(large_rooms), 2 in fills, markers_under_parts,
                     sum(score_games_fitting(h) for h in small_rooms),
                     sum(score_games_fitting(h) for h in large_rooms)
                     + (large_markers_games(layout, bleed_mm) if markers_under_parts else 0))
    doc = PdfDocument(title=_("Claim Control print-and-play kit"), greyscale=greyscale)
    doc.footer = footer()
    add_page(doc, layout, lambda page, lay: _draw_cover(page, lay, pages))
    add_page(doc, layout, _draw_rules)
    add_page(doc, layout, _draw_board_page)                                          # the one-page board's group
    add_piece_pages(doc, layout, SMALL_CELL_MM, ONE_PAGE_BOARD, bleed_mm, below=_draw_score_below)
    add_large_board(doc, layout, fills=fills)                                        # the large board's group
    add_piece_pages(doc, layout, LARGE_CELL_MM, LARGE_BOARD, bleed_mm, not markers_under_parts,
                    below=_draw_score_below)
    assert doc.page_count == pages.count, doc.page_count
    return doc.to_bytes()


def claim_control_position_pdf(state: object, paper: PaperSize | str = "a4", greyscale: InkMode = False,
                               players: Sequence[str] = ()) -> bytes:
    """A recorded or running game: the board with every piece on it, whose
    squares are claimed (the rules engine's count) and each side's total, set
    out as a filled score pad; beside it the players, how each total came (the
    values of the squares claimed) and the winner."""
    from reclaimdesk.games.claim_control.state import ClaimControlState

    if not isinstance(state, ClaimControlState):
        raise ExportError(_("a printed position of Claim Control needs a game of Claim Control"))
    layout = page_layout(paper, greyscale)
    doc = PdfDocument(title=_("Claim Control position"), greyscale=greyscale)
    doc.footer = footer()
    placed = len(state.history)
    if state.is_terminal():
        status = _("game over after {count} pieces").format(count=placed)
    else:
        status = ngettext("{count} piece placed, {side} to play", "{count} pieces placed, {side} to play",
                          placed).format(count=placed, side=_(SIDES[state.current_player]))
    with doc.page(layout.paper, note=_("position")) as page:
        area = content(layout)
        y = _heading(page, area, _("{game}: a game").format(game=_(GAME_NAME).upper()), status)
        cell = min(SMALL_CELL_MM, (area.width - 2 * _rim(SMALL_CELL_MM)) / SIZE)
        size = board_size_mm(cell)
        x0 = area.x + (area.width - size) / 2 + _rim(cell)
        y0 = y - 2.0 - size + _rim(cell)
        draw_position(page, state, x0, y0, cell)
        room = Rect(area.x, area.y, area.width, y0 - _rim(cell) - 4.0 - area.y)
        box = Rect(room.x, room.top - min(room.height, 90.0), room.width / 2, min(room.height, 90.0))
        _draw_score_block(page, box, 1, load_board().values, state)
        _draw_result(page, Rect(box.right + 6.0, box.y, area.right - box.right - 6.0, box.height), state, players)
    return doc.to_bytes()


def _draw_result(page: Surface, room: Rect, state: object, players: Sequence[str]) -> None:
    """Beside a game's score block: each player, their total as the sum of the
    values of the squares they claim, and the winner."""
    values = load_board().values
    claims = state.claims()  # type: ignore[attr-defined]
    y = room.top - 4.0
    page.text(room.x, y, _("Result"), size_pt=10, bold=True)
    for seat in (0, 1):
        won = sorted((values[tuple(cell)[0]][tuple(cell)[1]] for cell, who in claims.items() if who == seat),
                     reverse=True)
        label = seat_named(_(SIDES[seat]), players, seat)
        sum_text = " + ".join(str(v) for v in won) if won else _("no square")
        y = _paragraph(page, room.x, y - 2.0, room.width,
                       _("{player}: {total} = {values}").format(player=label, total=sum(won), values=sum_text),
                       size=8.5) - 0.5
    text = winner_text(state, lambda seat: seat_named(_(SIDES[seat]), players, seat))
    if text:
        _paragraph(page, room.x, y - 2.0, room.width, text, size=9.5, bold=True)


KIT = GameKit(
    game="claim-control",
    parts={
        "sheets": lambda o: claim_control_sheets_pdf(o.paper, o.ink),
        "cards": lambda o: claim_control_pieces_pdf(o.paper, o.ink, o.bleed_mm),
        "rules": lambda o: claim_control_rules_pdf(o.paper, o.ink),
        "all": lambda o: claim_control_all_pdf(o.paper, o.ink, o.bleed_mm),
    },
    offer=KitOffer(bleed=True, filled=BOARD),
    filled=lambda state, o: claim_control_position_pdf(state, o.paper, o.ink, o.players),
)
"""Claim Control's print-and-play kit: boards and score pad, pieces, rules, the
whole kit, and a game's board."""
