"""Score distributions of Reclaim's AI levels in solo play, per map: the figures
used to calibrate the data against the solo tiers (80 / 90 / 100).

    python tools/reclaim_calibration.py --levels easy,hard --seeds 200
"""

import argparse
import json
import statistics
import time

from reclaimdesk.core.agents import play_game
from reclaimdesk.core.game import get_game


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--levels", default="easy,hard")
    parser.add_argument("--maps", default="river,lake")
    parser.add_argument("--seeds", type=int, default=200)
    args = parser.parse_args()
    spec = get_game("reclaim")
    for map_id in args.maps.split(","):
        for level in args.levels.split(","):
            scores, parts, start = [], {}, time.perf_counter()
            for seed in range(1, args.seeds + 1):
                state = spec.new_game(1, seed, {"map": map_id})
                play_game(state, [spec.agent(level, seed)])
                scores.append(state.scores()[0])
                for k, v in state.breakdown(0).items():
                    parts[k] = parts.get(k, 0) + (v or 0) / args.seeds
            s = sorted(scores)
            q = lambda p: s[min(len(s) - 1, int(p * len(s)))]  # noqa: E731
            print(json.dumps({
                "map": map_id, "level": level, "games": len(s), "median": statistics.median(s),
                "mean": round(statistics.mean(s), 1), "p10": q(0.1), "p90": q(0.9), "min": s[0], "max": s[-1],
                "reach_80": sum(x >= 80 for x in s), "reach_90": sum(x >= 90 for x in s),
                "reach_100": sum(x >= 100 for x in s),
                "mean_parts": {k: round(v, 1) for k, v in parts.items()},
                "seconds_per_game": round((time.perf_counter() - start) / len(s), 2),
            }), flush=True)


if __name__ == "__main__":
    main()
