"""tools/ai_levels.py measures one match-up alone (--players, --levels, --option) and
merges its rows into the game's section written before, keeping the other rows and
notes. Played with the toy game (tests/toy), whose games take no time."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from tests.core.toys import RACE_SPEC

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("ai_levels_tool", ROOT / "tools" / "ai_levels.py")
ai_levels = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = ai_levels  # the worker processes find play_one by its module
_spec.loader.exec_module(ai_levels)


def _table(text: str, game_id: str) -> list[str]:
    return [ln for ln in ai_levels._sections(text)[game_id] if ln.startswith("| ")][1:]


def test_one_matchup_alone_replaces_only_its_row(toy, tmp_path):
    out = tmp_path / "levels.md"
    assert ai_levels.main(["--only", toy.id, "--games", "2", "--output", str(out)]) == 0
    before = out.read_text(encoding="utf-8")
    rows = _table(before, toy.id)
    assert [r.split("|")[3].strip() for r in rows] == ["easy vs random", "normal vs easy", "hard vs normal"]

    assert ai_levels.main(["--only", toy.id, "--levels", "hard", "--players", "2", "--games", "3",
                           "--seed", "7", "--output", str(out)]) == 0
    after = out.read_text(encoding="utf-8")
    new_rows = _table(after, toy.id)
    assert new_rows[:2] == rows[:2]  # the rows not measured again stay as they were
    cells = [c.strip() for c in new_rows[2].split("|")]
    assert cells[3] == "hard vs normal" and cells[4] == "3"
    notes = [ln for ln in ai_levels._sections(after)[toy.id] if ln.startswith(("Measured", "Rows"))]
    assert len(notes) == 2 and notes[0].startswith("Measured by") and "seeds 50000 to 50001" in notes[0]
    assert notes[1].startswith("Rows 2 players, -, hard vs normal: measured by") and "seeds 7 to 9" in notes[1]


def test_partial_options_need_one_game_and_a_fitting_matchup(toy, tmp_path, capsys):
    out = str(tmp_path / "levels.md")
    for argv, message in [
        (["--levels", "hard"], "name it with --only"),
        (["--only", toy.id, "--option", "board=large"], "has no option 'board'"),
        (["--only", toy.id, "--players", "5"], "no match-up fits"),
    ]:
        with pytest.raises(SystemExit) as exc:
            ai_levels.main([*argv, "--games", "1", "--output", out])
        assert exc.value.code == 2
        assert message in capsys.readouterr().err
    assert not Path(out).exists()  # nothing written by a refused run


def test_option_values_and_matchup_filters():
    assert ai_levels.parse_option(RACE_SPEC, "target=5") == ("target", 5)
    with pytest.raises(ValueError, match="3, 5, 7, 9"):
        ai_levels.parse_option(RACE_SPEC, "target=4")
    assert ai_levels.matchups(RACE_SPEC, 5, levels_only=["easy"]) == [(1, "easy", None)]
    assert len(ai_levels.matchups(RACE_SPEC, 5)) == len(ai_levels.LEVELS)


def test_mirror_measures_a_level_against_itself_beside_the_other_rows(toy, tmp_path):
    out = tmp_path / "levels.md"
    assert ai_levels.main(["--only", toy.id, "--games", "2", "--output", str(out)]) == 0
    rows = _table(out.read_text(encoding="utf-8"), toy.id)
    assert ai_levels.main(["--only", toy.id, "--mirror", "--levels", "normal", "--games", "4",
                           "--output", str(out)]) == 0
    after = out.read_text(encoding="utf-8")
    new_rows = _table(after, toy.id)
    assert new_rows[:3] == rows  # the rows against the level below stay
    cells = [c.strip() for c in new_rows[3].split("|")]
    assert cells[3] == "normal vs normal" and cells[4] == "4" and cells[6] == "50%"
    share = float(cells[5].split("%")[0])
    assert 0.0 <= share <= 100.0
    assert any(ln.startswith("Rows 2 players, -, normal vs normal: measured by")
               for ln in ai_levels._sections(after)[toy.id])
