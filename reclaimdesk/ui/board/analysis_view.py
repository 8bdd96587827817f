"""The AI's view in a review (issue 23), written once for every game.

:func:`reclaimdesk.core.analysis.analyse` runs on a worker thread
(:class:`reclaimdesk.ui.workers.Worker`) with a progress bar and a cancel, so the
window stays responsive; its result is kept in the library of played games
(``Library.store_analysis``) and read from there the next time the game is
reviewed. The review then shows an evaluation graph over the game
(:class:`EvalGraph`, painted with QPainter: click a point to go there), marks the
three costliest decisions in the graph and the move list, and at each of them
draws the AI's alternative on the board with the table's own hint drawing
(:meth:`GameController.show_alternative`)."""

from __future__ import annotations

import threading
from typing import Any

from PySide6.QtCore import QObject, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QMouseEvent, QPainter, QPainterPath, QPaintEvent, QPen
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from reclaimdesk.core.i18n import _
from reclaimdesk.ui.board.panels import label

PLAYED = QColor("#2f6db5")
AI = QColor("#9aa7b4")
COSTLY = QColor("#c0392b")
CURSOR = QColor("#e0a020")


class _Progress(QObject):
    """Lives on the GUI thread; the analysis reports through it from the worker."""

    step = Signal(int, int)


class EvalGraph(QWidget):
    """The value of each of the person's decisions over the game: the action
    played (a solid line) and the AI's choice (a grey line), the gap shaded where
    the AI's looked better, the costliest three circled and numbered, the cursor
    as an upright line. A click goes to the decision nearest the pointer."""

    pointClicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("evalGraph")
        self.analysis: Any = None
        self.length = 0
        self.cursor = 0
        self.setMinimumHeight(90)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setToolTip(_("Click a point to go to that decision"))

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(400, 96)

    def set_analysis(self, analysis: Any, length: int) -> None:
        self.analysis = analysis
        self.length = max(1, length)
        self.update()

    def set_cursor(self, cursor: int) -> None:
        self.cursor = cursor
        self.update()

    # geometry
    def _plot(self) -> QRectF:
        return QRectF(8, 8, max(1, self.width() - 16), max(1, self.height() - 16))

    def _range(self) -> tuple[float, float]:
        a = self.analysis
        if a.unit == "win":
            return 0.0, 1.0
        values = [v for d in a.decisions for v in (d.value_played, d.value_ai)] or [0.0]
        low, high = min(values), max(values)
        if high - low < 1e-6:
            low, high = low - 1, high + 1
        return low, high

    def point(self, index: int, value: float) -> QPointF:
        r = self._plot()
        low, high = self._range()
        x = r.left() + r.width() * (index + 0.5) / self.length
        y = r.bottom() - r.height() * (value - low) / (high - low)
        return QPointF(x, y)

    def decision_near(self, x: float) -> int | None:
        """The record index of the decision nearest ``x`` (None without any)."""
        if self.analysis is None or not self.analysis.decisions:
            return None
        return min(self.analysis.decisions, key=lambda d: abs(self.point(d.index, 0).x() - x)).index

    # painting and clicks
    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self._plot()
        p.fillRect(self.rect(), QColor("#ffffff"))
        p.setPen(QPen(QColor("#d0d4d8"), 1))
        p.drawRect(r)
        a = self.analysis
        if a is not None and self.length:
            x = r.left() + r.width() * min(self.cursor, self.length) / self.length
            p.setPen(QPen(CURSOR, 2))
            p.drawLine(QPointF(x, r.top()), QPointF(x, r.bottom()))
        if a is None or not a.decisions:
            p.end()
            return
        decisions = sorted(a.decisions, key=lambda d: d.index)
        for d in decisions:  # the gap where the AI's choice looked better
            if d.loss > 0:
                top, bottom = self.point(d.index, d.value_ai), self.point(d.index, d.value_played)
                p.setPen(QPen(QColor(192, 57, 43, 90), 4))
                p.drawLine(top, bottom)
        for values, colour, width in (([d.value_ai for d in decisions], AI, 1.5),
                                      ([d.value_played for d in decisions], PLAYED, 2.0)):
            path = QPainterPath()
            for i, (d, v) in enumerate(zip(decisions, values)):
                pt = self.point(d.index, v)
                path.moveTo(pt) if i == 0 else path.lineTo(pt)
            p.setPen(QPen(colour, width))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPath(path)
        p.setBrush(QBrush(PLAYED))
        p.setPen(Qt.PenStyle.NoPen)
        for d in decisions:
            p.drawEllipse(self.point(d.index, d.value_played), 2.5, 2.5)
        font = QFont(self.font())
        font.setBold(True)
        font.setPointSizeF(max(6.0, font.pointSizeF() * 0.8))
        p.setFont(font)
        for rank, d in enumerate(a.costliest(), 1):
            pt = self.point(d.index, d.value_played)
            p.setPen(QPen(COSTLY, 2))
            p.setBrush(QBrush(QColor("#ffffff")))
            p.drawEllipse(pt, 7, 7)
            p.setPen(QPen(COSTLY))
            p.drawText(QRectF(pt.x() - 7, pt.y() - 7, 14, 14), Qt.AlignmentFlag.AlignCenter, str(rank))
        p.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        index = self.decision_near(event.position().x())
        if index is not None and event.button() == Qt.MouseButton.LeftButton:
            self.pointClicked.emit(index)


class AnalysisView(QWidget):
    """The strip under the review's board: the button that asks the AI, the
    progress and its cancel, the graph and what the AI says of the decision at
    the cursor."""

    budget: int | None = None
    """Playouts per value (None: the game's own default; tests set 1)."""
    level = "hard"

    finishedAnalysis = Signal()

    def __init__(self, review: Any) -> None:
        super().__init__(review)
        self.setObjectName("analysisStrip")
        self.review = review
        self.result: Any = None
        self.from_cache = False
        self.available = ""
        self._cancel = threading.Event()
        self._worker: Any = None
        outer = QVBoxLayout(self)
        outer.setContentsMargins(8, 4, 8, 6)
        outer.setSpacing(4)
        row = QHBoxLayout()
        self.title = label(_("The AI's view"), name="heading")
        row.addWidget(self.title)
        self.run_button = QPushButton(_("Ask the AI about each decision"))
        self.run_button.setToolTip(_("The strongest AI looks at every decision a person made, in the "
                                     "background: what it would have done, and what both were worth"))
        self.run_button.clicked.connect(self.start)
        row.addWidget(self.run_button)
        self.progress = QProgressBar()
        self.progress.setTextVisible(True)
        self.progress.hide()
        row.addWidget(self.progress, 1)
        self.cancel_button = QPushButton(_("Cancel"))
        self.cancel_button.clicked.connect(self.cancel)
        self.cancel_button.hide()
        row.addWidget(self.cancel_button)
        self.note = label(name="analysisNote", wrap=True)
        row.addWidget(self.note, 1)
        outer.addLayout(row)
        self.graph = EvalGraph()
        self.graph.pointClicked.connect(self.review.go_to)
        self.graph.hide()
        outer.addWidget(self.graph)
        self.verdict = label(name="analysisVerdict", wrap=True)
        self.verdict.hide()
        outer.addWidget(self.verdict)
        for w in (self.run_button, self.cancel_button, self.graph):
            w.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._relay: _Progress | None = None
        self._check_available()
        self._load_cached()

    # --- what there is -------------------------------------------------------------
    def _check_available(self) -> None:
        from reclaimdesk.core.analysis import evaluator_for
        from reclaimdesk.core.errors import RecordError

        try:
            evaluator_for(self.review.game_id)
        except RecordError as exc:
            self.available = str(exc)
        if self.available:
            self.run_button.setEnabled(False)
            self.note.setText(self.available[:1].upper() + self.available[1:] + ".")
        elif not self._has_person():
            self.run_button.setEnabled(False)
            self.available = _("only the computer played this game: there is no person's decision to look at")
            self.note.setText(self.available[:1].upper() + self.available[1:] + ".")

    def _has_person(self) -> bool:
        return any(str(p.get("kind", "human")) == "human" for p in self.review.review_record.players)

    def _library(self) -> Any:
        from reclaimdesk.ui.common import data_dir
        from reclaimdesk.ui.played import open_library

        return open_library(data_dir())

    def _load_cached(self) -> None:
        """The analysis kept in the library for this game, when there is one."""
        if self.review.library_id is None or self.available:
            return
        from reclaimdesk.core.analysis import Analysis
        from reclaimdesk.core.errors import RecordError

        try:
            data = self._library().analysis(self.review.library_id)
            if data is None:
                return
            result = Analysis.from_dict(data)
        except (RecordError, OSError, KeyError, ValueError) as exc:
            self.note.setText(_("The AI's view kept for this game could not be read ({error}); ask again.")
                              .format(error=exc))
            return
        except Exception as exc:  # noqa: BLE001 - the database: said, the review goes on
            self.note.setText(_("Could not open the library of played games: {error}").format(error=exc))
            return
        if result.game != self.review.game_id:
            return
        self.from_cache = True
        self._show(result)

    # --- running -------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self._worker is not None and self._worker.busy

    def start(self) -> None:
        """Ask the AI about every decision, on a worker thread."""
        if self.available or self.running:
            return
        from reclaimdesk.core.analysis import AnalysisCancelled, analyse
        from reclaimdesk.ui.workers import Worker

        if self._worker is None:
            self._worker = Worker(self)
            self._worker.finished.connect(self._on_done)
            self._worker.failed.connect(self._on_failed)
            self._relay = _Progress(self._worker)  # lives as long as the thread that reports through it
            self._relay.step.connect(self._on_progress)
        self._cancel = threading.Event()
        cancel = self._cancel
        relay = self._relay
        record = self.review.review_record
        finished = record.result is not None
        budget, level = self.budget, self.level

        def job() -> Any:
            try:
                return analyse(record, level=level, budget=budget, progress=relay.step.emit,
                               cancel=cancel.is_set, hindsight=finished)
            except AnalysisCancelled:
                return None

        self.progress.setRange(0, 0)
        self.progress.setValue(0)
        self.progress.show()
        self.cancel_button.show()
        self.cancel_button.setEnabled(True)
        self.run_button.hide()
        self.note.setText("")
        from reclaimdesk.ui.workers import hold_quick_switching

        hold_quick_switching()  # the window keeps its pace while the analysis works
        self._holding = True
        self._worker.submit("analysis", job)

    def cancel(self) -> None:
        """Stop the analysis in progress (it stops before its next decision)."""
        if self.running:
            self._cancel.set()
            self.cancel_button.setEnabled(False)
            self.note.setText(_("Stopping..."))

    def _on_progress(self, done: int, total: int) -> None:
        self.progress.setRange(0, max(1, total))
        self.progress.setValue(done)
        self.progress.setFormat(_("Decision {done} of {total}").format(done=done, total=total))

    def _release(self) -> None:
        if getattr(self, "_holding", False):
            from reclaimdesk.ui.workers import release_quick_switching

            self._holding = False
            release_quick_switching()

    def _idle(self) -> None:
        self._release()
        self.progress.hide()
        self.cancel_button.hide()
        self.run_button.show()

    def _on_done(self, _token: Any, result: Any) -> None:
        self._idle()
        if result is None:
            self.note.setText(_("Stopped: nothing was kept. Ask again to start over."))
            return
        self.from_cache = False
        self._show(result)
        if self.review.library_id is not None:
            try:
                self._library().store_analysis(self.review.library_id, result.to_dict())
            except Exception as exc:  # noqa: BLE001 - said: the view is shown, only not kept
                self.note.setText(_("Could not keep the AI's view in the library: {error}").format(error=exc))
        self.finishedAnalysis.emit()

    def _on_failed(self, _token: Any, text: str) -> None:
        self._idle()
        first = (text.splitlines() or [""])[0]
        self.note.setText(_("The AI could not look at this game: {error}").format(error=first))
        from reclaimdesk.ui.guard import report_error

        report_error(_("ask the AI about the game"), first, detail=text)

    # --- showing -------------------------------------------------------------------
    def _show(self, result: Any) -> None:
        from reclaimdesk.core.analysis import loss_text

        self.result = result
        self.graph.set_analysis(result, self.review.length)
        self.graph.show()
        self.verdict.show()
        self.run_button.setText(_("Ask the AI again"))
        costly = result.costliest()
        if not result.decisions:
            summary = _("No decision to look at: every action was forced.")
        elif not costly:
            summary = _("The AI agrees with every decision (or finds none better).")
        else:
            worst = costly[0]
            summary = ngettext_costly(len(costly)).format(
                count=len(costly), loss=loss_text(result.unit, worst.loss))
        hindsight = self._hindsight_text(result)
        self.note.setText(summary + (" " + hindsight if hindsight else ""))
        self.review.mark_costly([d.index for d in costly])
        self.cursor_moved(self.review.cursor)

    def _hindsight_text(self, result: Any) -> str:
        if not result.hindsight:
            return ""
        from reclaimdesk.core.analysis import evaluator_for

        try:
            return evaluator_for(result.game).hindsight_text(result.hindsight)
        except Exception:  # noqa: BLE001 - a line that cannot be written is left out
            return ""

    def decision_at(self, cursor: int) -> Any:
        """The decision taken at ``cursor`` (the position shown is just before
        it), else the one just played (the position shown is just after it)."""
        if self.result is None:
            return None
        found = {d.index: d for d in self.result.decisions}
        return found.get(cursor) or found.get(cursor - 1)

    def cursor_moved(self, cursor: int) -> None:
        """The review moved: the graph's cursor, and at a decision what the AI
        says (at one of the costliest, its choice drawn on the board)."""
        self.graph.set_cursor(cursor)
        d = self.decision_at(cursor)
        if d is None:
            self.verdict.setText(_("Go to a decision (a point of the graph) to see what the AI says of it.")
                                 if self.result is not None else "")
            return
        from reclaimdesk.core.analysis import value_text

        c = self.review.controller
        before = d.index == cursor
        state = c.state if before else c.match.state_at(d.index)
        try:
            played, ai = state.parse_action(d.played), state.parse_action(d.ai)
            played_words, ai_words = state.describe_action(played), state.describe_action(ai)
        except Exception:  # noqa: BLE001 - an old analysis of another version: its notation
            played, ai, played_words, ai_words = None, None, d.played, d.ai
        unit = self.result.unit
        if d.played == d.ai:
            text = _("Decision {number}: the AI would have done the same ({value}).").format(
                number=d.index + 1, value=value_text(unit, d.value_played))
        else:
            text = _("Decision {number}: played {played} ({value}); the AI would {ai} ({ai_value}).").format(
                number=d.index + 1, played=played_words, value=value_text(unit, d.value_played), ai=ai_words,
                ai_value=value_text(unit, d.value_ai))
        if d.costly and before and ai is not None and d.played != d.ai:
            if c.show_alternative(ai):
                text += " " + _("The AI's choice is drawn on the board.")
        self.verdict.setText(text)

    def shutdown(self) -> None:
        """The review closes: the analysis is told to stop. A running one is let go
        (it stops before its next decision) instead of being waited for, so
        closing never freezes the window; its worker is deleted once it ends."""
        self._cancel.set()
        worker, self._worker = self._worker, None
        if worker is not None:
            for signal in (worker.finished, worker.failed):
                signal.disconnect()
            if self._relay is not None:
                self._relay.step.disconnect()
            if worker.busy:
                worker.setParent(None)
                _LET_GO.add(worker)
                worker.busyChanged.connect(lambda busy, w=worker: None if busy else _forget(w))
            else:
                worker.close(0)
        self._release()


_LET_GO: set = set()
"""Workers of closed reviews whose analysis is still stopping."""


def _forget(worker: Any) -> None:
    _LET_GO.discard(worker)
    worker.deleteLater()


def ngettext_costly(count: int) -> str:
    from reclaimdesk.core.i18n import ngettext

    return ngettext("The costliest decision is marked: it cost {loss}.",
                    "The {count} costliest decisions are marked; the worst cost {loss}.", count)
