"""The error dialog of :mod:`reclaimdesk.ui.guard`: what failed, in one line, and
a button that saves a bug report (imported only when something failed)."""

from __future__ import annotations

import json
import sys
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QFileDialog, QMessageBox, QPushButton, QWidget

from reclaimdesk.core.i18n import _


class ErrorDialog(QMessageBox):
    """What failed, in one line, with a button that saves a bug report."""

    def __init__(self, parent: QWidget | None, what: str, message: str, detail: str, record: Any) -> None:
        super().__init__(QMessageBox.Icon.Warning, _("Something went wrong"),
                         _("Could not {what}.").format(what=what), QMessageBox.StandardButton.Close, parent)
        self.what = what
        self.message = message
        self.detail = detail
        self.record_json = _record_json(record)
        self.setInformativeText(_("{message}\n\nThe app keeps running. You can save a bug report"
                                  " (this message and the game record) to send to the developers.")
                                .format(message=message))
        self.save_button: QPushButton = self.addButton(_("Save bug report..."), QMessageBox.ButtonRole.ActionRole)
        self.save_button.clicked.connect(self.ask_where_to_save)
        self.saved_to: Path | None = None

    def report_text(self) -> str:
        from reclaimdesk import __version__

        lines = [
            f"ReclaimDesk {__version__} bug report",
            f"time: {datetime.now(timezone.utc).replace(microsecond=0).isoformat()}",
            f"python: {sys.version.split()[0]} on {sys.platform}",
            f"what failed: {self.what}",
            f"message: {self.message}",
            "",
            "traceback:",
            self.detail.rstrip() or "(none)",
            "",
            "game record:",
            self.record_json or "(no game was open)",
        ]
        return "\n".join(lines) + "\n"

    def save_report(self, path: str | Path) -> Path:
        from reclaimdesk.core.record import write_atomic

        path = Path(path)
        write_atomic(path, self.report_text())
        self.saved_to = path
        return path

    def ask_where_to_save(self) -> None:
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        suggestion = str(Path.home() / f"reclaimdesk-bug-{stamp}.txt")
        path, _filter = QFileDialog.getSaveFileName(self, _("Save the bug report"), suggestion,
                                                    _("Text files (*.txt)"))
        if not path:
            return
        try:
            self.save_report(path)
        except OSError as exc:
            QMessageBox.warning(self, _("Could not save"), _("The bug report could not be written to {path}: {error}")
                                .format(path=path, error=exc.strerror or exc))
            return
        self.save_button.setText(_("Saved"))
        self.save_button.setEnabled(False)


def _record_json(record: Any) -> str:
    if record is None:
        return ""
    try:
        return record.to_json() if hasattr(record, "to_json") else json.dumps(record, indent=1, default=str)
    except Exception:  # noqa: BLE001 - a report must never fail because of its attachment
        return ""
