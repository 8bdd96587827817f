"""A person's hint has a budget of its own (issue 24, item 7): ``GameSpec.hint_agent``
builds the game's hint AI on its hint budget (nodes, iterations, plans kept: never
seconds), so the AI levels can be tuned without slowing hints down. Its time is
measured by ``reclaimdesk bench`` (each table's hint, median and p95), never here.
No game is named: the registry is iterated."""

from __future__ import annotations

import pytest

from reclaimdesk.core.agents import RandomAgent
from reclaimdesk.core.game import GameSpec, all_games
from tests.test_ai_honesty import guarded

HINTED = [spec.id for spec in all_games() if spec.make_hint_agent is not None]


def _spec(game_id: str) -> GameSpec:
    return next(s for s in all_games() if s.id == game_id)


def _positions(spec: GameSpec, count: int = 3) -> list:
    """Decisions with a choice of a random game: the first, then every few plies."""
    state = spec.new_game(min(spec.max_players, max(spec.min_players, 3)), 2405)
    mover = RandomAgent(24)
    found, plies = [], 0
    while len(found) < count and not state.is_terminal():
        if len(state.legal_actions()) > 1 and (not found or plies >= 7):
            found.append(state.clone())
            plies = 0
        state.apply(mover.choose(state))
        plies += 1
    return found


def test_every_game_with_a_table_gives_hints_a_budget_of_their_own():
    from reclaimdesk.ui.plugin import table_for

    tabled = [spec.id for spec in all_games() if table_for(spec.id) is not None]
    assert tabled and set(tabled) <= set(HINTED)


@pytest.mark.parametrize("game_id", HINTED)
def test_a_hint_is_legal_decided_by_its_budget_and_reads_nothing_hidden(game_id):
    spec = _spec(game_id)
    positions = _positions(spec)
    assert positions
    for k, state in enumerate(positions):
        # a game that hides something: the honesty test's guard on what the hint reads
        shown = guarded(state) if getattr(type(state), "HIDDEN_ATTRIBUTES", ()) else state.clone()
        first = spec.hint_agent(700 + k).choose(shown)
        assert state.why_illegal(first) == ""
        assert spec.hint_agent(700 + k).choose(state.clone()) == first  # a budget, not the clock
        small = spec.hint_agent(700 + k, budget=1).choose(state.clone())  # any budget is taken
        assert state.why_illegal(small) == ""


@pytest.mark.parametrize("game_id", HINTED)
def test_a_hint_budget_below_one_is_refused(game_id):
    with pytest.raises(ValueError):
        _spec(game_id).hint_agent(1, budget=0)


def test_a_game_without_a_hint_maker_hints_with_its_hard_level():
    made = []

    def make_agent(level, seed):
        made.append((level, seed))
        return RandomAgent(seed)

    spec = GameSpec(id="hintless", name="Hintless", min_players=1, max_players=1, score_range=(0, 1),
                    max_length=1, state_class="tests.core.toys:Race", make_agent=make_agent)
    spec.hint_agent(5)
    assert made == [("hard", 5)]
