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
               "p95": round(self.quantile(0.95), 3),
               "max": round(max(self.samples), 3)}
        if self.budget is not None:
            out["budget"] = self.budget
            out["budget_of"] = self.budget_of
            out["within_budget"] = self.judged() <= self.budget
        if self.note:
            out["note"] = self.note
        out.update(self.extra)
        return out


def time_ms(fn: Callable[[], object]) -> float:
    """Milliseconds ``fn()`` takes."""
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


BENCHMARKS: list[Callable[[bool], Result]] = []
"""Every benchmark: the app's own, then each game's (see :func:`_discover`)."""


def register(fn: Callable[[bool], Result]) -> Callable[[bool], Result]:
    """Games and other parts of the app add their benchmarks here."""
    if fn not in BENCHMARKS:
        BENCHMARKS.append(fn)
    return fn


def _discover() -> None:
    """Import the benchmarks: the app's start, the print kits, each registered
    game's own modules ``reclaimdesk/games/<pkg>/bench.py`` (its rules and AI) and
    ``reclaimdesk/ui/<pkg>/bench.py`` (its table, when PySide6 is installed); each
    registers its functions with :func:`register` when imported; then the analysis
    of a whole game of each game with an analysis plug-in (:mod:`reclaimdesk.bench_analysis`),
    and every table's responsiveness (``reclaimdesk/ui/bench_tables.py``)."""
    import importlib.util

    from reclaimdesk.core.game import all_games, import_if_present

    import reclaimdesk.ui.bench_ui  # noqa: F401  (the desktop app's start)
    import reclaimdesk.export.bench_export  # noqa: F401  (every kit of the registry)

    qt = importlib.util.find_spec("PySide6") is not None
    for spec in all_games():
        package = spec.id.replace("-", "_")
        for layer in ("games", "ui") if qt else ("games",):
            import_if_present(f"reclaimdesk.{layer}.{package}.bench")
    from reclaimdesk.bench_analysis import register_all

    register_all()  # the analysis of a whole game, per game (after each game's own)
    if qt:  # every table's responsiveness: hint, AI turn, a move to the table redrawn
        from reclaimdesk.ui.bench_tables import register_tables

        register_tables()


def run_benchmarks(as_json: bool = False, quick: bool = False, only: list[str] | None = None) -> int:
    _discover()
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
                  f"p90 {d['p90']:.2f}, p95 {d['p95']:.2f}, max {d['max']:.2f}{verdict}", flush=True)
            if result.note:
                print(f"    {result.note}", flush=True)
    return 0
