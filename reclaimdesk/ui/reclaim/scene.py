"""Reclaim's table as a QGraphicsScene: builds the items once and hands each the
part of a :class:`~reclaimdesk.ui.reclaim.model.SheetView` it paints. Items whose
data did not change are not repainted."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGraphicsScene

from reclaimdesk.core.grid import Cell
from reclaimdesk.ui.reclaim import geometry as g
from reclaimdesk.ui.reclaim.items import (
    CaptionItem,
    CardItem,
    ColumnItem,
    DeckItem,
    FlashItem,
    ForecastItem,
    GhostItem,
    HighlightItem,
    MapItem,
    MarksItem,
    NewestItem,
    PaperItem,
    RectangleItem,
    RoundTrackItem,
    SectionsItem,
    TrackBoxItem,
    cells_of,
)
from reclaimdesk.ui.reclaim.model import SheetView

HIGHLIGHT_STYLES = ("pay", "place", "gift", "group", "hint", "cursor")


class SheetScene(QGraphicsScene):
    """One player's sheet, and with ``table`` the cards and deck beside it."""

    def __init__(self, table: bool = True, parent=None) -> None:
        super().__init__(parent)
        self.table = table
        self.setSceneRect(QRectF(*(g.SCENE if table else g.SHEET_ONLY)))
        self.setBackgroundBrush(QColor("#e7e1d3"))
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self.paper = PaperItem()
        self.map = MapItem()
        self.sections = SectionsItem()
        self.marks = MarksItem()
        self.rounds = RoundTrackItem()
        self.track = [TrackBoxItem(i) for i in range(9)]
        self.column = ColumnItem()
        self.ghost = GhostItem()
        self.hint = GhostItem()
        """The hint's shape (blue, dashed): it stays while the ghost moves."""
        self.hint.setZValue(7)
        self.forecast = ForecastItem()
        self.rectangle = RectangleItem()
        self.newest = NewestItem()
        self.highlights = {style: HighlightItem(style, 6 if style == "cursor" else 4)
                           for style in HIGHLIGHT_STYLES}
        for item in (self.paper, self.map, self.sections, self.marks, self.rounds, self.column,
                     self.ghost, self.hint, self.forecast, self.rectangle, self.newest, *self.track, *self.highlights.values()):
            self.addItem(item)
        self.field: list[CardItem] = []
        self.lower: list[CardItem] = []
        self.deck: DeckItem | None = None
        self.lower_caption: CaptionItem | None = None
        if table:
            self.field = [CardItem(g.field_card_rect(i)) for i in range(2)]
            self.lower = [CardItem(g.lower_card_rect(i)) for i in range(2)]
            self.deck = DeckItem()
            x, y, w, h = g.lower_card_rect(0)
            self.lower_caption = CaptionItem((x, y + h + 10, 2 * w + g.CARD_GAP, 40))
            for item in (*self.field, *self.lower, self.deck, self.lower_caption):
                self.addItem(item)
            for item in self.lower:
                item.setVisible(False)
        self.current: SheetView | None = None

    # --- what the items show -----------------------------------------------------
    def show_sheet(self, view: SheetView) -> None:
        self.current = view
        self.paper.set_title(view.subtitle)
        self.map.set_terrain(view.terrain)
        self.sections.set_sections(view.sections)
        self.marks.set_marks(view.tri, view.terr, view.xs)
        self.rounds.set_round(view.round)
        for item, box in zip(self.track, view.track):
            item.set_box(box)
        self.column.set_rows(view.column)
        if self.table:
            for i, item in enumerate(self.field):
                item.set_face(view.field_cards[i] if i < len(view.field_cards) else None)
            for i, item in enumerate(self.lower):
                item.set_face(view.lower[i] if i < len(view.lower) else None)
            assert self.deck is not None and self.lower_caption is not None
            self.deck.set_count(view.deck_count)
            self.lower_caption.set_text(view.lower_caption)

    def set_ghost(self, cells: Sequence[Cell], legal: bool = True, style: str = "ghost") -> None:
        self.ghost.set_ghost(cells, legal, style)

    def set_hint_shape(self, cells: Sequence[Cell]) -> None:
        self.hint.set_ghost(cells, True, "hint")

    def set_forecast(self, walled: Iterable[Cell] = (), completed: Iterable[Cell] = (),
                     linked: Iterable[Cell] = (), cut: Iterable[Cell] = ()) -> None:
        self.forecast.set_forecast(walled, completed, linked, cut)

    def set_highlight(self, style: str, cells: Iterable[Cell]) -> None:
        self.highlights[style].set_cells(cells)

    def set_newest(self, sections: Iterable[Cell] = (), triangles: Iterable[Cell] = ()) -> None:
        """Outline what the sheet's seat drew in its latest turn."""
        self.newest.set_newest(sections, triangles)

    def set_group(self, mask: int) -> None:
        self.highlights["group"].set_cells(cells_of(mask))

    def set_rectangle(self, area: tuple[int, int, int, int] | None) -> None:
        self.rectangle.set_area(area)

    # --- animation -----------------------------------------------------------------
    def flash_cells(self, kind: str, mask: int) -> FlashItem | None:
        cells = cells_of(mask)
        if not cells:
            return None
        item = FlashItem(kind, cells)
        self.addItem(item)
        item.start()
        return item

    def flash_track(self, entry: int) -> FlashItem:
        x, y, w, _h = g.track_rect(entry - 1)
        item = FlashItem("cross", box=QRectF(x, y, w, g.TRACK_NUMBER_H), duration=1400)
        self.addItem(item)
        item.start()
        return item

    # --- ids ---------------------------------------------------------------------------
    def item_id_at(self, pos: QPointF) -> str:
        """The id of a clickable item under ``pos`` ('card:r05', 'track:7') or ''."""
        for item in self.items(pos):
            item_id = getattr(item, "item_id", "")
            if item_id and item.isVisible():
                if isinstance(item, CardItem) and not item.box.contains(pos):
                    continue
                return item_id
        return ""

