"""``reclaimdesk bench``: the performance suite.

Each benchmark repeats a task and reports the median (and other quantiles) in
milliseconds, measured in this one run: compare figures only within a run. Tests
never time anything; budgets are checked here and reported as ``ok``/``over``.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class Result:
    name: str
    unit: str
    samples: list[float]
    budget: float | None = None
    budget_of: str = "median"
    note: str = ""
    extra: dict = field(default_factory=dict)

    def quantile(self, q: float) -> float:
        s = sorted(self.samples)
        return s[min(len(s) - 1, int(q * len(s)))]

    @property
    def median(self) -> float:
        return statistics.median(self.samples)

    def judged(self) -> float:
        if self.budget_of == "median":
            return self.median
        if self.budget_of == "max":
            return max(self.samples)
        return self.quantile(float(self.budget_of[1:]) / 100)

    def to_dict(self) -> dict:
        out = {"name": self.name, "unit": self.unit, "n": len(self.samples),
               "median": round(self.median, 3), "p90": round(self.quantile(0.9), 3),
               "max": round(max(self.samples), 3)}
        if self.budget is not None:
            out["budget"] = self.budget
            out["budget_of"] = self.budget_of
            out["within_budget"] = self.judged() <= self.budget
        if self.note:
            out["note"] = self.note
        out.update(self.extra)
        return out


def _time_ms(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


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


def _reclamation_wars_positions(count: int):
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
    positions = _reclamation_wars_positions(2 if quick else 6)
    samples = []
    for _ in range(20 if quick else 100):
        for state in positions:
            samples.append(_time_ms(state.legal_actions))
    return Result("reclamation-wars: legal actions of a position", "ms", samples, budget=1.0)


def bench_reclamation_wars_hard_decision(quick: bool) -> Result:
    from reclaimdesk.core.game import get_game

    spec = get_game("reclamation-wars")
    positions = _reclamation_wars_positions(1 if quick else 4)
    samples = []
    for k, state in enumerate(positions):
        agent = spec.agent("hard", k)
        samples.append(_time_ms(lambda: agent.choose(state)))
    return Result("reclamation-wars: one decision of the hard AI (a search per turn)", "ms",
                  samples, budget=1000.0, budget_of="max")


BENCHMARKS: list[Callable[[bool], Result]] = [
    bench_reclaim_placements,
    bench_reclaim_easy_game,
    bench_reclaim_hard_round,
    bench_reclamation_wars_legal_actions,
    bench_reclamation_wars_hard_decision,
]


def register(fn: Callable[[bool], Result]) -> Callable[[bool], Result]:
    """Games and other parts of the app add their benchmarks here."""
    BENCHMARKS.append(fn)
    return fn


import reclaimdesk.ui.bench_ui  # noqa: E402,F401  (the desktop app's benchmarks register themselves)
import reclaimdesk.export.bench_export  # noqa: E402,F401  (the print kit's benchmark registers itself)


def run_benchmarks(as_json: bool = False, quick: bool = False, only: list[str] | None = None) -> int:
    results = []
    for bench in BENCHMARKS:
        if only and not any(o in bench.__name__ for o in only):
            continue
        result = bench(quick)
        results.append(result)
        if as_json:
            print(json.dumps(result.to_dict()), flush=True)
        else:
            d = result.to_dict()
            verdict = ""
            if result.budget is not None:
                verdict = (f"  budget {result.budget:g} {result.unit} ({result.budget_of}): "
                           f"{'ok' if d['within_budget'] else 'OVER'}")
            print(f"{result.name}\n    n={d['n']} median {d['median']:.2f} {result.unit}, "
                  f"p90 {d['p90']:.2f}, max {d['max']:.2f}{verdict}", flush=True)
    return 0
