"""Alluvium's benchmarks in ``reclaimdesk bench`` (found from the game registry):
every legal action on a received sheet mid-game, and one decision of the hard AI
(the issue's budget: within 1 s on these 2-core machines)."""

from __future__ import annotations

import statistics

from reclaimdesk.bench import Result, register, time_ms


def _mid_game(seed: int, players: int = 4, plies: int = 30):
    from reclaimdesk.core.game import get_game

    spec = get_game("alluvium")
    state = spec.new_game(players, seed, {})
    agent = spec.agent("easy", seed)
    while not state.is_terminal() and len(state.history) < plies:
        state.apply(agent.choose(state))
    return state


def bench_alluvium_legal_actions(quick: bool) -> Result:
    states = [_mid_game(seed) for seed in range(1, 4)]
    samples, counts = [], []
    for _ in range(10 if quick else 60):
        for state in states:
            samples.append(time_ms(state.legal_actions))
            counts.append(len(state.legal_actions()))
    return Result("alluvium: every legal action on a sheet, mid-game (4 players)", "ms", samples, budget=20.0,
                  extra={"actions_median": statistics.median(counts)})


def bench_alluvium_hard_decision(quick: bool) -> Result:
    from reclaimdesk.core.game import get_game

    spec = get_game("alluvium")
    samples = []
    for seed in range(1, 3 if quick else 5):
        state = spec.new_game(4, seed, {})
        agent = spec.agent("hard", seed)
        easy = spec.agent("easy", seed)
        while not state.is_terminal():
            if state.current_player == 0:
                snapshot = state.clone()
                action = None

                def decide() -> None:
                    nonlocal action
                    action = agent.choose(snapshot)

                samples.append(time_ms(decide))
                state.apply(action)
            else:
                state.apply(easy.choose(state))
    return Result("alluvium: one decision of the hard AI (4 players)", "ms", samples, budget=1000.0,
                  budget_of="max")


register(bench_alluvium_legal_actions)
register(bench_alluvium_hard_decision)
