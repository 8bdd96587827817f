"""Measure Alluvium's AI and its components.

Plays ``--games`` games of ``--players`` seats: one seat of level ``--hero``, the
others of level ``--field``; the hero's seat rotates (game n: seat n mod players).
Prints the hero's share of wins (a shared win counts as a share), the score
distribution of each level, the time the hero's decisions took, and figures about
the game itself (how often a seat had to pass, how often action B was used, how
much the cooperation bonus weighs and how often it decided the winner).

    .venv/bin/python tools/alluvium_strength.py --players 4 --hero hard --field normal --games 300
    .venv/bin/python tools/alluvium_strength.py --players 3 --hero normal --field normal --games 100
    .venv/bin/python tools/alluvium_strength.py --mix random easy normal hard --games 40

With ``--mix`` every seat has its own level (one per player, in the order given,
rotated one seat per game) and the score distribution of each level is printed.

Every game is deterministic given its number: the AI budgets count iterations, not
seconds (the clock's safety cap is raised here, so a busy machine changes nothing).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from collections.abc import Hashable
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from reclaimdesk.core import agents as core_agents  # noqa: E402
from reclaimdesk.core.agents import play_game  # noqa: E402
from reclaimdesk.core.game import GameState, get_game  # noqa: E402

core_agents.SAFETY_SECONDS = 600.0  # measure what the budgets decide, also on a busy machine


class Timed:
    def __init__(self, agent) -> None:
        self.agent = agent
        self.level = agent.level
        self.times: list[float] = []

    def choose(self, state: GameState) -> Hashable:
        start = time.perf_counter()
        action = self.agent.choose(state)
        self.times.append(time.perf_counter() - start)
        return action


def play_one(job: tuple[int, str, str, int]) -> dict:
    players, hero, field, number = job
    spec = get_game("alluvium")
    state = spec.new_game(players, seed=10_000 + number)
    hero_seat = number % players
    agents = [Timed(spec.agent(hero if i == hero_seat else field, 100 * number + i))
              for i in range(players)]
    play_game(state, agents)
    winners = state.winners()
    scores = state.scores()
    coop = [state.cooperation_points(i) for i in range(players)]
    area = [sum(s.area) for s in state.sheets]
    # would the area bonus alone have picked other winners?
    best_area = max(area)
    decided = set(winners) != {i for i, a in enumerate(area) if a == best_area}
    kinds = Counter()
    passes_by_round = Counter()
    slots_by_round = Counter()
    for sheet in state.sheets:
        for e in sheet.entries:
            if e.phase == "others":
                kinds[e.kind] += 1
            slots_by_round[e.round] += 1
            if e.kind == "pass":
                passes_by_round[e.round] += 1
    return {
        "hero_seat": hero_seat, "winners": winners, "scores": scores, "coop": coop,
        "area": area, "decided_by_coop": decided, "kinds": dict(kinds),
        "passes": dict(passes_by_round), "slots": dict(slots_by_round),
        "hero_times": agents[hero_seat].times,
        "field_times": [t for i, a in enumerate(agents) if i != hero_seat for t in a.times],
        "filled": [bin(s.filled).count("1") for s in state.sheets],
    }


def play_mixed(job: tuple[tuple[str, ...], int]) -> dict:
    levels, number = job
    players = len(levels)
    spec = get_game("alluvium")
    state = spec.new_game(players, seed=30_000 + number)
    seats = [levels[(i + number) % players] for i in range(players)]
    agents = [Timed(spec.agent(lv, 100 * number + i)) for i, lv in enumerate(seats)]
    play_game(state, agents)
    winners = state.winners()
    return {"levels": seats, "scores": state.scores(), "winners": winners,
            "coop": [state.cooperation_points(i) for i in range(players)],
            "times": [(lv, t) for lv, a in zip(seats, agents) for t in a.times]}


def mixed(levels: list[str], games: int, workers: int) -> int:
    jobs = [(tuple(levels), n) for n in range(games)]
    started = time.perf_counter()
    if workers > 1:
        with Pool(workers) as pool:
            results = list(pool.imap_unordered(play_mixed, jobs, chunksize=1))
    else:
        results = [play_mixed(j) for j in jobs]
    print(f"{games} games, {len(levels)} players, one seat each: {', '.join(levels)}"
          f"  [{time.perf_counter() - started:.0f} s]")
    for level in dict.fromkeys(levels):
        scores = [s for r in results for lv, s in zip(r["levels"], r["scores"]) if lv == level]
        coop = [c for r in results for lv, c in zip(r["levels"], r["coop"]) if lv == level]
        wins = sum(1 / len(r["winners"]) for r in results for w in r["winners"] if r["levels"][w] == level)
        times = sorted(t for r in results for lv, t in r["times"] if lv == level)
        print(f"  {level:>6}: wins {wins / games:5.1%}  score {_dist(scores)}")
        print(f"  {'':>6}  cooperation {_dist(coop)}  decision max {times[-1] * 1000:.0f} ms")
    return 0


def _dist(values: list[float]) -> str:
    if not values:
        return "-"
    q = statistics.quantiles(values, n=4) if len(values) > 1 else [values[0]] * 3
    return (f"mean {statistics.mean(values):5.1f}  sd {statistics.pstdev(values):4.1f}  "
            f"min {min(values):3.0f}  q1 {q[0]:5.1f}  median {q[1]:5.1f}  q3 {q[2]:5.1f}  max {max(values):3.0f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--hero", default="hard")
    parser.add_argument("--field", default="normal")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--mix", nargs="+", help="one level per seat (3 to 5 seats)")
    args = parser.parse_args(argv)
    if args.mix:
        return mixed(args.mix, args.games, args.workers)

    jobs = [(args.players, args.hero, args.field, n) for n in range(args.games)]
    started = time.perf_counter()
    if args.workers > 1:
        with Pool(args.workers) as pool:
            results = list(pool.imap_unordered(play_one, jobs, chunksize=1))
    else:
        results = [play_one(j) for j in jobs]
    elapsed = time.perf_counter() - started

    share = sum(1 / len(r["winners"]) for r in results if r["hero_seat"] in r["winners"])
    outright = sum(1 for r in results if r["winners"] == [r["hero_seat"]])
    n = len(results)
    print(f"{n} games, {args.players} players: {args.hero} (seat rotating) vs {args.players - 1} x {args.field}"
          f"  [{elapsed:.0f} s]")
    print(f"  {args.hero} wins: {share / n:.1%} (shared wins as shares; fair share {1 / args.players:.1%}),"
          f" outright {outright / n:.1%}")
    hero_scores = [r["scores"][r["hero_seat"]] for r in results]
    field_scores = [s for r in results for i, s in enumerate(r["scores"]) if i != r["hero_seat"]]
    print(f"  scores {args.hero:>6}: {_dist(hero_scores)}")
    print(f"  scores {args.field:>6}: {_dist(field_scores)}")
    hero_coop = [r["coop"][r["hero_seat"]] for r in results]
    field_coop = [c for r in results for i, c in enumerate(r["coop"]) if i != r["hero_seat"]]
    print(f"  cooperation {args.hero:>6}: {_dist(hero_coop)}")
    print(f"  cooperation {args.field:>6}: {_dist(field_coop)}")
    all_coop = sum(sum(r["coop"]) for r in results)
    all_total = sum(sum(r["scores"]) for r in results)
    decided = sum(1 for r in results if r["decided_by_coop"])
    print(f"  cooperation share of all points: {all_coop / max(1, all_total):.1%};"
          f" games whose winner the cooperation bonus changed: {decided / n:.1%}")
    kinds = Counter()
    for r in results:
        kinds.update(r["kinds"])
    total_slots = sum(kinds.values())
    print("  received-sheet slots: " + ", ".join(
        f"{k} {v / total_slots:.1%}" for k, v in sorted(kinds.items())))
    rounds = sorted({k for r in results for k in r["slots"]})
    print("  passes per round: " + ", ".join(
        f"round {k}: {sum(r['passes'].get(k, 0) for r in results) / sum(r['slots'][k] for r in results):.1%}"
        for k in rounds))
    print(f"  filled squares at the end: {_dist([f for r in results for f in r['filled']])}")
    times = [t for r in results for t in r["hero_times"]]
    if times:
        times.sort()
        print(f"  {args.hero} decision time: median {statistics.median(times) * 1000:.0f} ms,"
              f" 95% {times[int(len(times) * 0.95)] * 1000:.0f} ms, max {times[-1] * 1000:.0f} ms")
    ftimes = sorted(t for r in results for t in r["field_times"])
    if ftimes:
        print(f"  {args.field} decision time: median {statistics.median(ftimes) * 1000:.1f} ms,"
              f" max {ftimes[-1] * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
