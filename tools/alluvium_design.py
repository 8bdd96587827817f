"""Compare Alluvium sheet sizes and piece sets by self-play of the AI.

For every variant (map size x piece set), writes a temporary copy of
``resources/alluvium/`` with that size, start squares and pieces, and plays
``--games`` games of ``--players`` AI players of ``--level`` on it. Prints, per
variant: how often a seat had to pass in the last round (do pieces still fit late?),
the share of received-sheet turns that used action B, the squares filled at the end,
the mean area and cooperation bonus, the cooperation bonus's share of all points, and
how often it changed the winner compared with the area bonus alone.

    .venv/bin/python tools/alluvium_design.py --games 100 --players 4

The figures and the choice made from them are in docs/alluvium-design.md.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SIZES = {9: ["d4", "f6"], 10: ["d4", "g7"], 11: ["d4", "h8"]}
PIECE_SETS = {
    "shipped": [("I3", ["###"]), ("L4", ["###", "#.."]), ("T4", ["###", ".#."]),
                ("S4", [".##", "##."]), ("P5", ["##", "##", "#."]), ("U5", ["#.#", "###"])],
    "small": [("I3", ["###"]), ("V3", ["##", "#."]), ("O4", ["##", "##"]),
              ("T4", ["###", ".#."]), ("L4", ["###", "#.."]), ("P5", ["##", "##", "#."])],
    "large": [("L4", ["###", "#.."]), ("T4", ["###", ".#."]), ("S4", [".##", "##."]),
              ("P5", ["##", "##", "#."]), ("U5", ["#.#", "###"]), ("Y5", ["####", ".#.."])],
}


def _variant_dir(size: int, pieces: str) -> Path:
    tmp = Path(tempfile.mkdtemp(prefix="alluvium-design-"))
    src = ROOT / "resources" / "alluvium"
    dst = tmp / "alluvium"
    shutil.copytree(src, dst)
    sheet = json.loads((dst / "sheet.json").read_text())
    sheet["size"] = size
    sheet["start_squares"] = SIZES[size]
    (dst / "sheet.json").write_text(json.dumps(sheet))
    data = json.loads((dst / "pieces.json").read_text())
    data["pieces"] = [{"id": i, "shape": s} for i, s in PIECE_SETS[pieces]]
    (dst / "pieces.json").write_text(json.dumps(data))
    return tmp


def run_variant(games: int, players: int, level: str) -> dict:
    """Plays in this process (RECLAIMDESK_RESOURCES already set)."""
    from reclaimdesk.core.agents import play_game
    from reclaimdesk.core.game import get_game

    spec = get_game("alluvium")
    last_passes = last_slots = fills = received = 0
    filled, area, coop, share_num, share_den, decided = [], [], [], 0, 0, 0
    for n in range(games):
        state = spec.new_game(players, 20_000 + n)
        play_game(state, [spec.agent(level, 7 * n + i) for i in range(players)])
        for sheet in state.sheets:
            filled.append(sheet.filled.bit_count())
            for e in sheet.entries:
                if e.round == state.rounds:
                    last_slots += 1
                    last_passes += e.kind == "pass"
                if e.phase == "others":
                    received += 1
                    fills += e.kind == "fill"
        a = [sum(s.area) for s in state.sheets]
        c = [state.cooperation_points(i) for i in range(players)]
        area.extend(a)
        coop.extend(c)
        share_num += sum(c)
        share_den += sum(a) + sum(c)
        best = max(a)
        decided += set(state.winners()) != {i for i, v in enumerate(a) if v == best}
    return {
        "last_round_passes": last_passes / last_slots, "fill_share": fills / received,
        "filled": statistics.mean(filled), "area": statistics.mean(area), "coop": statistics.mean(coop),
        "coop_share": share_num / share_den, "decided_by_coop": decided / games,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--sizes", type=int, nargs="+", default=sorted(SIZES))
    parser.add_argument("--pieces", nargs="+", default=list(PIECE_SETS))
    parser.add_argument("--one", nargs=2, help=argparse.SUPPRESS)  # size pieces, in a child process
    args = parser.parse_args(argv)
    if args.one:
        print(json.dumps(run_variant(args.games, args.players, args.level)))
        return 0
    print(f"{args.games} games of {args.players} x {args.level} per variant")
    print(f"{'size':>4} {'pieces':8} {'pass(last)':>10} {'B share':>8} {'filled':>7} {'area':>6} "
          f"{'coop':>5} {'coop%':>6} {'coop decided':>12}")
    for size in args.sizes:
        for pieces in args.pieces:
            tmp = _variant_dir(size, pieces)
            env = dict(os.environ, RECLAIMDESK_RESOURCES=str(tmp))
            out = subprocess.run(
                [sys.executable, __file__, "--one", str(size), pieces, "--games", str(args.games),
                 "--players", str(args.players), "--level", args.level],
                env=env, capture_output=True, text=True, check=True)
            shutil.rmtree(tmp)
            r = json.loads(out.stdout)
            print(f"{size:>4} {pieces:8} {r['last_round_passes']:>10.1%} {r['fill_share']:>8.1%} "
                  f"{r['filled']:>7.1f} {r['area']:>6.1f} {r['coop']:>5.1f} {r['coop_share']:>6.1%} "
                  f"{r['decided_by_coop']:>12.1%}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
