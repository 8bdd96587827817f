"""The core and the games never load Qt or reportlab (checked in a fresh interpreter)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_core_and_games_import_no_qt_or_reportlab():
    code = (
        "import sys, pkgutil, importlib\n"
        "import reclaimdesk.core, reclaimdesk.games\n"
        "for pkg in (reclaimdesk.core, reclaimdesk.games):\n"
        "    for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        "        importlib.import_module(m.name)\n"
        "from reclaimdesk.core.game import all_games\n"
        "for spec in all_games():\n"
        "    spec.new_game(spec.min_players, 1)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6', 'reportlab'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"core/games loaded: {out.stdout.strip()}"


def test_no_import_statements_of_qt_or_reportlab_in_core_sources():
    offenders = []
    for folder in ("core", "games"):
        for path in (ROOT / "reclaimdesk" / folder).rglob("*.py"):
            for line in path.read_text(encoding="utf-8").splitlines():
                stripped = line.strip()
                if stripped.startswith(("import ", "from ")) and any(
                    name in stripped.split("#")[0] for name in ("PySide6", "reportlab")
                ):
                    offenders.append(f"{path.relative_to(ROOT)}: {stripped}")
    assert offenders == []
