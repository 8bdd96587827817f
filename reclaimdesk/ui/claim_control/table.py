"""The table: the board view with both trays, and the panel beside it (whose
turn, what to do, the influence overlay switch, take back, hint, a legend and
the list of placements). :meth:`ClaimTable._wire` holds every connection."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Signal
from PySide6.QtGui import QColor, QPainter, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QWidget,
)

from reclaimdesk.core.grid import cell_name
from reclaimdesk.core.i18n import _
from reclaimdesk.core.match import Changes, Step
from reclaimdesk.games.claim_control.actions import ClaimAction
from reclaimdesk.ui.board.controller import VIEW
from reclaimdesk.ui.board.table import GameTable
from reclaimdesk.ui.text import breakable
from reclaimdesk.ui.board.panels import SidePanelBase, instruction_label, label, log_list, panel, show_lines
from reclaimdesk.ui.claim_control.controller import ClaimController, colour_word
from reclaimdesk.ui.claim_control.items import (
    SEAT_ACCENT,
    draw_marker,
    draw_square,
    draw_symbol,
)
from reclaimdesk.ui.claim_control.model import SYMBOL, piece_place
from reclaimdesk.ui.claim_control.scene import ClaimScene
from reclaimdesk.ui.claim_control.view import ClaimBoardView

PANEL_WIDTH = 264


def piece_pixmap(kind: str, seat: int, colour: str, size: int = 28, dpr: float = 1.0) -> QPixmap:
    """A small picture of a piece ('square' or 'marker'), or of a side's sign ('sign')."""
    pixmap = QPixmap(int(size * dpr), int(size * dpr))
    pixmap.setDevicePixelRatio(dpr)
    pixmap.fill(QColor(0, 0, 0, 0))
    p = QPainter(pixmap)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    if kind == "square":
        draw_square(p, QRectF(3, 3, size - 6, size - 6), colour)
    elif kind == "marker":
        draw_marker(p, size / 2, size / 2, size * 0.36, seat, colour)
    else:
        draw_symbol(p, size / 2, size / 2, size * 0.32, seat, SEAT_ACCENT[seat], 3.0)
    p.end()
    return pixmap


def log_line(step: Step) -> str:
    """A line of the placements list: '3. ○ blue square c3'."""
    return f"{step.index + 1}. {SYMBOL[step.seat]} {log_text(ClaimAction.parse(step.text))}"


def log_text(action: ClaimAction) -> str:
    """A placement in few words: 'blue square c3', 'red marker c3-d3', 'red marker corner b2'."""
    colour = colour_word(action.colour)
    if action.piece == "square":
        assert action.cell is not None
        return _("{colour} square {cell}").format(colour=colour, cell=cell_name(action.cell))
    assert action.spot is not None
    if action.spot.kind == "edge":
        return _("{colour} marker {edge}").format(colour=colour, edge=action.spot.name)
    return _("{colour} marker corner {corner}").format(colour=colour, corner=action.spot.name)


class SidePanel(SidePanelBase):
    """Shows what it is given and emits requests; the table wires it."""

    overlayToggled = Signal(bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, fixed_width=False)
        layout = self.column

        turn, tl = panel()
        self.progress = label(name="small")
        tl.addWidget(self.progress)
        row = QHBoxLayout()
        self.turn_icon = QLabel()
        self.turn_icon.setFixedSize(28, 28)
        row.addWidget(self.turn_icon)
        self.turn_label = label(name="heading", wrap=True)
        row.addWidget(self.turn_label, 1)
        tl.addLayout(row)
        self.instruction = instruction_label(60)
        tl.addWidget(self.instruction)
        layout.addWidget(turn)

        tools, bl = panel()
        self.overlay_box = QCheckBox(_("Show influence (I)"))
        self.overlay_box.setToolTip(_("On every square: each side's influence and who would claim it "
                                      "if the game ended now, with both running totals"))
        bl.addWidget(self.overlay_box)
        buttons = QGridLayout()
        self.undo_button = self.request_button(
            _("Take back"), self.undoRequested,
            _("Take back your last placement (against the AI, its answer too). Ctrl+Z"))
        self.redo_button = self.request_button(
            _("Redo"), self.redoRequested, _("Place again what was taken back. Ctrl+Shift+Z"))
        self.hint_button = self.request_button(
            _("Hint"), self.hintRequested, _("Ask the hard AI where it would play (H)"))
        buttons.addWidget(self.undo_button, 0, 0)
        buttons.addWidget(self.redo_button, 0, 1)
        buttons.addWidget(self.hint_button, 1, 0, 1, 2)
        bl.addLayout(buttons)
        self.busy_label = label("", "small")
        self.busy_label.setMinimumHeight(self.busy_label.fontMetrics().height())
        bl.addWidget(self.busy_label)
        self.tools = tools  # the table stands it at the foot of its column (it never moves)

        legend, ll = panel()
        ll.addWidget(label(_("Influence"), "heading"))
        grid = QGridLayout()
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(4)
        rows = (
            (("marker", 0, "blue"), ("marker", 1, "blue"), _("Blue markers count only on blue squares")),
            (("marker", 0, "red"), ("marker", 1, "red"), _("Red markers count only on red squares")),
            (("square", 0, "blue"), ("square", 0, "red"), _("Squares score for whoever claims them")),
        )
        for r, (a, b, text) in enumerate(rows):
            for c, spec in enumerate((a, b)):
                icon = QLabel()
                icon.setPixmap(piece_pixmap(spec[0], spec[1], spec[2], 24, self.devicePixelRatioF()))
                grid.addWidget(icon, r, c)
            grid.addWidget(label(text, "small", wrap=True), r, 2)
        grid.setColumnStretch(2, 1)
        ll.addLayout(grid)
        ll.addWidget(label(_("A marker on a line gives 2 to each of its two squares; on a crossing point, "
                             "1 to each of four. More influence claims a square; a tie claims nothing."),
                           "small", wrap=True))
        layout.addWidget(legend)

        self.log_box, gl = panel()  # the table puts it under the scrolling panels, always in view
        gl.addWidget(label(_("Placements"), "heading"))
        self.log = log_list(120)
        # under the panels the list grows and shrinks as the panels above change
        # height: it keeps its newest line in view then too
        bar = self.log.verticalScrollBar()
        bar.rangeChanged.connect(lambda _low, high: bar.setValue(high))
        gl.addWidget(self.log, 1)

        self.overlay_box.toggled.connect(self.overlayToggled)

    def set_turn(self, progress: str, seat: int, text: str, instruction: str) -> None:
        self.progress.setText(progress)
        if seat >= 0:
            self.turn_icon.setPixmap(piece_pixmap("sign", seat, "", 28, self.devicePixelRatioF()))
        else:
            self.turn_icon.clear()
        self.turn_label.setText(text)
        self.instruction.setText(instruction)

    def set_tools(self, *, can_undo: bool, can_redo: bool, can_hint: bool, busy: bool) -> None:
        self.undo_button.setEnabled(can_undo)
        self.redo_button.setEnabled(can_redo)
        self.hint_button.setEnabled(can_hint and not busy)
        self.busy_label.setText(_("Thinking...") if busy else "")

    def set_log(self, lines: list[str]) -> None:
        show_lines(self.log, lines)

    def add_log(self, lines: list[str]) -> None:
        """Add ``lines`` at the end of the list, the last one in sight."""
        self.log.addItems([breakable(line) for line in lines])
        self.log.scrollToBottom()


class ClaimTable(GameTable):
    overlayChanged = Signal(bool)

    def __init__(self, controller: ClaimController, *, overlay: bool = False,
                 parent: QWidget | None = None) -> None:
        super().__init__(controller, parent)
        self.overlay = overlay
        self.scene = ClaimScene(trays=True)
        self.view = ClaimBoardView(self.scene)
        self.panel = SidePanel()
        self.panel.setFixedWidth(PANEL_WIDTH)
        self.panel.overlay_box.setChecked(overlay)
        # the placements stay in view; the buttons stand still at the foot
        self.lay_out(self.view, self.panel, PANEL_WIDTH, below=self.panel.log_box, tools=self.panel.tools)
        self.add_hint_box(self.panel)
        self._wire()
        self.redraw()

    def _wire(self) -> None:
        """Every connection of the table, in one place (the ones every table
        makes come first, from the base)."""
        self.wire_common()
        c, v, p = self.controller, self.view, self.panel
        v.boardHovered.connect(c.hover)
        v.boardClicked.connect(c.click)
        v.itemClicked.connect(c.tray_clicked)
        v.pieceKeyPressed.connect(c.select_key)
        v.dropRequested.connect(c.drop)
        v.overlayToggled.connect(self.toggle_overlay)
        p.overlayToggled.connect(self.set_overlay)
        p.redoRequested.connect(c.redo)
        c.busyChanged.connect(self.update_tools)
        c.hintChanged.connect(self.show_hint)
        c.undoChanged.connect(self.update_tools)
        c.busyChanged.connect(lambda *_: self.actionsChanged.emit())

    # --- the overlay ---------------------------------------------------------------------
    def toggle_overlay(self) -> None:
        self.set_overlay(not self.overlay)

    def set_overlay(self, on: bool) -> None:
        on = bool(on)
        if self.panel.overlay_box.isChecked() != on:
            self.panel.overlay_box.setChecked(on)  # comes back here through its signal
            return
        if on != self.overlay:
            self.overlay = on
            self.redraw()
            self.overlayChanged.emit(on)
            self.view.setFocus()

    # --- drawing ---------------------------------------------------------------------------
    def redraw(self, changes: Changes | None = None) -> None:
        """Redraw what ``changes`` names: the picked piece, the ghost and the hint
        for a change of the view alone; else the board, the turn and the tools
        too, with the new placements added to the list (the whole list again
        after a take back). None: everything."""
        if changes is not None and changes.kind == VIEW:
            self.show_pick()
            self.show_hint()
            return
        c = self.controller
        model = c.model()
        self.scene.show_model(model, overlay=self.overlay)
        self.show_pick()
        self.show_hint()
        seat = c.state.current_player
        if c.over:
            a, b = model.totals
            text = _("Game over")
            instruction = _("Circles {circles}, Crosses {crosses}.").format(circles=a, crosses=b)
        else:
            text = _("{player} to play").format(player=c.who(seat))

            instruction = c.instruction()
        self.panel.set_turn(c.progress(), -1 if c.over else seat, text, instruction)
        self.update_tools()
        steps = c.match.steps()
        if changes is not None and not changes.rebuilt and changes.start == self.panel.log.count():
            self.panel.add_log([log_line(step) for step in steps[changes.start:]])
        else:
            self.panel.set_log([log_line(step) for step in steps])

    def show_pick(self) -> None:
        c = self.controller
        model = self.scene.current or c.model()
        names = (c.side(0), c.side(1))
        roles = (c.role(0), c.role(1))
        self.scene.show_trays(names, roles, model, c.picked(), self.overlay)
        cells, spots = c.legal_places()
        self.scene.set_places(cells, spots)
        ghost = c.ghost
        self.scene.set_ghost(ghost.as_tuple() if ghost is not None else None)
        self.panel.instruction.setText(c.instruction() if not c.over else self.panel.instruction.text())

    def show_hint(self) -> None:
        hint = self.controller.hint
        self.scene.set_hint(piece_place(hint) if hint is not None else None)

    def update_tools(self, *_args: object) -> None:
        c = self.controller
        self.panel.set_tools(can_undo=c.can_undo(), can_redo=c.can_redo(), can_hint=c.human_turn(),
                             busy=c.busy)

