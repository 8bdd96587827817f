"""Reclamation Wars' benchmarks in ``reclaimdesk bench`` (found from the game
registry): the legal actions of a position, one decision of the hard AI, and what
a position ranked costs in a noisy play-out to the end of a large game (the hard
level's search is play-outs: its strength per second is bought here)."""

from __future__ import annotations

from reclaimdesk.bench import Result, register, time_ms


def _positions(count: int):
    """Positions of Reclamation Wars games between normal players, every fourth turn."""
    from reclaimdesk.core.game import get_game

    spec = get_game("reclamation-wars")
    positions = []
    for seed in range(1, count + 1):
        state = spec.new_game(3, seed, {})
        agents = [spec.agent("normal", seed * 3 + i) for i in range(3)]
        while not state.is_terminal():
            if not state.moves_used and state.turn % 12 == 5:
                positions.append(state.clone())
            state.apply(agents[state.current_player].choose(state))
    return positions


def bench_reclamation_wars_legal_actions(quick: bool) -> Result:
    positions = _positions(2 if quick else 6)
    samples = []
    for _ in range(20 if quick else 100):
        for state in positions:
            samples.append(time_ms(state.legal_actions))
    return Result("reclamation-wars: legal actions of a position", "ms", samples, budget=1.0)


def bench_reclamation_wars_hard_decision(quick: bool) -> Result:
    from reclaimdesk.core.game import get_game

    spec = get_game("reclamation-wars")
    positions = _positions(1 if quick else 4)
    samples = []
    for k, state in enumerate(positions):
        agent = spec.agent("hard", k)
        samples.append(time_ms(lambda: agent.choose(state)))
    return Result("reclamation-wars: one decision of the hard AI (a search per turn)", "ms",
                  samples, budget=1000.0, budget_of="max")


def bench_reclamation_wars_playout_position(quick: bool) -> Result:
    import dataclasses
    import time

    from reclaimdesk.core.game import get_game
    from reclaimdesk.core.rng import Rng
    from reclaimdesk.games.reclamation_wars import ai

    spec = get_game("reclamation-wars")
    starts = []
    for seed in (70000, 70001) if quick else (70000, 70001, 70002):
        state = spec.new_game(3, seed, {"board": "large"})
        agents = [spec.agent("normal", seed * 3 + i) for i in range(3)]
        for stop in (6, 18, 30):
            while state.turn < stop:
                state.apply(agents[state.current_player].choose(state))
            starts.append(state.clone())
    # the board's play-out, run on to the game's end (the positions cap lifted)
    budget = dataclasses.replace(ai.HARD_BUDGET["large"], turns=10**6, positions=10**9)
    saved = ai.HARD_BUDGET["large"]
    ai.HARD_BUDGET["large"] = budget
    samples = []
    try:
        for state in starts:
            for k in range(3):
                view = ai.TurnView(state.search_copy(), 1, 5)
                start = time.perf_counter()
                ai._rollout_value(view, Rng(k))
                samples.append((time.perf_counter() - start) * 1e6 / view.positions)
    finally:
        ai.HARD_BUDGET["large"] = saved
    return Result("reclamation-wars: a position ranked in a noisy play-out to the end (large board)", "us",
                  samples)


def bench_reclamation_wars_large_hard_decision(quick: bool) -> Result:
    """The hard level's play-out decisions on the large board, wall clock, with the
    helper process as the app runs them (two cores) and, interleaved in the same run,
    in one process: the ratio of the medians is what the helper buys. The decisions
    must be the same (``extra["same"]``)."""
    import os
    import statistics

    from reclaimdesk.core import parallel
    from reclaimdesk.core.game import get_game

    spec = get_game("reclamation-wars")
    positions = []
    for seed in (70000,) if quick else (70000, 70001):
        state = spec.new_game(3, seed, {"board": "large"})
        agents = [spec.agent("normal", seed * 3 + i) for i in range(3)]
        for stop in (6, 18, 30, 42):
            while state.turn < stop:
                state.apply(agents[state.current_player].choose(state))
            positions.append(state.clone())
    saved = os.environ.get(parallel.ENV)

    def decide(k: int, state, processes: str):
        os.environ[parallel.ENV] = processes
        agent = spec.agent("hard", k)
        return time_ms(lambda: agent.choose(state)), agent.last

    shared, alone, same = [], [], True
    try:
        decide(0, positions[0], "2")  # (the helper started before the clock runs)
        for k, state in enumerate(positions):
            with_helper, first = decide(k, state, "2")
            by_itself, second = decide(k, state, "1")
            shared.append(with_helper)
            alone.append(by_itself)
            same = same and (first.action, first.stats) == (second.action, second.stats)
    finally:
        if saved is None:
            os.environ.pop(parallel.ENV, None)
        else:
            os.environ[parallel.ENV] = saved
    ratio = statistics.median(alone) / statistics.median(shared)
    return Result("reclamation-wars: a hard decision on the large board, with the helper process", "ms",
                  shared, budget=500.0, budget_of="max",
                  note=f"in one process: median {statistics.median(alone):.0f} ms, max {max(alone):.0f} ms; "
                       f"ratio of medians {ratio:.2f}; same decisions: {same}",
                  extra={"alone": alone, "ratio": round(ratio, 3), "same": same})


register(bench_reclamation_wars_legal_actions)
register(bench_reclamation_wars_hard_decision)
register(bench_reclamation_wars_playout_position)
register(bench_reclamation_wars_large_hard_decision)
