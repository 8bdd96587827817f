"""Graphics items of Reclamation Wars' table. Items only paint: each holds the
plain data it shows (from :mod:`reclaimdesk.ui.reclamation_wars.model`) and
repaints when it changes; none knows the rules.

Everything reads in grey too. Each seat has a colour of its own lightness
(yellow light, red middle, blue dark), a pattern over its hexes (dots, stripes,
checks) and a symbol (circle, triangle, square) that shapes its demolisher
token. Special hexes carry their icons (star burst, brick wall, spiral, arrow,
cancellation sign, padlock) on a disc ringed in the holder's colour.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF

from reclaimdesk.core.hexgrid import Hex
from reclaimdesk.ui.board.items import GHOST_BAD, GHOST_OK, INK, PaintItem, font
from reclaimdesk.ui.reclamation_wars import geometry as g
from reclaimdesk.games.reclamation_wars.components import FORTIFIED, LOCKDOWN, LONGRANGE, NEUTRALIZER, SUPER, VOID
from reclaimdesk.ui.reclamation_wars.model import (
    DemolisherView,
    HexView,
    HoverView,
    Trail,
)

# --- colours ---------------------------------------------------------------------------
TABLE = QColor("#e5dfd1")
RIM = QColor("#8d7b5a")
RIM_LIGHT = QColor("#b9a780")
GROUND = QColor("#f3eddc")
GROUND_EDGE = QColor("#c5b693")
HOLE = QColor("#a89a7c")
HOLE_EDGE = QColor("#5e533f")
ICON_DISC = QColor("#fffdf7")
ICON_INK = QColor("#3a352d")
SPENT_INK = QColor("#9c958a")
LOCK_INK = QColor("#3c4a5c")
BLOCK_INK = QColor("#8a3b2c")
HINT = QColor("#2d6ec8")
EDGE_INK = QColor("#4a4132")
"""The row numbers and column letters around the board."""


class SeatLook:
    """How one seat's territory and pieces are painted."""

    def __init__(self, fill: str, pattern_ink: str, ink: str, pale: str, pattern: str, symbol: str) -> None:
        self.fill = QColor(fill)
        self.pattern_ink = QColor(pattern_ink)
        self.ink = QColor(ink)
        """Strong colour: outlines, tokens, text."""
        self.pale = QColor(pale)
        """A light tint: previews and the seat's rows in lists."""
        self.pattern = pattern
        self.symbol = symbol


LOOKS = (
    SeatLook("#df7a56", "#b14a2a", "#a43a1d", "#f7d3c5", "dots", "circle"),
    SeatLook("#4f79b5", "#2c5189", "#1f4378", "#cddaf0", "stripes", "triangle"),
    SeatLook("#ecca5a", "#b7922a", "#8a6a0c", "#f8ebbb", "checks", "square"),
)
"""Red, blue, yellow: middle, dark and light greys when printed or seen in grey."""


def look(seat: int) -> SeatLook:
    return LOOKS[seat % len(LOOKS)]


# --- shapes ----------------------------------------------------------------------------
def polygon(points: Iterable[tuple[float, float]]) -> QPolygonF:
    return QPolygonF([QPointF(x, y) for x, y in points])


def hex_polygon(geo: g.BoardGeometry, h: Hex, inset: float = 0.0) -> QPolygonF:
    return polygon(geo.corners(h, inset))


def symbol_path(symbol: str, cx: float, cy: float, r: float) -> QPainterPath:
    """A seat's symbol as a filled shape of radius about ``r``: circle, triangle or square."""
    path = QPainterPath()
    if symbol == "circle":
        path.addEllipse(QPointF(cx, cy), r, r)
    elif symbol == "triangle":
        k = r * 1.2
        pts = [(cx + k * math.cos(math.radians(-90 + 120 * i)), cy + 0.12 * r + k * math.sin(math.radians(-90 + 120 * i)))
               for i in range(3)]
        path.addPolygon(polygon(pts + [pts[0]]))
    else:
        k = r * 0.86
        path.addRoundedRect(QRectF(cx - k, cy - k, 2 * k, 2 * k), r * 0.12, r * 0.12)
    return path


def draw_symbol(p: QPainter, seat: int, cx: float, cy: float, r: float, *, filled: bool = True,
                colour: QColor | None = None, width: float = 1.5) -> None:
    """Seat ``seat``'s symbol centred on (cx, cy)."""
    colour = colour if colour is not None else look(seat).ink
    p.save()
    if filled:
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(colour)
    else:
        p.setPen(QPen(colour, width))
        p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawPath(symbol_path(look(seat).symbol, cx, cy, r))
    p.restore()


def pattern_path(seat: int, area: QPolygonF, size: float) -> QPainterPath:
    """Seat ``seat``'s pattern (dots, stripes or checks) inside the polygon
    ``area``, as one filled path (``size``: the hex's circumradius)."""
    lk = look(seat)
    box = area.boundingRect()
    marks = QPainterPath()
    if lk.pattern == "dots":
        step = size * 0.42
        r = size * 0.085
        row = 0
        y = box.top() + step * 0.3
        while y < box.bottom() + step:
            x = box.left() + (step / 2 if row % 2 else 0.0)
            while x < box.right() + step:
                marks.addEllipse(QPointF(x, y), r, r)
                x += step
            y += step * 0.87
            row += 1
    elif lk.pattern == "stripes":
        step = size * 0.34
        half = size * 0.05
        x = box.left() - box.height()
        while x < box.right():
            marks.addPolygon(polygon([(x - half, box.bottom()), (x + half, box.bottom()),
                                      (x + box.height() + half, box.top()), (x + box.height() - half, box.top())]))
            marks.closeSubpath()
            x += step
    else:
        step = size * 0.38
        row = 0
        y = box.top()
        while y < box.bottom():
            x = box.left() + (step if row % 2 else 0.0)
            while x < box.right():
                marks.addRect(QRectF(x, y, step, step))
                x += 2 * step
            y += step
            row += 1
    clip = QPainterPath()
    clip.addPolygon(area)
    return marks.intersected(clip)


TILE_SCALE = 3.0
"""How many device pixels a territory tile has per scene unit (sharp up to 3x zoom)."""
_TILES: dict[tuple[int, float, float], object] = {}


def territory_tile(seat: int, size: float, inset: float):
    """A hex of ``seat``'s territory (colour and pattern), circumradius ``size``
    less ``inset``, as a pixmap with a transparent outside: painting a pattern
    hex by hex as vector shapes is far slower than drawing this picture."""
    from PySide6.QtGui import QPixmap

    key = (seat, round(size, 3), round(inset, 3))
    tile = _TILES.get(key)
    if tile is None:
        r = size - inset / math.cos(math.pi / 6)
        w, h = math.sqrt(3) * r, 2 * r
        pm = QPixmap(math.ceil(w * TILE_SCALE), math.ceil(h * TILE_SCALE))
        pm.fill(Qt.GlobalColor.transparent)
        p = QPainter(pm)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.scale(TILE_SCALE, TILE_SCALE)
        area = polygon([(w / 2 + r * math.cos(math.radians(-90 + 60 * k)), h / 2 + r * math.sin(math.radians(-90 + 60 * k)))
                        for k in range(6)])
        lk = look(seat)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(lk.fill)
        p.drawPolygon(area)
        p.setBrush(lk.pattern_ink)
        p.drawPath(pattern_path(seat, area, size))
        p.end()
        tile = (pm, w, h)
        _TILES[key] = tile
    return tile


def draw_pattern(p: QPainter, seat: int, area: QPolygonF, size: float) -> None:
    """Seat ``seat``'s pattern inside ``area`` (any polygon; a hex of circumradius ``size``)."""
    p.save()
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(look(seat).pattern_ink)
    p.drawPath(pattern_path(seat, area, size))
    p.restore()


# --- the six icons --------------------------------------------------------------------------
def _pen(colour: QColor, width: float, cap: Qt.PenCapStyle = Qt.PenCapStyle.RoundCap) -> QPen:
    pen = QPen(colour, width)
    pen.setCapStyle(cap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen


def draw_star_burst(p: QPainter, cx: float, cy: float, s: float, colour: QColor) -> None:
    """Super Demolisher: a burst of twelve sharp rays round a small core."""
    pts = []
    for i in range(24):
        a = math.radians(-90 + i * 15)
        r = s * (0.56 if i % 4 == 0 else 0.42 if i % 2 == 0 else 0.2)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(colour)
    p.drawPolygon(polygon(pts))
    p.setBrush(ICON_DISC)
    p.drawEllipse(QPointF(cx, cy), s * 0.08, s * 0.08)


def draw_brick_wall(p: QPainter, cx: float, cy: float, s: float, colour: QColor) -> None:
    """Fortified: three courses of bricks, the middle one offset by half a brick."""
    w, h = s * 0.84, s * 0.6
    left, top = cx - w / 2, cy - h / 2
    course = h / 3
    gap = max(0.8, s * 0.045)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(colour)
    for row in range(3):
        y = top + row * course
        edges = [0.0, 0.5, 1.0] if row % 2 == 0 else [0.0, 0.25, 0.75, 1.0]
        for a, b in zip(edges, edges[1:]):
            p.drawRect(QRectF(left + a * w + gap / 2, y + gap / 2, (b - a) * w - gap, course - gap))


def spiral_points(cx: float, cy: float, s: float, turns: float = 2.4, steps: int = 60) -> list[tuple[float, float]]:
    """An outward spiral (Void Maker) from the centre, ``s`` across at its widest."""
    out = []
    for i in range(steps + 1):
        t = i / steps
        a = t * turns * 2 * math.pi
        r = s * 0.46 * t
        out.append((cx + r * math.cos(a), cy - r * math.sin(a)))
    return out


def draw_spiral(p: QPainter, cx: float, cy: float, s: float, colour: QColor) -> None:
    """Void Maker: a spiral winding out from the centre."""
    path = QPainterPath()
    pts = spiral_points(cx, cy, s)
    path.moveTo(*pts[0])
    for x, y in pts[1:]:
        path.lineTo(x, y)
    p.setPen(_pen(colour, s * 0.085))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawPath(path)


def arrow_points(cx: float, cy: float, s: float) -> list[tuple[float, float]]:
    """Long-range Reclaimer: a long arrow pointing right, its head a wide triangle."""
    shaft = s * 0.075
    head_w, head_l = s * 0.24, s * 0.3
    x0, x1 = cx - s * 0.46, cx + s * 0.46
    xh = x1 - head_l
    return [(x0, cy - shaft), (xh, cy - shaft), (xh, cy - head_w), (x1, cy), (xh, cy + head_w), (xh, cy + shaft),
            (x0, cy + shaft)]


def draw_arrow(p: QPainter, cx: float, cy: float, s: float, colour: QColor) -> None:
    """Long-range Reclaimer: an arrow flying right, with two fletching chevrons."""
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(colour)
    p.drawPolygon(polygon(arrow_points(cx, cy, s)))
    p.setPen(_pen(colour, s * 0.07))
    for dx in (0.0, s * 0.14):
        x = cx - s * 0.4 + dx
        p.drawLine(QPointF(x - s * 0.08, cy - s * 0.13), QPointF(x, cy))
        p.drawLine(QPointF(x - s * 0.08, cy + s * 0.13), QPointF(x, cy))


def draw_cancellation(p: QPainter, cx: float, cy: float, s: float, colour: QColor) -> None:
    """Special Neutralizer: a ring struck through from top left to bottom right."""
    r = s * 0.38
    p.setPen(_pen(colour, s * 0.1))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawEllipse(QPointF(cx, cy), r, r)
    d = r * math.cos(math.pi / 4)
    p.drawLine(QPointF(cx - d, cy - d), QPointF(cx + d, cy + d))


def draw_padlock(p: QPainter, cx: float, cy: float, s: float, colour: QColor) -> None:
    """Lockdown: a padlock with its shackle closed and a keyhole."""
    bw, bh = s * 0.6, s * 0.42
    body = QRectF(cx - bw / 2, cy - bh * 0.15, bw, bh)
    p.setPen(_pen(colour, s * 0.09, Qt.PenCapStyle.FlatCap))
    p.setBrush(Qt.BrushStyle.NoBrush)
    sr = bw * 0.3
    shackle = QPainterPath()
    shackle.moveTo(cx - sr, body.top())
    shackle.lineTo(cx - sr, body.top() - s * 0.12)
    shackle.arcTo(QRectF(cx - sr, body.top() - s * 0.12 - sr, 2 * sr, 2 * sr), 180, -180)
    shackle.lineTo(cx + sr, body.top())
    p.drawPath(shackle)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(colour)
    p.drawRoundedRect(body, s * 0.05, s * 0.05)
    p.setBrush(ICON_DISC)
    p.drawEllipse(QPointF(cx, body.center().y() - s * 0.03), s * 0.055, s * 0.055)
    p.drawRect(QRectF(cx - s * 0.025, body.center().y() - s * 0.02, s * 0.05, s * 0.12))


ICON_PAINTERS = {
    SUPER: draw_star_burst,
    FORTIFIED: draw_brick_wall,
    VOID: draw_spiral,
    LONGRANGE: draw_arrow,
    NEUTRALIZER: draw_cancellation,
    LOCKDOWN: draw_padlock,
}


def draw_special_icon(p: QPainter, kind: str, cx: float, cy: float, s: float, colour: QColor = ICON_INK) -> None:
    """The icon of special hex ``kind``, ``s`` units across, centred on (cx, cy)."""
    painter = ICON_PAINTERS.get(kind)
    if painter is None:
        return
    p.save()
    painter(p, cx, cy, s, colour)
    p.restore()


def draw_special_badge(p: QPainter, kind: str, cx: float, cy: float, r: float, *, owner: int | None,
                       spent: bool = False) -> None:
    """A special hex's icon on a light disc; the disc's ring is the holder's
    colour (a thick ring with the holder's symbol beside it), thin and grey when
    nobody holds it; a spent special is faded and struck out."""
    p.save()
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(40, 30, 10, 45))
    p.drawEllipse(QPointF(cx + r * 0.06, cy + r * 0.1), r, r)
    p.setBrush(ICON_DISC)
    if owner is None:
        p.setPen(QPen(ICON_INK, r * 0.07))
    else:
        p.setPen(QPen(look(owner).ink, r * 0.2))
    p.drawEllipse(QPointF(cx, cy), r, r)
    draw_special_icon(p, kind, cx, cy, r * 1.45, SPENT_INK if spent else ICON_INK)
    if spent:
        p.setPen(_pen(QColor("#7a7368"), r * 0.1))
        p.drawLine(QPointF(cx - r * 0.8, cy + r * 0.8), QPointF(cx + r * 0.8, cy - r * 0.8))
    p.restore()


def draw_demolisher(p: QPainter, seat: int, cx: float, cy: float, r: float, *, boosted: bool = False,
                    locked: bool = False, opacity: float = 1.0) -> None:
    """A demolisher: a token in its owner's symbol shape and colour with a white
    hammer; with Super Demolisher, a small star burst on its shoulder; under
    Lockdown, a padlock."""
    lk = look(seat)
    p.save()
    p.setOpacity(p.opacity() * opacity)
    shape = symbol_path(lk.symbol, cx, cy, r)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(20, 15, 5, 70))
    p.drawPath(shape.translated(r * 0.1, r * 0.16))
    p.setPen(QPen(QColor("#fffdf7"), r * 0.14))
    p.setBrush(lk.ink)
    p.drawPath(shape)
    # the hammer: a handle and a head, tilted
    p.translate(cx, cy + (r * 0.12 if lk.symbol == "triangle" else 0.0))
    p.rotate(-35)
    k = r * (0.78 if lk.symbol == "triangle" else 0.95)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor("#fffdf7"))
    p.drawRoundedRect(QRectF(-k * 0.08, -k * 0.2, k * 0.16, k * 0.72), k * 0.05, k * 0.05)
    p.drawRoundedRect(QRectF(-k * 0.36, -k * 0.46, k * 0.72, k * 0.28), k * 0.06, k * 0.06)
    p.resetTransform()
    p.restore()
    p.save()
    p.setOpacity(p.opacity() * opacity)
    if boosted:
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(ICON_DISC)
        bx, by = cx + r * 0.82, cy - r * 0.78
        p.setPen(QPen(lk.ink, r * 0.06))
        p.drawEllipse(QPointF(bx, by), r * 0.4, r * 0.4)
        draw_star_burst(p, bx, by, r * 0.66, ICON_INK)
    if locked:
        bx, by = cx - r * 0.82, cy - r * 0.78
        p.setPen(QPen(LOCK_INK, r * 0.06))
        p.setBrush(ICON_DISC)
        p.drawEllipse(QPointF(bx, by), r * 0.4, r * 0.4)
        draw_padlock(p, bx, by, r * 0.62, LOCK_INK)
    p.restore()


def draw_crack(p: QPainter, cx: float, cy: float, s: float, colour: QColor) -> None:
    """One demolish hit on a Fortified hex: a jagged crack across it."""
    pts = [(-0.55, -0.3), (-0.25, -0.05), (-0.05, -0.28), (0.2, 0.05), (0.55, -0.08)]
    path = QPainterPath()
    path.moveTo(cx + pts[0][0] * s, cy + pts[0][1] * s)
    for x, y in pts[1:]:
        path.lineTo(cx + x * s, cy + y * s)
    p.setPen(_pen(QColor(255, 255, 255, 200), s * 0.16))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawPath(path)
    p.setPen(_pen(colour, s * 0.08))
    p.drawPath(path)


def draw_no_entry(p: QPainter, cx: float, cy: float, r: float, colour: QColor) -> None:
    """A hex nobody may reclaim yet: a round sign with a bar."""
    p.save()
    p.setPen(QPen(colour, r * 0.2))
    p.setBrush(ICON_DISC)
    p.drawEllipse(QPointF(cx, cy), r, r)
    p.setPen(_pen(colour, r * 0.3, Qt.PenCapStyle.FlatCap))
    p.drawLine(QPointF(cx - r * 0.55, cy), QPointF(cx + r * 0.55, cy))
    p.restore()


# --- the board ------------------------------------------------------------------------------
def _board_path(geo: g.BoardGeometry, inset: float) -> QPainterPath:
    """Every hex of the board (grown when ``inset`` is negative) as one filled shape."""
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.WindingFill)
    for h in geo.board.hexes():
        path.addPolygon(hex_polygon(geo, h, inset))
        path.closeSubpath()
    return path


class GroundItem(PaintItem):
    """What never changes during a game: the board's rim, every hex as bare
    ground and the names along the edge (row numbers, column letters: the names
    the log, the panel and the records use). Painted once (and again only if the
    board size changes)."""

    def __init__(self, geo: g.BoardGeometry) -> None:
        super().__init__(QRectF(*g.SCENE))
        self.setZValue(-6)
        self.geo = geo

    def set_geometry(self, geo: g.BoardGeometry) -> None:
        if geo != self.geo:
            self.geo = geo
            self.update()

    def paint_into(self, p: QPainter) -> None:
        geo = self.geo
        s = geo.size
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(60, 45, 20, 40))
        p.drawPath(_board_path(geo, -s * 0.32).translated(3, 5))
        p.setBrush(RIM)
        p.drawPath(_board_path(geo, -s * 0.3))
        p.setBrush(RIM_LIGHT)
        p.drawPath(_board_path(geo, -s * 0.18))
        p.setPen(QPen(GROUND_EDGE, s * 0.04))
        p.setBrush(GROUND)
        for h in geo.board.hexes():
            p.drawPolygon(hex_polygon(geo, h, s * 0.035))
        p.setFont(font(max(7.0, s * g.LABEL_SIZE * 0.75), bold=True))
        p.setPen(EDGE_INK)
        box = s * 1.2
        for text, x, y in geo.edge_labels():
            p.drawText(QRectF(x - box / 2, y - box / 2, box, box), Qt.AlignmentFlag.AlignCenter, text)


class BoardItem(PaintItem):
    """What the game changes on the board: each hex's owner (colour and
    pattern), removed hexes as holes, starting hexes, special hexes with their
    icons and holders, hits on Fortified hexes, locked hexes and hexes nobody
    may reclaim yet. Bare neutral hexes are left to the :class:`GroundItem` below."""

    def __init__(self, geo: g.BoardGeometry) -> None:
        super().__init__(QRectF(*g.SCENE))
        self.setZValue(-5)
        self.geo = geo
        self.hexes: tuple[HexView, ...] = tuple(HexView(h) for h in geo.board.hexes())

    def set_board(self, geo: g.BoardGeometry, hexes: Sequence[HexView]) -> None:
        hexes = tuple(hexes)
        if geo != self.geo or hexes != self.hexes:
            self.geo = geo
            self.hexes = hexes
            self.update()

    def paint_into(self, p: QPainter) -> None:
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        shown = [hv for hv in self.hexes if hv != HexView(hv.hex)]
        for hv in shown:
            self._paint_hex(p, hv)
        for hv in shown:
            self._paint_marks(p, hv)

    def _paint_hex(self, p: QPainter, hv: HexView) -> None:
        geo = self.geo
        s = geo.size
        area = hex_polygon(geo, hv.hex, s * 0.035)
        if hv.removed:
            # a hole in the board: sunk to the rim's shade, dashed, crossed out
            p.setPen(QPen(HOLE_EDGE, s * 0.04, Qt.PenStyle.DashLine))
            p.setBrush(HOLE)
            p.drawPolygon(area)
            cx, cy = geo.centre(hv.hex)
            p.setPen(_pen(HOLE_EDGE, s * 0.08))
            d = s * 0.28
            p.drawLine(QPointF(cx - d, cy - d), QPointF(cx + d, cy + d))
            p.drawLine(QPointF(cx - d, cy + d), QPointF(cx + d, cy - d))
            return
        if hv.owner is None:
            p.setPen(QPen(GROUND_EDGE, s * 0.04))
            p.setBrush(GROUND)
            p.drawPolygon(area)
            if hv.blocked_by is not None:
                clip = QPainterPath()
                clip.addPolygon(area)
                p.save()
                p.setClipPath(clip, Qt.ClipOperation.IntersectClip)
                p.setPen(QPen(QColor(138, 59, 44, 90), s * 0.05))
                box = area.boundingRect()
                step = s * 0.22
                x = box.left() - box.height()
                while x < box.right():
                    p.drawLine(QPointF(x, box.top()), QPointF(x + box.height(), box.bottom()))
                    x += step
                p.restore()
        else:
            lk = look(hv.owner)
            cx, cy = geo.centre(hv.hex)
            pm, w, h = territory_tile(hv.owner, s, s * 0.035)
            p.drawPixmap(QRectF(cx - w / 2, cy - h / 2, w, h), pm, QRectF(pm.rect()))
            p.setPen(QPen(lk.ink, s * 0.05))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPolygon(area)
        if hv.start is not None:
            p.setPen(QPen(look(hv.start).ink, s * 0.06, Qt.PenStyle.DashLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPolygon(hex_polygon(geo, hv.hex, s * 0.16))

    def _paint_marks(self, p: QPainter, hv: HexView) -> None:
        if hv.removed:
            return
        geo = self.geo
        s = geo.size
        cx, cy = geo.centre(hv.hex)
        if hv.special:
            draw_special_badge(p, hv.special, cx, cy, s * 0.42, owner=hv.owner, spent=hv.spent)
        if hv.fortified and hv.owner is not None:
            # a rampart: a second, inner outline (it takes two hits)
            inner = hex_polygon(geo, hv.hex, s * 0.15)
            p.setPen(QPen(QColor("#fffdf7"), s * 0.09))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPolygon(inner)
            p.setPen(QPen(look(hv.owner).ink, s * 0.045))
            p.drawPolygon(inner)
        for k in range(hv.hits):
            draw_crack(p, cx, cy - s * 0.1 + k * s * 0.3, s * 0.9, QColor("#2b2722"))
        if hv.locked:
            bx, by = cx + s * 0.5, cy - s * 0.45
            p.save()
            p.setPen(QPen(LOCK_INK, s * 0.035))
            p.setBrush(ICON_DISC)
            p.drawEllipse(QPointF(bx, by), s * 0.2, s * 0.2)
            draw_padlock(p, bx, by, s * 0.3, LOCK_INK)
            p.restore()
            p.setPen(QPen(LOCK_INK, s * 0.07))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPolygon(hex_polygon(geo, hv.hex, s * 0.09))
        if hv.blocked_by is not None and hv.owner is None:
            draw_no_entry(p, cx, cy + (s * 0.55 if hv.special else 0.0), s * 0.2, BLOCK_INK)
            draw_symbol(p, hv.blocked_by, cx + s * 0.36, cy + (s * 0.55 if hv.special else 0.0), s * 0.1)


class DemolishersItem(PaintItem):
    """The demolishers standing on the board."""

    def __init__(self, geo: g.BoardGeometry) -> None:
        super().__init__(QRectF(*g.SCENE))
        self.setZValue(5)
        self.geo = geo
        self.pieces: tuple[DemolisherView, ...] = ()

    def set_pieces(self, geo: g.BoardGeometry, pieces: Sequence[DemolisherView]) -> None:
        pieces = tuple(pieces)
        if geo != self.geo or pieces != self.pieces:
            self.geo, self.pieces = geo, pieces
            self.update()

    def paint_into(self, p: QPainter) -> None:
        for d in self.pieces:
            cx, cy = self.geo.centre(d.hex)
            draw_demolisher(p, d.seat, cx, cy, self.geo.size * 0.42, boosted=d.boosted, locked=d.locked)


class HighlightItem(PaintItem):
    """Hexes outlined in one style: ``target`` (a click does something there: a
    broad band in the player's colour),
    ``hint`` (the AI's suggestion), ``selected``, ``cursor`` (the keyboard),
    ``win`` (the winners' hexes at the end)."""

    def __init__(self, style: str, z: float = 3) -> None:
        super().__init__(QRectF(*g.SCENE))
        self.setZValue(z)
        self.style = style
        self.geo = g.BoardGeometry(4)
        self.hexes: tuple[Hex, ...] = ()
        self.seat = 0

    def set_hexes(self, geo: g.BoardGeometry, hexes: Iterable[Hex], seat: int = 0) -> None:
        hexes = tuple(hexes)
        if geo != self.geo or hexes != self.hexes or seat != self.seat:
            self.geo, self.hexes, self.seat = geo, hexes, seat
            self.update()

    def paint_into(self, p: QPainter) -> None:
        geo = self.geo
        s = geo.size
        for h in self.hexes:
            cx, cy = geo.centre(h)
            if self.style == "target":
                # a broad band in the player's strong colour along the hex's edge, with
                # a light line inside it: dark on any ground, so it reads in grey too,
                # and clear of a special's badge or a demolisher in the middle
                band = QPainterPath()
                band.setFillRule(Qt.FillRule.OddEvenFill)
                band.addPolygon(hex_polygon(geo, h, s * 0.05))
                band.closeSubpath()
                inner = hex_polygon(geo, h, s * 0.27)
                band.addPolygon(inner)
                band.closeSubpath()
                ink = QColor(look(self.seat).ink)
                ink.setAlpha(225)
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(ink)
                p.drawPath(band)
                p.setPen(QPen(QColor(255, 253, 247, 235), s * 0.045))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawPolygon(inner)
            elif self.style == "hint":
                p.setPen(QPen(HINT, s * 0.12))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawPolygon(hex_polygon(geo, h, s * 0.1))
            elif self.style == "selected":
                p.setPen(QPen(QColor("#fffdf7"), s * 0.16))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawPolygon(hex_polygon(geo, h, s * 0.08))
                p.setPen(QPen(INK, s * 0.07))
                p.drawPolygon(hex_polygon(geo, h, s * 0.08))
            elif self.style == "cursor":
                pen = QPen(INK, s * 0.06, Qt.PenStyle.DashLine)
                p.setPen(pen)
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawPolygon(hex_polygon(geo, h, s * 0.05))
            elif self.style == "win":
                p.setPen(QPen(QColor("#c99a1c"), s * 0.1))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawPolygon(hex_polygon(geo, h, s * 0.1))


class TrailItem(PaintItem):
    """Each player's latest turn, so that the AI's moves can be followed: the
    hexes it changed ringed in its colour, and its demolisher's path as arrows."""

    def __init__(self) -> None:
        super().__init__(QRectF(*g.SCENE))
        self.setZValue(4)
        self.geo = g.BoardGeometry(4)
        self.trails: tuple[Trail, ...] = ()

    def set_trails(self, geo: g.BoardGeometry, trails: Iterable[Trail]) -> None:
        trails = tuple(trails)
        if geo != self.geo or trails != self.trails:
            self.geo, self.trails = geo, trails
            self.update()

    def paint_into(self, p: QPainter) -> None:
        geo = self.geo
        s = geo.size
        for t in self.trails:
            lk = look(t.seat)
            for h in t.hexes:
                p.setPen(QPen(QColor("#fffdf7"), s * 0.15))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawPolygon(hex_polygon(geo, h, s * 0.13))
                pen = QPen(lk.ink, s * 0.08, Qt.PenStyle.DashLine)
                pen.setDashPattern([2.0, 1.2])
                p.setPen(pen)
                p.drawPolygon(hex_polygon(geo, h, s * 0.13))
            for a, b in zip(t.path, t.path[1:]):
                self._arrow(p, geo.centre(a), geo.centre(b), lk.ink, s)

    @staticmethod
    def _arrow(p: QPainter, a: tuple[float, float], b: tuple[float, float], colour: QColor, s: float) -> None:
        ax, ay = a
        bx, by = b
        d = math.hypot(bx - ax, by - ay) or 1.0
        ux, uy = (bx - ax) / d, (by - ay) / d
        start = QPointF(ax + ux * s * 0.5, ay + uy * s * 0.5)
        end = QPointF(bx - ux * s * 0.5, by - uy * s * 0.5)
        p.setPen(_pen(QColor("#fffdf7"), s * 0.2))
        p.drawLine(start, end)
        p.setPen(_pen(colour, s * 0.1))
        p.drawLine(start, end)
        head = s * 0.26
        left = QPointF(end.x() - ux * head - uy * head * 0.6, end.y() - uy * head + ux * head * 0.6)
        right = QPointF(end.x() - ux * head + uy * head * 0.6, end.y() - uy * head - ux * head * 0.6)
        p.setPen(QPen(QColor("#fffdf7"), s * 0.04))
        p.setBrush(colour)
        p.drawPolygon(QPolygonF([end, left, right]))


class HoverItem(PaintItem):
    """What a click on the hex under the pointer would do: the hex outlined green
    (allowed) or red (not allowed) with a word or two on a tag beside it."""

    def __init__(self) -> None:
        super().__init__(QRectF(*g.SCENE))
        self.setZValue(8)
        self.geo = g.BoardGeometry(4)
        self.hover: HoverView | None = None

    def set_hover(self, geo: g.BoardGeometry, hover: HoverView | None) -> None:
        if geo != self.geo or hover != self.hover:
            self.geo, self.hover = geo, hover
            self.update()

    def paint_into(self, p: QPainter) -> None:
        hv = self.hover
        if hv is None:
            return
        geo = self.geo
        s = geo.size
        colour = GHOST_OK if hv.ok else GHOST_BAD
        p.setPen(QPen(QColor("#fffdf7"), s * 0.16))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawPolygon(hex_polygon(geo, hv.hex, s * 0.06))
        p.setPen(QPen(colour, s * 0.09))
        p.drawPolygon(hex_polygon(geo, hv.hex, s * 0.06))
        if not hv.label:
            return
        cx, cy = geo.centre(hv.hex)
        f = font(max(6.5, s * 0.3), bold=True)
        p.setFont(f)
        metrics = p.fontMetrics()
        tw = metrics.horizontalAdvance(hv.label) + s * 0.4
        th = metrics.height() + s * 0.14
        x = cx - tw / 2
        y = cy - s * 1.02 - th
        if y < 2:
            y = cy + s * 1.02
        x = min(max(x, 2.0), g.SCENE_W - tw - 2)
        box = QRectF(x, y, tw, th)
        p.setPen(QPen(colour, s * 0.04))
        p.setBrush(QBrush(QColor("#fffdf7")))
        p.drawRoundedRect(box, th * 0.3, th * 0.3)
        p.setPen(colour.darker(130))
        p.drawText(box, Qt.AlignmentFlag.AlignCenter, hv.label)


# --- small pictures for the panels ---------------------------------------------------------------
def _pixmap(size: int):
    from PySide6.QtGui import QPixmap

    pm = QPixmap(size * 2, size * 2)
    pm.setDevicePixelRatio(2.0)
    pm.fill(Qt.GlobalColor.transparent)
    return pm


_BADGES: dict[tuple[str, int, int | None, bool], object] = {}


def special_pixmap(kind: str, size: int = 22, owner: int | None = None, spent: bool = False):
    """A special hex's badge (icon on a disc ringed in its holder's colour) as a pixmap (made once)."""
    key = (kind, size, owner, spent)
    if key in _BADGES:
        return _BADGES[key]
    pm = _pixmap(size)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    draw_special_badge(p, kind, size / 2, size / 2, size * 0.42, owner=owner, spent=spent)
    p.end()
    _BADGES[key] = pm
    return pm


def seat_pixmap(seat: int, size: int = 22):
    """A seat's hex of territory (colour and pattern) with its demolisher's symbol."""
    pm = _pixmap(size)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    r = size / 2 - 1
    pts = [(size / 2 + r * math.cos(math.radians(-90 + 60 * k)), size / 2 + r * math.sin(math.radians(-90 + 60 * k)))
           for k in range(6)]
    area = polygon(pts)
    lk = look(seat)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(lk.fill)
    p.drawPolygon(area)
    draw_pattern(p, seat, area, r)
    p.setPen(QPen(lk.ink, 1.2))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawPolygon(area)
    draw_symbol(p, seat, size / 2, size / 2, size * 0.2, colour=QColor("#fffdf7"))
    draw_symbol(p, seat, size / 2, size / 2, size * 0.14)
    p.end()
    return pm
