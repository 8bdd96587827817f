"""Score distributions of Reclaim's AI levels in solo play, per map: the figures
used to calibrate the data against the solo tiers (80 / 90 / 100).

    python tools/reclaim_calibration.py --levels easy,normal,hard --seeds 200 --jobs 2

Seeds 1..N give the same deals to every level, so levels (and versions of the
data or the AI) are compared on the same games.
"""

import argparse
import json
import statistics
import time
from multiprocessing import Pool

from reclaimdesk.core.agents import play_game
from reclaimdesk.core.game import get_game


def play(task: tuple[str, str, int]) -> tuple[float, dict]:
    map_id, level, seed = task
    spec = get_game("reclaim")
    state = spec.new_game(1, seed, {"map": map_id})
    play_game(state, [spec.agent(level, seed)])
    return state.scores()[0], state.breakdown(0)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--levels", default="easy,hard")
    parser.add_argument("--maps", default="river,lake")
    parser.add_argument("--seeds", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=1, help="games played in parallel")
    args = parser.parse_args()
    pool = Pool(args.jobs) if args.jobs > 1 else None
    for map_id in args.maps.split(","):
        for level in args.levels.split(","):
            start = time.perf_counter()
            tasks = [(map_id, level, seed) for seed in range(1, args.seeds + 1)]
            results = pool.map(play, tasks, chunksize=1) if pool else [play(t) for t in tasks]
            scores, parts = [], {}
            for score, breakdown in results:
                scores.append(score)
                for k, v in breakdown.items():
                    parts[k] = parts.get(k, 0) + (v or 0) / args.seeds
            s = sorted(scores)
            q = lambda p: s[min(len(s) - 1, int(p * len(s)))]  # noqa: E731
            print(json.dumps({
                "map": map_id, "level": level, "games": len(s), "median": statistics.median(s),
                "mean": round(statistics.mean(s), 1), "p10": q(0.1), "p90": q(0.9), "min": s[0], "max": s[-1],
                "reach_80": sum(x >= 80 for x in s), "reach_90": sum(x >= 90 for x in s),
                "reach_100": sum(x >= 100 for x in s),
                "mean_parts": {k: round(v, 1) for k, v in parts.items()},
                "seconds_per_game": round((time.perf_counter() - start) / len(s) * args.jobs, 2),
            }), flush=True)
    if pool:
        pool.close()


if __name__ == "__main__":
    main()
