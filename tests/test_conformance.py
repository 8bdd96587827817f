"""One test for every registered game (OpenSpiel style): random playouts where a clone
stays equal to the original, ``child`` equals a clone with the action applied, the
record round-trips at several points, scores stay in range, a finished game has no
legal actions, and the one legality path (``why_illegal``) agrees with
``legal_actions`` and ``is_legal`` on every position reached."""

import json

import pytest

from reclaimdesk.core.agents import RandomAgent
from reclaimdesk.core.errors import IllegalActionError
from reclaimdesk.core.game import TERMINAL, all_games
from reclaimdesk.core.record import GameRecord
from reclaimdesk.core.rng import Rng

GAMES = all_games()


def _player_counts(spec):
    counts = {spec.min_players, spec.max_players}
    return sorted(counts)


@pytest.mark.parametrize("spec", GAMES, ids=[g.id for g in GAMES])
def test_registered_spec_is_sane(spec):
    assert spec.state_class.spec is spec
    assert 1 <= spec.min_players <= spec.max_players
    low, high = spec.score_range
    assert low < high
    assert spec.max_length > 0
    for level in ("random", "easy", "normal", "hard"):
        assert hasattr(spec.agent(level, 1), "choose")


def _check_legality(state, legal, seen, rng, sample=12):
    """``why_illegal`` says "" exactly for the legal actions, ``is_legal`` agrees,
    and ``apply`` refuses the others with the same reason (tried on actions that were
    legal elsewhere in the game but are not now)."""
    legal_set = set(legal)
    assert len(legal_set) == len(legal), "legal_actions lists an action twice"
    for action in legal:
        assert state.why_illegal(action) == "", f"{action} is listed as legal"
        assert state.is_legal(action)
    tried = 0
    for _ in range(4 * sample if seen else 0):
        action = seen[rng.randrange(len(seen))]
        if action in legal_set:
            continue
        tried += 1
        if tried > sample:
            break
        why = state.why_illegal(action)
        assert why, f"{action} is not listed as legal, but why_illegal has no reason"
        assert not state.is_legal(action)
        twin = state.clone()
        with pytest.raises(IllegalActionError) as refused:
            twin.apply(action)
        assert why in str(refused.value)
        assert twin == state, "a refused action must leave the state unchanged"


@pytest.mark.parametrize("spec", GAMES, ids=[g.id for g in GAMES])
def test_random_games_obey_the_api(spec):
    rng = Rng(2024)
    for game_no, players in enumerate(_player_counts(spec) * 2):
        options = {k: rng.choice(list(v)) for k, v in spec.option_choices.items()}
        seed = 100 + game_no
        state = spec.new_game(players, seed, options)
        agent = RandomAgent(seed)
        seen: list = []  # every action legal somewhere in this game, once
        known: set = set()
        checkpoints = {1, 7, 40, 150}
        steps = 0
        while not state.is_terminal():
            assert steps < spec.max_length, "game exceeded its declared maximum length"
            actions = state.legal_actions()
            assert actions, "a game in progress must have a legal action"
            assert 0 <= state.current_player < players
            _check_legality(state, actions, seen, rng)
            seen.extend(a for a in actions if a not in known)
            known.update(actions)
            action = agent.choose(state)
            twin = state.clone()
            assert twin == state
            child = state.child(action)
            assert child is not state and twin == state, "child must leave the state as it was"
            state.apply(action)
            twin.apply(action)
            assert twin == state, "a clone must stay equal under the same action"
            assert child == state, "child(action) must equal the state with action applied"
            steps += 1
            if steps in checkpoints:
                record = GameRecord.from_dict(json.loads(state.to_record().to_json()))
                assert record.replay() == state, f"record round-trip failed after {steps} actions"
            low, high = spec.score_range
            assert all(low <= s <= high for s in state.scores())
        assert state.current_player == TERMINAL
        assert state.legal_actions() == []
        _check_legality(state, [], seen, rng)
        with pytest.raises(IllegalActionError):
            state.child(seen[0])
        low, high = spec.score_range
        assert all(low <= s <= high for s in state.scores())
        winners = state.winners()
        assert winners and all(0 <= w < players for w in winners)
        final = GameRecord.from_dict(json.loads(state.to_record().to_json()))
        assert final.result is not None
        replayed = final.replay()
        assert replayed == state and replayed.scores() == state.scores()


@pytest.mark.parametrize("spec", GAMES, ids=[g.id for g in GAMES])
def test_actions_round_trip_through_notation(spec):
    state = spec.new_game(spec.min_players, 5)
    agent = RandomAgent(5)
    for _ in range(60):
        if state.is_terminal():
            break
        for action in state.legal_actions():
            assert state.parse_action(state.action_to_str(action)) == action
        state.apply(agent.choose(state))
