"""Playing Reclaim through the window like a person: mouse clicks on the board's
viewport at the squares' screen positions, key presses, and button clicks.

The model is only *read* (to decide what to do, as a player reads the sheet);
every change goes through the view, the keyboard or the panel's buttons.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest

from reclaimdesk.games.reclaim.actions import ReclaimAction
from reclaimdesk.ui.reclaim import geometry as geo

from .helpers import click_button, send_mouse_move


class ViewPlayer:
    def __init__(self, page, keyboard_every: int = 0) -> None:
        self.page = page
        self.table = page.table
        self.view = page.table.view
        self.panel = page.table.panel
        self.controller = page.controller
        self.keyboard_every = keyboard_every
        self.moves = 0

    # --- low level ---------------------------------------------------------------
    def cell_pos(self, cell) -> QPoint:
        return self.view.view_pos_of_cell(cell).toPoint()

    def click_cell(self, cell, button=Qt.MouseButton.LeftButton) -> None:
        QTest.mouseClick(self.view.viewport(), button, Qt.KeyboardModifier.NoModifier, self.cell_pos(cell))

    def hover_cell(self, cell) -> None:
        send_mouse_move(self.view.viewport(), QPointF(self.cell_pos(cell)))

    def key(self, key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
        QTest.keyClick(self.view, key, modifier)

    def click(self, button) -> None:
        click_button(button)

    def click_item(self, box) -> None:
        pos = self.view.view_pos_of_rect(box).toPoint()
        QTest.mouseClick(self.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pos)

    # --- actions ---------------------------------------------------------------------
    def perform(self, action: ReclaimAction) -> None:
        c = self.controller
        before = len(c.state.history)
        self.moves += 1
        use_keys = self.keyboard_every and self.moves % self.keyboard_every == 0
        kind = action.kind
        if kind == "shape":
            self._draw(action, use_keys)
        elif kind in ("pay", "triangle", "gift"):
            if use_keys:
                self._walk_to(action.cell)
                self.key(Qt.Key.Key_Return)
            else:
                self.click_cell(action.cell)
        elif kind == "special-triangles":
            self.click(self.panel.special_tri_button)
        elif kind == "special-shape":
            self.click(self.panel.special_shape_button)
        elif kind == "pass":
            self.click(self.panel.pass_button)
        elif kind == "end":
            if use_keys:
                self.key(Qt.Key.Key_Return)
            else:
                self.click(self.panel.end_button)
        else:  # pragma: no cover
            raise AssertionError(f"cannot play {action}")
        self.answer_question()
        after = c.state.history
        assert len(after) > before and str(after[before]) == str(action), (
            f"the view did not play {action}: {c.state.why_illegal(action)}")

    def _draw(self, action: ReclaimAction, use_keys: bool) -> None:
        c = self.controller
        if c.state.phase == "setup" and c.selected_start != action.shape:
            index = c.state.setup_left.index(action.shape)
            if use_keys:
                self.key(Qt.Key.Key_1 if index == 0 else Qt.Key.Key_2)
            else:
                self.click_item(geo.lower_card_rect(index))
            assert c.selected_start == action.shape
        shape = c.state.shape(action.shape)
        turns = 0
        while c.rotation != action.rotation:
            self.key(Qt.Key.Key_R)
            turns += 1
            assert turns <= 4, "R never reached the rotation"
        target = geo.pointer_for(shape.rotations()[action.rotation], action.cell)
        if use_keys:
            self._walk_to(target)
            assert c.ghost is not None and c.ghost.anchor == action.cell
            self.key(Qt.Key.Key_Return)
        else:
            self.hover_cell(target)
            assert c.ghost is not None and c.ghost.anchor == action.cell and c.ghost.legal, (c.ghost, c.pointer, target, action, self.view._last_cell)
            self.click_cell(target)

    def _walk_to(self, cell) -> None:
        c = self.controller
        for _ in range(40):
            r, col = c.pointer
            if (r, col) == cell:
                return
            if r < cell[0]:
                self.key(Qt.Key.Key_Down)
            elif r > cell[0]:
                self.key(Qt.Key.Key_Up)
            elif col < cell[1]:
                self.key(Qt.Key.Key_Right)
            else:
                self.key(Qt.Key.Key_Left)
        raise AssertionError(f"the arrow keys never reached {cell}")

    def answer_question(self, accept: bool = True) -> bool:
        """Press a button of the question a final step asks first (accept it, or
        cancel); False when none is open."""
        box = getattr(self.table, "confirm_box", None)
        if box is None or not box.isVisible():
            return False
        click_button(box.accept_button if accept else box.reject_button)
        return True

    def close_scoring(self) -> bool:
        if self.panel.scoring.isVisible():
            self.click(self.panel.scoring_button)
            return True
        return False
