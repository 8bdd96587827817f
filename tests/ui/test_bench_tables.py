"""``reclaimdesk bench`` times every table from the registry (issue 24, item 7):
a game it has never heard of (the toy sixth game) gets its own benchmark, which
plays hints against the computer and reports each kind of time. No time is
judged here: the figures are the bench's."""

from __future__ import annotations


def test_every_table_gets_a_benchmark_that_measures_hint_ai_and_redraw(toy, qapp):
    from reclaimdesk.bench import BENCHMARKS
    from reclaimdesk.ui import bench_tables

    kept = list(BENCHMARKS)
    BENCHMARKS.clear()
    bench_tables.register_tables()
    names = [b.__name__ for b in BENCHMARKS]
    assert "bench_table_toy_nim" in names and len(names) == len(set(names))
    times = bench_tables.measure(toy.id, 6)
    assert len(times["redraw"]) == 6 and len(times["hint"]) == 6 and times["ai"]
    assert all(t > 0 for key in ("hint", "ai", "redraw") for t in times[key])
    # the CPU time of each (a toy's may round to nothing, never below it)
    assert [len(times[f"{key}_cpu"]) for key in ("hint", "ai", "redraw")] == [6, len(times["ai"]), 6]
    assert all(t >= 0 for key in ("hint_cpu", "ai_cpu", "redraw_cpu") for t in times[key])
    # a sampled move ended a game: its redraw counted up to the page's step after it,
    # which is timed apart (the click to the end screen painted)
    assert times["end"] and len(times["end_cpu"]) == len(times["end"])
    assert all(t > 0 for t in times["end"]) and all(t >= 0 for t in times["end_cpu"])
    result = next(b for b in BENCHMARKS if b.__name__ == "bench_table_toy_nim")(True)
    d = result.to_dict()
    assert d["game"] == toy.id and d["budget_of"] == "p95" and {"hint_median", "hint_p95", "ai_median",
                                                                  "ai_p95", "redraw_p95", "p95",
                                                                  "hint_cpu_p95", "redraw_cpu_p95"} <= set(d)
    BENCHMARKS[:] = kept
