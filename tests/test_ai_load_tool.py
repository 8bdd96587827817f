"""tools/ai_load.py plays the same games on the machine as it is and beside busy
processes, and says whether their moves are the same (issue 29: the levels are
budgeted in nodes, not by the clock). Played with the toy game (tests/toy)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("ai_load_tool", ROOT / "tools" / "ai_load.py")
ai_load = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = ai_load
_spec.loader.exec_module(ai_load)


def test_same_moves_idle_and_busy(toy, tmp_path):
    out = tmp_path / "load.md"
    assert ai_load.main(["--only", toy.id, "--games", "3", "--busy", "1", "--output", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    rows = [ln for ln in text.splitlines() if ln.startswith(f"| {toy.id} ")]
    assert len(rows) == 1
    cells = [c.strip() for c in rows[0].split("|")]
    assert cells[2] == "-" and cells[3] == "hard vs normal, 2 players" and cells[4] == "3"
    assert cells[5] == "3 of 3"
    assert "1 busy process(es)" in text and "seeds 60000 to 60002" in text
    note = [ln for ln in text.splitlines() if ln.startswith(f"- `{toy.id}`: measured by")]
    assert len(note) == 1


def test_one_game_again_keeps_the_other_games_rows(toy, tmp_path):
    from reclaimdesk.core.game import all_games

    out = tmp_path / "load.md"
    other_id = next(s.id for s in all_games() if s.id != toy.id)
    other = [f"| {other_id} | board small | hard vs normal, 2 players | 5 | 5 of 5 | win share 60% | - | - |",
             f"| {other_id} | board large | hard vs normal, 2 players | 5 | 5 of 5 | win share 40% | - | - |"]
    note = f"- `{other_id}`: measured before."
    out.write_text("\n".join(["# old", *other, "", note]), encoding="utf-8")
    assert ai_load.main(["--only", toy.id, "--games", "1", "--busy", "1", "--output", str(out)]) == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    assert all(row in lines for row in other) and note in lines
    assert any(line.startswith(f"| {toy.id} |") for line in lines)


def test_a_row_for_each_option_set(toy, tmp_path, monkeypatch):
    """A board or a map may have its own budget: each option set that
    tools/ai_levels.py measures gets its own row, played idle and busy."""
    saved = {"option_choices": toy.option_choices, "default_options": toy.default_options}
    toy._set(option_choices={"heap": ("small", "large"), "fast": (True, False)},
             default_options={"heap": "small", "fast": False})
    try:
        _measure_each_option_set(toy, tmp_path, monkeypatch)
    finally:
        toy._set(**saved)


def _measure_each_option_set(toy, tmp_path, monkeypatch):
    played = []
    real = ai_load.ai_levels.play_one

    def play_one(job):
        played.append(job[1])
        return real(job)

    monkeypatch.setattr(ai_load.ai_levels, "play_one", play_one)
    out = tmp_path / "load.md"
    assert ai_load.main(["--only", toy.id, "--games", "1", "--busy", "1", "--output", str(out)]) == 0
    assert played == [{"heap": "small", "fast": False}] * 2 + [{"heap": "large", "fast": False}] * 2
    rows = [ln for ln in out.read_text(encoding="utf-8").splitlines() if ln.startswith(f"| {toy.id} |")]
    assert [[c.strip() for c in row.split("|")][2] for row in rows] == ["heap small", "heap large"]
    assert all("| 1 of 1 |" in row for row in rows)


def test_rows_of_an_older_table_are_measured_again(toy, tmp_path, capsys):
    from reclaimdesk.core.game import all_games

    out = tmp_path / "load.md"
    other_id = next(s.id for s in all_games() if s.id != toy.id)
    old = f"| {other_id} | hard vs normal, 2 players | 5 | 5 of 5 | win share 60% | - | - |"
    out.write_text("\n".join(["# old", old, "", f"- `{other_id}`: measured before."]), encoding="utf-8")
    assert ai_load.main(["--only", toy.id, "--games", "1", "--busy", "1", "--output", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert other_id not in text
    assert f"--only {other_id}" in capsys.readouterr().err


def test_a_game_whose_moves_differ_fails_the_run(toy, tmp_path, monkeypatch):
    """A search that read the clock would play other moves beside the busy
    processes: the row says so and the run exits 1."""
    real = ai_load.ai_levels.play_one
    runs = iter(range(100))

    def play_one(job):
        result = real(job)
        if next(runs) >= 2:  # the busy run's games
            result = {**result, "moves": "other"}
        return result

    monkeypatch.setattr(ai_load.ai_levels, "play_one", play_one)
    out = tmp_path / "load.md"
    assert ai_load.main(["--only", toy.id, "--games", "2", "--busy", "1", "--output", str(out)]) == 1
    assert "| 0 of 2 |" in out.read_text(encoding="utf-8")


def test_busy_processes_are_stopped():
    procs = ai_load.start_busy(2)
    assert all(p.is_alive() for p in procs)
    ai_load.stop_busy(procs)
    assert not any(p.is_alive() for p in procs)


def test_bad_arguments(toy, tmp_path, capsys):
    for argv in (["--games", "0"], ["--only", "no-such-game"]):
        with pytest.raises(SystemExit) as exc:
            ai_load.main([*argv, "--output", str(tmp_path / "x.md")])
        assert exc.value.code == 2
    assert not (tmp_path / "x.md").exists()
