"""The data folder at start: can the app write there?

The unfinished games, the personal bests and the settings live in the data folder
(:func:`reclaimdesk.ui.common.data_dir`). Before anything else, the app proves it
can write a file there (:func:`reclaimdesk.core.files.check_writable_folder`). When
it cannot, a dialog says what the problem is (no permission, a read-only or full
disk, not a folder) and offers to go on without saving (the game's warning then
stays in view, with "Save elsewhere..."), to choose another folder for this run,
or to quit. The choice of another folder lasts for this run
(``$RECLAIMDESK_DATA_DIR`` is set to it)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from reclaimdesk.core.i18n import _

GO_ON = "go-on"
ELSEWHERE = "elsewhere"
QUIT = "quit"


def folder_problem(folder: Path) -> Any:
    """The ``WriteProblem`` that keeps the app from writing in ``folder``, or None."""
    from reclaimdesk.core.files import WriteProblem, check_writable_folder

    try:
        check_writable_folder(folder)
    except WriteProblem as exc:
        return exc
    return None


def problem_text(folder: Path, problem: Any) -> str:
    return _("ReclaimDesk keeps your unfinished games, personal bests and settings in {folder}, but cannot "
             "write there: {reason}.\n\nYou can go on without saving (a game is then kept only in memory, and "
             "you can save it elsewhere), or choose another folder for the data.").format(
                 folder=folder, reason=problem.reason)


def problem_box(folder: Path, problem: Any, parent: Any = None) -> Any:
    """The dialog (not yet shown): its buttons carry ``choice`` (GO_ON, ELSEWHERE, QUIT)."""
    from PySide6.QtWidgets import QMessageBox

    box = QMessageBox(QMessageBox.Icon.Warning, _("The data folder cannot be used"), problem_text(folder, problem),
                      QMessageBox.StandardButton.NoButton, parent)
    elsewhere = box.addButton(_("Choose another folder..."), QMessageBox.ButtonRole.AcceptRole)
    go_on = box.addButton(_("Go on without saving"), QMessageBox.ButtonRole.DestructiveRole)
    leave = box.addButton(QMessageBox.StandardButton.Close)
    for button, choice in ((elsewhere, ELSEWHERE), (go_on, GO_ON), (leave, QUIT)):
        button.setProperty("choice", choice)
    box.setDefaultButton(elsewhere)
    return box


def ask(folder: Path, problem: Any) -> str:
    """Show the dialog and wait for the answer."""
    box = problem_box(folder, problem)
    box.exec()
    clicked = box.clickedButton()
    return str(clicked.property("choice")) if clicked is not None and clicked.property("choice") else QUIT


def choose_folder(start: Path) -> Path | None:
    from PySide6.QtWidgets import QFileDialog

    chosen = QFileDialog.getExistingDirectory(None, _("Choose a folder for ReclaimDesk's data"), str(start.parent))
    return Path(chosen) if chosen else None


def settle(folder: Path, answer: Callable[[Path, Any], str] = ask,
           pick: Callable[[Path], Path | None] = choose_folder) -> tuple[str, Path]:
    """Check ``folder`` and, while it cannot be written, ask: returns (``"ok"``,
    the folder to use) , (GO_ON, the folder: run without the lock, saves will say
    they fail) or (QUIT, folder)."""
    from reclaimdesk.ui.common import DATA_ENV

    while True:
        problem = folder_problem(folder)
        if problem is None:
            return "ok", folder
        choice = answer(folder, problem)
        if choice != ELSEWHERE:
            return choice, folder
        picked = pick(folder)
        if picked is not None:
            folder = picked
            os.environ[DATA_ENV] = str(folder)  # for this run: every autosave, the bests, the lock
