"""The table: the hex board and the side panel. :meth:`TableWidget._wire` holds
every signal connection between the view, the panel and the controller."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QWidget

from reclaimdesk.core.i18n import _
from reclaimdesk.core.match import Changes
from reclaimdesk.games.reclamation_wars.components import LOCKDOWN, NEUTRALIZER, SPECIAL_DESCRIPTIONS, VOID
from reclaimdesk.ui.board.controller import VIEW
from reclaimdesk.ui.board.table import GameTable
from reclaimdesk.ui.reclamation_wars.controller import NEUTRALIZING, VOIDING, WarsController
from reclaimdesk.ui.reclamation_wars.model import SEATS, SPECIAL_KINDS, colour_name, special_name
from reclaimdesk.ui.reclamation_wars.panel import SeatRow, SidePanel, SpecialRow
from reclaimdesk.ui.reclamation_wars.scene import BoardScene
from reclaimdesk.ui.reclamation_wars.view import BoardView

PANEL_WIDTH = 300


class TableWidget(GameTable):
    resultsRequested = Signal()

    def __init__(self, controller: WarsController, parent: QWidget | None = None) -> None:
        super().__init__(controller, parent)
        from reclaimdesk.ui.style import prepare_pixmap_cache

        prepare_pixmap_cache()          # room for the board's cached layers, so they are painted once
        self.scene = BoardScene(controller.state.geo.spec.radius)
        self.view = BoardView(self.scene)
        self.panel = SidePanel()
        self.panel.setFixedWidth(PANEL_WIDTH)
        self._drawn_mode = ""
        # the turns stay in view; Take back and Hint stand still at the foot
        self.lay_out(self.view, self.panel, PANEL_WIDTH, below=self.panel.log_box, tools=self.panel.tools)
        self.add_hint_box(self.panel)
        self._wire()
        self.redraw()

    def _wire(self) -> None:
        """Every connection of the table, in one place (the ones every table
        makes come first, from the base)."""
        self.wire_common()
        c, v, p = self.controller, self.view, self.panel
        v.hexHovered.connect(c.hover_hex)
        v.hexClicked.connect(c.click_hex)
        v.confirmRequested.connect(c.confirm)
        v.cancelRequested.connect(c.cancel)
        v.cursorMoved.connect(c.move_cursor)
        p.voidRequested.connect(lambda: c.choose_mode(VOIDING))
        p.neutralizeRequested.connect(lambda: c.choose_mode(NEUTRALIZING))
        p.lockdownRequested.connect(c.lockdown)
        p.endTurnRequested.connect(c.end_demolisher_turn)
        p.resultsRequested.connect(self.resultsRequested)
        c.busyChanged.connect(self._busy)

    def redraw(self, changes: Changes | None = None) -> None:
        """Draw what ``changes`` names: the board always (its items repaint only
        what differs); for a view's own change (a hover, the cursor, a turn type)
        the turn box only when the turn type changed; else the panels, and the log
        grows by the new turns unless the position was rebuilt."""
        c = self.controller
        self.scene.show_board(c.board_view())
        if changes is not None and changes.kind == VIEW:
            if c.mode != self._drawn_mode:
                self._turn_box()
            return
        self._turn_box()
        self.panel.set_seats(self._seat_rows())
        self.panel.set_last_turns([(s, c.seat_title(s), what) for s, what in c.last_turns()])
        self.panel.set_specials(self._special_rows())
        shown = self.panel.log.count()
        if changes is None or changes.rebuilt or shown > len(c.state.turns):
            self.panel.set_log(c.log_lines())
        else:
            self.panel.add_log(c.log_lines(shown))
        self._tools()

    def _turn_box(self) -> None:
        """Whose turn, what to do, the demolisher's moves and the turn types."""
        c = self.controller
        state = c.state
        self._drawn_mode = c.mode
        human = c.human_turn()
        seat = c.seat
        moves = ""
        if human and state.demolisher_hex(seat) is not None:
            allowed = state.moves_allowed(seat)
            moves = _("Demolisher moves this turn: {used} of {allowed} made").format(used=state.moves_used,
                                                                                   allowed=allowed)
        self.panel.set_turn(c.turn_label(), c.instruction(), moves, demolishing=human and state.moves_used > 0,
                            over=c.over)
        free = human and not state.moves_used

        def power(mode: str, kind: str) -> tuple[bool, bool, bool]:
            holds = human and state.holds(seat, kind)
            return holds, free and c.has_mode(mode), c.mode == mode

        self.panel.set_powers(void=power(VOIDING, VOID), neutralize=power(NEUTRALIZING, NEUTRALIZER),
                              lockdown=(human and state.holds(seat, LOCKDOWN), free and c.can_lockdown()),
                              note=c.lockdown_note() if free else "")

    def _seat_rows(self) -> list[SeatRow]:
        c = self.controller
        state = c.state
        counts = c.counts()
        winners = set(state.winners()) if c.over else set()
        rows = []
        for s in range(SEATS):
            notes = [special_name(k) for k in SPECIAL_KINDS if state.holds(s, k)]
            if state.is_locked(s):
                notes.append(_("in lockdown (immune)"))
            if state.demolisher_hex(s) is None:
                notes.append(_("demolisher destroyed"))
            rows.append(SeatRow(s, c.seat_title(s), counts[s], _(", ").join(notes),
                                to_move=not c.over and s == state.current_player, winner=s in winners))
        return rows

    def _special_rows(self) -> list[SpecialRow]:
        state = self.controller.state
        spent = set(state.stripped_hexes().values())
        rows = []
        for kind in SPECIAL_KINDS:
            holder = state.holder(kind)
            where = state.geo.hexes[state.layout[kind]]
            if kind in spent:
                text = _("on {hex}: power gone").format(hex=state.geo.label(where))
                who = None
            elif holder >= 0:
                text = _("on {hex}: held by {player}").format(hex=state.geo.label(where), player=colour_name(holder))
                who = holder
            else:
                text = _("on {hex}: nobody holds it").format(hex=state.geo.label(where))
                who = None
            rows.append(SpecialRow(kind, special_name(kind), who, text, _(SPECIAL_DESCRIPTIONS[kind]),
                                   spent=kind in spent))
        return rows

    def _tools(self) -> None:
        c = self.controller
        busy = ""
        if c.busy and not c.over and not c.is_human(c.state.current_player):
            busy = _("{player} is thinking...").format(player=c.seat_title(c.state.current_player))
        self.panel.set_tools(can_undo=c.can_undo(), can_hint=c.human_turn() and not c.busy, busy=busy)

    def _busy(self, _busy: bool) -> None:
        self._tools()
        self.actionsChanged.emit()
