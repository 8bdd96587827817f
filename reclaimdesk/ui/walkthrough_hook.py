"""What ``tools/walkthrough.py`` reads of the running app: with the environment
variable :data:`ENV` naming a file, the main window writes there, whenever it
changes, where its buttons and its board are on the screen (global pixels) and
how the game on show stands (its id, whose turn, thinking, a hint, over). The
walk-through then moves the real X pointer onto them with xdotool; nothing of
the app is driven through this file, it only reads. Without :data:`ENV` the
module is not imported."""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import QObject, QPoint, QTimer
from PySide6.QtWidgets import QAbstractButton, QApplication, QGraphicsView, QWidget

from reclaimdesk.core.files import WriteProblem, write_file

ENV = "RECLAIMDESK_WALKTHROUGH_DUMP"
EVERY_MS = 150


def _rect(widget: QWidget) -> list[int]:
    at = widget.mapToGlobal(QPoint(0, 0))
    return [at.x(), at.y(), widget.width(), widget.height()]


def _card_of(widget: QWidget, cards: dict[str, QWidget]) -> str:
    by_widget = {id(card): game_id for game_id, card in cards.items()}
    parent = widget.parentWidget()
    while parent is not None:
        if id(parent) in by_widget:
            return by_widget[id(parent)]
        parent = parent.parentWidget()
    return ""


def snapshot(window: Any) -> dict:
    """The shown windows' buttons and the game on show, as plain data."""
    cards = getattr(getattr(window, "start_page", None), "cards", {}) or {}
    shown = []
    for top in QApplication.topLevelWidgets():
        if not top.isVisible() or top.width() <= 1 or top.windowType().name == "ToolTip":
            continue
        buttons = []
        for button in top.findChildren(QAbstractButton):
            if button.window() is top and button.isVisibleTo(top) and button.width() > 0:
                buttons.append({"text": button.text(), "name": button.objectName(),
                                "enabled": button.isEnabled(), "rect": _rect(button),
                                "card": _card_of(button, cards)})
        shown.append({"title": top.windowTitle(), "class": type(top).__name__,
                      "main": top is window, "rect": _rect(top), "buttons": buttons})
    page = getattr(window, "page", None)
    game: dict[str, Any] = {}
    if page is not None and window.stack.currentWidget() is page:
        views = [v for v in page.findChildren(QGraphicsView) if v.isVisibleTo(page) and v.width() > 0]
        board = max(views, key=lambda v: v.width() * v.height(), default=None)
        c = page.controller
        game = {"id": page.game_id, "board": _rect(board.viewport()) if board is not None else None,
                "over": bool(c.over), "busy": bool(c.busy), "hint": c.hint is not None,
                "hint_ready": bool(c.hint_ready()), "human_turn": bool(c.human_turn()),
                "actions": len(c.state.history), "can_undo": bool(c.can_undo()), "can_redo": bool(c.can_redo())}
    active = QApplication.activeModalWidget() or QApplication.activeWindow()
    return {"windows": shown, "game": game, "active": active.windowTitle() if active is not None else ""}


class Dump(QObject):
    """Writes :func:`snapshot` to ``path`` when it changes (atomically, so the
    walk-through never reads half a file)."""

    def __init__(self, window: Any, path: str) -> None:
        super().__init__(window)
        self.window = window
        self.path = path
        self.last = ""
        self.timer = QTimer(self)
        self.timer.setInterval(EVERY_MS)
        self.timer.timeout.connect(self.write)
        self.timer.start()

    def write(self) -> None:
        text = json.dumps(snapshot(self.window), ensure_ascii=False)
        if text == self.last:
            return
        try:
            write_file(self.path, text)
        except WriteProblem:
            return
        self.last = text


def install(window: Any, path: str) -> Dump:
    return Dump(window, path)
