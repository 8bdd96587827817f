"""Play the same AI games with the machine idle and beside busy processes, and
write docs/ai-load.md: the games' moves and results must be identical (every
budget is counted in nodes or iterations), the decision times are what differs.

    python tools/ai_load.py --games 10

For each registered game (no game is named here) and each of its option sets that
``tools/ai_levels.py`` measures (the default options, then each other choice of
each option that is not a yes/no switch: a board or a map may have its own
budget), at the smallest player count, the hardest level meets the level below it
(a game that can be played solo plays its hardest level alone), ``--games`` games
with seats rotated, exactly as ``tools/ai_levels.py`` plays them. The games are played twice
in one run: first as they are (run it on an idle machine: the load averages are
written down), then beside ``--busy`` processes that spin on the CPU (default one
per core). Every game's moves are hashed; the table says whether the two runs'
moves and results are the same, and gives each run's decision times (median, 95th
percentile and slowest, wall clock; CPU time of the deciding thread, with the AI's
helper process's, in brackets).
"""

from __future__ import annotations

import argparse
import importlib.util
import multiprocessing
import os
import sys
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from reclaimdesk.core.game import LEVELS, all_games  # noqa: E402

_spec = importlib.util.spec_from_file_location("ai_levels_for_ai_load", ROOT / "tools" / "ai_levels.py")
ai_levels = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = ai_levels
_spec.loader.exec_module(ai_levels)

HEADER = [
    "# The AI levels, idle and beside busy processes",
    "",
    "Written by `python tools/ai_load.py` (see its documentation); do not edit by hand.",
    "Each game's hardest level against the level below it (alone where the game can be",
    "played solo), the same games played twice in one run: on the machine as it was",
    "(the load averages say how idle), then beside processes spinning on every core.",
    "\"Same moves\" compares a hash of every game's moves: the searches are budgeted in",
    "nodes or iterations, so load changes only how long a decision takes. Times are one",
    "decision's median / 95th percentile / slowest, wall clock, with the CPU time of the",
    "deciding thread (and of the AI's helper process, where a search shares its",
    "play-outs with it) in brackets. A game has a row for each option set measured (its",
    "default options, then each other choice of each option that is not a yes/no",
    "switch). `--only GAME` measures one game again and keeps the other games' rows.",
    "",
]


TABLE_HEAD = ["| game | options | match-up | games | same moves | result | idle: time median / p95 / max "
              "| busy: time median / p95 / max |",
              "|---|---|---|---|---|---|---|---|"]


def _spin() -> None:  # pragma: no cover - runs in the busy processes, killed at the end
    x = 0
    while True:
        x = (x * 7 + 1) % 1_000_003


def start_busy(count: int) -> list[multiprocessing.Process]:
    """``count`` processes that keep a core each busy until stopped."""
    procs = [multiprocessing.Process(target=_spin, daemon=True) for _ in range(count)]
    for p in procs:
        p.start()
    return procs


def stop_busy(procs: list[multiprocessing.Process]) -> None:
    for p in procs:
        p.terminate()
    for p in procs:
        p.join()


def matchup(spec) -> tuple[int, str, str | None]:
    """(players, measured level, level of the others): the hardest level against the
    level below it at the smallest table, or alone where the game can be played solo."""
    if spec.min_players == 1:
        return 1, LEVELS[-1], None
    return spec.min_players, LEVELS[-1], LEVELS[-2]


def play(spec, options: dict, games: int, seed: int, cap: float) -> list[dict]:
    players, hero, field = matchup(spec)
    return [ai_levels.play_one((spec.id, dict(options), players, hero, field,
                                seed + k, k, cap)) for k in range(games)]


def times(results: list[dict]) -> str:
    wall = [t for r in results for t in r["hero_wall"]]
    cpu = [t for r in results for t in r["hero_cpu"]]
    if not wall:
        return "-"
    pc = ai_levels.percentile
    return (f"{pc(wall, 0.5):.3f} / {pc(wall, 0.95):.3f} / {max(wall):.3f} s "
            f"({pc(cpu, 0.5):.3f} / {pc(cpu, 0.95):.3f} / {max(cpu):.3f})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per game and run (default 10)")
    parser.add_argument("--seed", type=int, default=60_000, help="seed of game 0 (default 60000)")
    parser.add_argument("--busy", type=int, default=os.cpu_count() or 2,
                        help="busy processes in the second run (default: one per core)")
    parser.add_argument("--only", nargs="+", metavar="GAME", help="measure only these game ids")
    parser.add_argument("--safety-cap", type=float, default=600.0,
                        help="seconds after which the clock stops a search (default 600)")
    parser.add_argument("--output", type=Path, default=ROOT / "docs" / "ai-load.md",
                        help="the Markdown file written (default docs/ai-load.md; - for stdout)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.busy < 1:
        parser.error("--games and --busy must be at least 1")
    specs = [s for s in all_games() if not args.only or s.id in args.only]
    if args.only and len(specs) != len(args.only):
        parser.error(f"--only: the games are {', '.join(s.id for s in all_games())}")
    command = "python tools/ai_load.py " + " ".join(argv if argv is not None else sys.argv[1:])
    commit = ai_levels._commit(args.output)
    rows: dict[str, list[str]] = {}
    notes: dict[str, str] = {}
    same_everywhere = True
    for spec in specs:
        players, hero, field = matchup(spec)
        who = f"{hero} alone" if field is None else f"{hero} vs {field}, {players} players"
        started = time.time()
        loads = []
        rows[spec.id] = []
        for options in ai_levels.option_sets(spec):
            before = ai_levels.load()
            idle = play(spec, options, args.games, args.seed, args.safety_cap)
            after_idle = ai_levels.load()
            busy_procs = start_busy(args.busy)
            try:
                busy = play(spec, options, args.games, args.seed, args.safety_cap)
            finally:
                stop_busy(busy_procs)
            same = [a["moves"] == b["moves"] and a["score"] == b["score"] and a["share"] == b["share"]
                    for a, b in zip(idle, busy)]
            same_everywhere &= all(same)
            if field is None:
                scores = sorted(r["score"] for r in idle)
                result = f"median score {scores[len(scores) // 2]:g}"
            else:
                result = f"win share {100 * sum(r['share'] for r in idle) / len(idle):.0f}%"
            opts = ai_levels._options_text(spec, options)
            rows[spec.id].append(f"| {spec.id} | {opts} | {who} | {len(idle)} | {sum(same)} of {len(same)} | "
                                 f"{result} | {times(idle)} | {times(busy)} |")
            loads.append((opts, f"{before} before, {after_idle} after the idle run, "
                                f"{ai_levels.load()} after the busy run"))
            print(rows[spec.id][-1], file=sys.stderr, flush=True)
        notes[spec.id] = (f"- `{spec.id}`: measured by `{command.strip()}` on {date.today().isoformat()} "
                          f"(commit {commit}), seeds {args.seed} to {args.seed + args.games - 1}, "
                          f"{args.busy} busy process(es) in the second run, "
                          f"{(time.time() - started) / 60:.0f} minutes; load averages (1, 5, 15 min) "
                          + ("; ".join(f"{opts}: {text}" for opts, text in loads) if len(loads) > 1
                             else loads[0][1]) + ".")
    if args.only and str(args.output) != "-" and args.output.exists():
        # the games not measured this time keep their rows and notes (a game whose rows
        # have an older table's columns is left out, to be measured again)
        kept_rows: dict[str, list[str]] = {}
        kept_notes: dict[str, str] = {}
        stale: set[str] = set()
        for line in args.output.read_text(encoding="utf-8").splitlines():
            for spec in all_games():
                if spec.id in rows:
                    continue
                if line.startswith(f"| {spec.id} |"):
                    if line.count("|") != TABLE_HEAD[1].count("|"):
                        stale.add(spec.id)
                    kept_rows.setdefault(spec.id, []).append(line)
                elif line.startswith(f"- `{spec.id}`:"):
                    kept_notes[spec.id] = line
        for game in sorted(stale):
            print(f"{args.output}: the rows of {game} have an older table's columns and are left out: "
                  f"measure it again (--only {game})", file=sys.stderr)
        rows.update({g: r for g, r in kept_rows.items() if g not in stale})
        notes.update({g: n for g, n in kept_notes.items() if g not in stale})
    order = [s.id for s in all_games() if s.id in rows]
    text = "\n".join(HEADER + TABLE_HEAD + [row for g in order for row in rows[g]] + [""]
                     + [notes[g] for g in order if g in notes] + [""])
    if str(args.output) == "-":
        print(text)
    else:
        args.output.write_text(text, encoding="utf-8")
        print(f"wrote {args.output}", file=sys.stderr)
    return 0 if same_everywhere else 1


if __name__ == "__main__":
    raise SystemExit(main())
