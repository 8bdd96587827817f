"""Graphics items of The Reclamation's table. Items only paint: each holds the
plain data it shows (from :mod:`reclaimdesk.ui.the_reclamation.model`) and
repaints when it changes; none knows the rules. Cards carry an ``item_id``
(``"card:<seat>:<number>"``) that the view emits when they are clicked.

Stones are drawn so that both owner and height read at a glance, in colour and
in grey: Flower's stones are light round discs with a dark five-petal flower,
Tendril's are dark hexagonal stones with a light curling tendril; a stack shows
each of its stones and its height as a number; a Gardener (a stack of three)
wears a crown.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF

from reclaimdesk.core.grid import Cell
from reclaimdesk.core.i18n import N_, _
from reclaimdesk.games.the_reclamation.state import NOTHING, PLACE, STACK, TAKE, TAKE_GARDENER
from reclaimdesk.ui.board.items import CaptionItem as BaseCaptionItem
from reclaimdesk.ui.board.items import INK, MUTED, PaintItem, draw_grid_lines, font, rect
from reclaimdesk.ui.the_reclamation import geometry as g
from reclaimdesk.ui.the_reclamation.model import CardFace, StackView, TrayView

# --- colours --------------------------------------------------------------------

TABLE = QColor("#e4ddcc")
SOIL = (QColor("#efe6d0"), QColor("#e6dbc0"))
GRID = QColor("#b9a98a")
EDGE = QColor("#7b6a4c")
GOLD = QColor("#c99a1c")
RED = QColor("#b23a2a")
GREEN = QColor("#2f7d4f")
AMBER = QColor("#d08a10")
BLUE = QColor("#2d6ec8")

STONE = {
    # top face, side, outline, icon
    0: (QColor("#f7cfd9"), QColor("#d996a8"), QColor("#8c3b55"), QColor("#8c2446")),
    1: (QColor("#3d7458"), QColor("#28503c"), QColor("#17301f"), QColor("#e8f4ea")),
}
FACTION_INK = {0: QColor("#b0405f"), 1: QColor("#2f6b4c")}
CARD_GROUND = {"garden": QColor("#26282b"), "throne": QColor("#8f2424")}


# --- icons and stones -------------------------------------------------------------------


def draw_flower(p: QPainter, centre: QPointF, size: float, colour: QColor) -> None:
    """Flower's icon: five round petals around a ring."""
    p.save()
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(colour)
    r = size * 0.17
    for k in range(5):
        a = -math.pi / 2 + k * 2 * math.pi / 5
        p.drawEllipse(QPointF(centre.x() + math.cos(a) * size * 0.28, centre.y() + math.sin(a) * size * 0.28),
                      r, r)
    p.setPen(QPen(colour, max(0.8, size * 0.05)))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawEllipse(centre, size * 0.1, size * 0.1)
    p.restore()


def draw_tendril(p: QPainter, centre: QPointF, size: float, colour: QColor) -> None:
    """Tendril's icon: a stem rising from a leaf and curling into a spiral."""
    p.save()
    pen = QPen(colour, max(1.0, size * 0.12), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
               Qt.PenJoinStyle.RoundJoin)
    p.setPen(pen)
    p.setBrush(Qt.BrushStyle.NoBrush)
    x, y = centre.x(), centre.y()
    path = QPainterPath()
    # the spiral's centre, up and to the right; the stem joins its outer end
    cx, cy = x + size * 0.08, y - size * 0.08
    steps = 36
    turns = 1.35
    start = math.pi * 0.75
    pts = []
    for i in range(steps + 1):
        t = i / steps
        a = start - t * turns * 2 * math.pi
        rad = size * 0.3 * (1 - 0.72 * t)
        pts.append(QPointF(cx + math.cos(a) * rad, cy - math.sin(a) * rad))
    path.moveTo(x - size * 0.36, y + size * 0.42)
    path.quadTo(x - size * 0.3, y + size * 0.15, pts[0].x(), pts[0].y())
    for pt in pts[1:]:
        path.lineTo(pt)
    p.drawPath(path)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(colour)
    leaf = QPainterPath()
    lx, ly = x - size * 0.31, y + size * 0.3
    leaf.moveTo(lx, ly)
    leaf.quadTo(lx + size * 0.2, ly + size * 0.16, lx + size * 0.42, ly + size * 0.06)
    leaf.quadTo(lx + size * 0.22, ly - size * 0.1, lx, ly)
    p.drawPath(leaf)
    p.restore()


def draw_icon(p: QPainter, seat: int, centre: QPointF, size: float, colour: QColor | None = None) -> None:
    colour = colour if colour is not None else STONE[seat][3]
    (draw_flower if seat == 0 else draw_tendril)(p, centre, size, colour)


def _stone_face(seat: int, cx: float, cy: float, w: float, squash: float) -> QPainterPath:
    """The top face of one stone: an ellipse (Flower) or a flattened hexagon (Tendril)."""
    path = QPainterPath()
    if seat == 0:
        path.addEllipse(QPointF(cx, cy), w / 2, w / 2 * squash)
    else:
        pts = [QPointF(cx + math.cos(a) * w / 2, cy + math.sin(a) * w / 2 * squash)
               for a in (math.radians(30 + 60 * k) for k in range(6))]
        path.addPolygon(QPolygonF(pts + [pts[0]]))
    return path


def draw_stone(p: QPainter, seat: int, cx: float, cy: float, w: float, thick: float, squash: float = 0.55,
               icon: bool = True, opacity: float = 1.0) -> None:
    """One stone seen slightly from above: its side, then its top face centred on (cx, cy)."""
    top, side, outline, ink = STONE[seat]
    p.save()
    p.setOpacity(p.opacity() * opacity)
    p.setPen(QPen(outline, max(0.8, w * 0.03)))
    face = _stone_face(seat, cx, cy, w, squash)
    if seat == 0:
        body = QPainterPath()
        body.addRect(QRectF(cx - w / 2, cy, w, thick))
        body = body.united(_stone_face(seat, cx, cy + thick, w, squash))
    else:
        def corner(deg: float, dy: float) -> QPointF:
            a = math.radians(deg)
            return QPointF(cx + math.cos(a) * w / 2, cy + dy + math.sin(a) * w / 2 * squash)

        body = QPainterPath()
        body.addPolygon(QPolygonF([corner(210, 0), corner(270, 0), corner(330, 0), corner(30, thick),
                                   corner(90, thick), corner(150, thick), corner(210, 0)]))
    p.setBrush(side)
    p.drawPath(body)
    p.setBrush(top)
    p.drawPath(face)
    if icon:
        p.save()
        p.translate(cx, cy)
        p.scale(1.0, squash * 1.25)
        draw_icon(p, seat, QPointF(0, 0), w * 0.62, ink)
        p.restore()
    p.restore()


def draw_stack(p: QPainter, box: QRectF, seat: int, height: int, *, opacity: float = 1.0,
               show_count: bool = True) -> None:
    """A stack of ``height`` stones of ``seat`` standing in the square ``box``;
    a Gardener (three stones) gets a crown."""
    w = box.width() * 0.66
    thick = box.height() * 0.11
    squash = 0.55
    cx = box.center().x()
    base = box.bottom() - box.height() * 0.2 - w / 2 * squash
    shift = box.height() * 0.02
    if height >= 3:
        base += box.height() * 0.03
    for i in range(height):
        draw_stone(p, seat, cx, base - i * (thick + shift), w, thick, squash, icon=(i == height - 1),
                   opacity=opacity)
    top_y = base - (height - 1) * (thick + shift) - w / 2 * squash
    if height >= 3:
        draw_crown(p, QPointF(cx, top_y - box.height() * 0.07), box.width() * 0.3, opacity)
    if show_count and height >= 2:
        p.save()
        p.setOpacity(p.opacity() * opacity)
        badge = QRectF(box.right() - box.width() * 0.28, box.bottom() - box.height() * 0.27,
                       box.width() * 0.22, box.height() * 0.22)
        p.setPen(QPen(STONE[seat][2], 1))
        p.setBrush(QColor("#fffdf6"))
        p.drawEllipse(badge)
        p.setPen(INK)
        p.setFont(font(max(6.0, box.height() * 0.1), bold=True))
        p.drawText(badge, Qt.AlignmentFlag.AlignCenter, str(height))
        p.restore()


def draw_crown(p: QPainter, centre: QPointF, w: float, opacity: float = 1.0) -> None:
    """A small golden crown: the mark of a Gardener."""
    h = w * 0.62
    x, y = centre.x() - w / 2, centre.y() - h / 2
    pts = [(0, 1), (0, 0.25), (0.25, 0.6), (0.5, 0.0), (0.75, 0.6), (1, 0.25), (1, 1)]
    poly = QPolygonF([QPointF(x + a * w, y + b * h) for a, b in pts])
    p.save()
    p.setOpacity(p.opacity() * opacity)
    p.setPen(QPen(QColor("#6b4d00"), max(0.8, w * 0.05)))
    p.setBrush(GOLD)
    p.drawPolygon(poly)
    p.restore()


# --- the board ----------------------------------------------------------------------------


class BoardItem(PaintItem):
    """The 6 x 6 garden: squares, file letters and rank numbers seen from the
    bottom player's side, and each player's starting corner."""

    def __init__(self) -> None:
        super().__init__(rect(g.BOARD_AREA).adjusted(-10, -10, 10, 10))
        self.setZValue(-5)
        self.orientation = g.Orientation(0)

    def set_orientation(self, o: g.Orientation) -> None:
        if o != self.orientation:
            self.orientation = o
            self.update()

    def paint_into(self, p: QPainter) -> None:
        o = self.orientation
        board = QRectF(g.BOARD_X, g.BOARD_Y, g.BOARD_W, g.BOARD_H)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(70, 55, 30, 30))
        p.drawRoundedRect(board.adjusted(-6, -4, 10, 12), 8, 8)
        p.setBrush(QColor("#c9b68f"))
        p.setPen(QPen(EDGE, 1.5))
        p.drawRoundedRect(board.adjusted(-7, -7, 7, 7), 6, 6)
        p.setPen(Qt.PenStyle.NoPen)
        for sr in range(g.SIZE):
            for sc in range(g.SIZE):
                p.setBrush(SOIL[(sr + sc) % 2])
                p.drawRect(rect(g.square_rect((sr, sc))))
        # starting corners: a faint faction icon in each player's bottom-right corner
        from reclaimdesk.games.the_reclamation.components import START_SQUARES

        for seat, cell in enumerate(START_SQUARES):
            box = rect(g.cell_rect(cell, o))
            colour = QColor(FACTION_INK[seat])
            colour.setAlpha(70)
            corner = QPointF(box.left() + 13, box.top() + 13) if o.screen(cell)[0] > 0 else \
                QPointF(box.left() + 13, box.top() + 13)
            draw_icon(p, seat, corner, 18, colour)
        p.setPen(QPen(GRID, 1))
        draw_grid_lines(p, g.BOARD_X, g.BOARD_Y, g.CELL, g.SIZE, g.BOARD_W, g.BOARD_H)
        p.setPen(QPen(EDGE, 1.6))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(board)
        p.setPen(MUTED)
        p.setFont(font(9))
        for i, letter in enumerate(o.file_labels()):
            p.drawText(QRectF(g.BOARD_X + i * g.CELL, g.BOARD_Y + g.BOARD_H + 6, g.CELL, g.LABEL - 4),
                       Qt.AlignmentFlag.AlignCenter, letter)
        for i, number in enumerate(o.rank_labels()):
            p.drawText(QRectF(g.BOARD_X - g.LABEL - 6, g.BOARD_Y + i * g.CELL, g.LABEL, g.CELL),
                       Qt.AlignmentFlag.AlignCenter, number)


class StacksItem(PaintItem):
    """Every stack of stones on the board."""

    def __init__(self) -> None:
        super().__init__(QRectF(g.BOARD_X, g.BOARD_Y - 20, g.BOARD_W, g.BOARD_H + 20))
        self.stacks: tuple[StackView, ...] = ()
        self.orientation = g.Orientation(0)

    def set_stacks(self, stacks: Sequence[StackView], o: g.Orientation) -> None:
        stacks = tuple(stacks)
        if (stacks, o) != (self.stacks, self.orientation):
            self.stacks, self.orientation = stacks, o
            self.update()

    def paint_into(self, p: QPainter) -> None:
        # back rows first, so a tall stack overlaps the square behind it correctly
        for s in sorted(self.stacks, key=lambda s: self.orientation.screen(s.cell)):
            draw_stack(p, rect(g.cell_rect(s.cell, self.orientation)), s.owner, s.height)


HIGHLIGHTS = {
    # fill, outline, outline width, dashed
    "move": (QColor(47, 125, 79, 70), GREEN, 2.4, False),
    "gardener": (QColor(201, 154, 28, 40), GOLD, 2.2, True),
    "selected": (QColor(201, 154, 28, 80), QColor("#8a6500"), 3.4, False),
    "pending": (QColor(208, 138, 16, 70), AMBER, 3.0, True),
    "last": (QColor(0, 0, 0, 0), QColor(60, 70, 90, 150), 1.6, True),
    "hint": (QColor(45, 110, 200, 50), BLUE, 3.0, False),
    "cursor": (QColor(0, 0, 0, 0), INK, 2.0, False),
}


class HighlightItem(PaintItem):
    """A set of squares marked in one style: where the Gardener may go ('move',
    drawn as a dot), Gardeners that may act, the squares to choose when stones run
    short, what the last turn changed, a hint, the keyboard cursor."""

    def __init__(self, style: str, z: float = 4) -> None:
        super().__init__(QRectF(g.BOARD_X - 4, g.BOARD_Y - 4, g.BOARD_W + 8, g.BOARD_H + 8))
        self.style = style
        self.cells: tuple[Cell, ...] = ()
        self.orientation = g.Orientation(0)
        self.setZValue(z)

    def set_cells(self, cells: Iterable[Cell], o: g.Orientation) -> None:
        cells = tuple(sorted(set(cells)))
        if (cells, o) != (self.cells, self.orientation):
            self.cells, self.orientation = cells, o
            self.update()

    def paint_into(self, p: QPainter) -> None:
        fill, line, width, dashed = HIGHLIGHTS[self.style]
        pen = QPen(line, width)
        if dashed:
            pen.setStyle(Qt.PenStyle.DashLine)
        for cell in self.cells:
            box = rect(g.cell_rect(cell, self.orientation))
            if self.style == "move":
                p.setPen(QPen(line, 2))
                p.setBrush(fill)
                p.drawEllipse(box.center(), box.width() * 0.17, box.width() * 0.17)
                continue
            p.setPen(pen)
            p.setBrush(fill)
            inset = 3 if self.style != "last" else 5
            p.drawRoundedRect(box.adjusted(inset, inset, -inset, -inset), 6, 6)
            if self.style == "pending":
                p.setPen(AMBER.darker(130))
                p.setFont(font(16, bold=True))
                p.drawText(QRectF(box.left() + 4, box.top() + 2, 22, 24), Qt.AlignmentFlag.AlignCenter, "?")


class MoveArrowItem(PaintItem):
    """An arrow along the last move of a Gardener (from square to square)."""

    def __init__(self) -> None:
        super().__init__(QRectF(g.BOARD_X, g.BOARD_Y, g.BOARD_W, g.BOARD_H))
        self.setZValue(6)
        self.move: tuple[Cell, Cell, int] | None = None
        self.orientation = g.Orientation(0)

    def set_move(self, move: tuple[Cell, Cell, int] | None, o: g.Orientation) -> None:
        if (move, o) != (self.move, self.orientation):
            self.move, self.orientation = move, o
            self.update()

    def paint_into(self, p: QPainter) -> None:
        if self.move is None:
            return
        start, end, seat = self.move
        a = QPointF(*g.cell_centre(start, self.orientation))
        b = QPointF(*g.cell_centre(end, self.orientation))
        dx, dy = b.x() - a.x(), b.y() - a.y()
        length = math.hypot(dx, dy) or 1.0
        ux, uy = dx / length, dy / length
        a2 = QPointF(a.x() + ux * 22, a.y() + uy * 22)
        b2 = QPointF(b.x() - ux * 30, b.y() - uy * 30)
        colour = QColor(FACTION_INK[seat])
        colour.setAlpha(170)
        p.setPen(QPen(colour, 4, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        p.drawLine(a2, b2)
        head = QPolygonF([QPointF(b2.x() + ux * 10, b2.y() + uy * 10),
                          QPointF(b2.x() - uy * 7, b2.y() + ux * 7),
                          QPointF(b2.x() + uy * 7, b2.y() - ux * 7)])
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(colour)
        p.drawPolygon(head)


class PreviewItem(PaintItem):
    """What a card would do, square by square: a ghost stone where one is stacked
    or placed, a red 'take' where the top stone leaves, grey where nothing
    changes, and a '?' where the player will choose (short hand)."""

    def __init__(self) -> None:
        super().__init__(QRectF(g.BOARD_X - 4, g.BOARD_Y - 24, g.BOARD_W + 8, g.BOARD_H + 28))
        self.setZValue(8)
        self.marks: tuple[tuple[Cell, str, bool, int], ...] = ()
        self.stacks: dict[Cell, tuple[int, int]] = {}
        self.orientation = g.Orientation(0)

    def set_marks(self, marks: Sequence[tuple[Cell, str, bool]], seat: int,
                  stacks: dict[Cell, tuple[int, int]], o: g.Orientation) -> None:
        data = tuple((cell, effect, optional, seat) for cell, effect, optional in marks)
        if (data, o) != (self.marks, self.orientation) or (data and stacks != self.stacks):
            self.marks, self.stacks, self.orientation = data, dict(stacks), o
            self.update()

    def paint_into(self, p: QPainter) -> None:
        for cell, effect, optional, seat in self.marks:
            box = rect(g.cell_rect(cell, self.orientation))
            owner, height = self.stacks.get(cell, (None, 0))
            inner = box.adjusted(3, 3, -3, -3)
            if effect in (STACK, PLACE):
                line = AMBER if optional else GREEN
                p.setPen(QPen(line, 3, Qt.PenStyle.DashLine if optional else Qt.PenStyle.SolidLine))
                p.setBrush(QColor(255, 255, 255, 90))
                p.drawRoundedRect(inner, 6, 6)
                # the stack as it would be, the new stone faint
                if height:
                    draw_stack(p, box, seat, height, show_count=False)
                w = box.width() * 0.66
                thick = box.height() * 0.11
                base = box.bottom() - box.height() * 0.2 - w / 2 * 0.55
                draw_stone(p, seat, box.center().x(), base - height * (thick + box.height() * 0.02), w, thick,
                           icon=True, opacity=0.55)
                if effect == STACK:
                    tag = _("stack +1") if not optional else _("stack +1?")
                else:
                    tag = _("place +1") if not optional else _("place +1?")
                self._tag(p, box, tag, line)
            elif effect in (TAKE, TAKE_GARDENER):
                p.setPen(QPen(RED, 3))
                p.setBrush(QColor(178, 58, 42, 40))
                p.drawRoundedRect(inner, 6, 6)
                cx, cy = box.center().x(), box.top() + box.height() * 0.3
                p.setPen(QPen(RED, 4, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
                d = box.width() * 0.12
                p.drawLine(QPointF(cx - d, cy - d), QPointF(cx + d, cy + d))
                p.drawLine(QPointF(cx - d, cy + d), QPointF(cx + d, cy - d))
                self._tag(p, box, _("take 1") if effect == TAKE else _("take 1 (kept)"), RED)
            elif effect == NOTHING:
                p.setPen(QPen(QColor(110, 110, 110, 200), 2, Qt.PenStyle.DotLine))
                p.setBrush(QBrush(QColor(120, 120, 120, 70), Qt.BrushStyle.BDiagPattern))
                p.drawRoundedRect(inner, 6, 6)
                self._tag(p, box, _("no change"), QColor("#6b6b6b"))
            if optional:
                p.setPen(AMBER.darker(130))
                p.setFont(font(16, bold=True))
                p.drawText(QRectF(box.left() + 4, box.top() + 2, 22, 24), Qt.AlignmentFlag.AlignCenter, "?")

    @staticmethod
    def _tag(p: QPainter, box: QRectF, text: str, colour: QColor) -> None:
        p.setFont(font(7.5, bold=True))
        width = p.fontMetrics().horizontalAdvance(text) + 10
        tag = QRectF(box.center().x() - width / 2, box.bottom() - 17, width, 14)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(colour)
        p.drawRoundedRect(tag, 7, 7)
        p.setPen(QColor("white"))
        p.drawText(tag, Qt.AlignmentFlag.AlignCenter, text)


# --- trays and cards -------------------------------------------------------------------------


class TrayItem(PaintItem):
    """One player's side of the table: name, whose turn, the stones in hand, the
    stones taken so far and how close the player is to the goal."""

    def __init__(self, at_bottom: bool) -> None:
        super().__init__(rect(g.tray_rect(at_bottom)).adjusted(-2, -2, 2, 2))
        self.at_bottom = at_bottom
        self.view: TrayView | None = None

    def set_view(self, view: TrayView) -> None:
        if view != self.view:
            self.view = view
            self.update()

    def paint_into(self, p: QPainter) -> None:
        v = self.view
        if v is None:
            return
        box = rect(g.tray_rect(self.at_bottom))
        p.setPen(QPen(FACTION_INK[v.seat] if v.to_move else QColor("#d6cfbf"), 2.4 if v.to_move else 1))
        p.setBrush(QColor("#fbf9f4"))
        p.drawRoundedRect(box, 10, 10)
        if v.to_move:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(FACTION_INK[v.seat])
            p.drawRoundedRect(QRectF(box.left(), box.top(), 8, box.height()), 4, 4)
        # who
        draw_stone(p, v.seat, box.left() + 34, box.top() + 30, 34, 7)
        p.setPen(INK)
        p.setFont(font(12, bold=True))
        p.drawText(QRectF(box.left() + 60, box.top() + 8, 170, 22), Qt.AlignmentFlag.AlignLeft, v.name)
        p.setFont(font(8.5))
        p.setPen(MUTED)
        role = v.role
        if v.winner:
            role = _("wins!")
        elif v.to_move:
            role = _("{player} - to play").format(player=role) if role else _("to play")
        p.drawText(QRectF(box.left() + 60, box.top() + 30, 170, 18), Qt.AlignmentFlag.AlignLeft, role)
        # progress
        p.setPen(INK)
        p.setFont(font(8.5))
        if v.rules == "garden":
            progress = _("Squares: {count} of 12").format(count=v.squares)
        else:
            progress = _("Gardeners: {count}").format(count=v.gardeners)
        p.drawText(QRectF(box.left() + 20, box.top() + 56, 200, 18), Qt.AlignmentFlag.AlignLeft, progress)
        if v.rules == "garden":
            bar = QRectF(box.left() + 118, box.top() + 61, 96, 8)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor("#e9e4d8"))
            p.drawRoundedRect(bar, 4, 4)
            p.setBrush(FACTION_INK[v.seat])
            p.drawRoundedRect(QRectF(bar.left(), bar.top(), bar.width() * min(v.squares, 12) / 12, 8), 4, 4)
        # the hand: a pile of stones and the number
        hx = box.left() + 240
        p.setPen(INK)
        p.setFont(font(8.5, bold=True))
        p.drawText(QRectF(hx, box.top() + 6, 110, 16), Qt.AlignmentFlag.AlignLeft,
                   _("In hand: {count}").format(count=v.hand))
        for i in range(min(v.hand, 20)):
            row, col = divmod(i, 10)
            draw_stone(p, v.seat, hx + 8 + col * 11.5, box.top() + 34 + row * 17, 13, 3, icon=False)
        # stones taken
        tx = box.left() + 372
        p.setFont(font(8.5, bold=True))
        p.setPen(INK)
        p.drawText(QRectF(tx, box.top() + 6, 126, 16), Qt.AlignmentFlag.AlignLeft,
                   _("Taken: {count}").format(count=v.taken))
        p.setFont(font(7.5))
        p.setPen(MUTED)
        p.drawText(QRectF(tx, box.top() + 22, 126, 14), Qt.AlignmentFlag.AlignLeft, _("(they joined the hand)"))
        if v.rules == "throne":
            p.setPen(INK)
            p.setFont(font(7.5, bold=True))
            p.drawText(QRectF(tx, box.top() + 40, 126, 14), Qt.AlignmentFlag.AlignLeft, _("From Gardeners:"))
            p.setPen(MUTED)
            p.setFont(font(7.5))
            p.drawText(QRectF(tx + 76, box.top() + 60, 50, 14), Qt.AlignmentFlag.AlignLeft, f"{v.kept}/3")
            for k in range(3):
                centre_x = tx + 10 + k * 24
                slot = QRectF(centre_x - 10, box.top() + 57, 20, 20)
                p.setPen(QPen(QColor("#b9b09c"), 1, Qt.PenStyle.DashLine))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawEllipse(slot)
                if k < v.kept:
                    # kept apart with the opponent's face up
                    draw_stone(p, 1 - v.seat, centre_x, box.top() + 64, 19, 4)


OUTCOME_TAGS = {
    "boxed": (N_("boxes you in"), QColor(178, 40, 40, 235)),
    "lose": (N_("you lose"), QColor(178, 40, 40, 235)),
    "win": (N_("wins the game"), QColor(46, 125, 70, 235)),
    "draw": (N_("ends in a draw"), QColor(90, 90, 90, 235)),
}
"""The tag on a card whose play ends the game or boxes in the player's Gardener."""


class CardItem(PaintItem):
    """One Reclamation card: its number and name, its pattern (a dark square with
    the owner's icon for the Gardener, light squares for the squares it reclaims,
    dots between), and the owner's icon on the owner's side. Used cards are
    dimmed; the chosen card is outlined."""

    def __init__(self, box: tuple[float, float, float, float]) -> None:
        super().__init__(rect(box).adjusted(-5, -5, 5, 5))
        self.box = rect(box)
        self.face: CardFace | None = None
        self.item_id = ""

    def set_face(self, face: CardFace | None) -> None:
        if face != self.face:
            self.face = face
            self.item_id = f"card:{face.seat}:{face.number}" if face is not None else ""
            self.update()

    def paint_into(self, p: QPainter) -> None:
        f = self.face
        if f is None:
            return
        box = self.box
        if f.selected or f.hinted:
            p.setPen(QPen(GOLD if f.selected else BLUE, 4))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(box.adjusted(-3, -3, 3, 3), 10, 10)
        p.save()
        if f.used:
            p.setOpacity(0.32)
        ground = CARD_GROUND[f.rules]
        p.setPen(QPen(QColor("#111111"), 1))
        p.setBrush(ground)
        p.drawRoundedRect(box, 8, 8)
        p.setPen(QColor("#f4efe4"))
        p.setFont(font(8.5, bold=True))
        p.drawText(QRectF(box.left() + 8, box.top() + 5, 20, 16), Qt.AlignmentFlag.AlignLeft, str(f.number))
        p.setFont(font(7.5))
        p.drawText(QRectF(box.left() + 22, box.top() + 5, box.width() - 28, 16),
                   Qt.AlignmentFlag.AlignRight, f.name)
        # the pattern
        reach = max([2] + [max(abs(a), abs(b)) for a, b in f.steps])
        n = 2 * reach + 1
        area = QRectF(box.left() + 10, box.top() + 27, box.width() - 20, box.width() - 20)
        unit = area.width() / n
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#5a5a5a") if f.rules == "garden" else QColor("#b65a5a"))
        p.drawRect(area)
        targets = set(f.steps)
        for i in range(n):
            for j in range(n):
                down, right = i - reach, j - reach
                cell = QRectF(area.left() + j * unit, area.top() + i * unit, unit, unit).adjusted(0.7, 0.7, -0.7, -0.7)
                if (down, right) == (0, 0):
                    p.setBrush(QColor("#0d0d0d"))
                    p.setPen(QPen(QColor("#f4efe4"), 0.8))
                    p.drawRect(cell)
                    draw_icon(p, f.seat, cell.center(), unit * 0.9, QColor("#f4efe4"))
                elif (down, right) in targets:
                    p.setPen(Qt.PenStyle.NoPen)
                    p.setBrush(QColor("#fbf8f0"))
                    p.drawRect(cell)
                    draw_icon(p, f.seat, cell.center(), unit * 0.8, FACTION_INK[f.seat])
                else:
                    p.setPen(Qt.PenStyle.NoPen)
                    p.setBrush(ground.darker(115))
                    p.drawRect(cell)
                    p.setBrush(QColor(255, 255, 255, 70))
                    p.drawEllipse(cell.center(), unit * 0.08, unit * 0.08)
        # the owner's side: a light bar on the pattern's edge nearest the owner
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#f4efe4"))
        edge_y = area.bottom() + 1 if f.owner_at_bottom else area.top() - 4
        p.drawRect(QRectF(area.left(), edge_y, area.width(), 3))
        draw_icon(p, f.seat, QPointF(box.center().x(), box.bottom() - 17), 18, QColor("#f4efe4"))
        p.restore()
        if f.used:
            tag = QRectF(box.center().x() - 24, box.center().y() - 10, 48, 20)
            _draw_tag(p, tag, _("used"), QColor(60, 60, 60, 200), QColor("white"), size=8)
        elif f.useless:
            tag = QRectF(box.left() + 6, box.bottom() - 25, box.width() - 12, 16)
            _draw_tag(p, tag, _("no effect here"), QColor(120, 120, 120, 220), QColor("white"))
        elif f.outcome in OUTCOME_TAGS:
            words, colour = OUTCOME_TAGS[f.outcome]
            tag = QRectF(box.left() + 4, box.bottom() - 25, box.width() - 8, 16)
            _draw_tag(p, tag, _(words), colour, QColor("white"))
        elif f.last:
            tag = QRectF(box.left() + 6, box.bottom() - 25, box.width() - 12, 16)
            _draw_tag(p, tag, _("last card"), QColor(201, 154, 28, 230), QColor("#2b2100"))


def _draw_tag(p: QPainter, tag: QRectF, text: str, fill: QColor, ink: QColor, size: int = 7) -> None:
    """A card's rounded tag (used, no effect here, what it would do, last card):
    ``text`` in bold ``ink`` on ``fill``, the corners half its height."""
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(fill)
    p.drawRoundedRect(tag, tag.height() / 2, tag.height() / 2)
    p.setPen(ink)
    p.setFont(font(size, bold=True))
    p.drawText(tag, Qt.AlignmentFlag.AlignCenter, text)


class CaptionItem(BaseCaptionItem):
    INK = MUTED
    SIZE = 8.5
    FLAGS = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
