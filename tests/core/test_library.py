"""The library of played games (issue 23, item 1): the store, Qt-free. Games come
from the registry (no game is named here)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from reclaimdesk.core.agents import RandomAgent, play_game
from reclaimdesk.core.game import all_games
from reclaimdesk.core.library import DB_NAME, Library, outcome_of
from reclaimdesk.core.record import GameRecord, save_record

GAMES = sorted(all_games(), key=lambda s: s.order)


def finished_record(spec, players: list[dict], seed: int = 3) -> GameRecord:
    state = spec.new_game(len(players), seed)
    play_game(state, [RandomAgent(seed + i) for i in range(len(players))])
    record = GameRecord.from_state(state, players)
    assert record.result is not None
    return record


def seats(count: int, ai: int = 0, level: str = "easy") -> list[dict]:
    out = [{"name": f"P{i + 1}", "kind": "human"} for i in range(count - ai)]
    return out + [{"name": f"AI {i + 1}", "kind": "ai", "level": level} for i in range(ai)]


@pytest.fixture
def lib(tmp_path) -> Library:
    return Library(tmp_path)


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.id)
def test_a_finished_record_of_every_game_is_indexed_with_all_it_says(lib, tmp_path, spec):
    players = seats(spec.min_players, ai=spec.min_players - 1) if spec.min_players > 1 else seats(1)
    record = finished_record(spec, players)
    path = tmp_path / "games" / "r.json"
    path.parent.mkdir()
    save_record(record, path)
    entry_id = lib.add_record(record, path)
    e = lib.get(entry_id)
    assert (e.game, e.seed, e.length, e.path, e.source) == (spec.id, record.seed, len(record.actions), path, "record")
    assert list(e.scores) == [pytest.approx(s) for s in record.result["scores"]]
    assert list(e.winners) == record.result["winners"] and e.options == record.options
    assert [p["kind"] for p in e.players] == [p["kind"] for p in players]
    assert e.num_players == len(players) and e.result == json.loads(json.dumps(record.result))
    assert e.outcome == outcome_of([p["kind"] for p in players], record.result["winners"])
    assert e.played_at[:4].isdigit() and len(e.played_at) == 19
    # the same file twice is one entry
    assert lib.add_record(record, path) == entry_id and lib.count() == 1


def test_an_unfinished_record_is_refused(lib, tmp_path):
    spec = GAMES[0]
    state = spec.new_game(spec.min_players, 1)
    with pytest.raises(ValueError):
        lib.add_record(GameRecord.from_state(state, seats(spec.min_players)), tmp_path / "x.json")
    assert lib.count() == 0


def test_outcome_for_the_person():
    assert outcome_of(["human"], [0]) == "solo"
    assert outcome_of(["human", "ai"], [0]) == "won"
    assert outcome_of(["human", "ai"], [1]) == "lost"
    assert outcome_of(["human", "ai", "ai"], [0, 2]) == "drawn"
    assert outcome_of(["human", "human"], [1]) == "people"
    assert outcome_of(["ai", "ai"], [1]) == "computers"


def _table(lib, game, day, names, scores, winners, path):
    return lib.add_table(game, f"{day} 20:00:00", names, scores, winners, {}, path)


def test_filters_combine_and_come_newest_first(lib, tmp_path):
    a, b = GAMES[0].id, GAMES[1].id
    one = lib.add(game=a, played_at="2026-01-05 10:00:00", source="record", players=seats(1), scores=[70],
                  winners=[0], options={}, seed=1, result={}, length=30, path=tmp_path / "1.json")
    won = lib.add(game=b, played_at="2026-02-01 10:00:00", source="record", players=seats(2, ai=1, level="hard"),
                  scores=[10, 5], winners=[0], options={}, seed=2, result={}, length=20, path=tmp_path / "2.json")
    lost = lib.add(game=b, played_at="2026-03-01 10:00:00", source="record", players=seats(3, ai=2),
                   scores=[1, 5, 2], winners=[1], options={}, seed=3, result={}, length=25, path=tmp_path / "3.json")
    paper = _table(lib, a, "2026-03-02", ["Ann", "Bo"], [4, 9], [1], tmp_path / "t.json")
    assert [e.id for e in lib.games()] == [paper, lost, won, one]
    assert [e.id for e in lib.games(game=b)] == [lost, won]
    assert [e.id for e in lib.games(players=2)] == [paper, won]
    assert [e.id for e in lib.games(outcome="won")] == [won]
    assert [e.id for e in lib.games(outcome="lost")] == [lost]
    assert [e.id for e in lib.games(outcome="solo")] == [one]
    assert [e.id for e in lib.games(outcome="people", source="table")] == [paper]
    assert [e.id for e in lib.games(since="2026-02-01", until="2026-03-01")] == [lost, won]
    assert [e.id for e in lib.games(game=b, since="2026-02-02")] == [lost]
    assert lib.get(won).ai_levels() == ["hard"] and lib.get(paper).source == "table"
    assert lib.get(paper).players[1] == {"name": "Bo", "kind": "human"}


def test_add_table_checks_what_it_is_given(lib, tmp_path):
    with pytest.raises(ValueError):
        lib.add_table(GAMES[0].id, "2026-01-01 10:00:00", ["A", "B"], [1], [0], {}, tmp_path / "t.json")
    with pytest.raises(ValueError):
        lib.add_table(GAMES[0].id, "2026-01-01 10:00:00", ["A", "B"], [1, 2], [2], {}, tmp_path / "t.json")
    assert lib.count() == 0


def test_delete_removes_the_entry_its_analysis_and_its_file(lib, tmp_path):
    spec = GAMES[0]
    path = tmp_path / "games" / "a.json"
    path.parent.mkdir()
    record = finished_record(spec, seats(spec.min_players))
    save_record(record, path)
    keep = lib.add_record(record, tmp_path / "elsewhere.json")
    gone = lib.add_record(record, path)
    lib.store_analysis(gone, {"decisions": [1, 2]})
    lib.delete(gone)
    assert not path.exists() and [e.id for e in lib.games()] == [keep]
    with pytest.raises(KeyError):
        lib.get(gone)
    assert lib.analysis(gone) is None
    lib.delete(keep)  # its file was never there: the entry still goes
    assert lib.count() == 0


def test_analysis_is_kept_replaced_and_read_back(lib, tmp_path):
    n = _table(lib, GAMES[0].id, "2026-01-01", ["A"], [50], [0], tmp_path / "t.json")
    assert lib.analysis(n) is None
    lib.store_analysis(n, {"values": [0.5, 0.25], "best": "x"})
    assert lib.analysis(n) == {"values": [0.5, 0.25], "best": "x"}
    lib.store_analysis(n, [1, 2, 3])
    assert lib.analysis(n) == [1, 2, 3] and Library(tmp_path).analysis(n) == [1, 2, 3]
    with pytest.raises(KeyError):
        lib.store_analysis(n + 100, {})
    with pytest.raises(ValueError):
        lib.store_analysis(n, {"nan": float("nan")})


def test_a_damaged_database_is_set_aside_and_a_fresh_one_started(tmp_path):
    (tmp_path / DB_NAME).write_bytes(b"this is not SQLite at all " * 200)
    lib = Library(tmp_path)
    assert lib.damaged_to == tmp_path / (DB_NAME + ".damaged") and lib.damaged_to.exists()
    assert lib.count() == 0
    _table(lib, GAMES[0].id, "2026-01-01", ["A"], [50], [0], tmp_path / "t.json")
    assert Library(tmp_path).count() == 1 and Library(tmp_path).damaged_to is None


def test_a_locked_database_is_busy_not_damaged(tmp_path):
    import sqlite3

    from reclaimdesk.core.library import ScoresBusy

    lib = Library(tmp_path, busy_timeout=0.1)
    holder = sqlite3.connect(tmp_path / DB_NAME)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(ScoresBusy):
            lib.add_table(GAMES[0].id, "2026-01-01 10:00:00", ["A"], [1], [0], {}, tmp_path / "t.json")
    finally:
        holder.rollback()
        holder.close()
    assert not (tmp_path / (DB_NAME + ".damaged")).exists() and lib.count() == 0


def test_records_from_earlier_versions_are_indexed_and_the_rest_left_out(tmp_path):
    folder = tmp_path / "data"
    games = folder / "games"
    games.mkdir(parents=True)
    expected = {}
    for i, spec in enumerate(GAMES):
        record = finished_record(spec, seats(spec.max_players, ai=spec.max_players - 1), seed=20 + i)
        if i % 2:
            record.created = ""  # very old: no time stamp, the file's is used
            record.result = None  # and no result written: the replay gives it
        path = games / f"{spec.id}-2026010{i}-seed{record.seed}.json"
        save_record(record, path)
        expected[path] = (spec.id, len(record.actions))
    loose = finished_record(GAMES[0], seats(GAMES[0].min_players), seed=5)
    save_record(loose, folder / "my-game.json")
    expected[folder / "my-game.json"] = (GAMES[0].id, len(loose.actions))
    unfinished = GameRecord.from_state(GAMES[0].new_game(GAMES[0].min_players, 2), seats(GAMES[0].min_players))
    save_record(unfinished, games / "unfinished.json")
    (games / "broken.json").write_text("{not json", encoding="utf-8")
    (folder / f"autosave-{GAMES[0].id}.json").write_text(loose.to_json(), encoding="utf-8")
    (folder / "bests-any.json").write_text("{}", encoding="utf-8")

    lib = Library(folder)
    added, skipped = lib.index_folder()
    assert added == len(expected)
    got = {e.path: (e.game, e.length) for e in lib.games()}
    assert got == expected
    assert {p.name: why for p, why in skipped}.keys() == {"unfinished.json", "broken.json"}
    assert dict((p.name, why) for p, why in skipped)["unfinished.json"] == "unfinished"
    # stored relative to the data folder: the folder may move
    moved = tmp_path / "moved"
    folder.rename(moved)
    assert {e.path.parent for e in Library(moved).games()} == {moved / "games", moved}
    assert Library(moved).index_folder() == (0, skipped and [(moved / "games" / p.name, w) for p, w in skipped])


def test_the_store_is_qt_free():
    import subprocess
    import sys

    code = ("import sys, reclaimdesk.core.library as m; "
            "print(any(k.startswith(('PySide6', 'reportlab')) for k in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_paths_outside_the_data_folder_are_kept_whole(lib, tmp_path):
    other = Path(tmp_path.parent) / "elsewhere-record.json"
    n = _table(lib, GAMES[0].id, "2026-01-01", ["A"], [1], [0], other)
    assert lib.get(n).path == other.resolve()
