"""Reclaim's benchmarks in ``reclaimdesk bench`` (found from the game registry):
all legal placements of a card mid-game, a whole solo game of the easy AI, and a
round of the hard AI."""

from __future__ import annotations

import statistics
import time

from reclaimdesk.bench import Result, register
from reclaimdesk.bench import time_ms as _time_ms


def _mid_game_reclaim(seed: int):
    from reclaimdesk.core.game import get_game

    spec = get_game("reclaim")
    state = spec.new_game(1, seed, {})
    agent = spec.agent("easy", seed)
    while not state.is_terminal() and state.round < 8:
        state.apply(agent.choose(state))
    return state


def bench_reclaim_placements(quick: bool) -> Result:
    states = [_mid_game_reclaim(seed) for seed in range(1, 4)]
    samples = []
    counts = []
    for _ in range(30 if quick else 200):
        for state in states:
            sheet = state.sheets[0]
            card = state.field[0]
            samples.append(_time_ms(lambda: state.placements(card, sheet)))
            counts.append(len(state.placements(card, sheet)))
    return Result("reclaim: all legal placements of a card, mid-game", "ms", samples, budget=2.0,
                  extra={"placements_median": statistics.median(counts)})


def bench_reclaim_easy_game(quick: bool) -> Result:
    from reclaimdesk.core.agents import play_game
    from reclaimdesk.core.game import get_game

    spec = get_game("reclaim")
    samples = []
    for seed in range(1, (6 if quick else 21)):
        state = spec.new_game(1, seed, {})
        agent = spec.agent("easy", seed)
        samples.append(_time_ms(lambda: play_game(state, [agent])))
    return Result("reclaim: whole solo game, easy AI", "ms", samples, budget=150.0)


def bench_reclaim_hard_round(quick: bool) -> Result:
    from reclaimdesk.core.game import get_game

    spec = get_game("reclaim")
    samples = []
    for seed in range(1, 2 if quick else 4):
        state = spec.new_game(1, seed, {})
        agent = spec.agent("hard", seed)
        while not state.is_terminal():
            round_no = state.round
            start = time.perf_counter()
            while not state.is_terminal() and state.round == round_no:
                state.apply(agent.choose(state))
            samples.append((time.perf_counter() - start) * 1000)
    return Result("reclaim: one round of the hard AI (solo)", "ms", samples, budget=1000.0,
                  budget_of="max")


for _fn in (bench_reclaim_placements, bench_reclaim_easy_game, bench_reclaim_hard_round):
    register(_fn)
