"""tools/wars_super_race.py: splits a level's games by the race to the Super Demolisher
and the fight against its holder (docs/ai-levels.md, session 17). Its games are
tools/ai_levels.py's games, and its classes are read off the game's own events."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from reclaimdesk.core.game import get_game

ROOT = Path(__file__).resolve().parents[3]
_spec = importlib.util.spec_from_file_location("wars_super_race", ROOT / "tools" / "wars_super_race.py")
tool = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = tool  # the worker processes find play() by its module
_spec.loader.exec_module(tool)

_levels_spec = importlib.util.spec_from_file_location("ai_levels_for_race", ROOT / "tools" / "ai_levels.py")
ai_levels = importlib.util.module_from_spec(_levels_spec)
sys.modules[_levels_spec.name] = ai_levels
_levels_spec.loader.exec_module(ai_levels)


def _record(seat, distances, first, kills=(), strips=(), share=0.0, fortified=-1, lost=(0, 0, 0)):
    return {"seed": 1, "seat": seat, "share": share, "scores": [0, 0, 0], "distances": distances,
            "first": first, "taken": 10, "kills": [list(k) for k in kills], "strips": [list(s) for s in strips],
            "fortified": fortified, "lost": list(lost)}


def test_race_and_fight_classes():
    assert tool.race(_record(0, [3, 4, 5], 0)) == "nearer"
    assert tool.race(_record(1, [5, 5, 9], 0)) == "as near"
    assert tool.race(_record(2, [2, 6, 4], 0)) == "farther"
    assert tool.fight(_record(0, [3, 4, 5], 0)) is None  # the measured seat held it first
    assert tool.fight(_record(0, [3, 4, 5], -1)) is None  # nobody held it
    assert tool.fight(_record(0, [5, 3, 4], 1)) == "nobody"
    # a kill of another seat's demolisher, or a strip of another power, is not against the holder
    assert tool.fight(_record(0, [5, 3, 4], 1, kills=[(0, 2, 9)], strips=[(2, "fortified", 8)])) == "nobody"
    assert tool.fight(_record(0, [5, 3, 4], 1, kills=[(0, 1, 9)])) == "measured killed"
    assert tool.fight(_record(0, [5, 3, 4], 1, strips=[(2, "super", 7)])) == "other rival stripped"
    # the first blow counts: turn number first, then the seat order within a round
    assert tool.fight(_record(0, [5, 3, 4], 1, kills=[(2, 1, 12)], strips=[(0, "super", 7)])) == "measured stripped"
    assert tool.fight(_record(0, [5, 3, 4], 1, kills=[(2, 1, 7)], strips=[(0, "super", 7)])) == "measured stripped"
    assert tool.fight(_record(2, [5, 3, 4], 1, kills=[(2, 1, 7)], strips=[(0, "super", 7)])) == "other rival stripped"


def test_report_adds_up():
    records = [_record(0, [3, 4, 5], 0, share=1.0), _record(1, [5, 5, 9], 0, share=0.5),
               _record(2, [2, 6, 4], 0, kills=[(2, 0, 9)]), _record(0, [5, 3, 4], 1, share=1 / 3)]
    text = tool.report(records)
    lo, hi = ai_levels.wilson(1.83333, 4)
    assert text.startswith(f"4 games, the measured level's share 1.83 (45.8% [{100 * lo:.1f}-{100 * hi:.1f}]).")
    assert "| nearer | 1 | 1.00 | 100.0% [20.7-100.0] | 1 |" in text
    assert "| as near | 1 | 0.50 | 50.0% [" in text
    assert "| farther | 2 | 0.33 | 16.7% [" in text
    assert "| measured killed | 1 | 0.00 | 0.0% [0.0-79.3] |" in text
    assert "| nobody | 2 | 0.83 | 41.7% [" in text
    assert tool.report([]).startswith("0 games, the measured level's share 0.00 (-).")


def test_fortified_and_struck_classes():
    assert tool.fortified(_record(0, [3, 4, 5], 0, fortified=1)) is None  # the measured seat held it first
    assert tool.fortified(_record(0, [5, 3, 4], -1, fortified=1)) is None  # nobody held it
    assert tool.fortified(_record(0, [5, 3, 4], 1, fortified=0)) == "measured"
    assert tool.fortified(_record(0, [5, 3, 4], 1, fortified=2)) == "other rival"
    assert tool.fortified(_record(0, [5, 3, 4], 1, fortified=1)) == "holder"
    assert tool.fortified(_record(0, [5, 3, 4], 1, fortified=-1)) == "nobody"
    assert not tool.struck(_record(0, [5, 3, 4], 1))
    assert tool.struck(_record(0, [5, 3, 4], 1, lost=(0, 2, 0)))


def test_report_splits_by_fortified_and_by_hexes_lost():
    records = [_record(0, [5, 3, 4], 1, share=1.0, fortified=0),  # farther, Fortified its own, not struck
               _record(1, [3, 5, 4], 0, share=0.0, fortified=2, lost=(3, 0, 0)),  # farther, the other's, struck
               _record(2, [3, 4, 5], 0, share=0.5, fortified=-1, lost=(0, 1, 0)),  # farther, nobody's, struck
               _record(0, [3, 4, 5], 0, share=1.0, fortified=2)]  # nearer: held it first itself
    text = tool.report(records)
    assert "| measured | 1 | 1.00 | 100.0% [20.7-100.0] | 0 |" in text
    assert "| other rival | 1 | 0.00 | 0.0% [0.0-79.3] | 1 |" in text
    assert "| nobody | 1 | 0.50 | 50.0% [" in text and "| holder |" not in text
    farther = text.split("farther games: the measured seat lost hexes")[1]
    assert "| no | 1 | 1.00 | 100.0% [20.7-100.0] |" in farther
    assert "| yes | 2 | 0.50 | 25.0% [" in farther
    # records of the tool's first version have neither field: the first two tables, and a word why not the rest
    old = [{k: v for k, v in r.items() if k not in ("fortified", "lost")} for r in records]
    text = tool.report(old)
    assert "| farther | 3 | 1.50 |" in text and "Fortified when it was taken" not in text
    assert "written by an older version of this tool" in text


def test_plays_the_games_of_ai_levels(tmp_path, capsys):
    """Same seeds, seats and AI seeds as tools/ai_levels.py: the same results; the first
    holder, kills and strips agree with the finished game's state and log."""
    spec = get_game("reclamation-wars")
    out = tmp_path / "games.jsonl"
    assert tool.main(["--levels", "easy", "random", "--games", "3", "--seed", "50000",
                      "--option", "board=large", "--jsonl", str(out)]) == 0
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    options = spec.resolve_options({"board": "large"})
    for k, record in enumerate(records):
        assert record["seed"] == 50000 + k and record["seat"] == k % 3
        job = ("reclamation-wars", options, 3, "easy", "random", 50000 + k, k, 600.0)
        assert ai_levels.play_one(job)["share"] == pytest.approx(record["share"])
        assert tool.race(record) in ("nearer", "as near", "farther")
        state = spec.new_game(3, record["seed"], options)
        target = state.layout["super"]
        assert record["distances"] == [tool._distance_to(state, s, target) for s in range(3)]
        assert (record["first"] >= 0) == (record["taken"] >= 0)
        # replayed: who held Fortified when the Super Demolisher was first taken, and the measured
        # seat's hexes that a demolisher move of each seat turned from its own to another owner
        agents = [spec.agent("easy" if s == k % 3 else "random", record["seed"] * 31 + s) for s in range(3)]
        lost, fortified = [0, 0, 0], None
        while not state.is_terminal():
            mover, before = state.current_player, list(state.owner)
            action = agents[mover].choose(state)
            state.apply(action)
            if action.kind == "demolish":
                lost[mover] += sum(1 for a, b in zip(before, state.owner) if a == k % 3 and b != k % 3)
            if fortified is None and state.holder("super") >= 0:
                fortified = state.holder("fortified")
        assert record["lost"] == lost and record["fortified"] == (-1 if fortified is None else fortified)
    assert tool.main(["--read", str(out), str(out)]) == 0  # the same games twice: twice the counts
    assert tool.report(records + records) in capsys.readouterr().out


def test_bad_arguments_exit_with_a_message(capsys):
    for argv in (["--levels", "best", "normal"], ["--option", "board=huge"], ["--games", "0"],
                 ["--jsonl", "/no/such/folder/games.jsonl"]):
        with pytest.raises(SystemExit) as exc:
            tool.main(argv)
        assert exc.value.code == 2
    assert "board: 'huge' is not one of standard, large" in capsys.readouterr().err


def test_read_refuses_what_it_did_not_write(tmp_path, capsys):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"seed": 1}\n', encoding="utf-8")
    for path in (bad, tmp_path / "missing.jsonl"):
        with pytest.raises(SystemExit) as exc:
            tool.main(["--read", str(path)])
        assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "not a file of this tool's games" in err and "missing.jsonl" in err
