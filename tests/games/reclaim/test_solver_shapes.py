"""The solver's cheaper steps keep its lines: the shape pre-score worked out on a
bare copy of the squares drawn on and the X marks keeps the placements that whole
positions would keep, and a position reached twice within a turn is evaluated
once but counted as a node each time (the budget, so the line, is unchanged)."""

from __future__ import annotations

import dataclasses

from reclaimdesk.core.game import get_game
from reclaimdesk.games.reclaim import ai, solver
from reclaimdesk.games.reclaim.state import OVER

SPEC = get_game("reclaim")


def _positions(seed: int, map_id: str, every: int = 7):
    """Positions of a solo game of the easy AI where a shape is placed, every
    ``every``-th of them."""
    state = SPEC.new_game(1, seed, {"map": map_id})
    agent = SPEC.agent("easy", seed)
    found = 0
    while state.phase != OVER:
        shaped = [a for a in state.legal_actions() if a.kind == "shape"]
        if len(shaped) > 10:
            found += 1
            if found % every == 1:
                yield state.clone(), shaped
        state.apply(agent.choose(state))


def _by_whole_positions(search, node, shaped, network, rect_target):
    """The pre-score as it was: each placement made into a whole position."""
    occupied = node.sheets[0].occupied
    pre = []
    for i, a in enumerate(shaped):
        child = solver._child(node, a)
        new = child.sheets[0].occupied & ~occupied
        bonus = solver.PATH_PREFILTER * network.credit(new)
        if rect_target:
            bonus += solver.RECT_PREFILTER * (new & rect_target).bit_count()
        pre.append((ai._prescore(child, 0) + bonus, i, a, child))
    pre.sort(key=lambda t: (-t[0], t[1]))
    return [(a, child) for _, _, a, child in pre[:search.w.prefilter]]


def test_the_bare_pre_score_keeps_the_placements_whole_positions_keep():
    checked = 0
    for map_id, seed in (("river", 3), ("lake", 5)):
        for node, shaped in _positions(seed, map_id):
            search = solver._Search(10 ** 6, 10.0 ** 12, None)
            search.w = dataclasses.replace(search.w, prefilter=10)
            network, rect_target = search.plan(node)
            kept = search._shapes(node, shaped, network, rect_target)
            before = _by_whole_positions(search, node, shaped, network, rect_target)
            assert [str(a) for a, _ in kept] == [str(a) for a, _ in before]
            assert [c.sheets[0].key() for _, c in kept] == [c.sheets[0].key() for _, c in before]
            assert [solver._key(c) for _, c in kept] == [solver._key(c) for _, c in before]
            checked += 1
    assert checked >= 4


def test_a_position_met_twice_in_a_turn_is_counted_each_time_and_valued_once(monkeypatch):
    calls = []
    evaluate = ai.evaluate

    def counted(*args, **kwargs):
        calls.append(1)
        return evaluate(*args, **kwargs)

    monkeypatch.setattr(ai, "evaluate", counted)
    node, _ = next(_positions(6, "river", every=3))
    search = solver._Search(10 ** 6, 10.0 ** 12, None)
    ranked = search.expand(node, 4, 4)
    assert ranked
    # every child counts as a node, the ones met before are not evaluated again
    assert search.nodes == len(calls) + search.hits


def test_the_third_line_searches_the_first_half_first_and_every_round_once():
    """The neighbourhood pass visits the rounds in the order it is given: the third
    line's order holds every round once, the first half's from round 10 back first."""
    rounds = solver.FIRST_HALF_FIRST
    assert sorted(rounds) == sorted(solver.LAST_FIRST) and len(set(rounds)) == len(rounds)
    assert rounds[:solver.FIRST_HALF_ROUNDS + 1] == tuple(range(solver.FIRST_HALF_ROUNDS, -1, -1))
    assert solver.RECT_PART_ORDER == rounds
    start = SPEC.new_game(1, 5, {"map": "river"})
    agent = SPEC.agent("easy", 5)
    played, line = start.clone(), []
    while played.phase != OVER:
        action = agent.choose(played)
        played.apply(action)
        line.append(action)
    seen = []
    search = solver._Search(10 ** 6, 10.0 ** 12, None)
    search.expand = lambda state, beam, keep: seen.append(state.round) or []  # no other ends
    solver._neighbourhood(search, start, played, line, rounds)
    assert seen == list(rounds), seen
