"""Measure Reclamation Wars' AI: one level against two copies of another.

Plays ``--games`` games per match-up. In game k the measured level sits in seat
k % 3 (seats rotated, so it plays first, second and third equally often) against two
players of the other level. A shared win counts as a share. Prints the measured
level's share of the wins (a fair share is 33%), its average hexes against the
opponents' and the median, 99th percentile and largest time one of its decisions
took (a decision is one atomic action: a reclaim, one demolisher move, a power).

    python tools/reclamation_wars_strength.py --match hard:normal normal:easy easy:random \\
        --games 300 --workers 1

Game k uses seed k, so results repeat on any machine: the hard level's budget counts
iterations, not seconds (the clock's safety cap is raised here).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Hashable
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from reclaimdesk.core import agents as core_agents  # noqa: E402
from reclaimdesk.core.agents import play_game  # noqa: E402
from reclaimdesk.core.game import GameState, get_game  # noqa: E402

core_agents.SAFETY_SECONDS = 600.0  # measure what the budgets decide, also on a busy machine

GAME_ID = "reclamation-wars"


class Timed:
    """Wraps an agent and records the seconds each decision took."""

    def __init__(self, agent) -> None:
        self.agent = agent
        self.level = agent.level
        self.times: list[float] = []

    def choose(self, state: GameState) -> Hashable:
        start = time.perf_counter()
        action = self.agent.choose(state)
        self.times.append(time.perf_counter() - start)
        return action


def play_one(job: tuple[str, str, int, str]):
    """One game: (strong, weak, share of the win for the strong level, its hexes,
    the opponents' mean hexes, its decision times)."""
    strong, weak, number, board = job
    spec = get_game(GAME_ID)
    state = spec.new_game(3, seed=number, options={"board": board})
    seat = number % 3
    hero = Timed(spec.agent(strong, 1000 + number))
    agents = [spec.agent(weak, 5000 + 7 * number + s) for s in range(3)]
    agents[seat] = hero
    play_game(state, agents)
    winners = state.winners()
    share = 1 / len(winners) if seat in winners else 0.0
    scores = state.scores()
    others = [s for k, s in enumerate(scores) if k != seat]
    return strong, weak, share, scores[seat], sum(others) / len(others), hero.times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--match", nargs="+", default=["hard:normal", "normal:easy", "easy:random"],
                        help="STRONG:WEAK pairs (STRONG plays against two WEAK)")
    parser.add_argument("--games", type=int, default=300, help="games per match-up")
    parser.add_argument("--first", type=int, default=0, help="number (and seed) of the first game")
    parser.add_argument("--board", default="standard", choices=("standard", "large"))
    parser.add_argument("--workers", type=int, default=1, help="games played at once")
    args = parser.parse_args(argv)

    pairs = [tuple(m.split(":")) for m in args.match]
    jobs = [(s, w, n, args.board) for s, w in pairs for n in range(args.first, args.first + args.games)]
    results: dict[tuple[str, str], list[tuple[float, float, float]]] = {}
    times: dict[tuple[str, str], list[float]] = {}
    started = time.perf_counter()
    if args.workers > 1:
        with Pool(args.workers) as pool:
            outcomes = list(pool.imap_unordered(play_one, jobs, chunksize=1))
    else:
        outcomes = [play_one(job) for job in jobs]
    for strong, weak, share, mine, theirs, t in outcomes:
        results.setdefault((strong, weak), []).append((share, mine, theirs))
        times.setdefault((strong, weak), []).extend(t)
    elapsed = time.perf_counter() - started
    print(f"{'match-up':<22} {'games':>5} {'win share':>9} {'hexes':>6} {'theirs':>6}"
          f" {'median ms':>9} {'p99 ms':>7} {'max ms':>7}")
    for (strong, weak), rows in results.items():
        n = len(rows)
        share = sum(r[0] for r in rows) / n
        mine = sum(r[1] for r in rows) / n
        theirs = sum(r[2] for r in rows) / n
        t = sorted(times[(strong, weak)])
        p99 = t[min(len(t) - 1, int(0.99 * len(t)))]
        print(f"{strong + ' vs 2x ' + weak:<22} {n:>5} {share:>8.1%} {mine:>6.1f} {theirs:>6.1f}"
              f" {statistics.median(t) * 1000:>9.1f} {p99 * 1000:>7.1f} {max(t) * 1000:>7.1f}")
    print(f"{len(jobs)} games in {elapsed:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
