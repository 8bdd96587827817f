"""The command line: play, replay, bad input. Run in-process through ``main``."""

import json

import pytest

from reclaimdesk.cli import main


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_play_reclaim_writes_a_record_that_replays_to_the_same_scores(tmp_path, capsys):
    record = tmp_path / "game.json"
    code, out, err = run(capsys, "play", "reclaim", "--agents", "easy", "--seed", "1",
                         "--record", str(record), "--json")
    assert code == 0, err
    played = json.loads(out)
    assert played["game"] == "reclaim" and played["seed"] == 1 and len(played["scores"]) == 1
    data = json.loads(record.read_text())
    assert data["game"] == "reclaim" and data["seed"] == 1 and data["result"]["scores"] == played["scores"]
    code, out, err = run(capsys, "replay", str(record), "--json")
    assert code == 0, err
    assert json.loads(out)["scores"] == played["scores"]


def test_play_several_games_and_seats(tmp_path, capsys):
    code, out, err = run(capsys, "play", "reclaim", "--players", "3", "--agents", "random,easy,random",
                         "--games", "2", "--seed", "5", "--variant", "--map", "lake", "--json",
                         "--record", str(tmp_path / "g.json"))
    assert code == 0, err
    lines = [json.loads(line) for line in out.splitlines()]
    assert [g["seed"] for g in lines] == [5, 6]
    assert all(len(g["scores"]) == 3 and g["options"] == {"map": "lake", "variant": True} for g in lines)
    assert (tmp_path / "g-1.json").exists() and (tmp_path / "g-2.json").exists()


def test_text_output_names_the_tier(capsys):
    code, out, _ = run(capsys, "play", "reclaim", "--agents", "easy", "--seed", "2")
    assert code == 0 and "Reclaim seed 2" in out and "tier" in out


@pytest.mark.parametrize("args, needle", [
    (("play", "chess"), "unknown game"),
    (("play", "reclaim", "--agents", "genius"), "unknown AI level"),
    (("play", "reclaim", "--players", "9"), "1-6 players"),
    (("play", "reclaim", "--map", "desert"), "map"),
    (("play", "reclaim", "--rules", "throne"), "no --rules option"),
    (("play", "reclaim", "--agents", "easy,easy", "--players", "3"), "2 levels for 3 players"),
    (("play", "reclaim", "--games", "0"), "at least 1"),
    (("play", "reclaim", "--seed", "abc"), "invalid int"),
    (("play", "reclaim", "--record", "/no/such/dir/x.json"), "does not exist"),
    (("frobnicate",), "invalid choice"),
])
def test_bad_arguments_exit_2_with_one_line(capsys, args, needle):
    code, out, err = run(capsys, *args)
    assert code == 2
    assert needle in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def _record(tmp_path, capsys):
    path = tmp_path / "r.json"
    assert run(capsys, "play", "reclaim", "--agents", "random", "--seed", "3", "--record", str(path))[0] == 0
    return path, json.loads(path.read_text())


def test_replay_reports_the_first_illegal_action_and_exits_1(tmp_path, capsys):
    path, data = _record(tmp_path, capsys)
    data["actions"][5] = "pay a1"
    data["result"] = None
    path.write_text(json.dumps(data))
    code, _, err = run(capsys, "replay", str(path))
    assert code == 1
    assert err.startswith("reclaimdesk: action 6: ") and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("content, needle", [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "expected a JSON object"),
    (json.dumps({"format": "something-else"}), "not a ReclaimDesk game record"),
    (json.dumps({"format": "reclaimdesk-record", "format_version": 1, "game": "reclaim",
                 "seed": "x", "players": [], "actions": []}), "'seed'"),
    (json.dumps({"format": "reclaimdesk-record", "format_version": 1, "game": "tetris",
                 "seed": 1, "players": [{"name": "a"}], "actions": []}), "unknown game"),
    (json.dumps({"format": "reclaimdesk-record", "format_version": 99, "game": "reclaim",
                 "seed": 1, "players": [{"name": "a"}], "actions": []}), "newer"),
    (json.dumps({"format": "reclaimdesk-record", "format_version": 1, "game": "reclaim",
                 "seed": 1, "players": [{"name": "a"}] * 9, "actions": []}), "1-6 players"),
    (json.dumps({"format": "reclaimdesk-record", "format_version": 1, "game": "reclaim",
                 "seed": 1, "players": [{"name": "a"}], "actions": [3]}), "actions[0]"),
])
def test_malformed_records_exit_2_with_one_line(tmp_path, capsys, content, needle):
    path = tmp_path / "bad.json"
    path.write_text(content)
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2, err
    assert needle in err and len(err.strip().splitlines()) == 1


def test_unreadable_or_binary_files_exit_2(tmp_path, capsys):
    code, _, err = run(capsys, "replay", str(tmp_path / "missing.json"))
    assert code == 2 and "cannot read" in err
    binary = tmp_path / "b.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    code, _, err = run(capsys, "replay", str(binary))
    assert code == 2 and "not a text file" in err


def test_a_record_whose_stated_result_disagrees_is_refused(tmp_path, capsys):
    path, data = _record(tmp_path, capsys)
    data["result"]["scores"] = [999.0]
    path.write_text(json.dumps(data))
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2 and "rules give" in err


def test_games_lists_reclaim(capsys):
    code, out, _ = run(capsys, "games")
    assert code == 0 and "reclaim" in out


def test_python_dash_m_works():
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "reclaimdesk", "games"], capture_output=True, text=True)
    assert out.returncode == 0 and "Reclaim" in out.stdout


def test_bench_runs_and_reports_json(capsys):
    code, out, _ = run(capsys, "bench", "--quick", "--only", "placements", "--json")
    assert code == 0
    rows = [json.loads(line) for line in out.splitlines()]
    assert rows and rows[0]["unit"] == "ms" and rows[0]["n"] > 0 and "within_budget" in rows[0]


def test_rotate_seats_moves_each_ai_on_and_counts_wins(capsys):
    code, out, _ = run(capsys, "play", "claim-control", "--agents", "easy,random", "--games", "3",
                       "--seed", "4", "--rotate-seats", "--json")
    assert code == 0
    games = [json.loads(line) for line in out.splitlines()]
    assert [g["agents"] for g in games] == [["easy", "random"], ["random", "easy"], ["easy", "random"]]
    code, out, _ = run(capsys, "play", "claim-control", "--agents", "easy,random", "--games", "2",
                       "--seed", "4", "--rotate-seats")
    summary = out.strip().splitlines()[-1]
    assert summary.startswith("wins over 2 games") and "easy" in summary and "random" in summary


# --- languages ---------------------------------------------------------------------------
@pytest.fixture
def english_after():
    from reclaimdesk.core import i18n

    yield
    i18n.set_language("en")


def test_lang_option_anywhere(capsys, english_after):
    assert main(["--lang", "ja", "games"]) == 0
    out = capsys.readouterr().out
    assert "リクレイム" in out and "クレイム・コントロール" in out and "players" not in out
    assert main(["games", "--lang=en"]) == 0
    assert "Reclaim" in capsys.readouterr().out


def test_lang_from_the_environment(capsys, monkeypatch, english_after):
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    assert main(["play", "no-such-game"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "ゲーム「no-such-game」はありません" in err
    # argparse's own words come through the catalogue too, still one line and exit 2
    assert main(["print"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "次の引数が必要です" in err and "game" in err
    assert main(["--help"]) == 0
    assert "使い方：" in capsys.readouterr().out


def test_unknown_language_is_one_line(capsys, english_after):
    assert main(["--lang", "xx", "games"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'xx'" in err


def test_print_lang_ja_builds_the_japanese_kit(tmp_path, capsys, english_after):
    out = tmp_path / "kit.pdf"
    assert main(["print", "claim-control", "--what", "rules", "--lang", "ja", "-o", str(out)]) == 0
    assert "書き出しました" in capsys.readouterr().out
    from reclaimdesk.core import i18n
    from reclaimdesk.export.kit import PrintOptions, build_print_pdf

    with i18n.using_language("ja"):
        assert out.read_bytes() == build_print_pdf("claim-control", PrintOptions(what="rules"))


def test_the_cli_module_runs_as_the_package_does():
    """``python -m reclaimdesk.cli`` (as a script names the module) runs the command line too."""
    import subprocess
    import sys as _sys

    out = subprocess.run([_sys.executable, "-m", "reclaimdesk.cli", "--version"], capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0 and out.stdout.strip()
