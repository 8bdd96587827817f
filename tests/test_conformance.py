"""One test for every registered game (OpenSpiel style): random playouts where a clone
stays equal to the original, the record round-trips at several points, scores stay in
range and a finished game has no legal actions."""

import json

import pytest

from reclaimdesk.core.agents import RandomAgent
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


@pytest.mark.parametrize("spec", GAMES, ids=[g.id for g in GAMES])
def test_random_games_obey_the_api(spec):
    rng = Rng(2024)
    for game_no, players in enumerate(_player_counts(spec) * 2):
        options = {k: rng.choice(list(v)) for k, v in spec.option_choices.items()}
        seed = 100 + game_no
        state = spec.new_game(players, seed, options)
        agent = RandomAgent(seed)
        checkpoints = {1, 7, 40, 150}
        steps = 0
        while not state.is_terminal():
            assert steps < spec.max_length, "game exceeded its declared maximum length"
            actions = state.legal_actions()
            assert actions, "a game in progress must have a legal action"
            assert 0 <= state.current_player < players
            action = agent.choose(state)
            twin = state.clone()
            assert twin == state
            state.apply(action)
            twin.apply(action)
            assert twin == state, "a clone must stay equal under the same action"
            steps += 1
            if steps in checkpoints:
                record = GameRecord.from_dict(json.loads(state.to_record().to_json()))
                assert record.replay() == state, f"record round-trip failed after {steps} actions"
            low, high = spec.score_range
            assert all(low <= s <= high for s in state.scores())
        assert state.current_player == TERMINAL
        assert state.legal_actions() == []
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
