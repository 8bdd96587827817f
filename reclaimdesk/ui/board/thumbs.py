"""The whole table in view: a game's board with small live copies of other boards
(every player's sheet, say) around it. :class:`ThumbCard` is one small board with
a few lines of words above it, clicked to see it larger; :class:`TableArea` lays
the board and the cards out in the room it has, beside the board when the room
is wide and under it when it is tall, so the board uses its space and the cards
take what is left (no wide empty margins at 1920 x 1080, nothing cut at
1024 x 768); :class:`EnlargedDialog` shows one board large. A game gives them
its own views (``FitBoardView`` subclasses); nothing here knows a game."""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QObject, QRect, QSize, Qt, Signal
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFrame, QLabel, QVBoxLayout, QWidget

GAP = 8
"""Between the board and the cards, and between two cards (px)."""
THUMB_MIN = 104
"""The smallest side a card's board is given (px)."""
THUMB_SHARE = 0.6
"""A card's board is never larger than this share of the main board's side."""
CARD_PAD = 6
"""A card's inner margin (px)."""


class ThumbCard(QFrame):
    """One small board and the words above it (whose it is, where it is, its
    score); a click anywhere on it (the board included) emits ``clicked(key)``."""

    clicked = Signal(int)

    def __init__(self, key: int, board: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.key = key
        self.setObjectName("panel")
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.active = False
        layout = QVBoxLayout(self)
        layout.setContentsMargins(CARD_PAD, 4, CARD_PAD, CARD_PAD)
        layout.setSpacing(2)
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.PlainText)  # players' names, from the record
        self.title.setObjectName("small")
        self.title.setWordWrap(True)
        layout.addWidget(self.title)
        self.board = board
        board.setMinimumSize(40, 40)
        layout.addWidget(board, 1)
        viewport = getattr(board, "viewport", None)
        self._clickable = viewport() if callable(viewport) else board
        self._clickable.installEventFilter(self)

    def set_info(self, text: str, active: bool = False, tip: str = "") -> None:
        """The words above the board; ``active``: outlined (the one in play).
        Only what changed is set (a style sheet polishes the card again)."""
        if text != self.title.text():
            self.title.setText(text)
        if tip != self.toolTip():
            self.setToolTip(tip)
        if active != self.active:
            self.active = active
            self.setStyleSheet("QFrame#panel { border: 2px solid #2f5d62; }" if active else "")

    def chrome_height(self, width: int) -> int:
        """What the card needs above and below its board at ``width``."""
        inner = max(10, width - 2 * CARD_PAD)
        return self.title.heightForWidth(inner) + 4 + CARD_PAD + 2 + 2 * self.frameWidth()

    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.clicked.emit(self.key)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (watched is self._clickable and event.type() == QEvent.Type.MouseButtonPress
                and event.button() == Qt.MouseButton.LeftButton):
            self.clicked.emit(self.key)
            return True
        return super().eventFilter(watched, event)


class TableArea(QWidget):
    """The board (square, as large as it can be) and the cards, laid out again at
    every resize: each arrangement (cards in 1..n columns beside the board, or in
    1..n rows under it) is tried with every board side, and the one that covers
    the most of the room wins, the board counting double. Cards never get less
    than :data:`THUMB_MIN` unless there is no room at all."""

    def __init__(self, board: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.board = board
        board.setParent(self)
        self.cards: list[ThumbCard] = []
        self._chromes: dict[int, int] = {}
        self._placed_chromes: list[int] = []
        self.arrangement: tuple[str, int, int, int] = ("beside", 1, 0, 0)
        """(where, columns or rows, board side, card side) chosen at the last resize."""

    def add_card(self, card: ThumbCard) -> None:
        card.setParent(self)
        self.cards.append(card)
        self._place()

    def refresh(self) -> None:
        """Lay out again if the cards' words changed what they need at their
        present width (else the layout stands: it is worked out at every size)."""
        if [c.chrome_height(c.width()) for c in self.cards] != self._placed_chromes:
            self._place()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(640, 520)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(320 + THUMB_MIN + GAP, 320)

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._place()

    def showEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        self._place()

    def _chrome(self, width: int) -> int:
        """The tallest card's words at ``width`` (measured per 16 px, at the
        narrow end of each step, and kept until the next layout)."""
        step = width - width % 16
        known = self._chromes.get(step)
        if known is None:
            known = self._chromes[step] = max((c.chrome_height(step) for c in self.cards), default=0)
        return known

    def _thumb_side(self, cell_w: int, cell_h: int, cap: int) -> int:
        """The largest board side a card of at most ``cell_w`` x ``cell_h`` has
        room for, its words measured at the card's own width (narrower, they wrap
        into more lines)."""
        thumb = min(cell_w - 2 * CARD_PAD, cap)
        for _round in range(3):
            fits = min(thumb, cell_h - self._chrome(thumb + 2 * CARD_PAD))
            if fits >= thumb:
                break
            thumb = fits
        return min(thumb, cell_h - self._chrome(thumb + 2 * CARD_PAD))

    def choose(self, width: int, height: int) -> tuple[str, int, int, int]:
        """The best (where, lines, board side, card side) for a room of
        ``width`` x ``height``."""
        n = len(self.cards)
        if n == 0:
            return ("beside", 1, min(width, height), 0)
        best: tuple[float, tuple[str, int, int, int]] | None = None
        biggest = min(width, height)
        for side in range(biggest, 100, -8):
            for where in ("beside", "below"):
                room_w, room_h = (width - side - GAP, height) if where == "beside" else (width, height - side - GAP)
                if room_w <= 0 or room_h <= 0:
                    continue
                for lines in range(1, n + 1):
                    per_line = math.ceil(n / lines)
                    cols, rows = (lines, per_line) if where == "beside" else (per_line, lines)
                    cell_w = (room_w - (cols - 1) * GAP) // cols
                    cell_h = (room_h - (rows - 1) * GAP) // rows
                    thumb = self._thumb_side(cell_w, cell_h, int(side * THUMB_SHARE))
                    if thumb < THUMB_MIN:
                        continue
                    score = 2 * side * side + n * thumb * thumb
                    if best is None or score > best[0]:
                        best = (score, (where, lines, side, thumb))
        if best is None:  # no room for cards of the least size: a smaller board, cards as they fit
            side = max(100, min(height, width - THUMB_MIN - 2 * CARD_PAD - GAP))
            room_w = max(40, width - side - GAP)
            thumb = max(40, min(room_w - 2 * CARD_PAD, (height - (n - 1) * GAP) // n - self._chrome(room_w)))
            return ("beside", 1, side, thumb)
        return best[1]

    def _place(self) -> None:
        self._chromes = {}
        w, h = self.width(), self.height()
        where, lines, side, thumb = self.arrangement = self.choose(w, h)
        n = len(self.cards)
        if where == "beside":
            cols, rows = lines, math.ceil(n / lines) if n else 1
        else:
            cols, rows = math.ceil(n / lines) if n else 1, lines
        card_w = thumb + 2 * CARD_PAD
        card_h = thumb + self._chrome(card_w)
        block_w = cols * card_w + (cols - 1) * GAP if n else 0
        block_h = rows * card_h + (rows - 1) * GAP if n else 0
        if where == "beside":
            total = side + (GAP + block_w if n else 0)
            x0 = max(0, (w - total) // 2)
            self.board.setGeometry(QRect(x0, max(0, (h - side) // 2), side, side))
            cx, cy = x0 + side + GAP, max(0, (h - block_h) // 2)
        else:
            total = side + (GAP + block_h if n else 0)
            y0 = max(0, (h - total) // 2)
            self.board.setGeometry(QRect(max(0, (w - side) // 2), y0, side, side))
            cx, cy = max(0, (w - block_w) // 2), y0 + side + GAP
        for i, card in enumerate(self.cards):
            col, row = (i // rows, i % rows) if where == "beside" else (i % cols, i // cols)
            card.setGeometry(QRect(cx + col * (card_w + GAP), cy + row * (card_h + GAP), card_w, card_h))
        self._placed_chromes = [c.chrome_height(c.width()) for c in self.cards]


class EnlargedDialog(QDialog):
    """One board, large, read-only, with Close; ``board`` is the game's view."""

    def __init__(self, title: str, board: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.board = board
        layout = QVBoxLayout(self)
        self.caption = QLabel()
        self.caption.setTextFormat(Qt.TextFormat.PlainText)
        self.caption.setWordWrap(True)
        layout.addWidget(self.caption)
        layout.addWidget(board, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        screen = self.screen().availableGeometry() if self.screen() is not None else QRect(0, 0, 1024, 768)
        side = max(320, min(760, screen.height() - 160, screen.width() - 80))
        self.resize(side, side + 90)
