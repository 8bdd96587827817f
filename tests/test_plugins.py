"""No shared file names a game: every registered game's id and package name are
looked for in the files under reclaimdesk/ that belong to no game (a game's own
files are reclaimdesk/games/<pkg>/, reclaimdesk/ui/<pkg>/ and
reclaimdesk/export/<pkg>_*.py). A game plugs in through the registries instead."""

from __future__ import annotations

import re
from pathlib import Path

from reclaimdesk.core.game import all_games

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "reclaimdesk"


def _own(rel: Path, packages: set[str]) -> bool:
    parts = rel.parts
    if len(parts) >= 2 and parts[0] in ("games", "ui") and parts[1] in packages:
        return True
    return len(parts) == 2 and parts[0] == "export" and any(parts[1].startswith(p + "_") for p in packages)


def shared_files() -> list[Path]:
    packages = {spec.id.replace("-", "_") for spec in all_games()}
    return [p for p in sorted(PACKAGE.rglob("*.py"))
            if "locale" not in p.parts and not _own(p.relative_to(PACKAGE), packages)]


def naming(path: Path) -> list[str]:
    """The places in ``path`` that name a registered game: its id or package name
    as a word of a string, an identifier or a path (``"reclaim"``, ``ui.reclaim``,
    ``reclaim_kit``, ``autosave-reclaim``), not in prose ("to reclaim land")."""
    text = path.read_text(encoding="utf-8")
    found = []
    for spec in all_games():
        for name in {spec.id, spec.id.replace("-", "_")}:
            pattern = re.compile(r"""(?<=["'/.\-])""" + re.escape(name) + r"""(?=["'/.\-_:\s])""")
            for m in pattern.finditer(text):
                line = text.count("\n", 0, m.start()) + 1
                found.append(f"{path.relative_to(ROOT)}:{line}: {name}")
    return found


def test_no_shared_file_names_a_game():
    problems = [hit for path in shared_files() for hit in naming(path)]
    assert problems == [], "shared files name games:\n" + "\n".join(problems)


def test_the_scan_sees_what_a_game_names_itself():
    own = PACKAGE / "ui" / "reclaim" / "__init__.py"
    assert own.exists() and naming(own)  # the check would notice a shared file doing this
    assert len(shared_files()) > 30
