"""Measure Reclaim's hindsight solver against the hard AI on the same decks.

    nice -n 10 python tools/reclaim_solver.py --seed 70000 --decks 30 --out /tmp/solver.jsonl

For each map and each deck ``seed .. seed + decks - 1`` (the seeds of
``tools/ai_levels.py``'s Reclaim table): the hard AI's score on that deck (the
solver's incumbent: the hard agent through the game's public API, seeded
``seed * 31`` as ``reclaimdesk play`` seeds it), the solver's best, the proven upper
bound, the gaps, the CPU seconds (this process and the solver's second process
together, and each: on an idle two-core machine the wall clock is about the
larger of the two) and the wall-clock seconds of the solve. One line per deck as it is
measured (also appended to ``--out`` as JSON lines, so a long run keeps what it
measured), then per map: decks where the solver scored strictly more, medians of
the gaps, CPU and wall seconds, the decks where each of the solver's lines
(``Solution.lines``: after the castle repair, after the rectangle repair, the first
process's final, the forward search, the neighbourhood search on the unrepaired
line) reached the best score
above the hard AI's, and the load averages at the start and end.

The solver's budget is counted in nodes, so its scores are those of any machine;
its safety clock, and the hard AI's (which otherwise stops its look-ahead after 3 s
of one decision), are raised to ``--safety-cap`` seconds (default 600) so that a run
niced beside other work still measures what the budgets decide (the decks where
the clock cut the search are counted). The wall-clock seconds depend on the load.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def measure(map_id: str, seed: int, workers: int, safety_cap: float, nodes: int) -> dict:
    from reclaimdesk.games.reclaim.solver import solve_game

    wall, cpu, kids = time.perf_counter(), time.process_time(), _children_cpu()
    found = solve_game(seed, {"map": map_id}, nodes=nodes, time_cap=safety_cap, workers=workers)
    wall = time.perf_counter() - wall
    main_cpu = time.process_time() - cpu
    side_cpu = _children_cpu() - kids
    cpu = main_cpu + side_cpu
    return {"map": map_id, "seed": seed, "hard": found.incumbent, "solver": found.best, "upper": found.upper,
            "exact": found.exact, "capped": found.capped, "nodes": found.nodes, "cpu": round(cpu, 2),
            "cpu_main": round(main_cpu, 2), "cpu_side": round(side_cpu, 2),
            "parts": found.cpu, "two_idle": two_cores(found.cpu),
            "wall": round(wall, 2), "load": round(os.getloadavg()[0], 2), "lines": found.lines}


def two_cores(cpu: dict) -> float:
    """The wall clock of the solve on two idle cores, from its parts' CPU seconds:
    the first process plays the incumbent then its search; the second its forward
    search, then (once it has the incumbent) its third line."""
    if not cpu:
        return 0.0
    third = cpu.get("unrepaired", cpu.get("rectangle", 0.0))  # "rectangle": runs before the repairs' version
    side = max(cpu["forward"], cpu["incumbent"]) + third
    return round(max(cpu["main"], side), 2)


def summary(rows: list[dict], load_start: tuple, load_end: tuple) -> str:
    beaten = sum(1 for r in rows if r["solver"] > r["hard"])
    lower = sum(1 for r in rows if r["solver"] < r["hard"])
    gap = statistics.median(r["solver"] - r["hard"] for r in rows)
    to_upper = statistics.median(r["upper"] - r["solver"] for r in rows)
    cpu = [r["cpu"] for r in rows]
    wall = [r["wall"] for r in rows]
    # on two idle cores the two parts run side by side: the wall clock is about the
    # larger part (the second process starts in about a second)
    two = [r.get("two_idle", 0.0) for r in rows]
    # which line reached the best score (above the hard AI's), per line name
    reached: dict[str, int] = {}
    for r in rows:
        for name, score in (r.get("lines") or {}).items():
            if score == r["solver"] > r["hard"]:
                reached[name] = reached.get(name, 0) + 1
    return (f"{rows[0]['map']}: solver > hard on {beaten} of {len(rows)} decks ({lower} lower); "
            f"median gap hard->solver {gap:+g}, solver->upper bound {to_upper:g}; "
            f"median hard {statistics.median(r['hard'] for r in rows):g}, solver "
            f"{statistics.median(r['solver'] for r in rows):g}; CPU s per deck median {statistics.median(cpu):.1f}, "
            f"max {max(cpu):.1f}; on two idle cores (from the parts' CPU s) median "
            f"{statistics.median(two):.1f}, max {max(two):.1f}; wall s median {statistics.median(wall):.1f}, max {max(wall):.1f}; "
            f"clock cut {sum(1 for r in rows if r['capped'])}, exact {sum(1 for r in rows if r['exact'])}; "
            f"decks where each line reached the best, above hard: "
            f"{', '.join(f'{k} {v}' for k, v in reached.items()) or 'none'}; "
            f"load average ({'1, 5, 15 min' if len(load_start) == 3 else '1 min, first and last deck'}) "
            f"{', '.join(f'{x:.2f}' for x in load_start)} at the start, "
            f"{', '.join(f'{x:.2f}' for x in load_end)} at the end")


def main(argv: list[str] | None = None) -> int:
    from reclaimdesk.games.reclaim.solver import DEFAULT_NODES, default_workers

    parser = argparse.ArgumentParser(description="Reclaim's solver against the hard AI, deck by deck.")
    parser.add_argument("--maps", default="river,lake")
    parser.add_argument("--seed", type=int, default=70000)
    parser.add_argument("--decks", type=int, default=30)
    parser.add_argument("--seeds", default=None, help="these decks only (comma-separated), instead of --seed/--decks")
    parser.add_argument("--workers", type=int, default=default_workers(),
                        help="processes inside the solver (1 or 2)")
    parser.add_argument("--nodes", type=int, default=DEFAULT_NODES)
    parser.add_argument("--safety-cap", type=float, default=600.0)
    parser.add_argument("--out", type=Path, default=None, help="append one JSON line per deck here")
    parser.add_argument("--summary-of", type=Path, default=None,
                        help="measure nothing: summarise the JSON lines of an earlier --out")
    args = parser.parse_args(argv)
    if args.summary_of is not None:
        kept = [json.loads(line) for line in args.summary_of.read_text(encoding="utf-8").splitlines() if line]
        for map_id in dict.fromkeys(r["map"] for r in kept):
            rows_of = [r for r in kept if r["map"] == map_id]
            print(summary(rows_of, (rows_of[0]["load"],) * 1, (rows_of[-1]["load"],) * 1))
        return 0
    # the hard AI's own safety clock too: a niced run measures what its budget decides
    from reclaimdesk.core import agents

    agents.SAFETY_SECONDS = max(agents.SAFETY_SECONDS, args.safety_cap)
    maps = args.maps.split(",")
    rows: dict[str, list[dict]] = {m: [] for m in maps}
    load_start = os.getloadavg()
    # deck by deck, each map in turn, so that a run stopped early has both maps alike
    seeds = [int(s) for s in args.seeds.split(",")] if args.seeds else range(args.seed, args.seed + args.decks)
    for seed in seeds:
        for map_id in maps:
            row = measure(map_id, seed, args.workers, args.safety_cap, args.nodes)
            rows[map_id].append(row)
            print(f"{map_id:5} {seed}  hard {row['hard']:3}  solver {row['solver']:3}  upper {row['upper']:3}  "
                  f"gap {row['solver'] - row['hard']:+3}  cpu {row['cpu']:5.1f} s (two idle cores {row['two_idle']:.1f} s)  wall {row['wall']:5.1f} s  "
                  f"load {row['load']:.1f}", flush=True)
            if args.out is not None:
                with args.out.open("a", encoding="utf-8") as f:
                    f.write(json.dumps(row) + "\n")
    for map_id in maps:
        print(summary(rows[map_id], load_start, os.getloadavg()), flush=True)
    print(f"nodes {args.nodes}, workers {args.workers}, safety cap {args.safety_cap:g} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
