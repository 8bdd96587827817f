"""Issue 24, item 5: the table's buttons stand still while the panels around them
change, and at a wide window the side column grows and the board takes the room.

Every registered game (none named here) is started at 1024 x 768 and at
1920 x 1080 with one person and the computer in the other seats, played with
random legal moves through the controller's ``_apply`` (what a click ends in)
and asked for a hint; each time the screen settles, the window positions of the
panel's Hint, Undo (Take back) and Redo buttons are read: a button shown twice
must be in the same place both times (it moved 44 px as a panel above it grew)."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication, QGraphicsView, QScrollArea, QWidget

from reclaimdesk.core.agents import RandomAgent
from reclaimdesk.core.game import get_game
from reclaimdesk.ui.plugin import tables

GAMES = sorted(tables())
BUTTONS = ("hint_button", "undo_button", "redo_button")


def _start(window, game_id: str, size: tuple[int, int]) -> None:
    spec = get_game(game_id)
    count = min(spec.max_players, max(spec.min_players, 2))
    players = [{"name": "You", "kind": "human"}] + [
        {"name": "Computer", "kind": "ai", "level": "random"} for _ in range(count - 1)]
    window.resize(*size)
    window.start_choice(game_id, {"players": players, "seed": 7, "options": {}})
    QApplication.processEvents()


def _places(window) -> dict[str, QPoint]:
    """Where each shown tool button of the table's panel stands in the window."""
    QApplication.processEvents()
    panel = window.page.table.panel
    out = {}
    for name in BUTTONS:
        button = getattr(panel, name, None)
        if isinstance(button, QWidget) and button.isVisibleTo(window) and button.width() > 0:
            out[name] = button.mapTo(window, QPoint(0, 0))
    return out


def _settle(qtbot, controller) -> None:
    """The computer's seats have played and no thinking is going on."""
    qtbot.waitUntil(lambda: controller.over or (controller.human_turn() and not controller.busy), timeout=20000)


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)], ids=["1024x768", "1920x1080"])
@pytest.mark.parametrize("game_id", GAMES)
def test_tool_buttons_stay_where_they_are(qtbot, window, styled, game_id, size):
    _start(window, game_id, size)
    controller = window.page.controller
    _settle(qtbot, controller)
    agent = RandomAgent(5)
    first: dict[str, QPoint] = {}
    moved = []
    seen = 0

    def look(when: str) -> None:
        nonlocal seen
        for name, at in _places(window).items():
            seen += 1
            if name not in first:
                first[name] = at
            elif at != first[name]:
                moved.append(f"{name} at {at.x()},{at.y()} {when}, first at {first[name].x()},{first[name].y()}")

    look("at the start")
    for step in range(14):
        if controller.over:
            break
        if step % 4 == 1 and controller.request_hint():  # the hint box opens above or beside them
            qtbot.waitUntil(lambda: controller.busy or controller.hint is not None, timeout=30000)
            if controller.busy:
                look(f"while the hint is worked out (move {step})")  # "Thinking..." on show
            qtbot.waitUntil(lambda: controller.hint is not None or not controller.busy, timeout=30000)
            look(f"with a hint on show (move {step})")
            controller.dismiss_hint()
        if controller.over:
            break
        if controller.human_turn():
            controller._apply(agent.choose(controller.state))
        qtbot.waitUntil(lambda: controller.busy or controller.human_turn() or controller.over, timeout=20000)
        if controller.busy:
            look(f"while the computer plays (after move {step + 1})")  # "... is thinking" on show
        _settle(qtbot, controller)
        look(f"after move {step + 1}")
    assert seen and first, "no tool button was ever shown"
    assert moved == [], "\n".join(moved)


def _board_view(page) -> QGraphicsView:
    views = [v for v in page.findChildren(QGraphicsView) if v.isVisibleTo(page)]
    return max(views, key=lambda v: v.width() * v.height())


def _column(page) -> QScrollArea:
    return page.table.panel_scroll


@pytest.mark.parametrize("game_id", GAMES)
def test_at_1920_the_column_grows_and_the_board_fills_its_room(qtbot, window, styled, game_id):
    """At 1920 x 1080 the side column is wider than at 1024 x 768, and the board's
    drawing uses the room it is given: it reaches both sides or both ends of its
    view (the view scales the scene to fit), and board and column together span
    most of the window's width."""
    _start(window, game_id, (1024, 768))
    page = window.page
    narrow = _column(page).width()
    window.resize(1920, 1080)
    QApplication.processEvents()
    qtbot.waitUntil(lambda: _column(page).width() > narrow, timeout=5000)
    view = _board_view(page)
    drawn = view.mapFromScene(view.sceneRect()).boundingRect() if view.scene() is not None else None
    assert drawn is not None
    used = drawn.intersected(view.viewport().rect())
    fills = (used.width() >= view.viewport().width() - 24) or (used.height() >= view.viewport().height() - 24)
    assert fills, f"the board draws {used.width()}x{used.height()} in a view of {view.viewport().size()}"
    column = _column(page)
    span = column.mapTo(window, QPoint(column.width(), 0)).x() - view.mapTo(window, QPoint(0, 0)).x()
    assert span >= 0.9 * window.width(), f"board and column span {span} px of {window.width()}"
