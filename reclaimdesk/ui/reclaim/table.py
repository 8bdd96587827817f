"""The table: the board view of the sheet being played, the side panel and, in
table play, the other sheets as thumbnails. :meth:`TableWidget._wire` holds every
signal connection between the view, the panel and the controller."""

from __future__ import annotations

from html import escape as html_escape

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from reclaimdesk.core.i18n import _
from reclaimdesk.core.match import Changes
from reclaimdesk.ui.board.controller import VIEW
from reclaimdesk.ui.board.table import GameTable
from reclaimdesk.ui.reclaim import geometry as g
from reclaimdesk.ui.reclaim.controller import CELL_PHASES, Happening, Question, ReclaimController
from reclaimdesk.ui.reclaim.panels import SidePanel, breakdown_html
from reclaimdesk.ui.reclaim.scene import SheetScene
from reclaimdesk.ui.reclaim.view import BoardView

PANEL_WIDTH = 300
WORDS_DELAY_MS = 40
THUMB_WIDTH = 150
THUMB_MIN_WIDTH = 104
MAP_AREA = (g.MAP_X - 6, g.MAP_Y - 6, g.MAP_W + 12, g.MAP_H + 12)


class ThumbCard(QFrame):
    """Another seat's sheet, small, as seen across the table."""

    clicked = Signal(int)

    def __init__(self, seat: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.seat = seat
        self.setObjectName("panel")
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 6)
        layout.setSpacing(2)
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.PlainText)  # a player's name, from the record
        self.title.setObjectName("small")
        self.title.setWordWrap(True)  # "Name: 12 (playing)" in two lines on a narrow card
        layout.addWidget(self.title)
        self.scene = SheetScene(table=False)
        self.view = BoardView(self.scene, interactive=False, fit=MAP_AREA)
        self.view.setMinimumSize(96, 96)
        self.view.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        layout.addWidget(self.view, 1)
        # six seats fit beside the panel at 1024 px; fewer take their full width
        self.setMinimumWidth(THUMB_MIN_WIDTH)
        self.setMaximumWidth(THUMB_WIDTH)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setToolTip(_("Click to see this sheet larger"))

    def mousePressEvent(self, event) -> None:
        self.clicked.emit(self.seat)

    def set_info(self, text: str, active: bool) -> None:
        self.title.setText(text)
        self.setStyleSheet("QFrame#panel { border: 2px solid #2f5d62; }" if active else "")


class SheetDialog(QDialog):
    """One seat's sheet, large and read-only, kept up to date while it is open
    (the table calls :meth:`refresh`), with what the seat drew in its latest
    turn outlined."""

    def __init__(self, controller: ReclaimController, seat: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.seat = seat
        self.setWindowTitle(_("Sheet of {name}").format(name=controller.seat_name(seat)))
        screen = self.screen() if parent is None else parent.screen()
        room = screen.availableGeometry() if screen is not None else None
        # 640 x 780 where the screen has room for it (a 768-pixel screen has not)
        self.resize(640 if room is None else min(640, room.width() - 40),
                    780 if room is None else min(780, room.height() - 60))
        layout = QVBoxLayout(self)
        self.scene = SheetScene(table=False)
        self.view = BoardView(self.scene, interactive=False)
        layout.addWidget(self.view, 1)
        self.caption = QLabel()
        self.caption.setTextFormat(Qt.TextFormat.PlainText)  # a player's name, from the record
        self.caption.setObjectName("small")
        self.caption.setWordWrap(True)
        layout.addWidget(self.caption)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.refresh()

    def refresh(self) -> None:
        c = self.controller
        self.scene.show_sheet(c.view_of(self.seat, table=False))
        sections, triangles = c.newest(self.seat)
        self.scene.set_newest(sections, triangles)
        self.caption.setText(newest_caption(c, self.seat, bool(sections or triangles)))


def newest_caption(c: ReclaimController, seat: int, shown: bool) -> str:
    """What the outline on a sheet means (its tooltip or caption)."""
    if not shown:
        return _("Nothing new on this sheet since {name}'s turn began.").format(name=c.seat_name(seat))
    return _("Outlined: what {name} drew in their latest turn (until their next turn).").format(
        name=c.seat_name(seat))


class TableWidget(GameTable):
    scoringDone = Signal(int)

    def __init__(self, controller: ReclaimController, *, animations: bool = True,
                 parent: QWidget | None = None) -> None:
        super().__init__(controller, parent)
        from reclaimdesk.ui.style import prepare_pixmap_cache

        prepare_pixmap_cache()
        self.animations = animations
        self.scene = SheetScene(table=True)
        self.view = BoardView(self.scene)
        self.panel = SidePanel()
        self.panel.setFixedWidth(PANEL_WIDTH)
        self.scoring_half = 0
        self.sheet_dialog: SheetDialog | None = None
        self.words_timer = QTimer(self)
        """The panel's words for the placement pointed at follow once the pointer
        rests (WORDS_DELAY_MS): re-wrapping them lays the whole panel out again,
        which must not slow the ghost down while it sweeps the map."""
        self.words_timer.setSingleShot(True)
        self.words_timer.setInterval(WORDS_DELAY_MS)
        self.words_timer.timeout.connect(self.show_forecast_words)
        self.confirm_box: QMessageBox | None = None
        """The question open before a step that cannot be taken back (tests read it)."""

        left = QVBoxLayout()
        left.setSpacing(8)
        left.addWidget(self.view, 1)
        self.thumbs: dict[int, ThumbCard] = {}
        self.thumb_strip = QWidget()
        strip = QHBoxLayout(self.thumb_strip)
        strip.setContentsMargins(0, 0, 0, 0)
        strip.setSpacing(8)
        if not controller.solo:
            for seat in range(len(controller.seats)):
                card = ThumbCard(seat)
                self.thumbs[seat] = card
                strip.addWidget(card, 1)
            strip.addStretch(1)
            self.thumb_strip.setFixedHeight(172)
            left.addWidget(self.thumb_strip)
        else:
            self.thumb_strip.hide()
        # the log stays in view; Hint, Undo and Redo stand still at the foot
        self.lay_out(left, self.panel, PANEL_WIDTH, below=self.panel.log, tools=self.panel.tools)
        self._wire()
        self.redraw()

    # --- wiring -------------------------------------------------------------------------
    def _wire(self) -> None:
        """Every connection of the table, in one place (the ones every table
        makes come first, from the base)."""
        self.wire_common()
        c, v, p = self.controller, self.view, self.panel
        v.cellHovered.connect(c.hover)
        v.cellClicked.connect(c.click)
        v.itemClicked.connect(c.select_item)
        v.rotateRequested.connect(c.rotate)
        v.cursorMoved.connect(c.move_cursor)
        v.confirmRequested.connect(c.confirm)
        v.confirmRequested.connect(self._confirm_after_the_end)
        v.cardKeyPressed.connect(c.select_start)
        v.cancelRequested.connect(c.dismiss_hint)
        p.takeHintRequested.connect(c.take_hint)
        p.stepPointed.connect(self.show_step_forecast)
        p.dismissHintRequested.connect(c.dismiss_hint)
        p.specialRequested.connect(c.special)
        p.passRequested.connect(c.pass_turn)
        p.endRequested.connect(c.end_turn)
        p.autoPayRequested.connect(c.pay_automatically)
        p.redoRequested.connect(c.redo)
        p.scoringClosed.connect(self.close_scoring)
        c.ghostChanged.connect(self.show_ghost)
        c.forecastChanged.connect(self.show_forecast)
        c.cursorChanged.connect(self.show_cursor)
        c.happened.connect(self.show_happenings)
        c.halfScored.connect(self.show_scoring)
        c.confirmationNeeded.connect(self.ask_first)
        c.busyChanged.connect(self.show_busy)
        c.hintChanged.connect(self.show_hint)
        c.undoChanged.connect(self.update_tools)
        for card in self.thumbs.values():
            card.clicked.connect(self.open_sheet)

    # --- drawing ------------------------------------------------------------------------
    def redraw(self, changes: Changes | None = None) -> None:
        """Redraw what ``changes`` names (everything without it): a change of the
        view's own state (kind 'view': the starting card picked, the hint put
        away) only the board; a change of the game the panel too, with the log's
        new lines added, or read whole after a take back."""
        c = self.controller
        seat = c.display_seat()
        self.scene.show_sheet(c.view_of(seat))
        self.scene.set_highlight("pay", c.payable_cells())
        gift = c.state.phase == "gift"
        self.scene.set_highlight("place", [] if gift else c.open_section_cells())
        self.scene.set_highlight("gift", c.open_section_cells() if gift else [])
        self.show_ghost()
        self.show_cursor()
        self.show_hint()
        if changes is not None and changes.kind == VIEW:
            return
        state = c.state
        who = "" if c.solo or c.over else _("{name} to play").format(name=c.seat_name(state.current_player))
        if not c.solo and seat != state.current_player and not c.over and c.human_turn():
            who = _("{name} plays on {owner}'s sheet").format(name=c.seat_name(state.current_player),
                                                              owner=c.seat_name(seat))
        self.panel.set_turn(c.round_label(), who, c.instruction(),
                            can_autopay=c.auto_pay == "offer" and c.unique_payment() is not None,
                            can_pass=c.can_pass(), can_end=c.can_end())
        self.panel.set_special(c.special_info())
        self.panel.special.setVisible(not c.over)
        self._update_score(c.home_seat())
        if changes is None or changes.rebuilt:
            self.panel.set_log(c.log_entries())
        else:
            self.panel.add_log(c.new_log)
        self.update_tools()
        for s, card in self.thumbs.items():
            card.scene.show_sheet(c.view_of(s, table=False))
            sections, triangles = c.newest(s)
            card.scene.set_newest(sections, triangles)
            tip = _("{outline} Click to see this sheet larger.").format(
                outline=newest_caption(c, s, bool(sections or triangles)))
            card.setToolTip(f"<qt>{html_escape(tip)}</qt>")  # a name from the record stays plain text
            if s == state.current_player and not c.over:
                label = _("{name}: {score} (playing)").format(name=c.seat_name(s), score=state.projected_total(s))
            else:
                label = _("{name}: {score}").format(name=c.seat_name(s), score=state.projected_total(s))
            card.set_info(label, s == seat)
        if self.sheet_dialog is not None and self.sheet_dialog.isVisible():
            self.sheet_dialog.refresh()

    def _update_score(self, seat: int) -> None:
        c = self.controller
        state = c.state
        total = state.projected_total(seat)
        castles, _group = c.castle_group(seat)
        xs = state.x_count(state.sheets[seat])

        crossed = state.sheets[seat].crossed
        if c.over:
            detail = _("Final score.") if c.solo else _("{name}, final score.").format(name=c.seat_name(seat))
        elif c.solo:
            detail = _("If the game ended now. Castles linked {castles}, X marks {xs}, crossed out {crossed}.").format(
                castles=castles, xs=xs, crossed=crossed)
        else:
            detail = _("{name}, if the game ended now. Castles linked {castles}, X marks {xs}, "
                       "crossed out {crossed}.").format(name=c.seat_name(seat), castles=castles, xs=xs,
                                                        crossed=crossed)
        self.panel.set_score(total, detail, final=c.over, solo=c.solo)

    def update_tools(self) -> None:
        c = self.controller
        self.panel.set_tools(can_hint=c.human_turn(), busy=c.busy, can_undo=c.can_undo(),
                             can_redo=c.can_redo())

    def show_ghost(self) -> None:
        ghost = self.controller.ghost
        if ghost is None:
            self.scene.set_ghost(())
        else:
            self.scene.set_ghost(ghost.cells, ghost.legal)
        self.show_forecast()

    def show_forecast(self) -> None:
        """What a click where the player points would do: on the map and in the panel."""
        c = self.controller
        _kind, forecast, _problem = c.forecast()
        if forecast is None or forecast.seat != c.display_seat():
            self.scene.set_forecast()
        else:
            self.scene.set_forecast(forecast.walled_off, forecast.completed,
                                    sorted({cell for group in forecast.links_made for cell in group}),
                                    sorted({cell for group in forecast.links_cut for cell in group}))
        self.words_timer.start()

    def show_forecast_words(self) -> None:
        self.words_timer.stop()
        title, lines = self.controller.forecast_words()
        self.panel.forecast.set_lines(title, lines)

    def show_cursor(self) -> None:
        c = self.controller
        keyboard_cell = c.keyboard and c.human_turn() and c.state.phase in CELL_PHASES
        self.scene.set_highlight("cursor", [c.pointer] if keyboard_cell else [])

    def show_step_forecast(self, step: str) -> None:
        """While the pointer is over a step's button, the turn panel says what the
        step would do (crossing out a number may lower the castle points)."""
        title, lines = self.controller.step_words(step) if step else ("", [])
        if lines:
            self.words_timer.stop()
            self.panel.forecast.set_lines(title, lines)
        else:
            self.show_forecast_words()

    def show_hint(self) -> None:
        """The hint stays on the map (the ghost moves over it) and is explained in
        the panel until the player acts, asks again, undoes or puts it away."""
        c = self.controller
        kind, cells = c.hint_cells()
        self.scene.set_highlight("hint", cells if kind == "cell" else [])
        self.scene.set_hint_shape(cells if kind == "shape" else [])
        what, why = c.hint_words()
        self.panel.hint_box.set_hint(what, why)

    def show_busy(self, busy: bool) -> None:
        self.update_tools()
        self.actionsChanged.emit()

    # --- happenings ------------------------------------------------------------------------
    def show_happenings(self, news: list[Happening]) -> None:
        """Animate what the last step did and say a penalty in the status bar (the
        log itself is read from the game in :meth:`redraw`)."""
        c = self.controller
        seat = c.display_seat()
        for h in news:
            mine = h.seat == seat
            if h.kind == "cross":
                if h.penalty and (mine or c.is_human(h.seat)):
                    if c.solo:
                        text = _("Round {round}: you crossed out {points} - {reason}.").format(
                            round=h.round, points=h.points, reason=h.reason)
                    else:
                        text = _("Round {round}: {name} crossed out {points} - {reason}.").format(
                            round=h.round, name=c.seat_name(h.seat), points=h.points, reason=h.reason)
                    self.status.emit(text, 8000)
                if mine and self.animations:
                    self.scene.flash_track(h.entry)
            elif mine and self.animations and h.kind in ("complete", "x", "section"):
                self.scene.flash_cells(h.kind, h.mask)

    # --- scoring -----------------------------------------------------------------------------
    def show_scoring(self, half: int) -> None:
        c = self.controller
        seat = c.home_seat()
        state = c.state
        self.scoring_half = half
        castles, group = c.castle_group(seat)
        parts = state.breakdown(seat)
        rect = c.rectangle(seat) if half == 2 else None
        if seat == c.display_seat():  # the board shows this sheet: mark what scored
            self.scene.set_group(group)
            self.scene.set_rectangle(rect)
        title = _("First-half scoring") if half == 1 else _("Final scoring")
        html = breakdown_html(parts, castles, rect, final=(half == 2))
        if not c.solo:
            others = _(", ").join(
                _("{name} {score}").format(name=html_escape(c.seat_name(s)),
                                           score=state.projected_total(s) if half == 1 else int(state.scores()[s]))
                for s in range(len(c.seats)))
            line = _("So far: {scores}") if half == 1 else _("Scores: {scores}")
            html += f"<p>{line.format(scores=others)}</p>"
        self.panel.show_scoring(title, html, _("Continue") if half == 1 else _("See the results"))
        self.status.emit(_("{title}: {points} points.").format(
            title=title, points=parts['first_half'] if half == 1 else parts['total']), 6000)


    def _confirm_after_the_end(self) -> None:
        """Enter on the board once the game is over opens the results."""
        if self.controller.over and self.panel.scoring.isVisible():
            self.close_scoring()

    def close_scoring(self) -> None:
        half = self.scoring_half
        self.scoring_half = 0
        self.panel.hide_scoring()
        self.scene.set_group(0)
        self.scene.set_rectangle(None)
        self.view.setFocus()
        if half:
            self.scoringDone.emit(half)

    def ask_first(self, question: Question) -> None:
        """Ask before a step that cannot be taken back (window-modal, not blocking):
        the step is taken only if the player presses the accepting button."""
        if self.confirm_box is not None:
            self.confirm_box.close()
        box = QMessageBox(QMessageBox.Icon.Question, question.title, question.text,
                          QMessageBox.StandardButton.NoButton, self)
        yes = box.addButton(question.accept, QMessageBox.ButtonRole.AcceptRole)
        no = box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(self.question_default(yes, no))  # Enter-Enter takes a hint that asks
        box.setEscapeButton(no)
        box.accept_button = yes  # type: ignore[attr-defined]
        box.reject_button = no  # type: ignore[attr-defined]

        def answered(button) -> None:
            self.confirm_box = None
            if button is yes:
                self.controller.act(question.action, confirmed=True)
            self.back_to_board()

        box.buttonClicked.connect(answered)
        self.confirm_box = box
        box.open()

    def open_sheet(self, seat: int) -> None:
        self.sheet_dialog = SheetDialog(self.controller, seat, self)
        self.sheet_dialog.open()

    def set_animations(self, on: bool) -> None:
        self.animations = on

