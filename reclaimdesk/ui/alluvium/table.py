"""The table: the sheet in hand, every sheet at the table as a live card (whose
it is, where it is and goes next, its checks: as the person looking last saw it,
their own included, so their own sheet stays in view while they draw on a
neighbour's; a click shows one larger) and the side panel.
:meth:`TableWidget._wire` holds every signal connection between the view, the
panel and the controller. It only draws, and only what a change names: the
ghost and the turn for the view's own changes, the sheet when another one is in
hand or this one changed, a card when what it shows changed, new log lines added
at the end (the whole log again after a take back)."""

from __future__ import annotations

from PySide6.QtCore import QEasingCurve, QVariantAnimation, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QGraphicsRectItem, QWidget

from reclaimdesk.core.i18n import _
from reclaimdesk.core.match import Changes
from reclaimdesk.games.alluvium.state import OTHERS
from reclaimdesk.ui.alluvium.controller import AlluviumController
from reclaimdesk.ui.alluvium.model import colour_name, colour_title, sheet_view
from reclaimdesk.ui.alluvium.panel import SidePanel
from reclaimdesk.ui.alluvium.scene import SheetScene
from reclaimdesk.ui.alluvium.view import SheetView
from reclaimdesk.ui.board.controller import VIEW
from reclaimdesk.ui.board.table import GameTable
from reclaimdesk.ui.board.thumbs import EnlargedDialog, TableArea, ThumbCard

PANEL_WIDTH = 300


class TableWidget(GameTable):
    resultsRequested = Signal()

    def __init__(self, controller: AlluviumController, parent: QWidget | None = None) -> None:
        super().__init__(controller, parent)
        self.scene = SheetScene(controller.state.size)
        self.view = SheetView(self.scene)
        self.panel = SidePanel()
        self.panel.setFixedWidth(PANEL_WIDTH)
        self.area = TableArea(self.view)
        self.thumbs: list[ThumbCard] = []
        self._thumb_keys: list[tuple | None] = []
        for owner in range(controller.state.num_players):
            scene = SheetScene(controller.state.size)
            view = SheetView(scene, interactive=False)
            card = ThumbCard(owner, view)
            card.scene = scene
            self.area.add_card(card)
            self.thumbs.append(card)
            self._thumb_keys.append(None)
        self.enlarged: EnlargedDialog | None = None
        self._enlarged_owner: int | None = None
        self.lay_out(self.area, self.panel, PANEL_WIDTH, below=self.panel.log_box, tools=self.panel.tools)
        # a new sheet in hand appears from under a veil of paper that fades away
        self._veil = QGraphicsRectItem(self.scene.sceneRect())
        self._veil.setBrush(QBrush(QColor("#efeae0")))
        self._veil.setPen(QColor(0, 0, 0, 0))
        self._veil.setZValue(10)
        self._veil.setOpacity(0.0)
        self.scene.addItem(self._veil)
        self._animation = QVariantAnimation(self)
        self._animation.setDuration(500)
        self._animation.setStartValue(0.9)
        self._animation.setEndValue(0.0)
        self._animation.setEasingCurve(QEasingCurve.Type.OutCubic)
        self._animation.valueChanged.connect(self._veil.setOpacity)
        self._sheet_key: tuple | None = None
        """What the sheet on show was drawn from (owner, entries on it, the rectangle)."""
        self._log_key: tuple[int, int] = (-1, 0)
        """(viewer, how many of the controller's log lines the panel has gone through)."""
        self._wire()
        self.redraw_all()

    def _wire(self) -> None:
        """Every connection of the table, in one place (the ones every table
        makes come first, from the base)."""
        self.wire_common()
        c, v, p = self.controller, self.view, self.panel
        v.cellHovered.connect(c.hover)
        v.cellClicked.connect(c.click)
        v.turnRequested.connect(c.turn)
        v.flipRequested.connect(c.flip)
        v.otherPieceRequested.connect(c.other_piece)
        v.fillModeRequested.connect(c.toggle_fill_mode)
        v.cursorMoved.connect(c.move_cursor)
        v.confirmRequested.connect(c.confirm)
        v.cancelRequested.connect(c.dismiss_hint)
        p.fillRequested.connect(c.toggle_fill_mode)
        p.takeHintRequested.connect(c.take_hint)
        p.handoverConfirmed.connect(c.confirm_handover)
        p.resultsRequested.connect(self.resultsRequested)
        c.busyChanged.connect(self._redraw_turn)
        c.hintChanged.connect(self.actionsChanged)
        c.sheetArrived.connect(self._arrived)
        for card in self.thumbs:
            card.clicked.connect(self.enlarge)

    def _arrived(self, owner: int, viewer: int) -> None:
        """A new sheet in hand: fade it in, so the hand-over is seen."""
        self._animation.stop()
        self._animation.start()

    def redraw_all(self) -> None:
        self._sheet_key = None
        self._log_key = (-1, 0)
        self._redraw_game()

    def redraw(self, changes: Changes) -> None:
        """Redraw what ``changes`` names: the view's own state (the ghost, the
        piece in hand, the hint) or the game's (everything, the log from where it
        grew)."""
        if changes.rebuilt:
            self.redraw_all()
        elif changes.kind == VIEW:
            self._redraw_turn()
        else:
            self._redraw_game()

    def _redraw_game(self) -> None:
        c = self.controller
        state = c.state
        owner = c.shown_owner()
        key = (owner, len(state.sheets[owner].entries) if owner is not None else 0,
               owner == c.viewer and state.phase, c.over)
        if key != self._sheet_key:
            self.scene.show_sheet(c.sheet_view())
            self._sheet_key = key
        round_text = _("Round {round} of {rounds} - sheets go {direction}").format(
            round=max(state.round, 1), rounds=state.rounds, direction=state.direction_name())
        if owner is None:
            sheet_text = _("Every sheet is hidden until the next person takes the computer.")
        elif owner == c.viewer:
            sheet_text = _("Your own sheet ({colour})").format(colour=colour_name(state.colour_of(owner)))
        else:
            sheet_text = _("{owner}'s sheet, owned by {player}").format(owner=colour_title(state.colour_of(owner)),
                                                                      player=c.seats[owner].name)
        self.panel.set_head(round_text, sheet_text, c.next_text())
        self._redraw_thumbs()
        self._redraw_turn()
        self._track(owner)
        self._redraw_log()

    def _redraw_turn(self, *_args: object) -> None:
        """The ghost and the turn's part of the panel (what the view's own changes
        and the computer's thinking change)."""
        c = self.controller
        state = c.state
        self.scene.show_ghost(c.ghost_view())
        acting = c.viewer_acts()
        busy = ""
        if c.busy and not c.over and not c.is_human(state.current_player):
            busy = _("{player} is thinking...").format(player=c.seat_title(state.current_player))
        handover = ""
        if c.awaiting is not None:
            handover = _("I am {player}: show my sheet").format(player=c.seats[c.awaiting].name)
        self.panel.set_turn(c.instruction(), c.piece_cards(), c.hint_text() if acting else "", acting=acting,
                            can_fill=c.can_fill() and c.can_place(), fill_on=c.in_fill_mode(),
                            can_undo=c.can_undo(), can_hint=acting and not c.busy, handover=handover,
                            over=c.over, busy=busy)

    # --- the cards of every sheet ------------------------------------------------------
    def _redraw_thumbs(self) -> None:
        """Each sheet's card, redrawn only when what it shows changed."""
        c = self.controller
        state = c.state
        shown = c.shown_owner()
        changed = False
        for owner, card in enumerate(self.thumbs):
            sheet = c.seen_sheet(owner)
            text = c.thumb_text(owner)
            key = None if sheet is None else (len(sheet.entries), sheet.filled, c.over)
            if key != self._thumb_keys[owner]:
                self._thumb_keys[owner] = key
                changed = True
                if sheet is None:
                    card.scene.show_sheet(None)
                else:
                    card.scene.show_sheet(sheet_view(state, owner, show_rectangle=c.over, sheet=sheet))
            if text != card.title.text():
                changed = True
            card.set_info(text, active=shown == owner, tip=_("Click to see this sheet larger"))
        if changed:
            self.area.refresh()
            if self.enlarged is not None and self._enlarged_owner is not None:
                self._fill_enlarged(self._enlarged_owner)

    def enlarge(self, owner: int) -> None:
        """A card clicked: its sheet, large, as the person looking last saw it."""
        c = self.controller
        if self.enlarged is not None:
            self.enlarged.close()
        scene = SheetScene(c.state.size)
        view = SheetView(scene, interactive=False)
        dialog = EnlargedDialog(_("{colour}'s sheet").format(colour=colour_title(c.state.colour_of(owner))),
                                view, self)
        dialog.scene = scene
        dialog.finished.connect(self._enlarged_closed)
        self.enlarged = dialog
        self._enlarged_owner = owner
        self._fill_enlarged(owner)
        dialog.open()

    def _fill_enlarged(self, owner: int) -> None:
        c = self.controller
        dialog = self.enlarged
        assert dialog is not None
        sheet = c.seen_sheet(owner)
        dialog.scene.show_sheet(None if sheet is None else
                                sheet_view(c.state, owner, show_rectangle=c.over, sheet=sheet))
        caption = c.thumb_text(owner)
        if sheet is not None and not c.state.visible(c.viewer, owner):
            caption += "\n" + _("As you last saw it: what was drawn since stays hidden until it comes to you.")
        dialog.caption.setText(caption)

    def _enlarged_closed(self, *_args: object) -> None:
        self.enlarged = None
        self._enlarged_owner = None
        self.view.setFocus()

    def _redraw_log(self) -> None:
        """The viewer's log: only the new lines, unless the viewer or the log changed."""
        c = self.controller
        viewer, done = self._log_key
        if viewer != c.viewer or done > len(c.lines):
            self.panel.set_log(c.log_lines())
        else:
            self.panel.add_log([line for seat, line in c.lines[done:] if seat == c.viewer])
        self._log_key = (c.viewer, len(c.lines))

    def _track(self, owner: int | None) -> None:
        c = self.controller
        state = c.state
        if owner is None:
            self.panel.set_track([], "", "")
            return
        sheet = state.sheets[owner]
        rows = [(state.colour_of(k), colour_title(state.colour_of(k))
                 + (" " + _("(virtual)") if k == state.virtual else ""), sheet.checks[k])
                for k in state.colours_in_play if k != owner]
        note = ""
        if owner != c.viewer and state.phase == OTHERS:
            note = _("Your row is {colour}: the checks you earn here raise your cooperation bonus from "
                     "{owner}.").format(colour=colour_name(state.colour_of(c.viewer)),
                                   owner=colour_name(state.colour_of(owner)))
        area = sheet.area
        score = _("Area bonus by round: {areas}").format(
            areas=" + ".join(str(a) for a in area) if area else "-")
        if owner == c.viewer:
            score += "\n" + _("Largest rectangle now: {area}").format(area=state.area_now(owner))
        self.panel.set_track(rows, note, score)
