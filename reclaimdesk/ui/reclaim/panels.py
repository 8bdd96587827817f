"""The panel beside the board: what to do now, the special action, the score
against the solo tiers, the scoring after rounds 10 and 16, hint/undo/redo and a
short log. Widgets here show what they are given and emit requests; the page
wires them to the controller."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (
    QHBoxLayout,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QWidget,
)

from reclaimdesk.core.i18n import _, ngettext
from reclaimdesk.games.reclaim.state import TIERS
from reclaimdesk.ui.board.panels import (
    SidePanelBase,
    button_row,
    headed_panel,
    instruction_label,
    label,
    log_list,
    panel,
)
from reclaimdesk.ui.reclaim.advice import ForecastLines, HintBox
from reclaimdesk.ui.reclaim.items import INK, draw_mini_shape, triangle
from reclaimdesk.ui.text import breakable
from reclaimdesk.ui.style import ACCENT, DANGER, MUTED


MAX_LOG_LINES = 80
"""The log shows the newest lines of the game, at most this many."""

TIER_COLOURS = {80: QColor("#b87333"), 90: QColor("#8d99a6"), 100: QColor("#c9a227")}



def special_icon(kind: str, triangles: int, shape: Sequence[tuple[int, int]], dpr: float = 1.0,
                 size: QSize = QSize(48, 24)):
    """A small picture for the special action buttons: the triangles, or the shape."""
    from PySide6.QtGui import QIcon, QPixmap

    pixmap = QPixmap(int(size.width() * dpr), int(size.height() * dpr))
    pixmap.setDevicePixelRatio(dpr)
    pixmap.fill(QColor(0, 0, 0, 0))
    p = QPainter(pixmap)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    h = size.height()
    if kind == "triangles":
        p.setPen(QPen(INK, 1.6))
        tri = 12.0
        total = triangles * tri + max(0, triangles - 1) * 3
        x0 = size.width() / 2 - total / 2 + tri / 2
        for i in range(triangles):
            p.drawPolygon(triangle(x0 + i * (tri + 3), h / 2 + 1, tri))
    else:
        draw_mini_shape(p, shape, QPointF(size.width() / 2, h / 2), 8.0, QColor("#dbe7e4"), QPen(INK, 1.6))
    p.end()
    return QIcon(pixmap)


class TierBar(QWidget):
    """The score on a scale with the solo tiers 80 / 90 / 100 marked."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.value = 0
        self.final = False
        self.setFixedHeight(40)
        self.setMinimumWidth(160)

    def set_value(self, value: int, final: bool = False) -> None:
        if (value, final) != (self.value, self.final):
            self.value, self.final = value, final
            self.update()

    def sizeHint(self) -> QSize:
        return QSize(240, 40)

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        left, right = 8.0, self.width() - 8.0
        top = 8.0
        lo, hi = 0.0, 110.0

        def x_of(v: float) -> float:
            return left + (min(max(v, lo), hi) - lo) / (hi - lo) * (right - left)

        bar = QRectF(left, top, right - left, 10)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#e9e4d8"))
        p.drawRoundedRect(bar, 5, 5)
        fill = QRectF(left, top, max(0.0, x_of(self.value) - left), 10)
        p.setBrush(QColor("#2f5d62") if self.final else QColor("#6f9a9e"))
        p.drawRoundedRect(fill, 5, 5)
        small = QFont(self.font())
        small.setPointSizeF(max(7.0, small.pointSizeF() - 2))
        p.setFont(small)
        for tier in TIERS:
            x = x_of(tier)
            reached = self.value >= tier
            colour = TIER_COLOURS[tier] if reached else QColor("#9a958b")
            p.setPen(QPen(colour, 2.2))
            p.drawLine(QPointF(x, top - 4), QPointF(x, top + 14))
            p.setPen(colour)
            p.drawText(QRectF(x - 20, top + 14, 40, 16), Qt.AlignmentFlag.AlignCenter, str(tier))
        p.end()


class SidePanel(SidePanelBase):
    specialRequested = Signal(str)
    passRequested = Signal()
    endRequested = Signal()
    autoPayRequested = Signal()
    takeHintRequested = Signal()
    dismissHintRequested = Signal()
    scoringClosed = Signal()
    stepPointed = Signal(str)
    """The pointer is over the button of a step ('pass', 'triangles', 'shape', 'autopay'),
    or left it (''): the table shows what the step would do."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = self.column

        # scoring (after rounds 10 and 16), shown on top while open
        self.scoring, sl = panel()
        self.scoring.setStyleSheet("QFrame#panel { background: #eef3f8; border-color: #9fb8d6; }")
        self.scoring_title = label("", "heading")
        sl.addWidget(self.scoring_title)
        self.scoring_text = label("", wrap=True)
        self.scoring_text.setTextFormat(Qt.TextFormat.RichText)
        sl.addWidget(self.scoring_text)
        self.scoring_button = QPushButton(_("Continue"))
        self.scoring_button.setObjectName("primary")
        sl.addWidget(self.scoring_button, 0, Qt.AlignmentFlag.AlignRight)
        self.scoring.hide()
        layout.addWidget(self.scoring)

        # the turn
        self.turn, tl = panel()
        head = QHBoxLayout()
        self.round_label = label("", "heading")
        head.addWidget(self.round_label, 1)
        tl.addLayout(head)
        self.seat_label = label("", "muted")
        tl.addWidget(self.seat_label)
        self.instruction = instruction_label(52)
        tl.addWidget(self.instruction)
        self.forecast = ForecastLines()
        tl.addWidget(self.forecast)
        self.autopay_button = QPushButton(_("Pay for me"))
        self.autopay_button.setObjectName("primary")
        self.autopay_button.setToolTip(_("Only one way to pay exists: put all the triangles in at once"))
        self.pass_button = QPushButton(_("Accept penalty"))
        self.pass_button.setToolTip(_("Cross out the next number on the scoring track and go on (P)"))
        self.end_button = QPushButton(_("End turn"))
        self.end_button.setObjectName("primary")
        self.end_button.setToolTip(_("Finish this round (Enter or E)"))
        tl.addLayout(button_row(self.autopay_button, self.pass_button, self.end_button))
        layout.addWidget(self.turn)

        # the hint, explained, with its buttons
        self.hint_box = HintBox()
        layout.addWidget(self.hint_box)

        # the special action
        self.special_text = label("", "muted")
        self.special, spl = headed_panel(_("Special action"), self.special_text)
        row = QHBoxLayout()
        self.special_tri_button = QPushButton(_("Triangles"))
        self.special_shape_button = QPushButton(_("Shape"))
        for b in (self.special_tri_button, self.special_shape_button):
            b.setIconSize(QSize(48, 24))
            row.addWidget(b)
        spl.addLayout(row)
        self.special_reason = label("", "small", wrap=True)
        spl.addWidget(self.special_reason)
        self._special_key: tuple = ()
        layout.addWidget(self.special)

        # the score
        self.score_value = label("0", "big")
        self.score, scl = headed_panel(_("Score"), self.score_value)
        self.score_detail = label("", "muted", wrap=True)
        scl.addWidget(self.score_detail)
        self.tiers = TierBar()
        scl.addWidget(self.tiers)
        layout.addWidget(self.score)

        # tools: the table stands them at the foot of its column (they never move)
        self.tools = QWidget(self)
        tools = QHBoxLayout(self.tools)
        tools.setContentsMargins(0, 0, 0, 0)
        self.hint_button = self.request_button(
            _("Hint"), self.hintRequested, _("Ask the strongest AI what it would do (H)"))
        self.busy = QProgressBar()
        self.busy.setRange(0, 0)
        self.busy.setFixedWidth(60)
        self.busy.setTextVisible(False)
        self.busy.setVisible(False)
        self.undo_button = self.request_button(
            _("Undo"), self.undoRequested, _("Take back the last step of this turn (Ctrl+Z)"))
        self.redo_button = self.request_button(
            _("Redo"), self.redoRequested, _("Do again what was taken back (Ctrl+Shift+Z)"))
        tools.addWidget(self.hint_button)
        tools.addWidget(self.busy)
        tools.addStretch(1)
        tools.addWidget(self.undo_button)
        tools.addWidget(self.redo_button)

        # the board keeps the keyboard focus (arrows, R, Enter); buttons have
        # keys of their own in the Game menu (T, S, P, E, H, Ctrl+Z)
        for button in self.findChildren(QPushButton):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.log = log_list(56, wrap=True)
        self.log.setStyleSheet("QListWidget { background: #fbf9f4; border: 1px solid #d6cfbf; "
                               "border-radius: 8px; padding: 4px; }")
        layout.addWidget(self.log, 1)
        self._log_rows: list[tuple[str, str]] = []
        self._log_entries: list[Any] = []
        self.set_log([])
        self._wire()

    def _wire(self) -> None:
        self.special_tri_button.clicked.connect(lambda: self.specialRequested.emit("triangles"))
        self.special_shape_button.clicked.connect(lambda: self.specialRequested.emit("shape"))
        self.pass_button.clicked.connect(self.passRequested)
        self.end_button.clicked.connect(self.endRequested)
        self.autopay_button.clicked.connect(self.autoPayRequested)
        self.hint_box.takeRequested.connect(self.takeHintRequested)
        self.hint_box.dismissRequested.connect(self.dismissHintRequested)
        self.scoring_button.clicked.connect(self.scoringClosed)
        self._steps = {self.pass_button: "pass", self.special_tri_button: "triangles",
                       self.special_shape_button: "shape", self.autopay_button: "autopay"}
        for button in self._steps:
            button.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:
        step = self._steps.get(watched) if hasattr(self, "_steps") else None
        if step is not None:
            if event.type() == QEvent.Type.Enter:
                self.stepPointed.emit(step)
            elif event.type() in (QEvent.Type.Leave, QEvent.Type.Hide):
                self.stepPointed.emit("")
        return super().eventFilter(watched, event)

    # --- setters ----------------------------------------------------------------------
    def set_turn(self, round_label: str, seat_label: str, instruction: str, *, can_autopay: bool,
                 can_pass: bool, can_end: bool) -> None:
        self.round_label.setText(round_label)
        self.seat_label.setText(seat_label)
        self.seat_label.setVisible(bool(seat_label))
        self.instruction.setText(instruction)
        self.autopay_button.setVisible(can_autopay)
        self.pass_button.setVisible(can_pass)
        self.end_button.setVisible(can_end)

    def set_special(self, info: dict[str, Any]) -> None:
        points = info.get("points")
        if points is None:
            self.special_text.setText(_("nothing left"))
            self.special_text.setToolTip("")
        else:
            self.special_text.setText(_("crosses out {points}").format(points=points))
            self.special_text.setToolTip(_("Using it crosses out {points}, the next number on your track").format(
                points=points))
        available = info.get("available", [])
        n = info.get("triangles", 0)
        key = (n, tuple(info.get("shape", ())), self.devicePixelRatioF())
        if key != self._special_key:
            self._special_key = key
            self.special_tri_button.setIcon(special_icon("triangles", n, (), key[2]))
            self.special_shape_button.setIcon(special_icon("shape", 0, key[1], key[2]))
        self.special_tri_button.setText(_("Triangles"))
        self.special_tri_button.setAccessibleName(ngettext("{count} triangle", "{count} triangles", n).format(count=n))
        self.special_tri_button.setEnabled("triangles" in available)
        self.special_shape_button.setEnabled("shape" in available)
        self.special_tri_button.setToolTip(
            _("Put these triangles on any empty section squares; they do not pay (T)")
            if "triangles" in available else _capital(info.get("why_triangles") or info.get("reason", "")))
        self.special_shape_button.setToolTip(
            _("Draw this small shape next to a section (S)") if "shape" in available
            else _capital(info.get("why_shape") or info.get("reason", "")))
        self.special_reason.setText(info.get("reason", "") if not available
                                    else _("Once per round, at any moment of your turn."))

    def set_score(self, value: int, detail: str, *, final: bool, solo: bool) -> None:
        self.score_value.setText(str(value))
        self.score_detail.setText(detail)
        self.tiers.setVisible(solo)
        self.tiers.set_value(value, final)

    def set_tools(self, *, can_hint: bool, busy: bool, can_undo: bool, can_redo: bool) -> None:
        self.hint_button.setEnabled(can_hint and not busy)
        self.busy.setVisible(busy)
        self.undo_button.setEnabled(can_undo)
        self.redo_button.setEnabled(can_redo)

    def show_scoring(self, title: str, html: str, button: str | None = None) -> None:
        self.scoring_title.setText(title)
        self.scoring_text.setText(html)
        self.scoring_button.setText(_("Continue") if button is None else button)
        self.scoring.show()

    def hide_scoring(self) -> None:
        self.scoring.hide()

    def set_log(self, entries: Sequence[Any]) -> None:
        """Show the game's log (:class:`~reclaimdesk.ui.reclaim.logbook.LogEntry`,
        oldest first): the newest round on top under its heading, its newest line
        first; a line saying what will be listed while nothing has happened yet."""
        self._log_entries = list(entries[-MAX_LOG_LINES:])
        self._show_log()

    def add_log(self, entries: Sequence[Any]) -> None:
        """Add the lines of what just happened (oldest first) to the log on show."""
        if entries:
            self._log_entries = (self._log_entries + list(entries))[-MAX_LOG_LINES:]
            self._show_log()

    def _show_log(self) -> None:
        """Bring the list to the rows of the entries kept, inserting and removing
        only the rows that differ (new lines come in at the top)."""
        from difflib import SequenceMatcher

        from reclaimdesk.ui.reclaim.logbook import round_heading

        ordered: list[tuple[str, str]] = []  # (style, text): 'heading', 'important', 'empty' or ''
        last_round = None
        for entry in reversed(self._log_entries):  # newest first, each round under its heading
            if entry.round != last_round:
                ordered.append(("heading", round_heading(entry.round)))
                last_round = entry.round
            ordered.append(("important" if entry.important else "", entry.text))
        if not ordered:
            ordered = [("empty", _("Finished sections, X marks and crossed-out numbers are listed here."))]
        ops = SequenceMatcher(None, self._log_rows, ordered, autojunk=False).get_opcodes()
        for tag, i1, i2, j1, j2 in reversed(ops):  # from the bottom up, so the rows above keep their places
            if tag == "equal":
                continue
            for _row in range(i1, i2):
                self.log.takeItem(i1)
            for offset, row in enumerate(ordered[j1:j2]):
                self.log.insertItem(i1 + offset, self._log_item(*row))
        self._log_rows = ordered

    @staticmethod
    def _log_item(style: str, text: str) -> QListWidgetItem:
        item = QListWidgetItem(breakable(text))
        if style == "heading":
            f = item.font()
            f.setBold(True)
            item.setFont(f)
            item.setForeground(QColor(ACCENT))
        elif style == "important":
            item.setForeground(QColor(DANGER))
        elif style == "empty":
            item.setForeground(QColor(MUTED))
        return item

    def log_lines(self) -> list[str]:
        """The log's rows as shown, top to bottom (headings included)."""
        return [text for _style, text in self._log_rows]


def breakdown_html(parts: dict[str, Any], castles: int, rect: tuple[int, int, int, int] | None,
                   final: bool) -> str:
    rows = [(_("Castles, first half"), parts.get("first_half")),
            (_("Castles, second half"), parts.get("second_half"))]
    if final:
        if rect is None:
            rows.append((_("Rectangle: none (-5)"), parts.get("rectangle")))
        else:
            rows.append((_("Rectangle: {height} x {width}").format(height=rect[2], width=rect[3]),
                         parts.get("rectangle")))
    rows.append((_("X marks"), parts.get("x_penalty")))
    if final:
        rows.append((f"<b>{_('Total')}</b>", f"<b>{parts.get('total')}</b>"))
    cells = "".join(f"<tr><td>{label}</td><td align='right'>&nbsp;&nbsp;{'-' if v is None else v}</td></tr>"
                    for label, v in rows)
    if final:
        note = _("Blue: your largest group of connected castles ({count}). Purple: the scoring rectangle.")
    else:
        note = _("Blue: your largest group of connected castles ({count}).")
    return f"<table>{cells}</table><p>{note.format(count=castles)}</p>"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]

