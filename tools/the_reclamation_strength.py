"""Measure The Reclamation's AI: the hard level against weaker levels.

Plays ``--games`` games per rule set and opponent, the hard AI taking Flower (the
first seat) in even-numbered games and Tendril in odd ones, and prints wins, losses
and draws from the hard AI's side, and the median and largest time one hard
decision took (a decision is one atomic action: a move, a card or a fill).

    .venv/bin/python tools/the_reclamation_strength.py --games 200 --workers 2

Games are independent and deterministic given their number: the hard AI's budget
counts positions, not seconds (the clock's safety cap is raised here).
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

GAME_ID = "the-reclamation"


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


def play_one(job: tuple[str, str, str, int]) -> tuple[str, str, int, float, list[float], int]:
    """One game; returns (rules, opponent, outcome for the strong side: 1 win, 0 draw,
    -1 loss, reason, decision times of the strong side, actions played)."""
    rules, strong, weak, number = job
    spec = get_game(GAME_ID)
    state = spec.new_game(2, seed=number, options={"rules": rules})
    strong_seat = number % 2
    hero = Timed(spec.agent(strong, 1000 + number))
    rival = spec.agent(weak, 5000 + number)
    agents = [hero, rival] if strong_seat == 0 else [rival, hero]
    play_game(state, agents)
    winners = state.winners()
    outcome = 0 if len(winners) == 2 else (1 if winners == [strong_seat] else -1)
    return rules, weak, outcome, state.result()["reason"], hero.times, len(state.history)  # type: ignore[return-value]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per rule set and opponent")
    parser.add_argument("--rules", nargs="+", default=["garden", "throne"])
    parser.add_argument("--strong", default="hard", help="the level measured")
    parser.add_argument("--opponents", nargs="+", default=["random", "normal"])
    parser.add_argument("--workers", type=int, default=2, help="games played at once")
    args = parser.parse_args(argv)

    jobs = [(r, args.strong, o, n) for r in args.rules for o in args.opponents for n in range(args.games)]
    results: dict[tuple[str, str], list[tuple[int, str, int]]] = {}
    times: list[float] = []
    started = time.perf_counter()
    with Pool(args.workers) as pool:
        for rules, weak, outcome, reason, t, length in pool.imap_unordered(play_one, jobs, chunksize=1):
            results.setdefault((rules, weak), []).append((outcome, reason, length))
            times.extend(t)
    elapsed = time.perf_counter() - started

    print(f"The Reclamation: {args.strong} against each opponent, {args.games} games per line,"
          " seats alternated")
    print(f"{'rules':8} {'opponent':9} {'wins':>5} {'losses':>6} {'draws':>5} {'win %':>6}"
          f" {'win % w/o draws':>15} {'avg actions':>11}")
    for rules in args.rules:
        for weak in args.opponents:
            rows = results.get((rules, weak), [])
            wins = sum(1 for o, _, _ in rows if o == 1)
            losses = sum(1 for o, _, _ in rows if o == -1)
            draws = sum(1 for o, _, _ in rows if o == 0)
            decided = wins + losses
            pct = 100.0 * wins / len(rows) if rows else 0.0
            pct_decided = 100.0 * wins / decided if decided else 0.0
            avg_len = statistics.mean(length for _, _, length in rows) if rows else 0.0
            print(f"{rules:8} {weak:9} {wins:5d} {losses:6d} {draws:5d} {pct:6.1f}"
                  f" {pct_decided:15.1f} {avg_len:11.1f}")
    if times:
        print(f"{args.strong} decisions: {len(times)}, median {statistics.median(times):.3f} s,"
              f" max {max(times):.3f} s ({args.workers} worker(s) at once)")
    print(f"elapsed {elapsed:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
