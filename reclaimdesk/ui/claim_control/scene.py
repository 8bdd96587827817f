"""Claim Control's table as a QGraphicsScene: the items are built once; each is
handed the part of a :class:`~reclaimdesk.ui.claim_control.model.BoardModel` it
paints, and items whose data did not change are not painted again."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtWidgets import QGraphicsScene

from reclaimdesk.core.i18n import _
from reclaimdesk.ui.claim_control import geometry as g
from reclaimdesk.ui.claim_control.items import (
    HINT,
    LAST_MOVE,
    TABLE,
    BoardItem,
    GhostItem,
    HighlightItem,
    MarkersItem,
    OverlayItem,
    RingItem,
    SquaresItem,
    TotalsItem,
    TrayItem,
)
from reclaimdesk.ui.claim_control.model import BoardModel


class ClaimScene(QGraphicsScene):
    """The board, and with ``trays`` both sides' trays and the totals line."""

    def __init__(self, trays: bool = True, parent=None) -> None:
        super().__init__(parent)
        self.with_trays = trays
        self.setSceneRect(QRectF(*(g.SCENE if trays else g.BOARD_ONLY)))
        self.setBackgroundBrush(TABLE)
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self.board = BoardItem()
        self.squares = SquaresItem()
        self.markers = MarkersItem()
        self.highlight = HighlightItem()
        self.overlay = OverlayItem()
        self.last_move = RingItem(LAST_MOVE)
        self.hint = RingItem(HINT, dashed=True)
        self.ghost = GhostItem()
        for item in (self.board, self.squares, self.markers, self.highlight, self.overlay, self.last_move, self.hint,
                     self.ghost):
            self.addItem(item)
        self.trays: tuple[TrayItem, ...] = ()
        self.totals: TotalsItem | None = None
        if trays:
            self.trays = (TrayItem(0), TrayItem(1))
            self.totals = TotalsItem()
            for item in (*self.trays, self.totals):
                self.addItem(item)
        self.current: BoardModel | None = None

    # --- what the items show ------------------------------------------------------------
    def show_model(self, model: BoardModel, *, overlay: bool, final: bool = False) -> None:
        self.current = model
        self.board.set_values(model.values)
        self.squares.set_squares(model.squares, model.values)
        self.markers.set_markers(model.markers)
        self.overlay.set_claims(model.claims if overlay or final else (), final)
        self.last_move.set_place(None if final else model.last)
        if self.totals is not None:
            label = _("Final score") if final else _("If the game ended now")

            self.totals.set_totals(label, model.totals if overlay or final else None)

    def show_trays(self, names: tuple[str, str], roles: tuple[str, str], model: BoardModel,
                   picked: tuple[int, str, str] | None, overlay: bool) -> None:
        for seat, tray in enumerate(self.trays):
            pick = (picked[1], picked[2]) if picked is not None and picked[0] == seat else None
            tray.set_tray(names[seat], roles[seat], model.supply[seat], model.to_move == seat, pick,
                          model.totals[seat] if overlay else None)

    def set_places(self, cells: Iterable[int], spots: Iterable[int]) -> None:
        self.highlight.set_places(cells, spots)

    def set_ghost(self, ghost: tuple | None) -> None:
        self.ghost.set_ghost(ghost)

    def set_hint(self, place: tuple[str, int] | None) -> None:
        self.hint.set_place(place)

    # --- ids --------------------------------------------------------------------------------
    def item_id_at(self, pos: QPointF) -> str:
        """The id of a tray row under ``pos`` (``tray:0:square:blue``) or ''."""
        if not self.with_trays:
            return ""
        found = g.tray_slot_at(pos.x(), pos.y())
        return g.tray_item_id(*found) if found else ""
