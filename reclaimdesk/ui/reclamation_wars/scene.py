"""Reclamation Wars' board as a QGraphicsScene: builds the items once and hands
each the part of a :class:`~reclaimdesk.ui.reclamation_wars.model.BoardView`
it paints. Items whose data did not change are not repainted."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QGraphicsScene

from reclaimdesk.ui.reclamation_wars import geometry as g
from reclaimdesk.ui.reclamation_wars.items import (
    TABLE,
    BoardItem,
    GroundItem,
    DemolishersItem,
    HighlightItem,
    HoverItem,
    TrailItem,
)
from reclaimdesk.ui.reclamation_wars.model import BoardView

HIGHLIGHT_STYLES = ("win", "target", "hint", "selected", "cursor")


class BoardScene(QGraphicsScene):
    def __init__(self, radius: int = 4, parent=None) -> None:
        super().__init__(parent)
        self.setSceneRect(QRectF(*g.SCENE))
        self.setBackgroundBrush(TABLE)
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self.geometry = g.BoardGeometry(radius)
        self.ground = GroundItem(self.geometry)
        self.board = BoardItem(self.geometry)
        self.trails = TrailItem()
        self.demolishers = DemolishersItem(self.geometry)
        self.highlights = {style: HighlightItem(style, 6 if style == "target" else 3)
                           for style in HIGHLIGHT_STYLES}
        self.hover = HoverItem()
        for item in (self.ground, self.board, self.trails, self.demolishers, *self.highlights.values(), self.hover):
            self.addItem(item)
        self.current: BoardView | None = None

    def show_board(self, view: BoardView) -> None:
        self.current = view
        if view.radius != self.geometry.radius:
            self.geometry = g.BoardGeometry(view.radius)
        geo = self.geometry
        self.ground.set_geometry(geo)
        self.board.set_board(geo, view.hexes)
        self.demolishers.set_pieces(geo, view.demolishers)
        self.trails.set_trails(geo, view.trails)
        h = self.highlights
        h["target"].set_hexes(geo, view.targets, view.target_seat)
        h["hint"].set_hexes(geo, view.hint)
        h["selected"].set_hexes(geo, () if view.selected is None else (view.selected,))
        h["cursor"].set_hexes(geo, () if view.cursor is None else (view.cursor,))
        h["win"].set_hexes(geo, view.extra.get("win", ()))
        self.hover.set_hover(geo, view.hover)
