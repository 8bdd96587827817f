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
from tests.hardening_helpers import clear_data_caches, copy_resources, data_files  # noqa: E402


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("RECLAIMDESK_DATA_DIR", str(tmp_path / "data"))
    (tmp_path / "data").mkdir()
    from reclaimdesk.ui.app import MainWindow

    w = MainWindow()
    qtbot.addWidget(w)
    w.show()
    yield w
    w.close()


def open_and_judge(window, path):
    """Open ``path`` as File > Open does: it opens, or a warning says why not."""
    from PySide6.QtWidgets import QMessageBox

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


def test_fuzz_records_through_the_app(window, tmp_path):
    rng = random.Random(SEED + 3)
    bases = base_records()
    findings = Findings(tmp_path, "app")
    path = tmp_path / "case.json"
    for n in range(cases_for("app")):
        base = bases[n % len(bases)]
        raw = mutated_json_bytes(rng, base, bases)
        path.write_bytes(raw)
        attempt(findings, f"app-{SEED}-{n}", raw, lambda: open_and_judge(window, path))
    findings.check()


def test_fuzz_data_files_through_the_app(window, tmp_path, monkeypatch):
    """A damaged data file, then a sound record of its game opened in the app."""
    import json

    from reclaimdesk.core.data import resources_dir

    rng = random.Random(SEED + 4)
    files = data_files()
    root = copy_resources(tmp_path)
    originals = {rel: json.loads((resources_dir() / rel).read_text(encoding="utf-8")) for rel in files}
    monkeypatch.setenv("RECLAIMDESK_RESOURCES", str(root))
    bases = base_records()
    findings = Findings(tmp_path, "app-data")
    path = tmp_path / "case.json"
    try:
        for n in range(max(5, cases_for("app") // 4)):
            rel = files[n % len(files)]
            raw = mutated_json_bytes(rng, originals[rel], list(originals.values()))
            (root / rel).write_bytes(raw)
            clear_data_caches()
            owner = rel.parts[0]
            fitting = [b for b in bases if b["game"].replace("-", "_") == owner] or bases
            path.write_text(json.dumps(fitting[n % len(fitting)]), encoding="utf-8")
            attempt(findings, f"app-data-{SEED}-{n}-{rel.as_posix().replace('/', '_')}", raw,
                    lambda: open_and_judge(window, path))
            (root / rel).write_text(json.dumps(originals[rel]), encoding="utf-8")
    finally:
        clear_data_caches()
    findings.check()
