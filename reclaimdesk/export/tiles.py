"""Boards larger than a page, printed in parts that are trimmed and glued together.

The board is drawn once, by a callback, in millimetres on a surface the size of
the whole board; each page shows one window onto it. Neighbouring parts share an
overlap strip at least ``overlap_mm`` wide. The part to the right of (or below)
another has a dashed line along the middle of that strip: cut along it, lay the
part over its neighbour and line up the small circled crosses, which sit on the
dashed line, half on each part.

>>> plan = plan_tiles(500, 300, PageLayout())      # 500 x 300 mm on A4
>>> plan.page.paper.is_landscape, plan.columns, plan.rows
(True, 2, 2)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

from reclaimdesk.core.i18n import _
from reclaimdesk.export.errors import LayoutError
from reclaimdesk.export.layout import PageLayout, Rect, Segment
from reclaimdesk.export.pdf import BLACK, WHITE, PdfDocument, Surface

DrawBoard = Callable[[Surface], None]
"""Draws the whole board on a surface ``width`` x ``height`` mm."""

LABEL_BAND_MM = 5.0
"""Height of the strip at the bottom of each page kept for the part's label."""

MARK_RADIUS_MM = 1.5
MARKS_PER_EDGE = 3


@dataclass(frozen=True)
class BoardTile:
    """One page of a tiled board: ``board`` is the window onto the board (board
    millimetres, origin at its bottom-left), ``page`` where it lies on the page.
    Column 0 is the left, row 0 the top."""

    column: int
    row: int
    board: Rect
    page: Rect


@dataclass(frozen=True)
class TilePlan:
    """How a board is split: the page layout used (the paper may be turned), the
    grid of parts, and the parts in reading order."""

    page: PageLayout
    width_mm: float
    height_mm: float
    columns: int
    rows: int
    tiles: tuple[BoardTile, ...]

    def tile(self, column: int, row: int) -> BoardTile:
        return self.tiles[row * self.columns + column]


def _split(size: float, room: float, overlap: float) -> list[tuple[float, float]]:
    """(start, length) of each part along one axis, spread evenly so that every
    overlap is the same and at least ``overlap``."""
    if size <= room + 1e-9:
        return [(0.0, size)]
    count = math.ceil((size - overlap) / (room - overlap) - 1e-9)
    step = (size - room) / (count - 1)
    return [(i * step, room) for i in range(count)]


def _plan_on(width: float, height: float, page: PageLayout, overlap: float) -> TilePlan:
    area = page.printable
    room_w, room_h = area.width, area.height - LABEL_BAND_MM
    if overlap >= min(room_w, room_h):
        raise LayoutError(f"an overlap of {overlap:g} mm does not fit on {page.paper.name} paper")
    xs = _split(width, room_w, overlap)
    ys = _split(height, room_h, overlap)
    tiles = []
    for row, (y_from_top, h) in enumerate(ys):
        for column, (x, w) in enumerate(xs):
            board = Rect(x, height - y_from_top - h, w, h)
            on_page = Rect(area.x + (room_w - w) / 2,
                           area.y + LABEL_BAND_MM + (room_h - h) / 2, w, h)
            tiles.append(BoardTile(column, row, board, on_page))
    return TilePlan(page, width, height, len(xs), len(ys), tuple(tiles))


def plan_tiles(width_mm: float, height_mm: float, page: PageLayout = PageLayout(),
               *, overlap_mm: float = 10.0) -> TilePlan:
    """Split a ``width_mm`` x ``height_mm`` board over as few pages as possible,
    with the paper upright or on its side (upright when it makes no difference)."""
    if width_mm <= 0 or height_mm <= 0 or overlap_mm < 0:
        raise LayoutError(f"cannot tile a {width_mm:g} x {height_mm:g} mm board "
                          f"with {overlap_mm:g} mm overlap")
    plans = [_plan_on(width_mm, height_mm, replace(page, paper=paper), overlap_mm)
             for paper in (page.paper.portrait(), page.paper.landscape())]
    return min(plans, key=lambda p: len(p.tiles))


def render_tiled_board(draw: DrawBoard, width_mm: float, height_mm: float,
                       page: PageLayout = PageLayout(), *, overlap_mm: float = 10.0,
                       name: str = "board") -> bytes:
    """The PDF of a board printed in parts; see :func:`add_tiled_board`."""
    doc = PdfDocument(title=name, greyscale=page.greyscale)
    add_tiled_board(doc, draw, width_mm, height_mm, page, overlap_mm=overlap_mm, name=name)
    return doc.to_bytes()


def add_tiled_board(doc: PdfDocument, draw: DrawBoard, width_mm: float, height_mm: float,
                    page: PageLayout = PageLayout(), *, overlap_mm: float = 10.0,
                    name: str = "board") -> TilePlan:
    """Add one page per part of the board to ``doc``, each with its alignment
    marks and a label naming the part; returns the plan used."""
    plan = plan_tiles(width_mm, height_mm, page, overlap_mm=overlap_mm)
    for number, tile in enumerate(plan.tiles, start=1):
        with doc.page(plan.page.paper) as surface:
            with surface.frame(tile.page) as window:
                origin = Rect(-tile.board.x, -tile.board.y, width_mm, height_mm)
                with window.frame(origin, clip=False) as board:
                    draw(board)
                    _draw_joins(board, plan, tile)
            _draw_label(surface, plan, tile, number, name)
    return plan


def _left_cut(plan: TilePlan, tile: BoardTile) -> Segment | None:
    """The dashed line (board mm) along which ``tile`` is trimmed on its left,
    in the middle of the strip it shares with its left neighbour."""
    if tile.column == 0:
        return None
    x = (tile.board.x + plan.tile(tile.column - 1, tile.row).board.right) / 2
    return Segment(x, tile.board.y, x, tile.board.top)


def _top_cut(plan: TilePlan, tile: BoardTile) -> Segment | None:
    """The dashed line along which ``tile`` is trimmed at the top."""
    if tile.row == 0:
        return None
    y = (tile.board.top + plan.tile(tile.column, tile.row - 1).board.y) / 2
    return Segment(tile.board.x, y, tile.board.right, y)


def _draw_joins(board: Surface, plan: TilePlan, tile: BoardTile) -> None:
    """Cut lines on this part, and the circled crosses on every join it shares
    (drawn at the same board position on both parts, so they meet when aligned)."""
    cuts = [c for c in (_left_cut(plan, tile), _top_cut(plan, tile)) if c]
    right = plan.tile(tile.column + 1, tile.row) if tile.column + 1 < plan.columns else None
    below = plan.tile(tile.column, tile.row + 1) if tile.row + 1 < plan.rows else None
    shared = [_left_cut(plan, right) if right else None, _top_cut(plan, below) if below else None]
    joins = cuts + [c for c in shared if c]
    for c in cuts:
        board.line(c.x1, c.y1, c.x2, c.y2, stroke=WHITE, line_mm=0.5)
        board.line(c.x1, c.y1, c.x2, c.y2, stroke=BLACK, line_mm=0.2, dash=(2.0, 1.5))
    for j in joins:
        for k in range(1, MARKS_PER_EDGE + 1):
            t = k / (MARKS_PER_EDGE + 1)
            _registration_mark(board, j.x1 + (j.x2 - j.x1) * t, j.y1 + (j.y2 - j.y1) * t)


def _registration_mark(s: Surface, x: float, y: float) -> None:
    r = MARK_RADIUS_MM
    for ink, width in ((WHITE, 0.45), (BLACK, 0.15)):
        s.circle(x, y, r, stroke=ink, line_mm=width)
        s.line(x - 1.6 * r, y, x + 1.6 * r, y, stroke=ink, line_mm=width)
        s.line(x, y - 1.6 * r, x, y + 1.6 * r, stroke=ink, line_mm=width)


def _draw_label(page: Surface, plan: TilePlan, tile: BoardTile, number: int, name: str) -> None:
    """'<name> part 2/4 (row 1, column 2)' and a small map of the parts, in the
    band below the board part."""
    area = plan.page.printable
    y = area.y + 1.2
    text = _("{name} part {number}/{count} (row {row}, column {column})").format(
        name=name, number=number, count=len(plan.tiles), row=tile.row + 1, column=tile.column + 1)
    if len(plan.tiles) > 1:
        text = _("{part} - cut along the dashed lines, lay each part over the parts left of and above it").format(
            part=text)
    page.text(area.x, y, text, size_pt=6, colour=(0.3, 0.3, 0.3))
    cell_w, cell_h = 3.0, min(1.5, 3.4 / plan.rows)
    left = area.right - plan.columns * cell_w
    for t in plan.tiles:
        page.rect(left + t.column * cell_w, y + (plan.rows - 1 - t.row) * cell_h, cell_w, cell_h,
                  stroke=(0.3, 0.3, 0.3), line_mm=0.1, fill=(0.3, 0.3, 0.3) if t is tile else None)
