"""Issue 17: no bad file, damaged resource or locked database crashes a command or
loses data. Each test names the numbered problem it covers; each failed before the
fix. Every registered game is covered (no game is named here)."""

from __future__ import annotations

import json
import os
import sqlite3
import time

import pytest

from reclaimdesk.cli import main
from reclaimdesk.core.errors import DataError, NotationError, RecordError
from reclaimdesk.core.game import all_games
from reclaimdesk.core.record import GameRecord, load_record, write_atomic

from tests.hardening_helpers import (
    clear_data_caches, copy_resources, data_files, game_ids, load_every_game, record_dict,
)

GAMES = game_ids()


def run(capsys, *args):
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path, data, name="rec.json"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8",
                    errors="surrogatepass")
    return path


def one_clean_line(err):
    lines = err.strip("\n").split("\n")
    return len(lines) == 1 and not any(ord(c) < 32 for c in lines[0])


# --- 1: deep nesting -----------------------------------------------------------------------
def test_1_deeply_nested_json_is_a_clean_exit_2(tmp_path, capsys):
    path = write(tmp_path, "[" * 1000 + "]" * 1000)
    code, _, err = run(capsys, "replay", path)
    assert code == 2 and "rec.json" in err and "nested too deeply" in err, err
    assert one_clean_line(err)
    printed = []
    for game in GAMES:  # print --record, for every game (some have no filled sheet to print)
        code, _, err = run(capsys, "print", game, "--record", path, "-o", tmp_path / "out.pdf")
        assert code == 2 and one_clean_line(err), err
        printed.append("nested too deeply" in err and "rec.json" in err)
    assert any(printed)


def test_1_deep_nesting_inside_a_record_and_a_data_file(tmp_path, monkeypatch):
    rec = record_dict(GAMES[0])
    rec["options"] = "@@"
    text = json.dumps(rec).replace('"@@"', "[" * 990 + "]" * 990)
    with pytest.raises(RecordError, match="nested too deeply"):
        load_record(write(tmp_path, text))
    root = copy_resources(tmp_path)
    rel = data_files()[0]
    (root / rel).write_text('{"id": ' + "[" * 5000 + "]" * 5000 + "}")
    monkeypatch.setenv("RECLAIMDESK_RESOURCES", str(root))
    clear_data_caches()
    try:
        with pytest.raises(DataError, match="nested too deeply"):
            load_every_game()
    finally:
        clear_data_caches()


# --- 2: unknown AI levels --------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", ["expert", 5, None])
def test_2_unknown_ai_level_is_refused_at_load(tmp_path, capsys, game, level):
    rec = record_dict(game)
    rec["players"][-1] = {"name": "Bot", "kind": "ai", "level": level}
    code, _, err = run(capsys, "replay", write(tmp_path, rec))
    assert code == 2 and "players[" in err and "level" in err, err
    assert one_clean_line(err)


# --- 5: only regular files, read with a cap -----------------------------------------------------
def _cli_subprocess(*args, timeout=30):
    """The command line in a child with 1 GB of address space at most, so a reader
    that trusts stat fails fast instead of filling the machine's memory."""
    import resource
    import subprocess
    import sys

    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    return subprocess.run([sys.executable, "-m", "reclaimdesk", *map(str, args)], capture_output=True,
                          text=True, timeout=timeout, preexec_fn=limit, cwd=os.getcwd())


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs and /dev/zero are POSIX")
def test_5_devices_and_fifos_are_refused_without_reading(tmp_path):
    done = _cli_subprocess("replay", "/dev/zero")
    assert done.returncode == 2 and "not a regular file" in done.stderr, done.stderr[-500:]
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    done = _cli_subprocess("replay", fifo, timeout=20)  # TimeoutExpired: reading it blocked
    assert done.returncode == 2 and "not a regular file" in done.stderr, done.stderr[-500:]


def test_5_the_size_cap_does_not_trust_stat(tmp_path, monkeypatch):
    from reclaimdesk.core.files import FileProblem, read_json_file

    path = write(tmp_path, " " * 5000 + "{}")
    real_fstat = os.fstat

    class Small:  # a file system that reports a wrong size
        def __init__(self, st):
            self._st = st

        def __getattr__(self, name):
            return 10 if name == "st_size" else getattr(self._st, name)

    monkeypatch.setattr(os, "stat", lambda p, *a, **k: Small(os.lstat(p)))
    monkeypatch.setattr(os, "fstat", lambda fd: Small(real_fstat(fd)))
    with pytest.raises(FileProblem, match="too large"):
        read_json_file(path, max_bytes=1000)


# --- 6: lone surrogates in names -----------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_6_a_lone_surrogate_in_a_name_gets_one_answer_everywhere(tmp_path, capsys, game):
    rec = record_dict(game)
    text = json.dumps(rec).replace('"Seat 1"', '"Seat \\ud800 1"')
    path = write(tmp_path, text)
    code, _, err = run(capsys, "replay", path)
    assert code == 2 and "players[0].name" in err and "surrogate" in err, err
    with pytest.raises(RecordError, match="players"):
        load_record(path)  # the reading path of print and of the app
    code, _, err = run(capsys, "print", game, "--record", path, "-o", tmp_path / "o.pdf")
    assert code == 2 and one_clean_line(err), err
    assert not (tmp_path / "o.pdf").exists()


# --- 7: untrusted text quoted and shortened ------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("bad", ["x" * 100_000, "shape\nsplit", "\x1b[31mred\x07", "ok \u202e evil"],
                         ids=["100kB", "newline", "escape", "bidi"])
def test_7_messages_quote_and_shorten_what_comes_from_a_file(tmp_path, capsys, game, bad):
    rec = record_dict(game)
    rec["actions"][0] = bad
    code, _, err = run(capsys, "replay", write(tmp_path, rec))
    assert code == 2, err
    assert one_clean_line(err) and len(err) < 600 and "\x1b" not in err and "\u202e" not in err, err
    assert "actions[0]" in err


def test_7_an_illegal_action_with_odd_text_is_quoted(tmp_path, capsys):
    for game in GAMES:
        rec = record_dict(game)
        rec["actions"][0] = "zz " + "9" * 110
        code, _, err = run(capsys, "replay", write(tmp_path, rec))
        assert code == 1 and one_clean_line(err) and len(err) < 600, err


def test_7_quote():
    from reclaimdesk.core.files import quote

    assert quote("a\nb") == "'a\\nb'"
    assert quote("\ud800") == "'\\ud800'"
    assert quote("y" * 500, limit=20).endswith("(500 characters)")


# --- 8: the lesser ones ------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_8_a_seed_of_5000_digits_names_file_and_field(tmp_path, capsys, game):
    rec = record_dict(game)
    text = json.dumps(rec).replace(f'"seed": {rec["seed"]}', '"seed": ' + "7" * 5000)
    code, _, err = run(capsys, "replay", write(tmp_path, text))
    assert code == 2 and "rec.json" in err and "'seed'" in err, err
    assert len(err) < 300


def test_8_full_width_digits_are_not_notation(tmp_path, capsys):
    full = str.maketrans("0123456789", "０１２３４５６７８９")
    for spec in all_games():
        state = spec.new_game(spec.min_players, 2)
        for action in state.legal_actions()[:50]:
            text = state.action_to_str(action)
            if text.translate(full) != text:
                with pytest.raises(NotationError):
                    state.parse_action(text.translate(full))
        rec = record_dict(spec.id)
        odd = [i for i, a in enumerate(rec["actions"]) if a.translate(full) != a]
        if odd:
            rec["actions"][odd[0]] = rec["actions"][odd[0]].translate(full)
            code, _, err = run(capsys, "replay", write(tmp_path, rec))
            assert code == 2 and f"actions[{odd[0]}]" in err, err


@pytest.mark.parametrize("version", [0, -1])
def test_8_format_version_below_1_is_refused(tmp_path, capsys, version):
    rec = record_dict(GAMES[0])
    rec["format_version"] = version
    code, _, err = run(capsys, "replay", write(tmp_path, rec))
    assert code == 2 and "format_version" in err


@pytest.mark.parametrize("game", GAMES)
def test_8_a_result_that_contradicts_the_rules_is_refused_by_every_reader(tmp_path, capsys, game):
    rec = record_dict(game)
    rec["result"]["scores"] = [s + 1 for s in rec["result"]["scores"]]
    path = write(tmp_path, rec)
    with pytest.raises(RecordError, match="result.scores"):
        load_record(path).replay()
    code, _, err = run(capsys, "replay", path)
    assert code == 2 and "result" in err
    unfinished = record_dict(game, finished=False)
    unfinished["result"] = {"scores": [0] * len(unfinished["players"]), "winners": [0]}
    with pytest.raises(RecordError, match="not over"):
        GameRecord.from_dict(unfinished).replay()


def test_8_stale_temporaries_of_killed_writes_are_cleaned(tmp_path):
    from reclaimdesk.core.files import clean_stale_temporaries

    target = tmp_path / "autosave.json"
    stale = tmp_path / ".autosave.json.abc123.tmp"
    fresh = tmp_path / ".autosave.json.def456.tmp"
    other = tmp_path / "notes.tmp"
    for p in (stale, fresh, other):
        p.write_text("half")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    write_atomic(target, "{}")
    assert target.read_text() == "{}"
    assert not stale.exists() and fresh.exists() and other.exists()
    os.utime(fresh, (old, old))
    assert clean_stale_temporaries(tmp_path) == 1 and not fresh.exists() and other.exists()


@pytest.mark.parametrize("rel", [str(p) for p in data_files()])
def test_8_an_unknown_data_version_is_refused(tmp_path, monkeypatch, rel):
    root = copy_resources(tmp_path)
    data = json.loads((root / rel).read_text(encoding="utf-8"))
    data["version"] = 999
    (root / rel).write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setenv("RECLAIMDESK_RESOURCES", str(root))
    clear_data_caches()
    try:
        with pytest.raises(DataError) as info:
            load_every_game()
        assert info.value.field == "version" and "999" in str(info.value)
    finally:
        clear_data_caches()


# --- 4: a locked score database is not damaged ----------------------------------------------------
def test_4_a_locked_database_is_never_moved_aside(tmp_path):
    from reclaimdesk.ui import scores
    from reclaimdesk.ui.scores import PersonalBests

    ScoresBusy = getattr(scores, "ScoresBusy", sqlite3.OperationalError)

    path = tmp_path / "scores.sqlite3"
    PersonalBests(path).add(map_id="m", seed=1, score=50, tier=None)
    holder = sqlite3.connect(path, timeout=0, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    holder.execute("INSERT INTO scores (played_at, map, seed, score, tier, daily) VALUES ('x', 'm', 2, 60, NULL, 0)")
    try:
        with pytest.raises(ScoresBusy):
            PersonalBests(path, busy_timeout=0.2)
        assert path.exists() and not path.with_name(path.name + ".damaged").exists()
        bests = PersonalBests.__new__(PersonalBests)
        bests.path, bests.busy_timeout = path, 0.2
        with pytest.raises(ScoresBusy):
            bests.add(map_id="m", seed=3, score=70, tier=None)
        holder.execute("COMMIT")  # the other process's commit still succeeds
    finally:
        holder.close()
    assert sorted(r.score for r in PersonalBests(path).best()) == [50, 60]


def test_4_a_real_damage_is_still_moved_aside(tmp_path):
    from reclaimdesk.ui.scores import PersonalBests

    path = tmp_path / "scores.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    bests = PersonalBests(path)
    assert bests.count() == 0 and path.with_name(path.name + ".damaged").exists()


@pytest.mark.parametrize("rel", [str(p) for p in data_files()])
def test_8_control_characters_in_data_text_are_refused(tmp_path, monkeypatch, rel):
    root = copy_resources(tmp_path)
    data = json.loads((root / rel).read_text(encoding="utf-8"))
    data["id"] = data["id"] + "\x1b[2J"
    (root / rel).write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setenv("RECLAIMDESK_RESOURCES", str(root))
    clear_data_caches()
    try:
        with pytest.raises(DataError) as info:
            load_every_game()
        assert info.value.field == "id" and "\x1b" not in str(info.value)
    finally:
        clear_data_caches()
