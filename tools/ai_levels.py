"""Measure every game's AI levels against each other and write docs/ai-levels.md.

    nice -n 15 python tools/ai_levels.py --games 20 --workers 2

For each registered game (no game is named here), each choice of its non-yes/no
options, and each player count it allows (up to ``--max-players``):

- a game that can be played solo (Reclaim) plays ``--games`` solo games per level
  and reports the scores (median, mean with its 95% interval);
- otherwise each level meets the one below it: in two-player games one of each,
  in larger games one seat of the level against the others all of the level
  below. Seats rotate (game k: the measured level in seat k mod players), a shared
  win counts as a share, and the measured level's win share is reported with its
  95% Wilson interval next to its fair share (1/players). With ``--mirror`` each
  level meets itself instead (how much games vary between equal players).

Game k of a match-up uses seed ``--seed + k`` and AI seeds ``seed * 31 + seat``, as
``reclaimdesk play --rotate-seats`` does, so results repeat on any machine: every
budget is counted in nodes or iterations. The clock's safety cap is raised to
``--safety-cap`` seconds (default 600) so that a run niced beside other work still
measures what the budgets decide; the searches it stopped are counted. Decision times
(median and 95th percentile, wall clock and CPU time of the deciding thread, with
the AI's helper process's where a search shares its play-outs with it: one process
per game with ``--workers 1``, see reclaimdesk.core.parallel; with more workers
the searches run alone, the games using the cores) do
depend on the machine and its load: the load averages at the start and end of the
run are written with the table.
"""

from __future__ import annotations

import argparse
import hashlib
import logging
import math
import os
import statistics
import subprocess
from collections import Counter
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from reclaimdesk.core import agents as core_agents  # noqa: E402
from reclaimdesk.core.game import LEVELS, all_games, get_game  # noqa: E402
from reclaimdesk.core.parallel import ENV as PROCESSES_ENV  # noqa: E402
from reclaimdesk.core.parallel import helper_cpu_seconds  # noqa: E402

PAIRS = tuple(zip(LEVELS[1:], LEVELS[:-1]))
"""(measured level, the level below it): easy/random, normal/easy, hard/normal."""


HEADER: list[str] = [
    "# The AI levels, measured",
    "",
    "Written by `python tools/ai_levels.py` (see its documentation for what it plays);",
    "do not edit by hand. Each game's section says the command, date, commit and load",
    "averages of its measurement (`--only GAME` measures one game again and keeps the",
    "other sections). Win shares count a shared win as a share and come with their 95%",
    "Wilson interval; the fair share is one over the number of players. Decision times",
    "are the median / 95th percentile of one decision (one atomic action; a player that",
    "plans its whole turn at once takes its time at the turn's first action), wall clock",
    "and, in brackets, CPU time of the deciding thread (and of the AI's helper process,",
    "where a search shares its play-outs with it): they depend on the machine and",
    "its load, the results do not (budgets are counted in nodes or iterations). The",
    "commonest length is the game length (in turns: runs of actions by one seat) most",
    "games of the match-up had, with its share of them: the lower, the more games vary.",
    "A row such as \"normal vs normal\" (`--mirror`) measures a level against itself.",
    "The same games played on an idle machine and beside busy processes, their moves",
    "compared: docs/ai-load.md (`python tools/ai_load.py`).",
    "",
    "The Reclamation and issue 29's rule that no game length pass 20% of games (two",
    "players, seeds 50000 on; each figure from the row named, measured as its note below",
    "says). Each level draws among near-equal moves from its own seeded generator (a",
    "random term up to 40 points for easy; for normal 10 in Garden and 5 in Throne, 12 and",
    "3 in its first two turns; for hard 2, and 4 in its first two Throne turns) and a pace",
    "from its seed, 0 to 4 of its own turns (hard in Throne 0, 1, 1, 2 or 2): normal and",
    "hard let a proven win wait that long (in Throne the decision that first proves one",
    "searches again for the later win), easy puts off wins it sees and may let one slip.",
    "Holds: easy against random ends on one length in 14% of Garden and 16% of Throne",
    "games; normal against easy in 16% and 16%; normal against normal in 16% (Garden, 100",
    "games) and 19% (Throne); Garden hard against normal in 20% (9 turns: from the first",
    "seat hard wins on turn 9 or 11 whatever its pace); Throne hard against normal in 14%",
    "(22 and 26 turns, 42 games each, of 300; commit 0eacc4f: 87.0% [82.7-90.3]). Before,",
    "22 turns in 21% of 300 games (commit 98e6fd7): traced (30 games, commit c97bc27),",
    "12 of the 15 with hard in the",
    "second seat followed one line to turn 22, 24 or 26 by its slack (its first move",
    "weighs a6-b5 and a6-b6 1.2 apart, which a tolerance of 2 seldom split), and 3 of 15",
    "first-seat games also ended on 22. Tried in Throne, not kept: hard's tolerance 12",
    "after its first two turns (50 games: 74.0%, 22 turns in 26%); 3500 nodes (100 games:",
    "79.0%, 22 turns in 22%).",
    "",
]
"""The text above the game sections of docs/ai-levels.md."""


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (fractional successes allowed).

    >>> lo, hi = wilson(35, 40)
    >>> round(lo, 3), round(hi, 3)
    (0.739, 0.945)
    """
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) by the nearest-rank method."""
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1))
    return ordered[k]


def option_sets(spec) -> list[dict]:
    """The default options, then each other choice of each option that is not a
    yes/no switch (variants are left to their own measurements)."""
    sets = [dict(spec.default_options)]
    for name, choices in spec.option_choices.items():
        if set(choices) <= {True, False}:
            continue
        for value in choices:
            if value != spec.default_options.get(name):
                sets.append({**spec.default_options, name: value})
    return sets


def matchups(spec, max_players: int, players_only: list[int] | None = None,
             levels_only: list[str] | None = None, mirror: bool = False) -> list[tuple[int, str, str | None]]:
    """``(players, measured level, level of the other seats)`` for a game; with
    ``players_only`` or ``levels_only`` (measured levels), only those match-ups;
    with ``mirror``, each level against itself instead of against the level below."""
    if spec.min_players == 1:
        out = [(1, level, None) for level in LEVELS]
    else:
        pairs = tuple((level, level) for level in LEVELS) if mirror else PAIRS
        out = [(players, hero, field)
               for players in range(spec.min_players, min(spec.max_players, max_players) + 1)
               for hero, field in pairs]
    return [m for m in out if (not players_only or m[0] in players_only)
            and (not levels_only or m[1] in levels_only)]


def parse_option(spec, text: str) -> tuple[str, object]:
    """``NAME=VALUE`` of one of the game's options, the value as the game spells it.

    Raises ValueError with what the game offers when the name or value is not one."""
    name, _, value = text.partition("=")
    choices = spec.option_choices.get(name)
    if choices is None:
        raise ValueError(f"{spec.id} has no option {name!r} (options: {', '.join(spec.option_choices) or 'none'})")
    for choice in choices:
        if str(choice).lower() == value.lower():
            return name, choice
    raise ValueError(f"{spec.id} option {name}: {value!r} is not one of {', '.join(map(str, choices))}")


def row_key(line: str) -> tuple[str, ...]:
    """The match-up a table row measures (its cells before the games column)."""
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    return tuple(cells[:3] if cells and cells[0].isdigit() else cells[:2])


def merge_section(old: list[str], new: list[str]) -> list[str]:
    """A partial measurement's section (some match-ups of a game) merged into the
    game's section written before: each new row replaces the old row of the same
    match-up, the other old rows stay, in order, and the old notes stay under the
    table followed by the new one (which says which rows it measured)."""
    def split(lines):
        table = [ln for ln in lines if ln.startswith("|")]
        notes = [ln for ln in lines if ln.strip() and not ln.startswith("|") and not ln.startswith("## ")]
        return table, notes
    old_table, old_notes = split(old)
    new_table, new_notes = split(new)
    if len(old_table) < 2:
        return new
    fresh = {row_key(ln): ln for ln in new_table[2:]}
    rows = [fresh.pop(row_key(ln), ln) for ln in old_table[2:]] + list(fresh.values())
    out = [new[0], ""] + old_table[:2] + rows + [""]
    for note in old_notes + new_notes:
        out += [note, ""]
    return out


class _Capped(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1


def play_one(job: tuple) -> dict:
    """One game; the measured level's seat, result and decision times."""
    game_id, options, players, hero, field, seed, k, cap = job
    core_agents.SAFETY_SECONDS = cap
    capped = _Capped()
    logging.getLogger("reclaimdesk.ai").addHandler(capped)
    spec = get_game(game_id)
    state = spec.new_game(players, seed, options)
    hero_seat = k % players
    levels = [hero if i == hero_seat else field for i in range(players)]
    agents = [spec.agent(level, seed * 31 + i) for i, level in enumerate(levels)]
    wall: list[list[float]] = [[] for _ in range(players)]
    cpu: list[list[float]] = [[] for _ in range(players)]
    turns, turn = 0, object()
    moves = hashlib.sha256()
    while not state.is_terminal():
        seat = state.current_player
        if state.turn_key() != turn:
            turns, turn = turns + 1, state.turn_key()
        w0, c0 = time.perf_counter(), time.thread_time() + helper_cpu_seconds()
        action = agents[seat].choose(state)
        cpu[seat].append(time.thread_time() + helper_cpu_seconds() - c0)
        wall[seat].append(time.perf_counter() - w0)
        moves.update(state.action_to_str(action).encode() + b"\n")
        state.apply(action)
    winners = state.winners()
    logging.getLogger("reclaimdesk.ai").removeHandler(capped)
    hero_wall = wall[hero_seat]
    hero_cpu = cpu[hero_seat]
    field_wall = [t for i in range(players) if i != hero_seat for t in wall[i]]
    field_cpu = [t for i in range(players) if i != hero_seat for t in cpu[i]]
    return {
        "share": (1 / len(winners)) if hero_seat in winners else 0.0,
        "score": state.scores()[hero_seat],
        "hero_wall": hero_wall, "hero_cpu": hero_cpu,
        "field_wall": field_wall, "field_cpu": field_cpu,
        "capped": capped.count,
        "turns": turns,
        "moves": moves.hexdigest(),
    }


def _times(wall: list[float], cpu: list[float]) -> str:
    if not wall:
        return "-"
    return (f"{percentile(wall, 0.5):.3f} / {percentile(wall, 0.95):.3f} s "
            f"({percentile(cpu, 0.5):.3f} / {percentile(cpu, 0.95):.3f})")


def _options_text(spec, options: dict) -> str:
    shown = {k: v for k, v in options.items() if k in spec.option_choices and not set(spec.option_choices[k]) <= {True, False}}
    return ", ".join(f"{k} {v}" for k, v in shown.items()) or "-"


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f}, {five:.2f}, {fifteen:.2f}"


def _commit(output: Path | None = None) -> str:
    """The commit measured, "with uncommitted changes" when a tracked file other than
    the table being written (``output``, rewritten by the runs themselves) differs."""
    spec = ["--", "."]
    if output is not None and str(output) != "-":
        try:
            spec.append(":(exclude)" + str(output.resolve().relative_to(ROOT)))
        except ValueError:
            pass
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                             text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", *spec], cwd=ROOT,
                               capture_output=True, text=True, check=True).stdout.strip()
        return out + (" (with uncommitted changes)" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per match-up (default 20)")
    parser.add_argument("--seed", type=int, default=50_000, help="seed of game 0 of each match-up")
    parser.add_argument("--workers", type=int, default=1, help="games played at once (default 1)")
    parser.add_argument("--max-players", type=int, default=5, help="largest player count measured")
    parser.add_argument("--safety-cap", type=float, default=600.0,
                        help="seconds after which the clock stops a search (default 600)")
    parser.add_argument("--only", nargs="+", metavar="GAME", help="measure only these game ids")
    parser.add_argument("--players", nargs="+", type=int, metavar="N",
                        help="measure only these player counts (with --only)")
    parser.add_argument("--levels", nargs="+", choices=LEVELS, metavar="LEVEL",
                        help="measure only these levels, each against the level below it (with --only)")
    parser.add_argument("--mirror", action="store_true",
                        help="measure each level against itself instead of the level below: how much "
                             "games vary between equal players (with --only)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="measure only with this option value, e.g. board=standard (with --only; "
                             "repeatable)")
    parser.add_argument("--output", type=Path, default=ROOT / "docs" / "ai-levels.md",
                        help="the Markdown file written (default docs/ai-levels.md; - for stdout)")
    args = parser.parse_args(argv)
    specs = [s for s in all_games() if not args.only or s.id in args.only]
    if args.only and len(specs) != len(args.only):
        parser.error(f"--only: the games are {', '.join(s.id for s in all_games())}")
    partial = bool(args.players or args.levels or args.option or args.mirror)
    if partial and not args.only:
        parser.error("--players, --levels, --option and --mirror measure part of a game: name it with --only")
    fixed: dict[str, dict] = {}
    for spec in specs:
        try:
            fixed[spec.id] = dict(parse_option(spec, text) for text in args.option)
        except ValueError as exc:
            parser.error(f"--option: {exc}")
    command = "python tools/ai_levels.py " + " ".join(argv if argv is not None else sys.argv[1:])
    header = HEADER
    sections: dict[str, list[str]] = {}
    if args.workers > 1:  # (the games use the cores: a search does not start a helper process too)
        os.environ[PROCESSES_ENV] = "1"
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for spec in specs:
            started, load_start, commit = time.time(), load(), _commit(args.output)
            capped = 0
            lines = [f"## {spec.id}", ""]
            solo = spec.min_players == 1
            if solo:
                lines += ["| options | level | games | score median | mean [95%] | time median / p95 |",
                          "|---|---|---|---|---|---|"]
            else:
                lines += ["| players | options | level vs | games | win share [95%] | fair | "
                          "its time median / p95 | opponents' time | commonest length |",
                          "|---|---|---|---|---|---|---|---|---|"]
            measured = []
            for options in option_sets(spec):
                if any(options.get(k) != v for k, v in fixed[spec.id].items()):
                    continue
                for players, hero, field in matchups(spec, args.max_players, args.players, args.levels,
                                                       args.mirror):
                    jobs = [(spec.id, options, players, hero, field, args.seed + k, k, args.safety_cap)
                            for k in range(args.games)]
                    results = list(pool.map(play_one, jobs))
                    capped += sum(r["capped"] for r in results)
                    lines.append(_row(spec, options, players, hero, field, results))
                    measured.append(f"{players} players, {_options_text(spec, options)}, "
                                    f"{hero}" + (f" vs {field}" if field else ""))
                    print(f"{spec.id}: {lines[-1]}  (load {load()})", file=sys.stderr, flush=True)
            minutes = (time.time() - started) / 60
            if not measured:
                parser.error(f"{spec.id}: no match-up fits --players, --levels and --option")
            lines += [
                "",
                (f"Rows {'; '.join(measured)}: measured" if partial else "Measured") + f" by `{command.strip()}` on {date.today().isoformat()} (commit {commit}), "
                f"seeds {args.seed} to {args.seed + args.games - 1}, {args.workers} worker(s), "
                f"{minutes:.0f} minutes. Load averages (1, 5, 15 min): {load_start} at the start, "
                f"{load()} at the end. The clock's safety cap ({args.safety_cap:g} s) stopped "
                f"{capped} search(es).",
                "",
            ]
            sections[spec.id] = lines
    if args.only and str(args.output) != "-" and args.output.exists():
        # read just before writing, so runs of other games (--only) done meanwhile stay
        before = _sections(args.output.read_text(encoding="utf-8"))
        if partial:
            sections = {k: merge_section(before[k], v) if k in before else v for k, v in sections.items()}
        sections = {**before, **sections}
    order = [s.id for s in all_games()]
    body = [line for game_id in order if game_id in sections for line in sections[game_id]]
    text = "\n".join(header + body)
    if str(args.output) == "-":
        print(text)
    else:
        args.output.write_text(text, encoding="utf-8")
        print(f"wrote {args.output}", file=sys.stderr)
    return 0


def _row(spec, options: dict, players: int, hero: str, field: str | None, results: list[dict]) -> str:
    hw = [t for r in results for t in r["hero_wall"]]
    hc = [t for r in results for t in r["hero_cpu"]]
    n = len(results)
    opts = _options_text(spec, options)
    if field is None:
        scores = [r["score"] for r in results]
        mean = statistics.fmean(scores)
        half = 1.96 * statistics.stdev(scores) / math.sqrt(n) if n > 1 else float("nan")
        return (f"| {opts} | {hero} | {n} | {statistics.median(scores):g} | "
                f"{mean:.1f} [{mean - half:.1f}-{mean + half:.1f}] | {_times(hw, hc)} |")
    wins = sum(r["share"] for r in results)
    lo, hi = wilson(wins, n)
    fw = [t for r in results for t in r["field_wall"]]
    fc = [t for r in results for t in r["field_cpu"]]
    return (f"| {players} | {opts} | {hero} vs {field} | {n} | "
            f"{100 * wins / n:.1f}% [{100 * lo:.1f}-{100 * hi:.1f}] | "
            f"{100 / players:.0f}% | {_times(hw, hc)} | {_times(fw, fc)} | {_commonest(results)} |")


def _commonest(results: list[dict]) -> str:
    """The commonest game length in turns and its share of the games ("7 turns (40%)")."""
    counts = Counter(r["turns"] for r in results)
    turns, count = max(counts.items(), key=lambda kv: (kv[1], -kv[0]))
    return f"{turns} turns ({100 * count / len(results):.0f}%)"


def _sections(text: str) -> dict[str, list[str]]:
    """The game sections (``## <id>`` to the next heading) of a table written before."""
    out: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in text.splitlines():
        if line.startswith("## "):
            current = out.setdefault(line[3:].strip(), [])
        elif line.startswith("# "):
            current = None
            continue
        if current is not None:
            current.append(line)
    return out


if __name__ == "__main__":
    raise SystemExit(main())
