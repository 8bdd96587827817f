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


def _solver_on_map(map_id: str, quick: bool) -> Result:
    """The hindsight solver against the hard AI on the same decks (seeds 70000 on,
    as ``tools/ai_levels.py`` and ``tools/reclaim_solver.py``): every deck's hard
    score (the solver's incumbent: the hard agent through the game's public API,
    seeded as ``reclaimdesk play`` seeds it) and the solver's best, gaps and
    seconds (wall clock; CPU of this process and the solver's second one); the
    budget is the solver's 20 s per deck on an idle machine. The solver runs its
    whole node budget (no safety clock), and the hard AI that plays its incumbent
    its look-ahead budget (its 3 s safety clock raised for the run), so the scores
    are those of any machine."""
    import os

    from reclaimdesk.core import agents

    from reclaimdesk.games.reclaim.solver import DEFAULT_NODES, solve_game

    def children_cpu() -> float:
        """CPU seconds of the finished child processes (the solver's second one);
        0 where the system does not tell (Windows)."""
        try:
            import resource
        except ImportError:
            return 0.0
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        return usage.ru_utime + usage.ru_stime

    load_before = os.getloadavg()[0]
    seeds = range(70000, 70003 if quick else 70030)
    samples, cpu, rows, larger = [], [], [], []
    safety = agents.SAFETY_SECONDS
    for seed in seeds:
        start, start_cpu, start_kids = time.perf_counter(), time.process_time(), children_cpu()
        agents.SAFETY_SECONDS = 10.0 ** 6
        try:
            found = solve_game(seed, {"map": map_id}, time_cap=10.0 ** 6)
        finally:
            agents.SAFETY_SECONDS = safety
        samples.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu + children_cpu() - start_kids)
        larger.append(_larger_process(found.cpu))
        hard = int(found.incumbent if found.incumbent is not None else found.best)
        rows.append((seed, hard, found.best, found.upper, found.exact, found.capped, found.lines))
    beaten = sum(1 for _, hard, best, *_ in rows if best > hard)
    gaps = [best - hard for _, hard, best, *_ in rows]
    to_upper = [upper - best for _, _, best, upper, *_ in rows]
    note = (f"solver beat the hard AI on {beaten} of {len(rows)} decks; median gap hard->solver "
            f"{statistics.median(gaps):+g}, solver->upper bound {statistics.median(to_upper):g}; "
            f"{DEFAULT_NODES} nodes; CPU s per deck median {statistics.median(cpu):.1f}, max {max(cpu):.1f}; "
            f"the larger process's CPU s (the wall clock on two idle cores) median "
            f"{statistics.median(larger):.1f}, max {max(larger):.1f}; "
            f"load average {load_before:.1f} -> {os.getloadavg()[0]:.1f}")
    return Result(f"reclaim: hindsight solver on the {map_id} map, per deck", "s", samples, budget=20.0,
                  budget_of="max", note=note,
                  extra={"beaten": beaten, "decks": len(rows),
                         "median_gap_hard_to_solver": statistics.median(gaps),
                         "median_gap_solver_to_upper": statistics.median(to_upper),
                         "median_hard": statistics.median(r[1] for r in rows),
                         "cpu_median": statistics.median(cpu), "cpu_max": max(cpu),
                         "larger_process_cpu_median": statistics.median(larger),
                         "larger_process_cpu_max": max(larger),
                         "median_solver": statistics.median(r[2] for r in rows),
                         "exact": sum(1 for r in rows if r[4]), "capped": sum(1 for r in rows if r[5]),
                         "decks_detail": [{"seed": r[0], "hard": r[1], "solver": r[2], "upper": r[3],
                                           "lines": r[6]} for r in rows]})


def _larger_process(parts: dict) -> float:
    """The larger of the solver's two processes' CPU seconds, from its parts
    (``Solution.cpu``): the first plays the hard AI's line then its searches; the
    second its forward search, then (once it has that line) the neighbourhood
    search on it. On two idle cores the wall clock is about this."""
    if not parts:
        return 0.0
    side = max(parts.get("forward", 0.0), parts.get("incumbent", 0.0)) + parts.get("unrepaired", 0.0)
    return max(parts.get("main", 0.0), side)


def bench_reclaim_solver_river(quick: bool) -> Result:
    return _solver_on_map("river", quick)


def bench_reclaim_solver_lake(quick: bool) -> Result:
    return _solver_on_map("lake", quick)


for _fn in (bench_reclaim_solver_river, bench_reclaim_solver_lake):
    register(_fn)
