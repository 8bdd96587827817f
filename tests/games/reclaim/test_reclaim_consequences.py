"""The forecast of a Reclaim action (games/reclaim/consequences.py) against what
applying the action really does, over many positions of AI-played games."""

from __future__ import annotations

import pytest

from reclaimdesk.core.game import get_game
from reclaimdesk.core.rng import Rng
from reclaimdesk.games.reclaim.components import GRID
from reclaimdesk.games.reclaim.consequences import castle_groups, consequences, sheet_seat


def positions(players: int, seed: int, every: int = 2):
    spec = get_game("reclaim")
    state = spec.new_game(players, seed, {"map": "river" if seed % 2 else "lake", "variant": players > 1})
    agent = spec.agent("easy", seed)
    n = 0
    while not state.is_terminal():
        if n % every == 0:
            yield state
        state.apply(agent.choose(state.clone()))
        n += 1


@pytest.mark.parametrize("players,seed", [(1, 3), (1, 8), (3, 5)])
def test_the_forecast_is_what_the_action_does(players, seed):
    rng = Rng(seed)
    checked = walled = linked = cut = 0
    for state in positions(players, seed):
        actions = state.legal_actions()
        for action in rng.sample(actions, min(12, len(actions))):
            seat = sheet_seat(state)
            forecast = consequences(state, action)
            after = state.child(action)
            before_sheet, after_sheet = state.sheets[seat], after.sheets[seat]
            assert forecast.seat == seat
            assert set(forecast.walled_off) == set(GRID.cells_of(after_sheet.xs & ~before_sheet.xs))
            assert forecast.x_points == -2 * len(forecast.walled_off)
            assert set(forecast.completed) == set(GRID.cells_of(after_sheet.terr & ~before_sheet.terr))
            assert forecast.castles_before == state.connected_castles(before_sheet)[0]
            assert forecast.score_before == state.projected_total(seat)
            later = [r for r, _why in after_sheet.crossings if r > state.round]
            if not later:  # nothing the engine did on its own in a round not yet begun
                assert forecast.score_after == after.projected_total(seat)
                assert forecast.castles_after == after.connected_castles(after_sheet)[0]
                assert len(forecast.crossed_out) == after_sheet.crossed - before_sheet.crossed
            else:  # the next round's penalty (its card unseen) is not foretold
                assert len(forecast.crossed_out) == after_sheet.crossed - before_sheet.crossed - len(later)
            groups_after = castle_groups(state, after_sheet)
            for group in forecast.links_made:
                assert group in groups_after and group not in castle_groups(state, before_sheet)
            for group in forecast.links_cut:
                assert group not in groups_after
            checked += 1
            walled += bool(forecast.walled_off)
            linked += bool(forecast.links_made)
            cut += bool(forecast.links_cut)
    assert checked > 100
    assert linked and cut, (walled, linked, cut)


def test_walled_off_squares_are_the_new_x_marks_and_their_points():
    seen = 0
    for state in positions(1, 3, every=1):
        if state.phase != "place":
            continue
        for action in state.legal_actions():
            if action.kind != "shape":
                continue
            forecast = consequences(state, action)
            if not forecast.walled_off:
                continue
            after = state.child(action)
            new_x = after.sheets[0].xs & ~state.sheets[0].xs
            assert GRID.mask(forecast.walled_off) == new_x
            if after.round == state.round:
                assert forecast.score_change == after.projected_total(0) - state.projected_total(0)
                assert forecast.score_change <= forecast.x_points < 0
            seen += 1
    assert seen >= 5


def test_a_penalty_forecasts_the_number_it_crosses_out():
    for state in positions(1, 11, every=1):
        actions = state.legal_actions()
        passes = [a for a in actions if a.kind in ("pass", "special-triangles", "special-shape")]
        if passes:
            forecast = consequences(state, passes[0])
            sheet = state.sheets[0]
            assert forecast.crossed_out == (state.track.entries[8 - sheet.crossed].points,)
            return
    pytest.fail("no penalty or special action in the game")


def test_an_illegal_action_is_refused_like_apply():
    from reclaimdesk.core.errors import IllegalActionError
    from reclaimdesk.games.reclaim.actions import ReclaimAction

    state = get_game("reclaim").new_game(1, 3, {"map": "river"})
    with pytest.raises(IllegalActionError):
        consequences(state, ReclaimAction.end())


def test_the_forecast_of_several_steps_is_what_taking_them_in_turn_does():
    from reclaimdesk.games.reclaim.consequences import steps_consequences

    seen = 0
    for state in positions(1, 8, every=1):
        if state.phase != "pay" or len(state.unpaid) < 2:
            continue
        first = next((a for a in state.legal_actions() if a.kind == "pay"), None)
        if first is None:
            continue
        middle = state.child(first)
        second = next((a for a in middle.legal_actions() if a.kind == "pay"), None)
        if second is None:
            continue
        after = middle.child(second)
        forecast = steps_consequences(state, [first, second])
        assert forecast.action == (first, second)
        assert len(forecast.pays) == 2
        assert set(forecast.completed) == set(GRID.cells_of(after.sheets[0].terr & ~state.sheets[0].terr))
        if all(r <= state.round for r, _why in after.sheets[0].crossings):
            assert forecast.score_after == after.projected_total(0)
        seen += 1
    assert seen >= 3
