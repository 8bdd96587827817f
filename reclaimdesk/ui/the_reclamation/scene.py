"""The Reclamation's table as a QGraphicsScene: builds the items once and hands
each the part of a :class:`TableView` it paints. Items whose data did not change
are not repainted."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtWidgets import QGraphicsScene

from reclaimdesk.core.grid import Cell
from reclaimdesk.ui.the_reclamation import geometry as g
from reclaimdesk.ui.the_reclamation.items import (
    TABLE,
    BoardItem,
    CaptionItem,
    CardItem,
    HighlightItem,
    MoveArrowItem,
    PreviewItem,
    StacksItem,
    TrayItem,
)
from reclaimdesk.ui.the_reclamation.model import CardFace, StackView, TrayView

HIGHLIGHT_STYLES = ("last", "gardener", "selected", "move", "pending", "hint", "cursor")


@dataclass(frozen=True)
class TableView:
    """Everything the table shows, as plain data (built by the controller)."""

    orientation: g.Orientation
    stacks: tuple[StackView, ...]
    trays: tuple[TrayView, TrayView]
    """Bottom tray first."""
    cards: tuple[tuple[CardFace, ...], tuple[CardFace, ...]]
    """The bottom player's cards, then the top player's."""
    captions: tuple[str, str]
    highlights: dict[str, tuple[Cell, ...]] = field(default_factory=dict)
    preview: tuple[tuple[Cell, str, bool], ...] = ()
    preview_seat: int = 0
    last_move: tuple[Cell, Cell, int] | None = None


class TableScene(QGraphicsScene):
    """The board, both trays and both players' cards; with ``cards`` off, the board
    and trays only (the end screen)."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setSceneRect(QRectF(*g.SCENE))
        self.setBackgroundBrush(TABLE)
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self.board = BoardItem()
        self.stacks = StacksItem()
        self.arrow = MoveArrowItem()
        self.preview = PreviewItem()
        self.highlights = {style: HighlightItem(style, 3 if style in ("last", "gardener") else 7)
                           for style in HIGHLIGHT_STYLES}
        self.trays = (TrayItem(True), TrayItem(False))
        self.cards = ([CardItem(g.card_rect(True, i)) for i in range(4)],
                      [CardItem(g.card_rect(False, i)) for i in range(4)])
        self.captions = (CaptionItem(g.caption_rect(True)), CaptionItem(g.caption_rect(False)))
        for item in (self.board, self.stacks, self.arrow, self.preview, *self.highlights.values(), *self.trays,
                     *self.cards[0], *self.cards[1], *self.captions):
            self.addItem(item)
        self.stacks.setZValue(5)
        self.current: TableView | None = None

    def show_table(self, view: TableView) -> None:
        self.current = view
        o = view.orientation
        self.board.set_orientation(o)
        self.stacks.set_stacks(view.stacks, o)
        for item, tray in zip(self.trays, view.trays):
            item.set_view(tray)
        for items, faces in zip(self.cards, view.cards):
            for i, item in enumerate(items):
                item.set_face(faces[i] if i < len(faces) else None)
        for item, text in zip(self.captions, view.captions):
            item.set_text(text)
        for style, item in self.highlights.items():
            item.set_cells(view.highlights.get(style, ()), o)
        stacks = {s.cell: (s.owner, s.height) for s in view.stacks}
        self.preview.set_marks(view.preview, view.preview_seat, stacks, o)
        self.arrow.set_move(view.last_move, o)

    def set_highlight(self, style: str, cells: Iterable[Cell]) -> None:
        o = self.current.orientation if self.current is not None else g.Orientation(0)
        self.highlights[style].set_cells(cells, o)

    def item_id_at(self, pos: QPointF) -> str:
        """The id of the card under ``pos`` (``"card:<seat>:<number>"``) or ''."""
        for item in self.items(pos):
            item_id = getattr(item, "item_id", "")
            if item_id and item.isVisible() and getattr(item, "box", QRectF()).contains(pos):
                return item_id
        return ""

    def card_item(self, seat_at_bottom: bool, number: int) -> CardItem:
        return self.cards[0 if seat_at_bottom else 1][number - 1]

