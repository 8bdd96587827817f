"""Graphics items of Reclaim's table. Items only paint: each holds the plain data
it shows (from :mod:`reclaimdesk.ui.reclaim.model`), repaints itself when that
data changes, and knows nothing of the rules. Clickable items carry an id
(``item_id``) that the view emits; they never act themselves."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtCore import Property, QEasingCurve, QPointF, QPropertyAnimation, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
)
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from reclaimdesk.core.grid import Cell
from reclaimdesk.core.i18n import _, ngettext
from reclaimdesk.ui.common import icon_file
from reclaimdesk.ui.board.items import CaptionItem as BaseCaptionItem
from reclaimdesk.ui.board.items import GHOST_BAD, GHOST_OK, INK, PaintItem, draw_grid_lines, font, rect
from reclaimdesk.ui.reclaim import geometry as g
from reclaimdesk.ui.reclaim.model import CardFace, TrackBox

# --- colours -------------------------------------------------------------------

PAPER = QColor("#fbf8f0")
PAPER_EDGE = QColor("#d8d0bd")
TABLE_TEXT = QColor("#5d625f")
RED = QColor("#a3412f")
TERRAIN = {
    "castle": QColor("#e4d5b7"),
    "forest": QColor("#b9d3a8"),
    "field": QColor("#f1df9c"),
    "mountain": QColor("#c9c1b6"),
    "water": QColor("#b6d6ec"),
    "grass": QColor("#f0f1e0"),
}
TERRAIN_ICON = {"forest": "wood.svg", "field": "wheat.svg", "mountain": "stone.svg", "water": "water.svg",
                "castle": "castle.svg"}
COST_ICON = {"wood": "wood.svg", "wheat": "wheat.svg", "stone": "stone.svg", "water": "water.svg"}
HIGHLIGHT = {
    "pay": (QColor(214, 140, 24, 38), QColor("#c77c12")),
    "place": (QColor(47, 93, 98, 40), QColor("#2f5d62")),
    "gift": (QColor(120, 80, 160, 60), QColor("#6d4b94")),
    "group": (QColor(45, 110, 200, 80), QColor("#2d6ec8")),
    "hint": (QColor(45, 110, 200, 50), QColor("#2d6ec8")),
}
FLASH = {"section": QColor("#2f5d62"), "complete": QColor("#d9a520"), "x": QColor("#c8553d"),
         "cross": QColor("#c8553d")}

_RENDERERS: dict[str, QSvgRenderer] = {}


def renderer(name: str) -> QSvgRenderer:
    r = _RENDERERS.get(name)
    if r is None:
        r = QSvgRenderer(str(icon_file(name)))
        _RENDERERS[name] = r
    return r


def cells_of(mask: int) -> list[Cell]:
    out = []
    while mask:
        low = mask & -mask
        out.append(divmod(low.bit_length() - 1, g.SIZE))
        mask ^= low
    return out


def outline_path(cells: Iterable[Cell], x0: float = g.MAP_X, y0: float = g.MAP_Y,
                 size: float = g.CELL) -> QPainterPath:
    """The outer edges of a set of squares (a section's outline)."""
    cell_set = set(cells)
    path = QPainterPath()
    for r, c in cell_set:
        x, y = x0 + c * size, y0 + r * size
        if (r - 1, c) not in cell_set:
            path.moveTo(x, y)
            path.lineTo(x + size, y)
        if (r + 1, c) not in cell_set:
            path.moveTo(x, y + size)
            path.lineTo(x + size, y + size)
        if (r, c - 1) not in cell_set:
            path.moveTo(x, y)
            path.lineTo(x, y + size)
        if (r, c + 1) not in cell_set:
            path.moveTo(x + size, y)
            path.lineTo(x + size, y + size)
    return path


def triangle(cx: float, cy: float, size: float) -> QPolygonF:
    h = size * 0.87
    return QPolygonF([QPointF(cx, cy - h * 0.6), QPointF(cx + size / 2, cy + h * 0.4),
                      QPointF(cx - size / 2, cy + h * 0.4)])


def draw_mini_shape(p: QPainter, cells: Sequence[Cell], centre: QPointF, unit: float,
                    fill: QColor, pen: QPen) -> None:
    if not cells:
        return
    h = max(r for r, _ in cells) + 1
    w = max(c for _, c in cells) + 1
    x0 = centre.x() - w * unit / 2
    y0 = centre.y() - h * unit / 2
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(fill)
    for r, c in cells:
        p.drawRect(QRectF(x0 + c * unit, y0 + r * unit, unit, unit))
    p.setBrush(Qt.BrushStyle.NoBrush)
    thin = QPen(pen)
    thin.setWidthF(max(0.6, pen.widthF() * 0.4))
    p.setPen(thin)
    for r, c in cells:
        p.drawRect(QRectF(x0 + c * unit, y0 + r * unit, unit, unit))
    p.setPen(pen)
    p.drawPath(outline_path(cells, x0, y0, unit))


# --- the sheet ---------------------------------------------------------------


class PaperItem(PaintItem):
    """The paper sheet: its edge and shadow, the title, coordinates and captions."""

    def __init__(self) -> None:
        super().__init__(rect(g.PAPER).adjusted(-8, -8, 12, 14))
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setZValue(-10)
        self.title = ""

    def set_title(self, title: str) -> None:
        if title != self.title:
            self.title = title
            self.update()

    def paint_into(self, p: QPainter) -> None:
        paper = rect(g.PAPER)
        p.setPen(Qt.PenStyle.NoPen)
        for i, alpha in enumerate((18, 12, 7)):
            p.setBrush(QColor(60, 50, 30, alpha))
            p.drawRoundedRect(paper.translated(2 + i, 3 + i * 1.5), 6, 6)
        p.setBrush(PAPER)
        p.setPen(QPen(PAPER_EDGE, 1))
        p.drawRoundedRect(paper, 5, 5)
        p.setPen(INK)
        p.setFont(font(20, bold=True))
        p.drawText(QRectF(g.MAP_X, g.TITLE_Y - 6, 260, 34),
                   Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, _("RECLAIM"))
        p.setFont(font(10))
        p.setPen(TABLE_TEXT)
        p.drawText(QRectF(g.MAP_X + 200, g.TITLE_Y - 6, g.MAP_W - 200, 34),
                   Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, self.title)
        p.setFont(font(7.5))
        p.drawText(QRectF(4, g.ROUND_Y, g.MAP_X - 10, g.ROUND_H),
                   Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, _("Round"))
        p.setFont(font(8.5))
        for c in range(g.SIZE):
            p.drawText(QRectF(g.MAP_X + c * g.CELL, g.MAP_Y - 20, g.CELL, 18),
                       Qt.AlignmentFlag.AlignCenter, chr(ord("a") + c))
        for r in range(g.SIZE):
            p.drawText(QRectF(g.MAP_X - 28, g.MAP_Y + r * g.CELL, 24, g.CELL),
                       Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, str(r + 1))
        p.setFont(font(7.5))
        p.drawText(QRectF(4, g.TRACK_Y, g.MAP_X - 10, g.TRACK_NUMBER_H),
                   Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, _("Points"))
        p.drawText(QRectF(4, g.TRACK_Y - 18, g.MAP_X - 10, 16),
                   Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, _("Castles"))
        p.drawText(QRectF(0, g.TRACK_Y + g.TRACK_NUMBER_H, g.MAP_X - 6, g.TRACK_SPECIAL_H),
                   Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, _("Special\naction"))


class MapItem(PaintItem):
    """The 13 x 13 map: terrain colour and symbol per square, castles, grid."""

    def __init__(self) -> None:
        super().__init__(QRectF(g.MAP_X - 2, g.MAP_Y - 2, g.MAP_W + 4, g.MAP_H + 4))
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.terrain: tuple[tuple[str, ...], ...] = ()

    def set_terrain(self, terrain: tuple[tuple[str, ...], ...]) -> None:
        if terrain != self.terrain:
            self.terrain = terrain
            self.update()

    def paint_into(self, p: QPainter) -> None:
        if not self.terrain:
            return
        p.setPen(Qt.PenStyle.NoPen)
        for r, row in enumerate(self.terrain):
            for c, kind in enumerate(row):
                cell = rect(g.cell_rect((r, c)))
                p.setBrush(TERRAIN[kind])
                p.drawRect(cell)
        for r, row in enumerate(self.terrain):
            for c, kind in enumerate(row):
                name = TERRAIN_ICON.get(kind)
                if name is None:
                    continue
                cell = rect(g.cell_rect((r, c)))
                if kind == "castle":
                    renderer(name).render(p, cell.adjusted(5, 5, -5, -5))
                else:
                    p.setOpacity(0.5)
                    renderer(name).render(p, cell.adjusted(11, 11, -11, -11))
                    p.setOpacity(1.0)
        grid = QPen(QColor(47, 58, 69, 60), 0.8)
        p.setPen(grid)
        draw_grid_lines(p, g.MAP_X, g.MAP_Y, g.CELL, g.SIZE, g.MAP_W, g.MAP_H)
        p.setPen(QPen(INK, 1.6))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(QRectF(g.MAP_X, g.MAP_Y, g.MAP_W, g.MAP_H))


class SectionsItem(PaintItem):
    """The drawn sections: a light wash and a marker outline around each."""

    def __init__(self) -> None:
        super().__init__(QRectF(g.MAP_X - 3, g.MAP_Y - 3, g.MAP_W + 6, g.MAP_H + 6))
        self.sections: tuple[int, ...] = ()
        self.setZValue(2)

    def set_sections(self, sections: tuple[int, ...]) -> None:
        if sections != self.sections:
            self.sections = sections
            self.update()

    def paint_into(self, p: QPainter) -> None:
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(255, 253, 247, 45))
        for mask in self.sections:
            for cell in cells_of(mask):
                p.drawRect(rect(g.cell_rect(cell)))
        pen = QPen(INK, 3.2)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        for mask in self.sections:
            p.drawPath(outline_path(cells_of(mask)))


class MarksItem(PaintItem):
    """Open triangles, territory (filled triangles) and X marks."""

    def __init__(self) -> None:
        super().__init__(QRectF(g.MAP_X, g.MAP_Y, g.MAP_W, g.MAP_H))
        self.marks = (0, 0, 0)
        self.setZValue(3)

    def set_marks(self, tri: int, terr: int, xs: int) -> None:
        if (tri, terr, xs) != self.marks:
            self.marks = (tri, terr, xs)
            self.update()

    def paint_into(self, p: QPainter) -> None:
        tri, terr, xs = self.marks
        halo = QPen(QColor(255, 253, 247, 200), 5.0)
        halo.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        ink = QPen(INK, 2.2)
        ink.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        for cell in cells_of(tri):
            cx, cy = g.cell_centre(cell)
            poly = triangle(cx, cy + 1, g.CELL * 0.56)
            p.setBrush(QColor(255, 253, 247, 150))
            p.setPen(halo)
            p.drawPolygon(poly)
            p.setPen(ink)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPolygon(poly)
        for cell in cells_of(terr):
            cx, cy = g.cell_centre(cell)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(47, 58, 69, 38))
            p.drawRect(rect(g.cell_rect(cell)).adjusted(1.5, 1.5, -1.5, -1.5))
            poly = triangle(cx, cy + 1, g.CELL * 0.56)
            p.setPen(halo)
            p.drawPolygon(poly)
            p.setPen(ink)
            p.setBrush(INK)
            p.drawPolygon(poly)
        pen = QPen(RED, 3.0)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        for cell in cells_of(xs):
            x, y, w, h = g.cell_rect(cell)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(163, 65, 47, 28))
            p.drawRect(QRectF(x, y, w, h))
            p.setPen(pen)
            m = 10
            p.drawLine(QPointF(x + m, y + m), QPointF(x + w - m, y + h - m))
            p.drawLine(QPointF(x + w - m, y + m), QPointF(x + m, y + h - m))


class HighlightItem(PaintItem):
    """Squares picked out in one style: where a payment can go, the scoring
    group, a hint, or the keyboard cursor (style 'cursor')."""

    def __init__(self, style: str, z: float = 4) -> None:
        super().__init__(QRectF(g.MAP_X - 3, g.MAP_Y - 3, g.MAP_W + 6, g.MAP_H + 6))
        self.style = style
        self.cells: frozenset[Cell] = frozenset()
        self.setZValue(z)
        self.setVisible(False)

    def set_cells(self, cells: Iterable[Cell]) -> None:
        cells = frozenset(cells)
        if cells != self.cells:
            self.cells = cells
            self.setVisible(bool(cells))
            self.update()

    def paint_into(self, p: QPainter) -> None:
        if not self.cells:
            return
        if self.style == "cursor":
            pen = QPen(INK, 2.0, Qt.PenStyle.DashLine)
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            for cell in self.cells:
                p.drawRect(rect(g.cell_rect(cell)).adjusted(3, 3, -3, -3))
            return
        fill, line = HIGHLIGHT[self.style]
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(fill)
        for cell in self.cells:
            p.drawRect(rect(g.cell_rect(cell)))
        if self.style == "group":
            pen = QPen(line, 2.5)
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPath(outline_path(self.cells))
            return
        pen = QPen(line, 2.4)
        if self.style == "hint":
            pen.setStyle(Qt.PenStyle.DashLine)
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        for cell in self.cells:
            p.drawRoundedRect(rect(g.cell_rect(cell)).adjusted(3, 3, -3, -3), 5, 5)


NEWEST = QColor("#c2185b")
"""What a seat drew in its latest turn (outlined on the small sheets and the enlarged one)."""


class NewestItem(PaintItem):
    """What is new on a sheet: the sections drawn since its seat's latest turn
    began (washed and outlined) and the triangles put there (ringed). The lines
    keep their width in pixels, so they read on a 150 px sheet as on a large one."""

    def __init__(self) -> None:
        super().__init__(QRectF(g.MAP_X - 6, g.MAP_Y - 6, g.MAP_W + 12, g.MAP_H + 12))
        self.cells: tuple[frozenset[Cell], frozenset[Cell]] = (frozenset(), frozenset())
        self.setZValue(5)
        self.setVisible(False)

    def set_newest(self, sections: Iterable[Cell], triangles: Iterable[Cell]) -> None:
        cells = (frozenset(sections), frozenset(triangles))
        if cells != self.cells:
            self.cells = cells
            self.setVisible(bool(cells[0] or cells[1]))
            self.update()

    def paint_into(self, p: QPainter) -> None:
        sections, triangles = self.cells
        wash = QColor(NEWEST)
        wash.setAlpha(55)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(wash)
        for cell in sections:
            p.drawRect(rect(g.cell_rect(cell)))
        pen = QPen(NEWEST, 3.0)
        pen.setCosmetic(True)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        if sections:
            p.drawPath(outline_path(sections))
        ring = QPen(NEWEST, 2.0)
        ring.setCosmetic(True)
        p.setPen(ring)
        for cell in triangles:
            cx, cy = g.cell_centre(cell)
            p.drawEllipse(QPointF(cx, cy), g.CELL * 0.42, g.CELL * 0.42)


class RectangleItem(PaintItem):
    """The scoring rectangle of territory and castles."""

    def __init__(self) -> None:
        super().__init__(QRectF(g.MAP_X - 4, g.MAP_Y - 4, g.MAP_W + 8, g.MAP_H + 8))
        self.area: tuple[int, int, int, int] | None = None
        self.setZValue(5)
        self.setVisible(False)

    def set_area(self, area: tuple[int, int, int, int] | None) -> None:
        if area != self.area:
            self.area = area
            self.setVisible(area is not None)
            self.update()

    def paint_into(self, p: QPainter) -> None:
        if self.area is None:
            return
        top, left, height, width = self.area
        box = QRectF(g.MAP_X + left * g.CELL, g.MAP_Y + top * g.CELL, width * g.CELL, height * g.CELL)
        p.setBrush(QColor(128, 60, 160, 45))
        p.setPen(QPen(QColor("#7a3ca0"), 4.0))
        p.drawRect(box.adjusted(2, 2, -2, -2))


class GhostItem(PaintItem):
    """The shape about to be drawn: green where it may go, red where not."""

    def __init__(self) -> None:
        super().__init__(QRectF(g.MAP_X - 4, g.MAP_Y - 4, g.MAP_W + 8, g.MAP_H + 8))
        self.cells: tuple[Cell, ...] = ()
        self.legal = True
        self.style = "ghost"
        self.setZValue(8)
        self.setCacheMode(QGraphicsItem.CacheMode.NoCache)

    def set_ghost(self, cells: Sequence[Cell], legal: bool, style: str = "ghost") -> None:
        cells = tuple(cells)
        if (cells, legal, style) != (self.cells, self.legal, self.style):
            old = self._cells_rect()
            self.cells, self.legal, self.style = cells, legal, style
            self.update(old.united(self._cells_rect()))

    def _cells_rect(self) -> QRectF:
        if not self.cells:
            return QRectF()
        rows = [r for r, _ in self.cells]
        cols = [c for _, c in self.cells]
        return QRectF(g.MAP_X + min(cols) * g.CELL - 4, g.MAP_Y + min(rows) * g.CELL - 4,
                      (max(cols) - min(cols) + 1) * g.CELL + 8, (max(rows) - min(rows) + 1) * g.CELL + 8)

    def paint_into(self, p: QPainter) -> None:
        if not self.cells:
            return
        if self.style == "hint":
            colour = QColor("#2d6ec8")
            p.setBrush(QColor(45, 110, 200, 60))
            p.setPen(Qt.PenStyle.NoPen)
            for cell in self.cells:
                p.drawRect(rect(g.cell_rect(cell)))
            pen = QPen(colour, 3.0, Qt.PenStyle.DashLine)
            p.setPen(pen)
            p.drawPath(outline_path(self.cells))
            return
        colour = GHOST_OK if self.legal else GHOST_BAD
        fill = QColor(colour)
        fill.setAlpha(105)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(fill)
        for cell in self.cells:
            p.drawRect(rect(g.cell_rect(cell)).adjusted(1, 1, -1, -1))
        pen = QPen(colour, 3.0)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawPath(outline_path(self.cells))


class ForecastItem(PaintItem):
    """What the placement pointed at would do, painted over the map before the
    click: the squares it walls off (red, hatched, with a dashed X: they would be
    marked X), the squares of a section it completes (gold), and the castles whose
    link it makes (green ring) or cuts (red dashed ring)."""

    def __init__(self) -> None:
        super().__init__(QRectF(g.MAP_X - 4, g.MAP_Y - 4, g.MAP_W + 8, g.MAP_H + 8))
        self.walled: tuple[Cell, ...] = ()
        self.completed: tuple[Cell, ...] = ()
        self.linked: tuple[Cell, ...] = ()
        self.cut: tuple[Cell, ...] = ()
        self.setZValue(9)
        self.setVisible(False)

    def set_forecast(self, walled: Iterable[Cell] = (), completed: Iterable[Cell] = (),
                     linked: Iterable[Cell] = (), cut: Iterable[Cell] = ()) -> None:
        data = (tuple(walled), tuple(completed), tuple(linked), tuple(cut))
        if data != (self.walled, self.completed, self.linked, self.cut):
            self.walled, self.completed, self.linked, self.cut = data
            self.setVisible(any(data))
            self.update()

    def paint_into(self, p: QPainter) -> None:
        for cell in self.completed:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(217, 165, 32, 70))
            p.drawRect(rect(g.cell_rect(cell)))
        if self.completed:
            p.setPen(QPen(QColor("#b8860b"), 2.4))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPath(outline_path(self.completed))
        hatch = QColor(200, 60, 40, 120)
        for cell in self.walled:
            box = rect(g.cell_rect(cell))
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(200, 60, 40, 55))
            p.drawRect(box)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(QPen(hatch, 1.2))
            step = box.width() / 4
            for i in range(1, 4):  # hatching from the lower left to the upper right
                p.drawLine(QPointF(box.left(), box.top() + i * step), QPointF(box.left() + i * step, box.top()))
                p.drawLine(QPointF(box.left() + i * step, box.bottom()), QPointF(box.right(), box.top() + i * step))
            p.drawLine(box.bottomLeft(), box.topRight())
            pen = QPen(QColor("#b0301c"), 2.6, Qt.PenStyle.DashLine)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            p.setPen(pen)
            m = 9
            p.drawLine(QPointF(box.left() + m, box.top() + m), QPointF(box.right() - m, box.bottom() - m))
            p.drawLine(QPointF(box.right() - m, box.top() + m), QPointF(box.left() + m, box.bottom() - m))
        if self.walled:
            p.setPen(QPen(QColor("#b0301c"), 2.0))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPath(outline_path(self.walled))
        for cells, colour, style in ((self.linked, QColor("#1f7a3a"), Qt.PenStyle.SolidLine),
                                     (self.cut, QColor("#b0301c"), Qt.PenStyle.DashLine)):
            pen = QPen(colour, 3.0, style)
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            for cell in cells:
                p.drawEllipse(rect(g.cell_rect(cell)).adjusted(-3, -3, 3, 3))


# --- tracks and column ---------------------------------------------------------


class RoundTrackItem(PaintItem):
    """Sixteen round boxes: finished rounds crossed out, the current one marked."""

    def __init__(self) -> None:
        x, y, _w, h = g.round_rect(1)
        x2, _y2, w2, _h2 = g.round_rect(16)
        super().__init__(QRectF(x - 2, y - 2, x2 + w2 - x + 4, h + 4))
        self.round = -1

    def set_round(self, round_no: int) -> None:
        if round_no != self.round:
            self.round = round_no
            self.update()

    def paint_into(self, p: QPainter) -> None:
        for n in range(1, 17):
            box = rect(g.round_rect(n))
            current = n == self.round
            p.setPen(QPen(INK if current else QColor(47, 58, 69, 140), 1.6 if current else 1.0))
            p.setBrush(QColor("#dbe7e4") if current else (QColor("#efe9dc") if n > 10 else PAPER))
            p.drawRoundedRect(box, 3, 3)
            p.setPen(INK)
            p.setFont(font(8.5, bold=current))
            p.drawText(box, Qt.AlignmentFlag.AlignCenter, str(n))
            if n < self.round:
                pen = QPen(INK, 2.0)
                pen.setCapStyle(Qt.PenCapStyle.RoundCap)
                p.setPen(pen)
                p.drawLine(box.bottomLeft() + QPointF(5, -4), box.topRight() + QPointF(-5, 4))


class TrackBoxItem(PaintItem):
    """One scoring-track entry: castles, points and the special action under it.
    A crossed-out entry shows the round it was crossed in and why (tooltip)."""

    def __init__(self, index: int) -> None:
        x, y, w, h = g.track_rect(index)
        super().__init__(QRectF(x - 2, y - 20, w + 4, h + 24))
        self.index = index
        self.box: TrackBox | None = None
        self.item_id = f"track:{index + 1}"

    def set_box(self, box: TrackBox) -> None:
        if box != self.box:
            self.box = box
            if box.crossed:
                self.setToolTip(_("{points} points crossed out in round {round}: {reason}").format(
                    points=box.points, round=box.crossed_round, reason=box.reason))
            elif box.is_next:
                self.setToolTip(ngettext(
                    "The next number to cross out ({points} points). Crossing it out gives {count} triangle "
                    "or its shape.",
                    "The next number to cross out ({points} points). Crossing it out gives {count} triangles "
                    "or its shape.", box.triangles).format(points=box.points, count=box.triangles))
            else:
                self.setToolTip(ngettext("{count} connected castle scores {points} points",
                                         "{count} connected castles score {points} points",
                                         box.castles).format(count=box.castles, points=box.points))
            self.update()

    def paint_into(self, p: QPainter) -> None:
        b = self.box
        if b is None:
            return
        x, y, w, h = g.track_rect(self.index)
        p.setPen(TABLE_TEXT)
        p.setFont(font(7.5))
        p.drawText(QRectF(x, y - 18, w, 16), Qt.AlignmentFlag.AlignCenter, str(b.castles))
        number = QRectF(x, y, w, g.TRACK_NUMBER_H)
        special = QRectF(x, y + g.TRACK_NUMBER_H, w, g.TRACK_SPECIAL_H)
        p.setBrush(QColor("#ffffff") if not b.crossed else QColor("#f1ece2"))
        p.setPen(QPen(INK, 1.0))
        p.drawRect(number)
        p.setBrush(QColor("#f5f0e4"))
        p.drawRect(special)
        p.setPen(INK if not b.crossed else QColor(47, 58, 69, 120))
        p.setFont(font(14, bold=True))
        p.drawText(number, Qt.AlignmentFlag.AlignCenter, str(b.points))
        # the special action: triangles, then the shape
        dim = 0.35 if b.crossed else 1.0
        p.setOpacity(dim)
        tri_pen = QPen(INK, 1.3)
        p.setPen(tri_pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        size = 9.0
        total = b.triangles * size + (b.triangles - 1) * 3
        start = x + w / 2 - total / 2 + size / 2
        for i in range(b.triangles):
            p.drawPolygon(triangle(start + i * (size + 3), special.top() + 13, size))
        draw_mini_shape(p, b.shape, QPointF(x + w / 2, special.top() + 38), 9.0,
                        QColor("#dbe7e4"), QPen(INK, 1.6))
        p.setOpacity(1.0)
        if b.is_next:
            pen = QPen(QColor("#2f5d62"), 2.4, Qt.PenStyle.DashLine)
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(QRectF(x + 1.5, y + 1.5, w - 3, g.TRACK_H - 3))
        if b.crossed:
            pen = QPen(RED, 3.0)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            p.setPen(pen)
            p.drawLine(number.bottomLeft() + QPointF(6, -6), number.topRight() + QPointF(-6, 6))
            p.drawLine(number.topLeft() + QPointF(6, 6), number.bottomRight() + QPointF(-6, -6))
            if b.crossed_round is not None:
                p.setPen(RED)
                p.setFont(font(6.5, bold=True))
                label = "R%d" % b.crossed_round if b.crossed_round else "setup"
                p.drawText(QRectF(x, y + g.TRACK_NUMBER_H - 12, w - 2, 11),
                           Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, label)


class ColumnItem(PaintItem):
    """The scoring column: both castle scores, rectangle, X marks and the total.
    Values not final yet are grey: what the sheet would score right now."""

    def __init__(self) -> None:
        x, y, w, _h = g.column_rect(0)
        super().__init__(QRectF(x - 2, y - 20, w + 4, g.TRACK_H + 24))
        self.rows: tuple[tuple[str, str, bool], ...] = ()

    def set_rows(self, rows: tuple[tuple[str, str, bool], ...]) -> None:
        if rows != self.rows:
            self.rows = rows
            self.update()

    def paint_into(self, p: QPainter) -> None:
        x, y, w, _h = g.column_rect(0)
        p.setPen(TABLE_TEXT)
        p.setFont(font(7.5))
        p.drawText(QRectF(x, y - 18, w, 16), Qt.AlignmentFlag.AlignCenter, _("Score"))
        for i, (label, value, final) in enumerate(self.rows):
            box = rect(g.column_rect(i))
            last = i == len(self.rows) - 1
            p.setPen(QPen(INK, 1.6 if last else 1.0))
            p.setBrush(QColor("#ffffff") if not last else QColor("#efe9dc"))
            p.drawRect(box)
            p.setPen(TABLE_TEXT)
            p.setFont(font(7, bold=last))
            p.drawText(box.adjusted(5, 0, 0, 0), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, label)
            p.setPen(INK if final else QColor(47, 58, 69, 120))
            p.setFont(font(10 if last else 9, bold=final or last, italic=not final))
            p.drawText(box.adjusted(0, 0, -5, 0), Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, value)


# --- the table beside the sheet --------------------------------------------------


def _paint_card(p: QPainter, box: QRectF, face: CardFace, caption_above: str = "") -> None:
    if caption_above:
        p.setPen(TABLE_TEXT)
        p.setFont(font(8.5, bold=True))
        p.drawText(QRectF(box.left() - 10, box.top() - 22, box.width() + 20, 18),
                   Qt.AlignmentFlag.AlignCenter, caption_above)
    p.setOpacity(0.55 if face.faded else 1.0)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(60, 50, 30, 30))
    p.drawRoundedRect(box.translated(2, 3), 8, 8)
    p.setBrush(QColor("#fffdf8"))
    p.setPen(QPen(QColor("#2f5d62") if face.selected else PAPER_EDGE, 3.0 if face.selected else 1.2))
    p.drawRoundedRect(box, 8, 8)
    inner = box.adjusted(8, 8, -8, -8)
    shape_area = QRectF(inner.left(), inner.top(), inner.width(), inner.height() - 40)
    unit = min(18.0, shape_area.width() / 5, shape_area.height() / 5)
    p.setOpacity((0.55 if face.faded else 1.0) * (0.35 if face.dim_shape else 1.0))
    draw_mini_shape(p, face.cells, shape_area.center(), unit, QColor("#cfe0d6"), QPen(INK, 2.2))
    p.setOpacity(0.55 if face.faded else 1.0)
    # cost icons
    n = len(face.cost)
    size = 28.0
    gap = 10.0
    total = n * size + (n - 1) * gap
    left = box.center().x() - total / 2
    top = inner.bottom() - size - 2
    for i, icon_name in enumerate(face.cost):
        slot = QRectF(left + i * (size + gap), top, size, size)
        paid = i < len(face.paid) and face.paid[i]
        due = i < len(face.due) and face.due[i]
        p.setPen(QPen(QColor("#c77c12"), 2.2) if due else QPen(PAPER_EDGE, 1.0))
        p.setBrush(QColor("#fbf1dc") if due else QColor("#f7f4ec"))
        p.drawRoundedRect(slot.adjusted(-3, -3, 3, 3), 6, 6)
        if paid:
            p.setOpacity(0.3)
        renderer(COST_ICON[icon_name]).render(p, slot.adjusted(2, 2, -2, -2))
        p.setOpacity(0.55 if face.faded else 1.0)
        if paid:
            pen = QPen(QColor("#3f7d4f"), 3.0)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            p.setPen(pen)
            c = slot.center()
            p.drawPolyline(QPolygonF([c + QPointF(-7, 0), c + QPointF(-2, 6), c + QPointF(8, -7)]))
    p.setPen(TABLE_TEXT)
    p.setFont(font(6.5))
    p.drawText(box.adjusted(0, 0, -7, -3), Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop,
               face.id)
    p.setOpacity(1.0)


class CardItem(PaintItem):
    """A card on the table (a field card, a starting card, the discard pile)."""

    def __init__(self, box: tuple[float, float, float, float]) -> None:
        self.box = rect(box)
        super().__init__(self.box.adjusted(-12, -24, 12, 8))
        self.face: CardFace | None = None
        self.item_id = ""
        self.setVisible(False)  # shown when it gets a face

    def set_face(self, face: CardFace | None) -> None:
        if face != self.face:
            self.face = face
            self.item_id = f"card:{face.id}" if face is not None else ""
            self.setVisible(face is not None)
            self.update()

    def paint_into(self, p: QPainter) -> None:
        if self.face is not None:
            _paint_card(p, self.box, self.face, self.face.caption)


class DeckItem(PaintItem):
    """The face-down deck and how many cards are left (never their order)."""

    def __init__(self) -> None:
        self.box = rect(g.deck_rect())
        super().__init__(self.box.adjusted(-12, -24, 140, 12))
        self.count = -1

    def set_count(self, count: int) -> None:
        if count != self.count:
            self.count = count
            self.update()

    def paint_into(self, p: QPainter) -> None:
        p.setPen(TABLE_TEXT)
        p.setFont(font(8.5, bold=True))
        p.drawText(QRectF(self.box.left() - 10, self.box.top() - 22, self.box.width() + 20, 18),
                   Qt.AlignmentFlag.AlignCenter, _("Deck"))
        layers = min(4, max(0, self.count))
        for i in range(layers - 1, -1, -1):
            box = self.box.translated(i * 2.5, i * 2.5)
            p.setPen(QPen(QColor("#264b4f"), 1.2))
            p.setBrush(QColor("#2f5d62"))
            p.drawRoundedRect(box, 8, 8)
            if i == 0:
                p.setPen(QPen(QColor(255, 255, 255, 90), 1.2))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRoundedRect(box.adjusted(7, 7, -7, -7), 5, 5)
                renderer("castle.svg").render(p, QRectF(box.center().x() - 18, box.center().y() - 30, 36, 36))
        if self.count == 0:
            p.setPen(QPen(PAPER_EDGE, 1.2, Qt.PenStyle.DashLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(self.box, 8, 8)
        right = QRectF(self.box.right() + 14, self.box.top(), 120, self.box.height())
        p.setPen(QColor("#2f3a45"))
        p.setFont(font(24, bold=True))
        p.drawText(right.adjusted(0, 30, 0, -60), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                   str(max(self.count, 0)))
        p.setFont(font(8.5))
        p.setPen(TABLE_TEXT)
        p.drawText(right.adjusted(0, 86, 0, 0), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
                   ngettext("card left", "cards left", self.count))



class CaptionItem(BaseCaptionItem):
    """A line of text on the table."""

    INK = TABLE_TEXT
    SIZE = 8


# --- animation -----------------------------------------------------------------


class FlashItem(QGraphicsObject):
    """A short-lived glow over some squares (or a box) that fades out and removes
    itself: new sections, completed territory, X marks, crossed-out numbers."""

    def __init__(self, kind: str, cells: Sequence[Cell] = (), box: QRectF | None = None,
                 duration: int = 900) -> None:
        super().__init__()
        self.kind = kind
        self.cells = tuple(cells)
        self.box = box
        self._level = 1.0
        self.setZValue(20)
        if box is not None:
            self._bounds = box.adjusted(-8, -8, 8, 8)
        else:
            xs = [g.cell_rect(c) for c in self.cells]
            left = min(x for x, _, _, _ in xs)
            top = min(y for _, y, _, _ in xs)
            right = max(x + w for x, _, w, _ in xs)
            bottom = max(y + h for _, y, _, h in xs)
            self._bounds = QRectF(left - 8, top - 8, right - left + 16, bottom - top + 16)
        self.animation = QPropertyAnimation(self, b"level", self)
        self.animation.setDuration(duration)
        self.animation.setStartValue(1.0)
        self.animation.setEndValue(0.0)
        self.animation.setEasingCurve(QEasingCurve.Type.InQuad)
        self.animation.finished.connect(self._done)

    def start(self) -> None:
        self.animation.start()

    def _done(self) -> None:
        scene = self.scene()
        if scene is not None:
            scene.removeItem(self)
        self.deleteLater()

    def _get_level(self) -> float:
        return self._level

    def _set_level(self, value: float) -> None:
        self._level = value
        self.update()

    level = Property(float, _get_level, _set_level)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        colour = QColor(FLASH.get(self.kind, INK))
        grow = (1.0 - self._level) * 6
        colour.setAlphaF(0.55 * self._level)
        p.setBrush(colour)
        edge = QColor(colour)
        edge.setAlphaF(self._level)
        p.setPen(QPen(edge, 3.0 + 3.0 * self._level))
        if self.box is not None:
            p.drawRoundedRect(self.box.adjusted(-grow, -grow, grow, grow), 4, 4)
            return
        for cell in self.cells:
            p.setPen(Qt.PenStyle.NoPen)
            p.drawRect(rect(g.cell_rect(cell)))
        p.setPen(QPen(edge, 3.0 + 3.0 * self._level))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawPath(outline_path(self.cells))
