"""Measure the Claim Control AI levels against each other.

Plays ``--games`` games per match with the seats alternated (the first-named level
is Circles in even games, Crosses in odd ones), and prints wins, draws and losses of
the first-named level, plus the median and the largest time per move of every
``hard`` player. Games run in ``--jobs`` worker processes; each game is seeded by
its number, so a run is reproducible apart from timings (the AI budgets count
positions, not seconds; the clock's safety cap is raised here).

    .venv/bin/python tools/claim_control_strength.py --games 200 \
        --match hard:random --match hard:normal
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from reclaimdesk.core import agents as core_agents  # noqa: E402
from reclaimdesk.core.game import LEVELS, get_game  # noqa: E402

core_agents.SAFETY_SECONDS = 600.0  # measure what the budgets decide, also on a busy machine


def play_one(args: tuple[str, str, int]) -> tuple[int, list[float], list[float]]:
    """One game of ``first`` against ``second``; ``first`` takes seat ``number % 2``.
    Returns the first level's result (1 win, 0 draw, -1 loss) and the seconds each
    hard player spent per move (first's, then second's)."""
    first, second, number = args
    spec = get_game("claim-control")
    state = spec.new_game(2, seed=number)
    seat = number % 2
    agents = [None, None]
    agents[seat] = spec.agent(first, 1000 + 2 * number)
    agents[1 - seat] = spec.agent(second, 1001 + 2 * number)
    times: list[list[float]] = [[], []]
    while not state.is_terminal():
        mover = state.current_player
        start = time.perf_counter()
        action = agents[mover].choose(state)  # type: ignore[union-attr]
        times[mover].append(time.perf_counter() - start)
        state.apply(action)
    scores = state.scores()
    margin = scores[seat] - scores[1 - seat]
    outcome = (margin > 0) - (margin < 0)
    return outcome, times[seat], times[1 - seat]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per match (default 200)")
    parser.add_argument("--match", action="append", metavar="A:B",
                        help="levels to pit against each other (repeatable; default"
                             " hard:random and hard:normal)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--first-game", type=int, default=0, help="number (seed) of the first game")
    args = parser.parse_args(argv)
    matches = args.match or ["hard:random", "hard:normal"]
    hard_times: list[float] = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for match in matches:
            first, _, second = match.partition(":")
            if first not in LEVELS or second not in LEVELS:
                parser.error(f"'{match}': levels are {', '.join(LEVELS)}")
            started = time.perf_counter()
            jobs = [(first, second, n) for n in range(args.first_game, args.first_game + args.games)]
            wins = draws = losses = 0
            for outcome, mine, theirs in pool.map(play_one, jobs):
                wins += outcome > 0
                draws += outcome == 0
                losses += outcome < 0
                if first == "hard":
                    hard_times.extend(mine)
                if second == "hard":
                    hard_times.extend(theirs)
            n = wins + draws + losses
            print(f"{first} vs {second}: {n} games, {wins} wins ({100 * wins / n:.1f}%),"
                  f" {draws} draws, {losses} losses ({time.perf_counter() - started:.0f} s)",
                  flush=True)
    if hard_times:
        print(f"hard: {len(hard_times)} moves, median {statistics.median(hard_times):.3f} s,"
              f" max {max(hard_times):.3f} s per move")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
