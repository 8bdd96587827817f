"""The AI's search copies (``search_copy``: no log, owner masks kept up to date) play
the same game as the real state, and the planners choose what they chose before
the copies (positions and choices recorded from the code before, data/recorded-choices.json)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from reclaimdesk.core.game import get_game
from reclaimdesk.core.rng import Rng
from reclaimdesk.games.reclamation_wars import ai

RECORDED = json.loads((Path(__file__).parent / "data" / "recorded-choices.json").read_text(encoding="utf-8"))


def _rebuild(entry):
    state = get_game("reclamation-wars").new_game(3, entry["seed"], {"board": "standard", "layout": "seed"})
    for text in entry["moves"]:
        state.apply_text(text)
    return state


def _masks(state):
    out = [0, 0, 0, 0]
    for i, o in enumerate(state.owner):
        if o >= -1:
            out[o] |= 1 << i
    return out


@pytest.mark.parametrize("board", ["standard", "large"])
def test_a_search_copy_plays_the_real_game_and_keeps_its_owner_masks(board):
    rng = Rng(5)
    state = get_game("reclamation-wars").new_game(3, 11, {"board": board})
    copy = state.search_copy()
    assert copy.history == [] and copy.turns == []
    voids = 0
    while not state.is_terminal():
        actions = state.legal_actions()
        assert copy.legal_actions() == actions
        action = rng.choice(actions)
        voids += action.kind == "void"
        state.apply(action)
        copy._apply(action)
        assert copy == state  # (equality is the state key: the whole position)
        assert copy.owner_masks() == _masks(copy) == state.owner_masks()
        copy = copy.search_copy() if rng.random() < 0.3 else copy
    assert copy.turns == [] and len(state.turns) > 0


def test_normal_chooses_as_before_on_recorded_positions():
    for n, entry in enumerate(RECORDED["positions"]):
        state = _rebuild(entry)
        assert str(ai.make_agent("normal", 1000 + n).choose(state)) == entry["normal"], n


def test_hard_decides_as_before_on_recorded_positions(monkeypatch):
    # the standard board's budget when the choices were recorded
    monkeypatch.setitem(ai.HARD_BUDGET, "standard", ai.HardBudget(root_width=5, playouts=10, turns=9, positions=300))
    checked = 0
    for n, entry in enumerate(RECORDED["positions"]):
        if "hard" not in entry:
            continue
        state = _rebuild(entry)
        hard = ai.make_agent("hard", 2000 + n)
        hard.search.time_limit = None  # the play-out budget alone
        hard.choose(state)
        assert [str(a) for a in hard.last.action] == entry["hard"], n
        values = [["/".join(str(a) for a in s.action), s.visits, s.value] for s in hard.last.stats]
        assert values == entry["values"], n  # every play-out the same
        assert state == _rebuild(entry) and state.history == _rebuild(entry).history  # untouched
        checked += 1
    assert checked == 9


@pytest.mark.parametrize("board", ["standard", "large"])
def test_one_hex_turns_are_valued_as_from_the_state_after_them(board):
    """The reclaims and Void Maker removals the planners value from one position's
    facts (``_one_hex_margins``) get exactly the margin of the state after each, and
    every way to play a turn (a demolisher's from another way's facts) gets the
    margin it gets when it is played on a copy, in the same order."""
    rng = Rng(7)
    checked = {"reclaim": 0, "void": 0}
    special = demolisher_turns = 0
    for seed in range(12):
        state = get_game("reclamation-wars").new_game(3, 300 + seed, {"board": board})
        agents = [ai.make_agent("normal", seed * 3 + s) for s in range(3)]
        while not state.is_terminal():
            seat = state.current_player
            if not state.moves_used:
                for leader in (ai.LEADER_WEIGHT, ai.PLAN_LEADER_WEIGHT):
                    quick = ai._one_hex_margins(state, leader, state.legal_actions())
                    for action, value in quick.items():
                        after = state.search_copy()
                        after._apply(action)
                        assert value == ai.margin(after, seat, leader), (seed, str(action))
                        checked[action.kind] += 1
                        special += state.special_at[state.geo.index[action.hex]] is not None
            slow = [(turn, ai.margin(after, seat, ai.LEADER_WEIGHT))
                    for turn, after in ai.turn_sequences(state, distinct=True)]
            assert list(ai.turn_values(state, ai.LEADER_WEIGHT)) == slow
            every = [(turn, ai.margin(after, seat)) for turn, after in ai.turn_sequences(state)]
            assert list(ai.turn_values(state, ai.PLAN_LEADER_WEIGHT, distinct=False)) == every
            demolisher_turns += sum(turn[0].kind in ("step", "demolish", "destroy") for turn, _v in slow)
            # random players now and then, so that the Void Maker, Lockdown and the
            # rest come into play and the positions are not all normal's
            action = rng.choice(state.legal_actions()) if rng.random() < 0.3 else agents[seat].choose(state)
            state.apply(action)
    assert checked["reclaim"] > 5000 and checked["void"] > 1000 and special > 100, (checked, special)
    assert demolisher_turns > 5000, demolisher_turns


def test_a_search_ranks_a_position_met_again_as_the_first_time(monkeypatch):
    """A search's views keep the turns ranked at positions met before (``TurnView.seen``);
    the large board's decisions, the play-outs' and the end search's, are the same without
    it, play-out for play-out, and count the same positions."""

    class Forgetful(dict):
        def __setitem__(self, key, value):
            pass

    spec = get_game("reclamation-wars")
    state = spec.new_game(3, 50001, {"board": "large"})
    agents = [ai.make_agent("normal", 40 + s) for s in range(3)]
    decisions = []
    while not state.is_terminal():
        if not state.moves_used and state.turn in (4, 22, 40, 49, 53, 56):
            decisions.append(state.clone())
        state.apply(agents[state.current_player].choose(state))
    counted = []
    real_rollout = ai._rollout_value

    def rollout(view, rng=None):
        out = real_rollout(view, rng)
        counted.append(view.positions)
        return out

    monkeypatch.setattr(ai, "_rollout_value", rollout)
    results = {}
    real_init = ai.TurnView.__init__
    for memo in (True, False):
        if not memo:
            def init(self, state, width, root_width, depth=0, seat=None, seen=None):
                real_init(self, state, width, root_width, depth, seat, Forgetful() if seen is None else seen)
            monkeypatch.setattr(ai.TurnView, "__init__", init)
        counted.clear()
        runs = []
        for n, position in enumerate(decisions):
            hard = ai.make_agent("hard", 70 + n)
            hard.search.time_limit = None
            hard.choose(position)
            runs.append([(s.action, s.visits, s.value) for s in hard.last.stats])
        results[memo] = (runs, list(counted))
    assert results[True] == results[False]
    assert len(decisions) >= 5 and decisions[-1].turn >= 53  # (the end search decides there)
