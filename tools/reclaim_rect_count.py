"""Reclaim, one solo deck: which lines could still beat a score, counted without a search.

    python tools/reclaim_rect_count.py --map river --seed 70021 --beat 141

The second half of river 70021's offline proof (docs/reclaim-balance.md, "River 70021
solved offline"). A line that crosses out no number and joins all nine castles at both
scorings scores at most 58 + 58 + its rectangle; an exact model settles those lines.
Every other line gets fewer castle points: with nothing crossed out and eight castles
or fewer in a half, at most 58 + 42; with ``c`` numbers crossed out, at most 58 plus
the track's entry ``9 - c`` (the first half may be scored before any crossing). So to
score more than ``--beat`` it needs a rectangle of at least ``beat + 1`` less those
points. Every square of that rectangle that is not a castle must hold territory, so a
triangle: each icon of the deck pays one square of its own terrain, and the special
actions' triangles (the entries crossed out, from the right) any square, grass
included. For each ``c`` from 0 to 9 this prints how many rectangles of the size needed
pass that count (0 everywhere: no such line can beat the score).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def deck_icons(state) -> dict:
    """The icons of the whole deck by terrain: each round's leftmost card, and the
    second card too in rounds 11-16."""
    from reclaimdesk.games.reclaim.state import FIRST_HALF_ROUNDS, ROUNDS

    cards = state.field + state.deck
    icons: dict = {}
    for r in range(1, ROUNDS + 1):
        for k in [r - 1] + ([r] if r > FIRST_HALF_ROUNDS else []):
            for icon in state.cards[cards[k]].cost:
                icons[icon.terrain] = icons.get(icon.terrain, 0) + 1
    return icons


def passing(state, icons: dict, area: int, wild: int) -> list[tuple[int, int, int, int, int]]:
    """Rectangles (area, top, bottom, left, right; bottom and right excluded) of at
    least ``area`` squares whose non-castle squares the icons, by terrain, and ``wild``
    triangles of any square could all fill."""
    from reclaimdesk.games.reclaim.components import SIZE, Terrain

    found = []
    for r0 in range(SIZE):
        for r1 in range(r0 + 2, SIZE + 1):
            for c0 in range(SIZE):
                for c1 in range(c0 + 2, SIZE + 1):
                    a = (r1 - r0) * (c1 - c0)
                    if a < area:
                        continue
                    count: dict = {}
                    for r in range(r0, r1):
                        for c in range(c0, c1):
                            t = state.map.at((r, c))
                            count[t] = count.get(t, 0) + 1
                    over = count.get(Terrain.GRASS, 0)
                    for t, n in count.items():
                        if t not in (Terrain.GRASS, Terrain.CASTLE):
                            over += max(0, n - icons.get(t, 0))
                    if over <= wild:
                        found.append((a, r0, r1, c0, c1))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--map", default="river")
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--beat", type=int, required=True, help="the score to beat")
    args = parser.parse_args()
    from reclaimdesk.core.game import get_game
    from reclaimdesk.games.reclaim.components import TRACK_LENGTH

    state = get_game("reclaim").new_game(1, args.seed, {"map": args.map})
    icons = deck_icons(state)
    entries = state.track.entries
    best = entries[-1].points
    print("icons:", {t.value: n for t, n in icons.items()})
    total = 0
    for crossed in range(TRACK_LENGTH + 1):
        if crossed == 0:
            second = entries[-2].points  # eight castles or fewer in one half
        else:
            second = entries[TRACK_LENGTH - 1 - crossed].points if crossed < TRACK_LENGTH else 0
        wild = sum(entries[TRACK_LENGTH - 1 - i].triangles for i in range(crossed))
        need = args.beat + 1 - best - second
        found = passing(state, icons, need, wild)
        total += len(found)
        print(f"{crossed} crossed out: castles at most {best} + {second}, {wild} special triangles, "
              f"a rectangle of {need}+ squares needed: {len(found)} pass the count {found[:3]}")
    return 0 if total == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
