"""The analysis of a record (issue 23), over every registered game: each game has an
evaluator; a short record is analysed deterministically from its seed with values in
the game's unit and range; progress, cancel and the JSON form; a person who plays at
random loses value against the AI's choices; the command line's exit codes."""

from __future__ import annotations

import json

import pytest

from reclaimdesk.cli import main
from reclaimdesk.core import analysis
from reclaimdesk.core.agents import RandomAgent
from reclaimdesk.core.errors import RecordError, ReplayError
from reclaimdesk.core.game import all_games
from reclaimdesk.core.record import GameRecord, save_record

GAMES = [spec.id for spec in all_games()]


def short_record(game_id: str, actions: int, seed: int = 3, person: int = 0) -> GameRecord:
    """The first ``actions`` actions of a game played by random agents (seeded), with
    seat ``person`` a person and the other seats AI players."""
    spec = next(s for s in all_games() if s.id == game_id)
    players = spec.min_players if spec.min_players > 1 else 1
    state = spec.new_game(players, seed, {})
    agents = [RandomAgent(seed * 7 + i) for i in range(players)]
    while not state.is_terminal() and len(state.history) < actions:
        state.apply(agents[state.current_player].choose(state))
    seats = [{"name": f"P{i + 1}", "kind": "human"} if i == person else
             {"name": f"AI {i + 1}", "kind": "ai", "level": "normal"} for i in range(players)]
    return GameRecord.from_state(state, seats)


def test_every_registered_game_has_an_evaluator_in_its_unit():
    assert sorted(analysis.analysable_games()) == sorted(GAMES)
    for game in GAMES:
        assert analysis.evaluator_for(game).unit in analysis.UNITS


@pytest.mark.parametrize("game", GAMES)
def test_a_short_record_is_analysed_deterministically_with_values_in_range(game):
    record = short_record(game, 8)
    spec = next(s for s in all_games() if s.id == game)
    calls = []
    first = analysis.analyse(record, level="normal", budget=1, seed=11, progress=lambda d, t: calls.append((d, t)))
    again = analysis.analyse(record, level="normal", budget=1, seed=11)
    assert first == again and first.to_json() == again.to_json()
    assert first.decisions, "a person made no decision in eight actions"
    expected = analysis.decision_points(record)
    assert [d.index for d in first.decisions] == expected
    assert all(record.players[d.seat].get("kind", "human") == "human" for d in first.decisions)
    low, high = (0.0, 1.0) if first.unit == "win" else spec.score_range
    for d in first.decisions:
        assert low <= d.value_played <= high and low <= d.value_ai <= high
        assert d.loss == pytest.approx(d.value_ai - d.value_played, abs=1e-3)
        assert d.played == record.actions[d.index]
    # progress: from 0 to the total, one step per decision (the game is not over: no hindsight)
    assert calls[0] == (0, len(expected)) and calls[-1] == (len(expected), len(expected))
    assert [d for d, _ in calls] == list(range(len(expected) + 1))
    # the marks: at most three, the largest positive losses
    marked = first.costliest()
    assert len(marked) <= analysis.COSTLIEST and all(d.loss > 0 for d in marked)
    unmarked = [d.loss for d in first.decisions if not d.costly]
    if len(marked) == analysis.COSTLIEST and unmarked:
        assert min(d.loss for d in marked) >= max(unmarked)
    # plain data: through JSON and back
    back = analysis.Analysis.from_json(json.dumps(json.loads(first.to_json())))
    assert back == first and back.decisions[0].to_dict() == first.decisions[0].to_dict()


@pytest.mark.parametrize("game", GAMES)
def test_the_hard_ai_judges_the_first_decisions(game):
    record = short_record(game, 3)
    result = analysis.analyse(record, budget=1, seed=2)
    assert result.level == "hard" and result.decisions
    for d in result.decisions:
        state = record.replay(d.index)
        assert state.why_illegal(state.parse_action(d.ai)) == ""


@pytest.mark.parametrize("game", GAMES)
def test_a_person_playing_at_random_loses_value_to_the_ai(game):
    # two short games pooled: a handful of random decisions can look as good as
    # the AI's by chance (The Reclamation's first 16 actions on seed 5 hold 7 of
    # the person's, and two random ones won their playouts where the AI's lost)
    results = [analysis.analyse(short_record(game, 16, seed=seed), level="normal", seed=1)  # the game's own budget
               for seed in (5, 7)]
    assert sum(d.loss for result in results for d in result.decisions) > 0
    assert any(result.costliest() for result in results), "no decision of a random player was marked"


def test_cancel_stops_and_progress_counts():
    record = short_record(GAMES[0], 8)
    asked = []

    def cancel():
        asked.append(1)
        return len(asked) > 1

    with pytest.raises(analysis.AnalysisCancelled):
        analysis.analyse(record, level="normal", budget=1, cancel=cancel)
    assert len(asked) == 2


def test_bad_input_is_refused():
    record = short_record(GAMES[0], 4)
    with pytest.raises(ValueError):
        analysis.analyse(record, budget=0)
    with pytest.raises(ValueError):
        analysis.analyse(record, level="genius")
    broken = GameRecord.from_dict({**record.to_dict(), "actions": record.actions[:2] + ["pass pass"]})
    with pytest.raises(ReplayError):
        analysis.analyse(broken, budget=1)
    for bad in ("[]", "{}", json.dumps({"format": analysis.ANALYSIS_FORMAT, "format_version": 1}),
                json.dumps({**json.loads(analysis.Analysis("g", "win", "hard", 0, 1, []).to_json()),
                            "decisions": [{"index": -1}]})):
        with pytest.raises(RecordError):
            analysis.Analysis.from_json(bad)


def test_the_costliest_are_the_three_largest_positive_losses():
    made = [analysis.Decision(i, 0, "a", "b", 0.0, loss) for i, loss in enumerate((0.0, 5.0, -2.0, 1.0, 5.0, 3.0))]
    analysis.mark_costliest(made)
    assert [d.index for d in made if d.costly] == [1, 4, 5]
    none = [analysis.Decision(0, 0, "a", "a", 1.0, 1.0)]
    analysis.mark_costliest(none)
    assert not none[0].costly


# --- the command line -----------------------------------------------------------
def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_analyse_prints_each_decision_and_json(tmp_path, capsys):
    record = short_record(GAMES[0], 4)
    path = tmp_path / "game.json"
    save_record(record, path)
    code, out, err = run(capsys, "analyse", str(path), "--budget", "1", "--seed", "4")
    assert code == 0, err
    points = analysis.decision_points(record)
    for index in points:
        assert f"action {index + 1} (P1): played {record.actions[index]}" in out
    code, out, err = run(capsys, "analyse", str(path), "--json", "--budget", "1", "--seed", "4")
    assert code == 0, err
    data = json.loads(out)
    assert [d["index"] for d in data["decisions"]] == points and data["budget"] == 1 and data["seed"] == 4
    assert analysis.Analysis.from_dict(data).to_dict() == data
    code, out, err = run(capsys, "--lang", "ja", "analyse", str(path), "--budget", "1")
    assert code == 0 and "action" not in out


def test_analyse_exit_codes(tmp_path, capsys):
    record = short_record(GAMES[0], 4)
    broken = tmp_path / "broken.json"
    data = record.to_dict()
    data["actions"] = data["actions"][:1] + ["pass pass pass"]
    broken.write_text(json.dumps(data))
    code, out, err = run(capsys, "analyse", str(broken), "--budget", "1")
    assert code == 1 and "action 2" in err
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{not json")
    assert run(capsys, "analyse", str(garbage))[0] == 2
    assert run(capsys, "analyse", str(tmp_path / "missing.json"))[0] == 2
    good = tmp_path / "good.json"
    save_record(record, good)
    code, out, err = run(capsys, "analyse", str(good), "--budget", "0")
    assert code == 2 and "--budget" in err
    assert run(capsys, "analyse")[0] == 2
