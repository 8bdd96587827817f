"""Damaged records through the app's open path (File > Open, a double click):
each must open or give a warning dialog; nothing may raise. See test_fuzz.py for
the environment variables."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from tests.fuzz.mutate import mutated_json_bytes  # noqa: E402
from tests.fuzz.test_fuzz import SEED, Findings, attempt, base_records, cases_for  # noqa: E402


def test_fuzz_records_through_the_app(qtbot, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    monkeypatch.setenv("RECLAIMDESK_DATA_DIR", str(tmp_path / "data"))
    (tmp_path / "data").mkdir()
    from reclaimdesk.ui.app import MainWindow

    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    rng = random.Random(SEED + 3)
    bases = base_records()
    findings = Findings(tmp_path, "app")
    path = tmp_path / "case.json"
    for n in range(cases_for("app")):
        base = bases[n % len(bases)]
        raw = mutated_json_bytes(rng, base, bases)
        path.write_bytes(raw)

        def open_it():
            window.last_message = None
            opened = window.open_record(path)
            if not opened:
                box = window.last_message
                assert isinstance(box, QMessageBox) and box.icon() == QMessageBox.Icon.Warning
                assert len(box.text()) < 3000
                box.close()
            else:
                assert window.page is not None
                window.back_to_start()
            return opened, ""

        attempt(findings, f"app-{SEED}-{n}", raw, open_it)
    window.close()
    findings.check()
