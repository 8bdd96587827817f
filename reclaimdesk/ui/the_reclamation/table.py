"""The table: the board view with both players' trays and cards, and the side
panel. :meth:`TableWidget._wire` holds every signal connection between the
view, the panel and the controller."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QWidget

from reclaimdesk.games.the_reclamation.actions import TheReclamationAction
from reclaimdesk.games.the_reclamation.state import CHOOSING_CARD
from reclaimdesk.core.match import Changes
from reclaimdesk.ui.board.controller import VIEW
from reclaimdesk.ui.board.table import GameTable
from reclaimdesk.ui.the_reclamation.controller import ReclamationController
from reclaimdesk.core.i18n import _
from reclaimdesk.ui.the_reclamation.model import faction, goal, rule_name

from reclaimdesk.ui.the_reclamation.panel import SidePanel
from reclaimdesk.ui.the_reclamation.scene import TableScene
from reclaimdesk.ui.the_reclamation.view import TableView

PANEL_WIDTH = 290


class TableWidget(GameTable):
    resultsRequested = Signal()

    def __init__(self, controller: ReclamationController, parent: QWidget | None = None) -> None:
        super().__init__(controller, parent)
        self.scene = TableScene()
        self.view = TableView(self.scene)
        self.panel = SidePanel()
        self.panel.setFixedWidth(PANEL_WIDTH)
        self.lay_out(self.view, self.panel, PANEL_WIDTH, tools=self.panel.tools)
        self.add_hint_box(self.panel)
        c = controller
        self.panel.set_rules(_("{rules} rules").format(rules=rule_name(c.rules)), goal(c.rules))
        self.panel.flip_button.setToolTip(_("See the board from the other side") if c.against_ai() else
                                          _("See the board from the other player's side"))
        self._wire()
        self.redraw()

    def _wire(self) -> None:
        """Every connection of the table, in one place (the ones every table
        makes come first, from the base)."""
        self.wire_common()
        c, v, p = self.controller, self.view, self.panel
        v.cellHovered.connect(c.hover_cell)
        v.cellClicked.connect(c.click_cell)
        v.cardClicked.connect(c.click_card_id)
        v.cardHovered.connect(c.hover_card_id)
        v.confirmRequested.connect(c.confirm)
        v.cancelRequested.connect(c.cancel)
        v.cardKeyPressed.connect(c.press_card_key)
        v.cursorMoved.connect(c.move_cursor)
        p.reclaimRequested.connect(c.confirm)
        p.cancelRequested.connect(c.cancel)
        p.flipRequested.connect(c.flip)
        p.resultsRequested.connect(self.resultsRequested)
        c.busyChanged.connect(self._busy)

    def redraw(self, changes: Changes | None = None) -> None:
        """Redraw the board and the turn; the log only when the game changed (not
        for a selection or the pointer)."""
        c = self.controller
        self.scene.show_table(c.table_view())
        state = c.state
        chosen = c.human_turn() and state.phase == CHOOSING_CARD and c.selected_card > 0
        can = chosen and state.why_illegal(TheReclamationAction.use_card(c.selected_card)) == ""
        self.panel.set_turn(c.turn_label(), c.instruction(), card_chosen=chosen, can_reclaim=can, over=c.over)
        if chosen:
            name = _(state.cards()[c.selected_card - 1].side(state.rules).name)
            self.panel.reclaim_button.setToolTip(_("Play card {number} ({name}): Enter, or click the card again").format(
                number=c.selected_card, name=name))
        if changes is None or changes.kind != VIEW:
            self.panel.set_log(c.log_lines())
        self._tools()

    def _tools(self) -> None:
        c = self.controller
        busy = ""
        if c.busy and not c.over and not c.is_human(c.state.current_player):
            seat = c.state.current_player
            busy = _("{side} ({player}) is thinking...").format(side=faction(seat), player=c.role(seat))
        self.panel.set_tools(can_undo=c.can_undo(), can_hint=c.human_turn() and not c.busy, busy=busy)

    def _busy(self, _busy: bool) -> None:
        self._tools()
        self.actionsChanged.emit()
