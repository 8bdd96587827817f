"""Graphics items of Claim Control's table. Items only paint: each holds the plain
data it shows (from :mod:`~reclaimdesk.ui.claim_control.model`) and repaints when
that data changes; none knows the rules, none acts on a click.

Everything reads in greyscale too: blue pieces are solid and dark, red pieces
are pale with a strong outline (and red squares are striped); Circles' markers are
discs and Crosses' markers are crosses."""

from __future__ import annotations

import math
from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem

from reclaimdesk.core.i18n import N_, _, pgettext
from reclaimdesk.games.claim_control.board import SIZE
from reclaimdesk.games.claim_control.state import SEAT_NAMES
from reclaimdesk.ui.board.items import GHOST_BAD, GHOST_OK, INK, MUTED, PaintItem, draw_grid_lines, font
from reclaimdesk.ui.claim_control import geometry as g
from reclaimdesk.ui.claim_control.model import SquareInfo

TRAY_ROWS = {("square", "blue"): N_("Blue squares"), ("square", "red"): N_("Red squares"),
             ("marker", "blue"): N_("Blue markers"), ("marker", "red"): N_("Red markers")}
"""The tray's rows, translated where they are painted."""


# --- colours -------------------------------------------------------------------------
TABLE = QColor("#e7e1d3")
SURFACE = QColor("#fbf9f4")
BORDER = QColor("#d6cfbf")
BOARD_RIM = QColor("#c9b48a")
BOARD_RIM_DARK = QColor("#9c8457")
CELL_LIGHT = QColor("#f8f1de")
CELL_DARK = QColor("#f1e6cb")
VALUE_INK = QColor("#9a8a66")

PIECE = {
    # colour: (fill, edge, solid marker)
    "blue": (QColor("#7fa5dd"), QColor("#1d4c94"), QColor("#1d4c94")),
    "red": (QColor("#f8d3cc"), QColor("#b3302a"), QColor("#b3302a")),
}
RED_STRIPES = QColor("#d4655a")
SEAT_ACCENT = (QColor("#1f7a57"), QColor("#7b4aa8"))
"""Who claims a square: green for Circles, violet for Crosses (always with the shape)."""
LEGAL = QColor("#2f5d62")
LAST_MOVE = QColor("#d39b1c")
HINT = QColor("#2d6ec8")


def qrect(box: g.Box) -> QRectF:
    return QRectF(*box)


# --- drawing the pieces ------------------------------------------------------------------
def draw_square(p: QPainter, box: QRectF, colour: str, *, opacity: float = 1.0) -> None:
    """A square piece: blue is solid, red is pale with stripes; both have a strong edge."""
    fill, edge, _mark = PIECE[colour]
    p.save()
    p.setOpacity(opacity)
    radius = box.width() * 0.08
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(40, 30, 10, 40))
    p.drawRoundedRect(box.translated(1.5, 2.0), radius, radius)
    p.setBrush(fill)
    p.drawRoundedRect(box, radius, radius)
    if colour == "red":
        clip = QPainterPath()
        clip.addRoundedRect(box, radius, radius)
        p.setClipPath(clip)
        p.setPen(QPen(RED_STRIPES, max(1.0, box.width() * 0.035)))
        step = max(4.0, box.width() * 0.14)
        x = box.left() - box.height()
        while x < box.right():
            p.drawLine(QPointF(x, box.bottom()), QPointF(x + box.height(), box.top()))
            x += step
        p.setClipping(False)
    p.setPen(QPen(edge, max(1.2, box.width() * 0.04)))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRoundedRect(box, radius, radius)
    p.restore()


def cross_polygon(cx: float, cy: float, r: float) -> QPolygonF:
    """A cross (an X) whose arms reach ``r`` from the centre."""
    w = r * 0.3  # half the thickness of an arm
    a = r / math.sqrt(2)
    d = w / math.sqrt(2)
    points = [
        (0, -2 * d), (a - d, -a - d), (a + d, -a + d), (2 * d, 0), (a + d, a - d), (a - d, a + d),
        (0, 2 * d), (-a + d, a + d), (-a - d, a - d), (-2 * d, 0), (-a - d, -a + d), (-a + d, -a - d),
    ]
    return QPolygonF([QPointF(cx + x, cy + y) for x, y in points])


def draw_marker(p: QPainter, cx: float, cy: float, r: float, seat: int, colour: str, *,
                opacity: float = 1.0) -> None:
    """A control marker: a disc for Circles, a cross for Crosses; blue ones solid,
    red ones pale inside a thick red outline."""
    fill, edge, solid = PIECE[colour]
    p.save()
    p.setOpacity(opacity)
    halo = QPen(QColor(255, 255, 255, 230), max(1.5, r * 0.22))
    halo.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    if seat == 0:
        p.setPen(halo)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(QPointF(cx, cy), r, r)
        if colour == "blue":
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(solid)
            p.drawEllipse(QPointF(cx, cy), r, r)
        else:
            p.setPen(QPen(edge, r * 0.3))
            p.setBrush(fill)
            p.drawEllipse(QPointF(cx, cy), r * 0.85, r * 0.85)
    else:
        shape = cross_polygon(cx, cy, r * 1.08)
        p.setPen(halo)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawPolygon(shape)
        if colour == "blue":
            p.setPen(QPen(solid, max(1.0, r * 0.08)))
            p.setBrush(solid)
        else:
            pen = QPen(edge, max(1.2, r * 0.16))
            pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
            p.setPen(pen)
            p.setBrush(fill)
        p.drawPolygon(shape)
    p.restore()


def draw_symbol(p: QPainter, cx: float, cy: float, r: float, seat: int, colour: QColor,
                width: float = 2.0) -> None:
    """A side's sign as a line drawing: a ring for Circles, an X for Crosses."""
    p.save()
    pen = QPen(colour, width)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    p.setPen(pen)
    p.setBrush(Qt.BrushStyle.NoBrush)
    if seat == 0:
        p.drawEllipse(QPointF(cx, cy), r, r)
    else:
        d = r * 0.8
        p.drawLine(QPointF(cx - d, cy - d), QPointF(cx + d, cy + d))
        p.drawLine(QPointF(cx - d, cy + d), QPointF(cx + d, cy - d))
    p.restore()


def draw_value_badge(p: QPainter, cx: float, cy: float, value: int, r: float = 15.0) -> None:
    p.save()
    p.setPen(QPen(QColor(47, 58, 69, 120), 1.0))
    p.setBrush(QColor(255, 255, 255, 235))
    p.drawEllipse(QPointF(cx, cy), r, r)
    p.setPen(INK)
    p.setFont(font(r * 0.78, bold=True))
    p.drawText(QRectF(cx - r, cy - r, 2 * r, 2 * r), Qt.AlignmentFlag.AlignCenter, str(value))
    p.restore()


# --- the board ------------------------------------------------------------------------------
class BoardItem(PaintItem):
    """The printed board: rim, cells with their values, grid, coordinates."""

    def __init__(self) -> None:
        pad = g.FRAME + 28.0
        super().__init__(QRectF(g.BOARD_X - pad, g.BOARD_Y - pad, g.BOARD_W + 2 * pad, g.BOARD_W + 2 * pad))
        self.setZValue(-5)
        self.values: tuple[int, ...] = ()

    def set_values(self, values: tuple[int, ...]) -> None:
        if values != self.values:
            self.values = values
            self.update()

    def paint_into(self, p: QPainter) -> None:
        outer = QRectF(g.BOARD_X - g.FRAME, g.BOARD_Y - g.FRAME, g.BOARD_W + 2 * g.FRAME, g.BOARD_W + 2 * g.FRAME)
        p.setPen(Qt.PenStyle.NoPen)
        for i, alpha in enumerate((22, 14, 8)):
            p.setBrush(QColor(60, 45, 20, alpha))
            p.drawRoundedRect(outer.translated(2 + i, 3 + 1.5 * i), 10, 10)
        p.setBrush(BOARD_RIM)
        p.setPen(QPen(BOARD_RIM_DARK, 1.2))
        p.drawRoundedRect(outer, 10, 10)
        for index, value in enumerate(self.values):
            r, c = divmod(index, SIZE)
            cell = qrect(g.cell_rect(index))
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(CELL_LIGHT if (r + c) % 2 == 0 else CELL_DARK)
            p.drawRect(cell)
            p.setPen(VALUE_INK)
            p.setFont(font(24, bold=True))
            p.drawText(cell, Qt.AlignmentFlag.AlignCenter, str(value))
            # the value again, small, in the corner: it stays visible under a square's edge
            p.setFont(font(7.5))
            p.drawText(cell.adjusted(4, 1, -4, -2), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
                       str(value))
        p.setPen(QPen(QColor(120, 100, 60, 150), 1.2))
        draw_grid_lines(p, g.BOARD_X, g.BOARD_Y, g.CELL, SIZE, g.BOARD_W, g.BOARD_W)
        p.setPen(QPen(BOARD_RIM_DARK, 2.0))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(QRectF(g.BOARD_X, g.BOARD_Y, g.BOARD_W, g.BOARD_W))
        p.setPen(MUTED)
        p.setFont(font(9.5, bold=True))
        for i in range(SIZE):
            p.drawText(QRectF(g.BOARD_X + i * g.CELL, g.BOARD_Y - g.FRAME - 22, g.CELL, 20),
                       Qt.AlignmentFlag.AlignCenter, chr(ord("a") + i))
            p.drawText(QRectF(g.BOARD_X - g.FRAME - 24, g.BOARD_Y + i * g.CELL, 20, g.CELL),
                       Qt.AlignmentFlag.AlignCenter, str(i + 1))


class SquaresItem(PaintItem):
    """The squares on the cells, each with its cell's value on it."""

    def __init__(self) -> None:
        super().__init__(QRectF(g.BOARD_X - 4, g.BOARD_Y - 4, g.BOARD_W + 8, g.BOARD_W + 8))
        self.setZValue(1)
        self.squares: tuple[str | None, ...] = ()
        self.values: tuple[int, ...] = ()

    def set_squares(self, squares: tuple[str | None, ...], values: tuple[int, ...]) -> None:
        if (squares, values) != (self.squares, self.values):
            self.squares, self.values = squares, values
            self.update()

    def paint_into(self, p: QPainter) -> None:
        for index, colour in enumerate(self.squares):
            if colour is None:
                continue
            draw_square(p, qrect(g.square_rect(index)), colour)
            cx, cy = g.cell_centre(index)
            draw_value_badge(p, cx, cy, self.values[index])


class MarkersItem(PaintItem):
    """The control markers on their spots (above the overlay's frames)."""

    def __init__(self) -> None:
        super().__init__(QRectF(g.BOARD_X - 20, g.BOARD_Y - 20, g.BOARD_W + 40, g.BOARD_W + 40))
        self.setZValue(3)
        self.markers: tuple[tuple[int, str] | None, ...] = ()

    def set_markers(self, markers: tuple[tuple[int, str] | None, ...]) -> None:
        if markers != self.markers:
            self.markers = markers
            self.update()

    def paint_into(self, p: QPainter) -> None:
        for index, marker in enumerate(self.markers):
            if marker is None:
                continue
            x, y = g.spot_centre(index)
            draw_marker(p, x, y, g.MARKER_R, marker[0], marker[1])


class OverlayItem(PaintItem):
    """The influence overlay: on every square, each side's influence in the
    square's colour, and who would claim it now. With ``final`` (the end), the
    claimed squares get a thick frame in the claimant's colour and a large sign."""

    def __init__(self) -> None:
        super().__init__(QRectF(g.BOARD_X - 4, g.BOARD_Y - 4, g.BOARD_W + 8, g.BOARD_W + 8))
        self.setZValue(2)
        self.claims: tuple[SquareInfo, ...] = ()
        self.final = False

    def set_claims(self, claims: tuple[SquareInfo, ...], final: bool = False) -> None:
        if (claims, final) != (self.claims, self.final):
            self.claims, self.final = claims, final
            self.update()

    def paint_into(self, p: QPainter) -> None:
        for info in self.claims:
            x, y, w, h = g.cell_rect(info.cell)
            box = qrect(g.square_rect(info.cell))
            if info.claimant is not None:
                accent = SEAT_ACCENT[info.claimant]
                if self.final:
                    wash = QColor(accent)
                    wash.setAlpha(70)
                    p.setPen(Qt.PenStyle.NoPen)
                    p.setBrush(wash)
                    p.drawRoundedRect(box, 6, 6)
                pen = QPen(accent, 5.0 if self.final else 3.0)
                pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
                p.setPen(pen)
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRoundedRect(box.adjusted(-2, -2, 2, 2), 8, 8)
            # each side's influence, in the top corners
            for seat, fx in ((0, 0.27), (1, 0.73)):
                self._influence_tag(p, x + fx * w, y + 0.26 * h, seat, info.influence[seat],
                                    leads=info.claimant == seat)
            # who claims it, at the bottom
            self._claim_tag(p, x + w / 2, y + 0.735 * h, info.claimant)

    @staticmethod
    def _influence_tag(p: QPainter, cx: float, cy: float, seat: int, amount: int, leads: bool) -> None:
        box = QRectF(cx - 19, cy - 10, 38, 20)
        p.setPen(QPen(SEAT_ACCENT[seat] if leads else QColor(47, 58, 69, 110), 1.6 if leads else 1.0))
        p.setBrush(QColor(255, 255, 255, 240))
        p.drawRoundedRect(box, 9, 9)
        draw_symbol(p, box.left() + 10, cy, 4.6, seat, SEAT_ACCENT[seat] if leads else INK, 1.8)
        p.setPen(INK)
        p.setFont(font(10, bold=True))
        p.drawText(QRectF(box.left() + 17, box.top(), 19, box.height()), Qt.AlignmentFlag.AlignCenter, str(amount))

    @staticmethod
    def _claim_tag(p: QPainter, cx: float, cy: float, claimant: int | None) -> None:
        if claimant is None:
            box = QRectF(cx - 17, cy - 9, 34, 18)
            p.setPen(QPen(QColor(47, 58, 69, 110), 1.0))
            p.setBrush(QColor(255, 255, 255, 230))
            p.drawRoundedRect(box, 8, 8)
            p.setPen(MUTED)
            p.setFont(font(8.5))
            p.drawText(box, Qt.AlignmentFlag.AlignCenter, pgettext("claim tag on a square", "tie"))
            return
        accent = SEAT_ACCENT[claimant]
        box = QRectF(cx - 12, cy - 11, 24, 22)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(accent)
        p.drawRoundedRect(box, 10, 10)
        draw_symbol(p, cx, cy, 6.0, claimant, QColor("white"), 2.4)


class HighlightItem(PaintItem):
    """Where the picked piece may go: legal cells tinted, legal spots ringed."""

    def __init__(self) -> None:
        super().__init__(QRectF(g.BOARD_X - 20, g.BOARD_Y - 20, g.BOARD_W + 40, g.BOARD_W + 40))
        self.setZValue(2.5)
        self.cells: tuple[int, ...] = ()
        self.spots: tuple[int, ...] = ()

    def set_places(self, cells: Iterable[int], spots: Iterable[int]) -> None:
        cells, spots = tuple(sorted(cells)), tuple(sorted(spots))
        if (cells, spots) != (self.cells, self.spots):
            self.cells, self.spots = cells, spots
            self.update()

    def paint_into(self, p: QPainter) -> None:
        fill = QColor(LEGAL)
        fill.setAlpha(34)
        pen = QPen(LEGAL, 1.6, Qt.PenStyle.DashLine)
        for index in self.cells:
            p.setPen(pen)
            p.setBrush(fill)
            p.drawRoundedRect(qrect(g.square_rect(index)).adjusted(3, 3, -3, -3), 6, 6)
        for index in self.spots:
            x, y = g.spot_centre(index)
            p.setPen(QPen(QColor(255, 255, 255, 220), 4.0))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(QPointF(x, y), 7.0, 7.0)
            p.setPen(QPen(LEGAL, 2.0))
            p.setBrush(QColor(47, 93, 98, 60))
            p.drawEllipse(QPointF(x, y), 7.0, 7.0)


class GhostItem(PaintItem):
    """The picked piece under the pointer: see-through, framed green where it
    may go and red (with a bar) where it may not."""

    def __init__(self) -> None:
        super().__init__(QRectF(g.BOARD_X - 30, g.BOARD_Y - 30, g.BOARD_W + 60, g.BOARD_W + 60))
        self.setZValue(5)
        self.setCacheMode(QGraphicsItem.CacheMode.NoCache)
        self.ghost: tuple | None = None

    def set_ghost(self, ghost: tuple | None) -> None:
        """``ghost``: (place kind, index, seat, piece colour, legal) or None."""
        if ghost != self.ghost:
            self.ghost = ghost
            self.update()

    def paint_into(self, p: QPainter) -> None:
        if self.ghost is None:
            return
        kind, index, seat, colour, legal = self.ghost
        frame = GHOST_OK if legal else GHOST_BAD
        if kind == "cell":
            box = qrect(g.square_rect(index))
            draw_square(p, box, colour, opacity=0.6)
            p.setPen(QPen(frame, 3.0))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(box.adjusted(-3, -3, 3, 3), 8, 8)
            centre = box.center()
            size = 16.0
        else:
            x, y = g.spot_centre(index)
            draw_marker(p, x, y, g.MARKER_R, seat, colour, opacity=0.65)
            p.setPen(QPen(frame, 3.0))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(QPointF(x, y), g.MARKER_R + 6, g.MARKER_R + 6)
            centre = QPointF(x, y)
            size = 9.0
        if not legal:
            p.setPen(QPen(GHOST_BAD, 3.0))
            p.drawLine(QPointF(centre.x() - size, centre.y() + size), QPointF(centre.x() + size, centre.y() - size))


class RingItem(PaintItem):
    """A ring around one place on the board: the last piece placed, or a hint."""

    def __init__(self, colour: QColor, dashed: bool = False) -> None:
        super().__init__(QRectF(g.BOARD_X - 30, g.BOARD_Y - 30, g.BOARD_W + 60, g.BOARD_W + 60))
        self.setZValue(4)
        self.colour = colour
        self.dashed = dashed
        self.place: tuple[str, int] | None = None

    def set_place(self, place: tuple[str, int] | None) -> None:
        if place != self.place:
            self.place = place
            self.update()

    def paint_into(self, p: QPainter) -> None:
        if self.place is None:
            return
        kind, index = self.place
        pen = QPen(self.colour, 3.0, Qt.PenStyle.DashLine if self.dashed else Qt.PenStyle.SolidLine)
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        if kind == "cell":
            p.drawRoundedRect(qrect(g.square_rect(index)).adjusted(-5, -5, 5, 5), 10, 10)
        else:
            x, y = g.spot_centre(index)
            p.drawEllipse(QPointF(x, y), g.MARKER_R + 6, g.MARKER_R + 6)


# --- the trays ---------------------------------------------------------------------------------
class TrayItem(PaintItem):
    """One side's supply: its sign and name, then its squares and markers by
    colour. Pieces already placed show as empty outlines. The row of the picked
    kind is highlighted, and the tray of the side to play is framed."""

    def __init__(self, seat: int) -> None:
        x, y, w, h = g.tray_rect(seat)
        super().__init__(QRectF(x - 6, y - 6, w + 14, h + 16))
        self.seat = seat
        self.data: tuple = ()

    def set_tray(self, name: str, role: str, supply: dict[tuple[str, str], int], to_play: bool,
                 picked: tuple[str, str] | None, total: int | None) -> None:
        data = (name, role, tuple(sorted(supply.items())), to_play, picked, total)
        if data != self.data:
            self.data = data
            self.update()

    def paint_into(self, p: QPainter) -> None:
        if not self.data:
            return
        name, role, supply_items, to_play, picked, total = self.data
        supply = dict(supply_items)
        seat = self.seat
        box = qrect(g.tray_rect(seat))
        accent = SEAT_ACCENT[seat]
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(60, 50, 30, 18))
        p.drawRoundedRect(box.translated(2, 3), 12, 12)
        p.setBrush(SURFACE)
        p.setPen(QPen(accent, 3.0) if to_play else QPen(BORDER, 1.2))
        p.drawRoundedRect(box, 12, 12)
        # header: the side's sign, its name and who plays it
        draw_symbol(p, box.left() + 30, box.top() + 30, 14, seat, accent, 4.0)
        p.setPen(INK)
        p.setFont(font(14, bold=True))
        p.drawText(QRectF(box.left() + 54, box.top() + 10, box.width() - 60, 24),
                   Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, name)
        p.setPen(MUTED)
        p.setFont(font(9))
        p.drawText(QRectF(box.left() + 54, box.top() + 34, box.width() - 60, 18),
                   Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, role)
        if to_play:
            tag = QRectF(box.left() + 12, box.top() + 54, 64, 16)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(accent)
            p.drawRoundedRect(tag, 8, 8)
            p.setPen(QColor("white"))
            p.setFont(font(7.5, bold=True))
            p.drawText(tag, Qt.AlignmentFlag.AlignCenter, _("TO PLAY"))
        if total is not None:
            p.setPen(INK)
            p.setFont(font(9, bold=True))
            p.drawText(QRectF(box.left() + 80, box.top() + 52, box.width() - 92, 20),
                       Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                       _("{points} points now").format(points=total))
        for piece, colour in g.KINDS:
            row = qrect(g.tray_slot_rect(seat, piece, colour))
            left = supply.get((piece, colour), 0)
            full = 5 if piece == "square" else 10
            if picked == (piece, colour):
                p.setPen(QPen(LEGAL, 2.0))
                p.setBrush(QColor("#dbe7e4"))
                p.drawRoundedRect(row.adjusted(0, -3, 0, 3), 8, 8)
            p.setPen(INK if left else MUTED)
            p.setFont(font(8.5, bold=picked == (piece, colour)))
            label = TRAY_ROWS.get((piece, colour), f"{colour} {piece}")
            label = _(label) if (piece, colour) in TRAY_ROWS else label
            p.drawText(QRectF(row.left() + 8, row.top(), row.width() - 16, g.ROW_LABEL_H),
                       Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, label)
            p.setPen(MUTED)
            p.setFont(font(8))
            p.drawText(QRectF(row.left() + 8, row.top(), row.width() - 16, g.ROW_LABEL_H),
                       Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                       _("{left} of {full} left").format(left=left, full=full))
            for k in range(full):
                cx, cy = g.tray_piece_centre(seat, piece, colour, k)
                here = k < left
                if piece == "square":
                    s = g.TRAY_SQUARE
                    piece_box = QRectF(cx - s / 2, cy - s / 2, s, s)
                    if here:
                        draw_square(p, piece_box, colour)
                        draw_symbol(p, cx, cy, 5.0, seat, QColor("white") if colour == "blue" else INK, 1.6)
                    else:
                        p.setPen(QPen(BORDER, 1.2, Qt.PenStyle.DashLine))
                        p.setBrush(Qt.BrushStyle.NoBrush)
                        p.drawRoundedRect(piece_box, 3, 3)
                elif here:
                    draw_marker(p, cx, cy, g.TRAY_MARKER_R, seat, colour)
                else:
                    p.setPen(QPen(BORDER, 1.2, Qt.PenStyle.DashLine))
                    p.setBrush(Qt.BrushStyle.NoBrush)
                    p.drawEllipse(QPointF(cx, cy), g.TRAY_MARKER_R, g.TRAY_MARKER_R)


class TotalsItem(PaintItem):
    """The line under the board: both running totals (or the final score)."""

    def __init__(self) -> None:
        super().__init__(QRectF(g.BOARD_X - g.FRAME, g.TOTALS_Y, g.BOARD_W + 2 * g.FRAME, g.TOTALS_H))
        self.data: tuple = ()

    def set_totals(self, label: str, totals: tuple[int, int] | None) -> None:
        data = (label, totals)
        if data != self.data:
            self.data = data
            self.update()

    def paint_into(self, p: QPainter) -> None:
        if not self.data or self.data[1] is None:
            return
        label, (a, b) = self.data
        box = self.boundingRect()
        p.setPen(QPen(BORDER, 1.0))
        p.setBrush(SURFACE)
        p.drawRoundedRect(box, 14, 14)
        mid = box.center().x()
        p.setPen(MUTED)
        p.setFont(font(8.5))
        p.drawText(QRectF(box.left() + 14, box.top(), 170, box.height()),
                   Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, label)
        p.setFont(font(11, bold=True))
        for seat, value, x in ((0, a, mid - 40), (1, b, mid + 90)):
            draw_symbol(p, x, box.center().y(), 7, seat, SEAT_ACCENT[seat], 2.6)
            p.setPen(INK)
            p.drawText(QRectF(x + 13, box.top(), 120, box.height()),
                       Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                       _("{side} {value}").format(side=_(SEAT_NAMES[seat]), value=value))

