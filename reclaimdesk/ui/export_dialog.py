"""File > Export PDF: what ``reclaimdesk print`` prints, with a preview of the pages.

The choices are those of the command line: the filled sheet of the open game
(only when one is open), blank player sheets, the cards, the rules summary or
the whole kit; A4 or Letter; a map for blank sheets; greyscale; card bleed and
a back offset. The PDF comes from :func:`reclaimdesk.export.kit.build_print_pdf`
(the command line's own function; the open game goes to it as its rules state,
as the command line's ``--record`` does once it has replayed the record) and its pages are rendered with pypdfium2,
both on a :class:`~reclaimdesk.ui.workers.Worker` thread after the options
settle, so the dialog never freezes. Save writes exactly the previewed bytes
with :func:`~reclaimdesk.export.pdf.write_pdf_atomic`: a file is complete or
not there at all.
"""

from __future__ import annotations

import threading

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QLocale, QRect, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QImage, QPainter, QPainterPath, QPaintEvent, QPen, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QFileDialog,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListView,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from reclaimdesk.core.i18n import N_, _, ngettext
from reclaimdesk.ui.common import make_settings, setting_bool
from reclaimdesk.ui.style import ACCENT, ACCENT_SOFT, BORDER, DANGER, INK, MUTED, SURFACE
from reclaimdesk.ui.workers import Worker

FILLED = "filled"
BLANK_CHOICES = ("sheets", "cards", "rules", "all")
CHOICES: tuple[tuple[str, str, str], ...] = (
    (FILLED, N_("Filled sheet of this game"), N_("The game as it stands, drawn on its sheet or board, with the scores")),
    ("sheets", N_("Blank sheets and boards"), N_("What the players draw or play on, to use with a pencil")),
    ("cards", N_("Cards and pieces"), N_("Everything to cut out; cards with backs are followed by their backs")),
    ("rules", N_("Rules summary"), N_("The rules in short")),
    ("all", N_("The whole kit"), N_("A cover with the checklist, the rules, the sheets and the cards in one file")),
)
"""(key, label, tooltip): the labels are messages of the catalogue, translated where shown."""
PAPERS = (("a4", "A4 (210 \u00d7 297 mm)"), ("letter", N_("US Letter (8.5 \u00d7 11 in)")))
DEBOUNCE_MS = 150
THUMB_HEIGHT = 118      # logical pixels
LARGE_HEIGHT = 1500     # device pixels of the selected page's picture
MM_PER_PT = 25.4 / 72


def default_paper(settings: Any = None) -> str:
    """The remembered paper, else Letter where the locale measures in US units, else A4."""
    if settings is not None:
        saved = str(settings.value("export/paper", "") or "")
        if saved in dict(PAPERS):
            return saved
    imperial = QLocale.system().measurementSystem() == QLocale.MeasurementSystem.ImperialUSSystem
    return "letter" if imperial else "a4"


@dataclass(frozen=True)
class GameSnapshot:
    """The open game, for its filled sheet: a copy of its rules state (the dialog
    reads it on a worker thread, so never pass the live one), its seats' names
    and the seat to preselect (from 0)."""

    state: object
    seat_names: tuple[str, ...]
    seat: int = 0
    game_id: str | None = None
    """The game's id (default: the state's spec's)."""

    @property
    def game(self) -> str:
        return self.game_id or self.state.spec.id  # type: ignore[attr-defined]


# --- building and rendering (on the worker thread) ---------------------------------------
@dataclass
class Preview:
    """A built PDF: its bytes, each page's size in points, small pictures of every
    page and large ones of the pages looked at so far."""

    data: bytes
    sizes: list[tuple[float, float]]
    thumbs: list[QImage]
    large: dict[int, QImage] = field(default_factory=dict)


def _to_qimage(bitmap: Any) -> QImage:
    formats = {"RGBX": QImage.Format.Format_RGBX8888, "RGBA": QImage.Format.Format_RGBA8888,
               "RGB": QImage.Format.Format_RGB888, "L": QImage.Format.Format_Grayscale8}
    fmt = formats.get(bitmap.mode)
    if fmt is None:
        raise ValueError(f"unexpected bitmap mode {bitmap.mode}")
    return QImage(bytes(bitmap.buffer), bitmap.width, bitmap.height, bitmap.stride, fmt).copy()


PDFIUM_LOCK = threading.Lock()
"""PDFium is not thread-safe: every use of it in the process goes through this lock
(previews of a closing dialog may still render on its worker while the next one
starts, and a large page can be rendered from the GUI thread)."""


def render_page(data: bytes, index: int, height_px: int) -> QImage:
    """Page ``index`` of the PDF ``data`` as a picture ``height_px`` high."""
    import pypdfium2 as pdfium

    with PDFIUM_LOCK:
        doc = pdfium.PdfDocument(data)
        try:
            page = doc[index]
            _width, height = page.get_size()
            image = _to_qimage(page.render(scale=height_px / height, rev_byteorder=True, prefer_bgrx=True))
            page.close()
            return image
        finally:
            doc.close()


def build_preview(game: str, options: Any, state: Any, thumb_px: int, large_px: int, first: int = 0) -> Preview:
    """Build the PDF for ``options`` (and ``state``, a game to print filled in, or
    None) and render it: every page ``thumb_px`` high and page ``first`` (or the
    last, if there are fewer) ``large_px`` high."""
    import pypdfium2 as pdfium

    from reclaimdesk.export.kit import build_print_pdf

    data = build_print_pdf(game, options, state)
    sizes, thumbs = [], []
    with PDFIUM_LOCK:
        doc = pdfium.PdfDocument(data)
        try:
            for i in range(len(doc)):
                page = doc[i]
                width, height = page.get_size()
                sizes.append((width, height))
                thumbs.append(_to_qimage(page.render(scale=thumb_px / height, rev_byteorder=True,
                                                     prefer_bgrx=True)))
                page.close()
        finally:
            doc.close()
    preview = Preview(data, sizes, thumbs)
    if thumbs:
        first = min(max(0, first), len(thumbs) - 1)
        preview.large[first] = render_page(data, first, large_px)
    return preview


# --- widgets ------------------------------------------------------------------------------
class PageView(QWidget):
    """One page, as large as fits, on a grey desk with a soft shadow; or a line
    of text while there is no page to show."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.image: QImage | None = None
        self.text = ""
        self.faded = False
        self.setMinimumSize(300, 360)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def set_image(self, image: QImage | None, text: str = "") -> None:
        self.image, self.text = image, text
        self.update()

    def set_faded(self, faded: bool) -> None:
        if faded != self.faded:
            self.faded = faded
            self.update()

    def page_rect(self) -> QRectF:
        """Where the page is drawn (empty without one)."""
        if self.image is None or self.image.isNull():
            return QRectF()
        room = QRectF(self.rect()).adjusted(18, 18, -18, -18)
        scale = min(room.width() / self.image.width(), room.height() / self.image.height())
        w, h = self.image.width() * scale, self.image.height() * scale
        return QRectF(room.center().x() - w / 2, room.center().y() - h / 2, w, h)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        desk = QPainterPath()   # rounded on the right, where the panel's corners are
        desk.addRoundedRect(QRectF(self.rect()).adjusted(-12, 0, 0, 0), 9, 9)
        p.fillPath(desk, QColor("#ddd7ca"))
        target = self.page_rect()
        if not target.isEmpty():
            p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
            for k, alpha in ((4, 18), (2, 30)):
                p.fillRect(target.translated(k / 2, k), QColor(40, 35, 25, alpha))
            p.drawImage(target, self.image)
            p.setPen(QPen(QColor("#b9b2a3"), 1))
            p.drawRect(target)
            if self.faded:
                p.fillRect(target, QColor(251, 249, 244, 140))
        if self.text:
            p.setPen(QColor(MUTED))
            p.drawText(self.rect().adjusted(24, 24, -24, -24),
                       int(Qt.AlignmentFlag.AlignCenter) | int(Qt.TextFlag.TextWordWrap), self.text)
        p.end()


def _section(text: str) -> QLabel:
    label = QLabel(text)
    label.setObjectName("section")
    return label


def _mm_box(low: float, high: float, step: float, tip: str) -> QDoubleSpinBox:
    box = QDoubleSpinBox()
    box.setRange(low, high)
    box.setDecimals(1)
    box.setSingleStep(step)
    box.setSuffix(_(" mm"))
    box.setToolTip(tip)
    box.setKeyboardTracking(False)
    box.setAlignment(Qt.AlignmentFlag.AlignRight)
    # typed, or stepped with the arrow keys and the wheel: Fusion's step buttons
    # come out squashed inside the style sheet's rounded frame
    box.setButtonSymbols(QDoubleSpinBox.ButtonSymbols.NoButtons)
    return box


LOCAL_STYLE = f"""
QLabel#section {{ font-weight: 600; color: {INK}; padding-top: 4px; }}
QLabel#hint {{ color: {MUTED}; font-size: 9pt; }}
QLabel#status {{ color: {MUTED}; }}
QLabel#status[error="true"] {{ color: {DANGER}; }}
QDoubleSpinBox {{
    background: white; border: 1px solid {BORDER}; border-radius: 5px; padding: 3px 6px;
}}
QDoubleSpinBox::up-button, QDoubleSpinBox::down-button {{
    subcontrol-origin: border; width: 0px; border: none;
}}
QDoubleSpinBox:disabled, QComboBox:disabled {{ color: #a9a49a; background: #f4f1ea; }}
QRadioButton:disabled, QCheckBox:disabled, QLabel:disabled {{ color: #a9a49a; }}
QListWidget#thumbs {{
    background: {SURFACE}; border: none; border-right: 1px solid {BORDER};
    border-top-left-radius: 10px; border-bottom-left-radius: 10px; padding: 4px 0;
}}
QListWidget#thumbs::item {{ color: {MUTED}; border-radius: 6px; padding: 5px 4px 2px 4px; }}
QListWidget#thumbs::item:selected {{ background: {ACCENT_SOFT}; color: {ACCENT}; }}
QListWidget#thumbs::item:hover:!selected {{ background: #f1ece2; }}
QListWidget#thumbs QScrollBar:vertical {{ background: transparent; width: 8px; margin: 6px 2px 6px 0; }}
QListWidget#thumbs QScrollBar::handle:vertical {{ background: #cfc8b8; border-radius: 3px; min-height: 28px; }}
QListWidget#thumbs QScrollBar::handle:vertical:hover {{ background: #b9b2a3; }}
QListWidget#thumbs QScrollBar::add-line, QListWidget#thumbs QScrollBar::sub-line {{ height: 0; border: none; }}
QListWidget#thumbs QScrollBar::add-page, QListWidget#thumbs QScrollBar::sub-page {{ background: none; }}
QFrame#previewPanel {{ background: {SURFACE}; border: 1px solid {BORDER}; border-radius: 10px; }}
"""


DIALOG_SIZE = QSize(1040, 740)
"""The Export dialog's size where the screen has room for it."""


def initial_size(available: QRect | None) -> QSize:
    """The dialog's first size: :data:`DIALOG_SIZE`, made smaller to fit the
    screen's free area ``available`` (with room for the window's frame), never
    below its minimum (860 x 600).

    >>> initial_size(QRect(0, 0, 1024, 740))
    PySide6.QtCore.QSize(1004, 700)
    """
    if available is None:
        return QSize(DIALOG_SIZE)
    return QSize(max(860, min(DIALOG_SIZE.width(), available.width() - 20)),
                 max(600, min(DIALOG_SIZE.height(), available.height() - 40)))


class ExportDialog(QDialog):
    """Choose what to print, watch the pages, save the PDF.

    ``game`` is the open game (its kit is used, its filled sheet offered and
    chosen); without it the dialog prints a blank kit, with a choice of game
    (every registered game that has a kit). The controls are the same for every
    game; what a game's kit does not offer (:class:`~reclaimdesk.export.options.KitOffer`)
    is disabled, its tooltip saying why. ``saved`` carries the path written."""

    saved = Signal(str)

    def __init__(self, settings: Any = None, *, game: GameSnapshot | None = None, game_id: str | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        from reclaimdesk.export.kit import kits

        self.settings = settings if settings is not None else make_settings()
        self.game = game
        self.kits = {kit.game: kit for kit in kits()}
        if game is not None:
            game_id = game.game
        if game_id is None or game_id not in self.kits:
            saved = str(self.settings.value("export/game", "") or "")
            game_id = saved if saved in self.kits else next(iter(self.kits), "")
        self.game_id = game_id
        self.preview: Preview | None = None
        self.current = False       # the preview shows the options as they are now
        self.last_message: Any = None
        self.last_error = ""
        self._generation = 0
        self._building = False
        self._again = False
        self._loading = True
        self.setWindowTitle(_("Export PDF"))
        self.setStyleSheet(LOCAL_STYLE)
        self.setMinimumSize(860, 600)
        screen = (parent.screen() if parent is not None else None) or QGuiApplication.primaryScreen()
        self.resize(initial_size(screen.availableGeometry() if screen is not None else None))

        self.worker = Worker(self)
        self.worker.finished.connect(self._on_done)
        self.worker.failed.connect(self._on_failed)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(DEBOUNCE_MS)
        self.timer.timeout.connect(self.refresh)

        outer = QHBoxLayout(self)
        outer.setContentsMargins(18, 16, 18, 16)
        outer.setSpacing(16)
        outer.addWidget(self._build_options(), 0)
        outer.addLayout(self._build_preview(), 1)
        self._load_settings()
        self._loading = False
        self._options_changed()
        self.timer.stop()
        self.refresh()

    # --- construction -----------------------------------------------------------------
    def _build_options(self) -> QWidget:
        panel = QFrame()
        panel.setObjectName("panel")
        panel.setFixedWidth(300)
        v = QVBoxLayout(panel)
        v.setContentsMargins(16, 14, 16, 14)
        v.setSpacing(6)

        title = QLabel(_("Print and play"))
        title.setStyleSheet("font-size: 14pt; font-weight: 600;")
        v.addWidget(title)
        self.game_box = QComboBox()
        for kit in self.kits.values():
            self.game_box.addItem(kit.name, kit.game)
        self.game_box.setCurrentIndex(max(0, self.game_box.findData(self.game_id)))
        self.game_box.setToolTip(_("The game whose kit to print") if self.game is None
                                 else _("The kit of the game on screen"))
        self.game_box.setEnabled(self.game is None)
        v.addWidget(self.game_box)
        v.addWidget(_section(_("What to print")))
        self.what_group = QButtonGroup(self)
        self.what_buttons: dict[str, QRadioButton] = {}
        self.seat_box = QComboBox()
        for key, label, tip in CHOICES:
            if key == FILLED and self.game is None:
                continue
            button = QRadioButton(_(label))
            button.setToolTip(_(tip))
            button.setProperty("tip", _(tip))
            self.what_group.addButton(button)
            self.what_buttons[key] = button
            v.addWidget(button)
            if key == FILLED and self.game is not None:
                names = self.game.seat_names
                for i, name in enumerate(names):
                    self.seat_box.addItem(_("Seat {n}: {name}").format(n=i + 1, name=name), i + 1)
                self.seat_box.setCurrentIndex(min(max(0, self.game.seat), len(names) - 1))
                self.seat_box.setToolTip(_("Whose sheet to print"))
                row = QHBoxLayout()
                row.setContentsMargins(24, 0, 0, 2)
                row.addWidget(self.seat_box, 1)
                v.addLayout(row)
                self.seat_box.setVisible(len(names) > 1)

        v.addWidget(_section(_("Paper")))
        grid = QGridLayout()
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(6)
        self.paper_box = QComboBox()
        for key, label in PAPERS:
            self.paper_box.addItem(_(label), key)
        self.paper_box.setToolTip(_("The paper in your printer"))
        grid.addWidget(self.paper_box, 0, 0, 1, 2)
        self.map_label = QLabel(_("Map"))
        self.map_box = QComboBox()
        grid.addWidget(self.map_label, 1, 0)
        grid.addWidget(self.map_box, 1, 1)
        self.per_page_label = QLabel(_("Sheets"))
        self.per_page_box = QComboBox()
        self.per_page_box.addItem(_("One per page"), 1)
        self.per_page_box.addItem(_("Two per page, smaller (for a pad)"), 2)
        self.per_page_box.setToolTip(_("Two player sheets on each page, to cut apart and staple into a pad"))
        grid.addWidget(self.per_page_label, 2, 0)
        grid.addWidget(self.per_page_box, 2, 1)
        grid.setColumnStretch(1, 1)
        v.addLayout(grid)
        self.grey_box = QCheckBox(_("Greyscale, to save colour ink"))
        self.grey_box.setToolTip(_("Every colour printed as grey; symbols keep things apart"))
        v.addWidget(self.grey_box)
        self.ink_box = QCheckBox(_("Ink saver: grey lines on white"))
        self.ink_box.setToolTip(_("No large dark areas: less ink still than greyscale"))
        v.addWidget(self.ink_box)

        self.cards_label = _section(_("Cards"))
        v.addWidget(self.cards_label)
        cards = QGridLayout()
        cards.setHorizontalSpacing(8)
        cards.setVerticalSpacing(6)
        self.bleed_box = _mm_box(0.0, 10.0, 0.5, _("Print each card's picture past its cut line, so that a "
                                                   "slightly uneven cut leaves no white edge (3 mm is usual)"))
        self.bleed_box.setSpecialValueText(_("None"))
        self.bleed_label = QLabel(_("Bleed"))
        cards.addWidget(self.bleed_label, 0, 0)
        cards.addWidget(self.bleed_box, 0, 1)
        tip = _("When printed double-sided, move the backs by this much to line them up with the "
                "fronts (x to the right and y up, as you look at the backs)")
        self.back_x = _mm_box(-20.0, 20.0, 0.1, tip)
        self.back_y = _mm_box(-20.0, 20.0, 0.1, tip)
        self.x_label, self.y_label = QLabel(_("Back offset x")), QLabel(_("Back offset y"))
        for label in (self.x_label, self.y_label):
            label.setToolTip(tip)
        cards.addWidget(self.x_label, 1, 0)
        cards.addWidget(self.back_x, 1, 1)
        cards.addWidget(self.y_label, 2, 0)
        cards.addWidget(self.back_y, 2, 1)
        self.fold_box = QCheckBox(_("Fold-over cards (one-sided printing)"))
        self.fold_box.setToolTip(_("For a printer without two-sided printing: each page holds fronts above "
                                   "a fold line and their backs below it; fold, glue and cut"))
        cards.addWidget(self.fold_box, 3, 0, 1, 2)
        cards.setColumnStretch(1, 1)
        v.addLayout(cards)
        self.cards_hint = QLabel(_("Only the cards use these settings."))
        self.cards_hint.setObjectName("hint")
        self.cards_hint.setWordWrap(True)
        v.addWidget(self.cards_hint)
        v.addStretch(1)

        self._tips = {w: w.toolTip() for w in (self.map_box, self.map_label, self.grey_box, self.bleed_box,
                                               self.bleed_label, self.back_x, self.back_y, self.x_label,
                                               self.y_label, self.seat_box, self.ink_box, self.fold_box,
                                               self.per_page_box, self.per_page_label)}
        self._apply_kit()
        self.game_box.currentIndexChanged.connect(self._game_changed)
        self.what_group.buttonToggled.connect(self._options_changed)
        self.seat_box.currentIndexChanged.connect(self._options_changed)
        self.paper_box.currentIndexChanged.connect(self._options_changed)
        self.map_box.currentIndexChanged.connect(self._options_changed)
        self.grey_box.toggled.connect(self._options_changed)
        self.ink_box.toggled.connect(self._options_changed)
        self.fold_box.toggled.connect(self._options_changed)
        self.per_page_box.currentIndexChanged.connect(self._options_changed)
        for box in (self.bleed_box, self.back_x, self.back_y):
            box.valueChanged.connect(self._options_changed)
        return panel

    def _build_preview(self) -> QVBoxLayout:
        column = QVBoxLayout()
        column.setSpacing(10)
        frame = QFrame()
        frame.setObjectName("previewPanel")
        row = QHBoxLayout(frame)
        row.setContentsMargins(1, 1, 1, 1)
        row.setSpacing(0)
        self.thumbs = QListWidget()
        self.thumbs.setObjectName("thumbs")
        self.thumbs.setViewMode(QListView.ViewMode.IconMode)
        self.thumbs.setFlow(QListView.Flow.TopToBottom)
        self.thumbs.setWrapping(False)
        self.thumbs.setMovement(QListView.Movement.Static)
        self.thumbs.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.thumbs.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.thumbs.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.thumbs.setIconSize(QSize(THUMB_HEIGHT, THUMB_HEIGHT))
        self.thumbs.setGridSize(QSize(THUMB_HEIGHT + 4, THUMB_HEIGHT + 32))
        self.thumbs.setFixedWidth(THUMB_HEIGHT + 20)
        self.thumbs.setToolTip(_("Click a page to see it larger"))
        self.thumbs.currentRowChanged.connect(self._page_chosen)
        row.addWidget(self.thumbs)
        self.view = PageView()
        row.addWidget(self.view, 1)
        column.addWidget(frame, 1)

        bottom = QHBoxLayout()
        self.status = QLabel()
        self.status.setObjectName("status")
        self.status.setWordWrap(True)
        bottom.addWidget(self.status, 1)
        self.cancel_button = QPushButton(_("Cancel"))
        self.save_button = QPushButton(_("Save PDF..."))
        self.save_button.setObjectName("primary")
        self.save_button.setDefault(True)
        self.save_button.setEnabled(False)
        bottom.addWidget(self.cancel_button)
        bottom.addWidget(self.save_button)
        column.addLayout(bottom)
        self.cancel_button.clicked.connect(self.reject)
        self.save_button.clicked.connect(self.save_dialog)
        return column

    # --- the game's kit ---------------------------------------------------------------
    @property
    def kit(self) -> Any:
        return self.kits[self.game_id]

    def lacks(self, option: str, part: str = "") -> str:
        """Why the kit lacks ``option`` ("" when it offers it)."""
        from reclaimdesk.export.options import offers, why_not

        offer = self.kit.offer
        if option == "part":
            return "" if part in offer.parts else why_not(offer, "part", self.kit.name, part)
        return "" if offers(offer, option) else why_not(offer, option, self.kit.name)

    def _apply_kit(self) -> None:
        """Fill the map box from the kit, and disable what it does not offer, each
        tooltip saying why."""
        offer = self.kit.offer
        self.map_box.blockSignals(True)
        self.map_box.clear()
        self.map_box.addItem(_("Every map") if offer.maps else _("The one board"), "")
        for map_id, label in offer.maps:
            self.map_box.addItem(_(label), map_id)
        self.map_box.blockSignals(False)
        self.offered: dict[Any, str] = {}
        for key, button in self.what_buttons.items():
            why = self.lacks("filled") if key == FILLED else self.lacks("part", key)
            self.offered[button] = why
        for widgets, option in (((self.map_box, self.map_label), "map"),
                                ((self.grey_box, self.ink_box), "greyscale"),
                                ((self.bleed_box, self.bleed_label), "bleed"),
                                ((self.back_x, self.back_y, self.x_label, self.y_label), "back_offset"),
                                ((self.fold_box,), "fold_over"),
                                ((self.per_page_box, self.per_page_label), "sheets_per_page")):
            why = self.lacks(option)
            for w in widgets:
                self.offered[w] = why
        self.seat_box.setVisible(self.game is not None and offer.filled == "seat"
                                 and len(self.game.seat_names) > 1)
        if self.what() not in offer.parts and self.what() != FILLED:
            parts = [p for p in BLANK_CHOICES if p in offer.parts]
            if parts:
                self.what_buttons[parts[-1]].setChecked(True)

    def _game_changed(self, *_args: Any) -> None:
        self.game_id = str(self.game_box.currentData())
        self._apply_kit()
        self._options_changed()

    # --- settings -------------------------------------------------------------------------
    def _load_settings(self) -> None:
        s = self.settings
        self._select(self.paper_box, default_paper(s))
        self._select(self.map_box, str(s.value("export/map", "") or ""))
        self.grey_box.setChecked(setting_bool(s, "export/greyscale", False))
        self.ink_box.setChecked(setting_bool(s, "export/ink_saver", False))
        self.fold_box.setChecked(setting_bool(s, "export/fold_over", False))
        self._select(self.per_page_box, int(self._number("export/sheets_per_page", 1)))
        self.bleed_box.setValue(self._number("export/bleed", 0.0))
        self.back_x.setValue(self._number("export/back_x", 0.0))
        self.back_y.setValue(self._number("export/back_y", 0.0))
        what = str(s.value("export/what", "all") or "all")
        if self.game is not None and self.kit.offer.filled is not None:
            what = FILLED
        elif what not in BLANK_CHOICES or what not in self.kit.offer.parts:
            what = "all" if "all" in self.kit.offer.parts else self.kit.offer.parts[-1]
        self.what_buttons[what].setChecked(True)

    def _number(self, key: str, default: float) -> float:
        try:
            return float(self.settings.value(key, default))
        except (TypeError, ValueError):
            return default

    @staticmethod
    def _select(box: QComboBox, data: Any) -> None:
        index = box.findData(data)
        if index >= 0:
            box.setCurrentIndex(index)

    def _save_settings(self) -> None:
        s = self.settings
        what = self.what()
        if what != FILLED:
            s.setValue("export/what", what)
        s.setValue("export/paper", self.paper_box.currentData())
        if self.game is None:
            s.setValue("export/game", self.game_id)
        s.setValue("export/map", self.map_box.currentData())
        s.setValue("export/greyscale", self.grey_box.isChecked())
        s.setValue("export/ink_saver", self.ink_box.isChecked())
        s.setValue("export/fold_over", self.fold_box.isChecked())
        s.setValue("export/sheets_per_page", self.per_page_box.currentData())
        s.setValue("export/bleed", self.bleed_box.value())
        s.setValue("export/back_x", self.back_x.value())
        s.setValue("export/back_y", self.back_y.value())

    # --- options --------------------------------------------------------------------------
    def what(self) -> str:
        for key, button in self.what_buttons.items():
            if button.isChecked():
                return key
        return "all"

    def set_what(self, what: str) -> None:
        self.what_buttons[what].setChecked(True)

    def options(self) -> Any:
        """The :class:`~reclaimdesk.export.kit.PrintOptions` the controls ask for."""
        from reclaimdesk.export.options import PrintOptions

        what = self.what()
        offer = self.kit.offer
        common = {"paper": str(self.paper_box.currentData()),
                  "greyscale": self.grey_box.isChecked() and offer.greyscale,
                  "ink_saver": self.ink_box.isChecked() and offer.greyscale}
        if what == FILLED and self.game is not None:
            from reclaimdesk.ui.text import shown_name

            seat = int(self.seat_box.currentData() or 1) if offer.filled == "seat" else None
            return PrintOptions(**common, seat=seat, players=tuple(shown_name(n) for n in self.game.seat_names))
        map_id = (str(self.map_box.currentData() or "") or None) if offer.maps else None
        cards = what in ("cards", "all")
        sheets = what in ("sheets", "all")
        per_page = int(self.per_page_box.currentData() or 1)
        return PrintOptions(**common, what=what, map_id=map_id if sheets else None,
                            bleed_mm=self.bleed_box.value() if cards and offer.bleed else 0.0,
                            back_offset=(self.back_x.value(), self.back_y.value())
                            if cards and offer.back_offset else (0.0, 0.0),
                            fold_over=cards and offer.fold_over and self.fold_box.isChecked(),
                            sheets_per_page=per_page if sheets and per_page in offer.sheets_per_page else 1)

    def printed_game(self) -> Any:
        """The open game's rules state when its filled sheet is chosen, else None."""
        return self.game.state if self.what() == FILLED and self.game is not None else None

    def _options_changed(self, *_args: Any) -> None:
        if self._loading:
            return
        what = self.what()
        cards = what in ("cards", "all")
        for w in (self.bleed_box, self.back_x, self.back_y, self.bleed_label, self.x_label, self.y_label,
                  self.cards_label, self.fold_box):
            w.setEnabled(cards)
        self.cards_hint.setVisible(not cards)
        for w in (self.map_box, self.map_label, self.per_page_box, self.per_page_label):
            w.setEnabled(what in ("sheets", "all"))
        self.grey_box.setEnabled(not self.ink_box.isChecked())  # the ink saver is grey already
        self.seat_box.setEnabled(what == FILLED)
        for w, why in self.offered.items():  # what the kit lacks: off, and the tooltip says why
            if why:
                w.setEnabled(False)
                w.setToolTip(why)
            else:
                w.setToolTip(self._tips.get(w, w.property("tip") or w.toolTip()))
        self._save_settings()
        self.current = False
        self.save_button.setEnabled(False)
        self.view.set_faded(True)
        self.timer.start()

    def default_file_name(self) -> str:
        what = self.what()
        paper = str(self.paper_box.currentData())
        if what == FILLED and self.game is not None:
            seats = len(self.game.seat_names)
            seat = seats > 1 and self.kit.offer.filled == "seat"
            return f"{self.game_id}-filled-sheet" + (f"-seat{self.seat_box.currentData()}" if seat else "") + ".pdf"
        name = {"sheets": "sheets", "cards": "cards", "rules": "rules", "all": "kit"}[what]
        return f"{self.game_id}-{name}-{paper}.pdf"

    # --- preview ----------------------------------------------------------------------------
    @property
    def ready(self) -> bool:
        """The preview (and the bytes Save writes) match the options."""
        return self.current and self.preview is not None

    def refresh(self) -> None:
        """Build the PDF and render its pages on the worker (one build at a time;
        a change during a build starts another once it lands)."""
        self.timer.stop()
        if self._building:
            self._again = True
            return
        self._generation += 1
        self._building = True
        self._again = False
        self.last_error = ""
        self._set_status(_("Making the pages\u2026"))
        if self.preview is None:
            self.view.set_image(None, _("Making the pages\u2026"))
        options, state = self.options(), self.printed_game()
        dpr = self.devicePixelRatioF()
        thumb = max(1, round(THUMB_HEIGHT * dpr))
        first = max(0, self.thumbs.currentRow())
        self.worker.submit(("build", self._generation),
                           lambda: build_preview(self.game_id, options, state, thumb, LARGE_HEIGHT, first))

    def _on_done(self, token: Any, result: Any) -> None:
        kind, generation = token[0], token[1]
        if kind == "build":
            self._building = False
            if generation == self._generation and not self._again:
                self._show(result)
            if self._again:
                self.refresh()
        elif kind == "page" and self.preview is not None and generation == self._generation:
            index = token[2]
            self.preview.large[index] = result
            if self.thumbs.currentRow() == index:
                self.view.set_image(result)

    def _on_failed(self, token: Any, message: str) -> None:
        first = message.strip().splitlines()[0] if message.strip() else _("unknown error")
        if token[0] == "build":
            self._building = False
            if self._again:
                self.refresh()
                return
            self.preview = None
            self.current = False
            self.thumbs.clear()
            self.last_error = first
            self.view.set_faded(False)
            self.view.set_image(None, _("No preview: these settings cannot be printed."))
            self._set_status(_("Cannot print this: {error}").format(error=first), error=True)
            self.save_button.setEnabled(False)
        else:
            self._set_status(_("Could not show page {page}: {error}").format(page=token[2] + 1, error=first),
                             error=True)

    def _show(self, preview: Preview) -> None:
        self.preview = preview
        # an option changed after this build started (its rebuild is still waiting
        # for the debounce timer): show the pages, but they are not what Save writes
        self.current = not self.timer.isActive()
        row = max(0, self.thumbs.currentRow())
        self.thumbs.blockSignals(True)
        self.thumbs.clear()
        dpr = self.devicePixelRatioF()
        for i, image in enumerate(preview.thumbs):
            pixmap = QPixmap.fromImage(image)
            pixmap.setDevicePixelRatio(dpr)
            icon = QIcon(pixmap)
            icon.addPixmap(pixmap, QIcon.Mode.Selected)   # no selection tint over the page
            item = QListWidgetItem(icon, str(i + 1))
            item.setTextAlignment(Qt.AlignmentFlag.AlignHCenter)
            item.setToolTip(_("Page {page}").format(page=i + 1))
            self.thumbs.addItem(item)
        row = min(row, len(preview.thumbs) - 1)
        self.thumbs.setCurrentRow(row)
        self.thumbs.blockSignals(False)
        self.view.set_faded(not self.current)
        self._page_chosen(row)
        self.save_button.setEnabled(self.current and bool(preview.thumbs))
        self._set_status(self.summary())

    def summary(self) -> str:
        if self.preview is None:
            return ""
        n = len(self.preview.sizes)
        w, h = self.preview.sizes[0] if n else (0.0, 0.0)
        paper = _(dict(PAPERS).get(str(self.paper_box.currentData()), "")).split(" (")[0].split("（")[0]
        kib = len(self.preview.data) / 1024
        return ngettext("{count} page on {paper}, {width} \u00d7 {height} mm; {size} KiB",
                        "{count} pages on {paper}, {width} \u00d7 {height} mm; {size} KiB", n).format(
            count=n, paper=paper, width=f"{w * MM_PER_PT:.0f}", height=f"{h * MM_PER_PT:.0f}", size=f"{kib:.0f}")

    def _page_chosen(self, row: int) -> None:
        if self.preview is None or not 0 <= row < len(self.preview.thumbs):
            return
        large = self.preview.large.get(row)
        if large is not None:
            self.view.set_image(large)
            return
        self.view.set_image(self.preview.thumbs[row])   # a blurry stand-in for a moment
        data = self.preview.data
        self.worker.submit(("page", self._generation, row), lambda: render_page(data, row, LARGE_HEIGHT))

    def page_count(self) -> int:
        return len(self.preview.thumbs) if self.preview is not None else 0

    def _set_status(self, text: str, error: bool = False) -> None:
        self.status.setText(text)
        self.status.setProperty("error", error)
        self.status.style().unpolish(self.status)
        self.status.style().polish(self.status)

    # --- saving -------------------------------------------------------------------------------
    def save_dialog(self) -> None:
        if not self.ready:
            return
        folder = Path(str(self.settings.value("paths/exports", "") or Path.home()))
        path, _filter = QFileDialog.getSaveFileName(self, _("Save the PDF"), str(folder / self.default_file_name()),
                                                    _("PDF (*.pdf)"))
        if path:
            if not Path(path).suffix:
                path += ".pdf"
            self.save_to(Path(path))

    def save_to(self, path: str | Path) -> bool:
        """Write the previewed PDF to ``path``; a failure is shown in a message box
        and leaves no file behind. On success the dialog closes."""
        from reclaimdesk.export.errors import ExportError
        from reclaimdesk.export.pdf import write_pdf_atomic
        from reclaimdesk.ui.dialogs import message_box

        if not self.ready or self.preview is None:
            return False
        path = Path(path)
        try:
            write_pdf_atomic(path, self.preview.data)
        except (ExportError, OSError) as exc:
            box = message_box(self, "warning", _("Could not save the PDF"),
                              _("{error}\n\nNothing was written. Choose another folder or file name.").format(
                                  error=exc))

            self.last_message = box
            box.open()
            return False
        self.settings.setValue("paths/exports", str(path.parent))
        self.saved.emit(str(path))
        self.accept()
        return True

    # --- closing ------------------------------------------------------------------------------
    def done(self, result: int) -> None:
        self.timer.stop()
        self.worker.close()
        super().done(result)


def open_export_dialog(parent: QWidget, settings: Any = None, game: GameSnapshot | None = None,
                       on_saved: Any = None) -> ExportDialog:
    """Open the dialog window-modally (it does not block the caller) and return it."""
    dialog = ExportDialog(settings, game=game, parent=parent)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    if on_saved is not None:
        dialog.saved.connect(on_saved)
    dialog.open()
    return dialog
