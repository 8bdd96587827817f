#!/usr/bin/env python3
"""Check Reclaim's component data under resources/reclaim/.

Standalone on purpose: it only uses the standard library and plain ``json``, so it can
run before (or without) the rest of the package. It loads the two maps, the 30 cards and
the scoring track, checks every design constraint, prints a terrain census and an ASCII
rendering of each map, the card mix and icon balance, and the track.

Usage:  python tools/check_reclaim_data.py [--quiet] [RESOURCE_DIR]

Exit status 0 when every check passes, 1 otherwise (each failure is listed).
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

SIZE = 13
CENTRE = (6, 6)
LEGEND = {"C": "castle", "F": "forest", "H": "field", "M": "mountain", "W": "water", ".": "grass"}
# Which square kind pays which cost icon.
ICON_OF_KIND = {"F": "wood", "H": "wheat", "M": "stone", "W": "water"}
ICONS = ("wood", "wheat", "stone", "water")
RESOURCE_KINDS = ("F", "H", "M", "W")
ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
# Rows/columns are split into three bands; each of the nine band cells gets one castle.
BANDS = ((0, 3), (4, 8), (9, 12))

# Share of the 169 squares per kind, in percent (inclusive bounds).
RIVER_SHARES = {".": (35, 45), "F": (12, 18), "H": (12, 18), "M": (9, 15), "W": (9, 15)}
LAKE_SHARES = {".": (35, 48), "F": (10, 18), "H": (6, 12), "M": (13, 20), "W": (10, 16)}

CARD_SIZE_MIX = {2: (2, 4), 3: (6, 8), 4: (9, 11), 5: (9, 11)}  # size -> allowed count
ICON_COUNT_RANGE = (13, 17)
DOUBLE_COUNT_RANGE = (4, 6)
TRACK_POINTS_FIXED = {5: 16, 7: 26}

RENDER = {"C": "C", "F": "f", "H": "h", "M": "m", "W": "~", ".": "."}

failures: list[str] = []


def check(condition: bool, message: str) -> bool:
    if not condition:
        failures.append(message)
    return condition


# --------------------------------------------------------------------------- geometry


def components(cells: set[tuple[int, int]]) -> list[set[tuple[int, int]]]:
    """Edge-connected groups of a set of cells."""
    left = set(cells)
    groups = []
    while left:
        start = left.pop()
        group = {start}
        stack = [start]
        while stack:
            r, c = stack.pop()
            for dr, dc in ORTHOGONAL:
                n = (r + dr, c + dc)
                if n in left:
                    left.remove(n)
                    group.add(n)
                    stack.append(n)
        groups.append(group)
    groups.sort(key=lambda g: (-len(g), min(g)))
    return groups


def shape_cells(shape: list[str]) -> set[tuple[int, int]]:
    return {(r, c) for r, row in enumerate(shape) for c, ch in enumerate(row) if ch == "#"}


def normalise(cells) -> tuple[tuple[int, int], ...]:
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def rotations(cells):
    cur = list(cells)
    for _ in range(4):
        yield normalise(cur)
        cur = [(c, -r) for r, c in cur]


def one_sided_key(cells) -> tuple:
    return min(rotations(cells))


def free_key(cells) -> tuple:
    mirrored = [(r, -c) for r, c in cells]
    return min(min(rotations(cells)), min(rotations(mirrored)))


_NAMED = {
    "I1": ["#"],
    "I2": ["##"],
    "I3": ["###"], "L3": ["##", "#."],
    "I4": ["####"], "O4": ["##", "##"], "T4": ["###", ".#."], "S4": [".##", "##."],
    "L4": ["###", "#.."],
    "F5": [".##", "##.", ".#."], "I5": ["#####"], "L5": ["####", "#..."],
    "N5": ["##..", ".###"], "P5": ["##", "##", "#."], "T5": ["###", ".#.", ".#."],
    "U5": ["#.#", "###"], "V5": ["#..", "#..", "###"], "W5": ["#..", "##.", ".##"],
    "X5": [".#.", "###", ".#."], "Y5": ["####", ".#.."], "Z5": ["##.", ".#.", ".##"],
}
FREE_NAMES = {free_key(shape_cells(s)): name for name, s in _NAMED.items()}


def check_shape(where: str, shape, min_size: int, max_size: int) -> set[tuple[int, int]] | None:
    """A shape is a list of equal-length strings of '#'/'.' forming one normalised polyomino."""
    if not check(isinstance(shape, list) and shape and all(isinstance(r, str) for r in shape),
                 f"{where}: shape must be a non-empty list of strings"):
        return None
    width = len(shape[0])
    ok = check(width > 0 and all(len(r) == width for r in shape),
               f"{where}: shape rows must all have the same non-zero length")
    ok &= check(all(ch in "#." for r in shape for ch in r),
                f"{where}: shape may only contain '#' and '.'")
    if not ok:
        return None
    cells = shape_cells(shape)
    ok &= check(min_size <= len(cells) <= max_size,
                f"{where}: shape has {len(cells)} squares, expected {min_size}..{max_size}")
    if not cells:
        return None
    ok &= check("#" in shape[0] and "#" in shape[-1]
                and any(r[0] == "#" for r in shape) and any(r[-1] == "#" for r in shape),
                f"{where}: shape is not normalised (an empty first/last row or column)")
    ok &= check(len(components(cells)) == 1, f"{where}: shape is not edge-connected")
    return cells if ok else None


def render_shapes(shapes: list[tuple[str, list[str]]], per_line: int = 10) -> str:
    out = []
    for i in range(0, len(shapes), per_line):
        chunk = shapes[i:i + per_line]
        width = max(max(len(s[0]), len(label)) for label, s in chunk) + 2
        height = max(len(s) for _, s in chunk)
        out.append("".join(label.ljust(width) for label, _ in chunk).rstrip())
        for r in range(height):
            line = ""
            for _, s in chunk:
                line += (s[r] if r < len(s) else "").replace(".", " ").ljust(width)
            out.append(line.rstrip())
        out.append("")
    return "\n".join(out)


# --------------------------------------------------------------------------- maps


def load(path: Path):
    try:
        with path.open(encoding="utf-8") as fh:
            return json.load(fh)
    except (OSError, ValueError) as exc:
        failures.append(f"{path}: cannot load: {exc}")
        return None


def neighbourhood(castle, radius=2):
    r, c = castle
    return [(a, b) for a in range(r - radius, r + radius + 1)
            for b in range(c - radius, c + radius + 1) if 0 <= a < SIZE and 0 <= b < SIZE]


def check_map_common(name: str, data, expected: dict) -> dict | None:
    if data is None:
        return None
    check(isinstance(data, dict), f"{name}: top level must be an object")
    if not isinstance(data, dict):
        return None
    keys = {"id", "version", "kind", "name", "level", "legend", "rows"}
    check(set(data) == keys, f"{name}: keys {sorted(data)} != {sorted(keys)}")
    for key, value in expected.items():
        check(data.get(key) == value, f"{name}: {key} is {data.get(key)!r}, expected {value!r}")
    check(data.get("legend") == LEGEND, f"{name}: legend differs from {LEGEND}")
    rows = data.get("rows")
    if not check(isinstance(rows, list) and len(rows) == SIZE
                 and all(isinstance(r, str) and len(r) == SIZE for r in rows),
                 f"{name}: rows must be {SIZE} strings of {SIZE} characters"):
        return None
    used = {ch for r in rows for ch in r}
    check(used <= set(LEGEND), f"{name}: characters outside the legend: {sorted(used - set(LEGEND))}")
    check(used >= set(LEGEND), f"{name}: legend symbols never used: {sorted(set(LEGEND) - used)}")
    cells = {k: {(r, c) for r in range(SIZE) for c in range(SIZE) if rows[r][c] == k} for k in LEGEND}

    castles = sorted(cells["C"])
    check(len(castles) == 9, f"{name}: {len(castles)} castles, expected 9")
    check(CENTRE in cells["C"], f"{name}: no castle at the centre {CENTRE}")
    for r, c in castles:
        check(0 < r < SIZE - 1 and 0 < c < SIZE - 1, f"{name}: castle {(r, c)} on the outer border")
    for i, a in enumerate(castles):
        dists = []
        for b in castles[:i] + castles[i + 1:]:
            d = max(abs(a[0] - b[0]), abs(a[1] - b[1]))
            dists.append(d)
            if b > a:
                check(d >= 2, f"{name}: castles {a} and {b} touch (even diagonally)")
                check(d >= 3, f"{name}: castles {a} and {b} are closer than 3 squares")
        if dists:
            check(3 <= min(dists) <= 5,
                  f"{name}: castle {a}: nearest other castle {min(dists)} squares away, expected 3..5")
    band_count = Counter()
    for r, c in castles:
        br = next(i for i, (lo, hi) in enumerate(BANDS) if lo <= r <= hi)
        bc = next(i for i, (lo, hi) in enumerate(BANDS) if lo <= c <= hi)
        band_count[(br, bc)] += 1
    check(all(band_count[(i, j)] == 1 for i in range(3) for j in range(3)),
          f"{name}: castles not spread one per 3x3 band cell: {dict(band_count)}")

    for castle in castles:
        hood = neighbourhood(castle)
        missing = [f"{LEGEND[k]} ({ICON_OF_KIND[k]})" for k in RESOURCE_KINDS
                   if not any(rows[r][c] == k for r, c in hood)]
        check(not missing, f"{name}: 5x5 around castle {castle} lacks {missing}")
    return {"rows": rows, "cells": cells, "castles": castles}


def clump_sizes(m, kind) -> list[int]:
    return [len(g) for g in components(m["cells"][kind])]


def is_simple_path(group: set[tuple[int, int]]) -> tuple[bool, list[tuple[int, int]]]:
    """True and the ordered path when the group is a 1-wide chain."""
    deg = {}
    for r, c in group:
        deg[(r, c)] = sum((r + dr, c + dc) in group for dr, dc in ORTHOGONAL)
    ends = [x for x, d in deg.items() if d == 1]
    if len(group) < 2 or any(d > 2 for d in deg.values()) or len(ends) != 2:
        return False, []
    path = [min(ends)]
    seen = {path[0]}
    while True:
        r, c = path[-1]
        nxt = [(r + dr, c + dc) for dr, dc in ORTHOGONAL if (r + dr, c + dc) in group
               and (r + dr, c + dc) not in seen]
        if not nxt:
            break
        path.append(nxt[0])
        seen.add(nxt[0])
    return len(path) == len(group), path


def border_sides(cell) -> set[str]:
    r, c = cell
    sides = set()
    if r == 0:
        sides.add("top")
    if r == SIZE - 1:
        sides.add("bottom")
    if c == 0:
        sides.add("left")
    if c == SIZE - 1:
        sides.add("right")
    return sides


def check_shares(name, m, shares):
    total = SIZE * SIZE
    for kind, (lo, hi) in shares.items():
        pct = 100 * len(m["cells"][kind]) / total
        check(lo <= pct <= hi, f"{name}: {LEGEND[kind]} is {pct:.1f}% of the map, expected {lo}..{hi}%")


def check_river(m):
    name = "river"
    check_shares(name, m, RIVER_SHARES)
    for kind in ("F", "H", "M"):
        sizes = clump_sizes(m, kind)
        check(all(2 <= s <= 6 for s in sizes),
              f"{name}: {LEGEND[kind]} clumps must have 2..6 squares, got {sorted(sizes)}")
    water = components(m["cells"]["W"])
    rivers = []
    for g in water:
        sides = set().union(*(border_sides(x) for x in g))
        if len(sides) >= 2:
            rivers.append(g)
    if not check(len(rivers) == 1, f"{name}: expected exactly one river crossing edge to edge, found {len(rivers)}"):
        return
    river = rivers[0]
    simple, path = is_simple_path(river)
    check(simple, f"{name}: river is not a 1-wide chain of water squares")
    if simple:
        check(bool(border_sides(path[0])) and bool(border_sides(path[-1]))
              and border_sides(path[0]) != border_sides(path[-1]),
              f"{name}: river must start and end on different edges ({path[0]} .. {path[-1]})")
        turns = sum(1 for i in range(2, len(path))
                    if (path[i][0] - path[i - 1][0], path[i][1] - path[i - 1][1])
                    != (path[i - 1][0] - path[i - 2][0], path[i - 1][1] - path[i - 2][1]))
        check(turns >= 4, f"{name}: river has only {turns} bends, it should wind")
        check(len(path) >= 15, f"{name}: river has only {len(path)} squares")
        m["river_info"] = f"river: {len(path)} squares, {turns} bends, {path[0]} -> {path[-1]}"
    ponds = [g for g in water if g is not river]
    check(all(len(g) <= 3 for g in ponds), f"{name}: ponds must have at most 3 squares")


def check_lake(m, river):
    name = "lake"
    check_shares(name, m, LAKE_SHARES)
    for kind in ("F", "H", "M"):
        sizes = clump_sizes(m, kind)
        check(all(1 <= s <= 5 for s in sizes),
              f"{name}: {LEGEND[kind]} clumps must have 1..5 squares, got {sorted(sizes)}")
    water = components(m["cells"]["W"])
    lake = water[0]
    check(12 <= len(lake) <= 18, f"{name}: the lake has {len(lake)} squares, expected 12..18")
    check(not any(border_sides(x) for x in lake), f"{name}: the lake touches the border")
    cr = sum(r for r, _ in lake) / len(lake)
    cc = sum(c for _, c in lake) / len(lake)
    off = ((cr - CENTRE[0]) ** 2 + (cc - CENTRE[1]) ** 2) ** 0.5
    check(off >= 2, f"{name}: the lake is not off-centre (centroid {cr:.1f},{cc:.1f})")
    check(CENTRE not in lake, f"{name}: the lake covers the centre")
    ponds = water[1:]
    check(2 <= len(ponds) <= 6 and all(len(g) <= 3 for g in ponds),
          f"{name}: expected a few ponds of 1..3 squares, got sizes {[len(g) for g in ponds]}")
    m["lake_info"] = (f"lake: {len(lake)} squares, centroid ({cr:.1f}, {cc:.1f}), "
                      f"ponds {sorted(len(g) for g in ponds)}")
    if river is not None:
        # The advanced side must play harder: more mountains, fewer fields, smaller clumps.
        check(len(m["cells"]["M"]) > len(river["cells"]["M"]), "lake: should have more mountains than river")
        check(len(m["cells"]["H"]) < len(river["cells"]["H"]), "lake: should have fewer fields than river")

        def mean_clump(mm):
            sizes = [s for k in ("F", "H", "M") for s in clump_sizes(mm, k)]
            return sum(sizes) / len(sizes)

        check(mean_clump(m) < mean_clump(river),
              f"lake: clumps (mean {mean_clump(m):.2f}) should be smaller than river's "
              f"({mean_clump(river):.2f})")


def report_map(name, m):
    rows = m["rows"]
    total = SIZE * SIZE
    print(f"== map {name}")
    print("   " + "".join(f"{c % 10}" for c in range(SIZE)))
    for r, row in enumerate(rows):
        print(f"{r:2d} " + "".join(RENDER[ch] for ch in row))
    print("   legend: C castle, f forest, h field, m mountain, ~ water, . grass")
    print("   census:")
    for kind in ("C", ".", "F", "H", "M", "W"):
        n = len(m["cells"][kind])
        extra = ""
        if kind in ("F", "H", "M", "W"):
            sizes = clump_sizes(m, kind)
            extra = f"   clumps {len(sizes)} (sizes {sorted(sizes, reverse=True)})"
        print(f"     {LEGEND[kind]:<9}{n:4d}  {100 * n / total:5.1f}%{extra}")
    for key in ("river_info", "lake_info"):
        if key in m:
            print("   " + m[key])
    worst = min(sum(any(rows[r][c] == k for r, c in neighbourhood(cs)) for k in RESOURCE_KINDS)
                for cs in m["castles"])
    print(f"   castles: {m['castles']}; resource kinds in the poorest 5x5 neighbourhood: {worst}/4")
    print()


# --------------------------------------------------------------------------- cards


def check_cards(data, quiet):
    if data is None:
        return
    name = "cards"
    check(isinstance(data, dict) and set(data) == {"id", "version", "kind", "cards"},
          f"{name}: keys must be id, version, kind, cards")
    if not isinstance(data, dict):
        return
    check(data.get("id") == "cards" and data.get("version") == 1 and data.get("kind") == "reclaim-cards",
          f"{name}: wrong id/version/kind")
    cards = data.get("cards")
    if not check(isinstance(cards, list) and len(cards) == 30, f"{name}: expected a list of 30 cards"):
        return
    ids = [c.get("id") if isinstance(c, dict) else None for c in cards]
    check(ids == [f"r{i:02d}" for i in range(1, 31)], f"{name}: ids must be r01..r30 in order, unique")
    sizes = Counter()
    icons = Counter()
    doubles = 0
    pairs = Counter()
    one_sided = set()
    free_names = Counter()
    for card in cards:
        if not check(isinstance(card, dict) and set(card) == {"id", "shape", "cost"},
                     f"{name}: card {card!r} must have exactly id, shape, cost"):
            continue
        where = f"{name}: {card['id']}"
        cells = check_shape(where, card["shape"], 2, 5)
        if cells:
            sizes[len(cells)] += 1
            one_sided.add(one_sided_key(cells))
            free_names[FREE_NAMES.get(free_key(cells), "?")] += 1
        cost = card["cost"]
        if check(isinstance(cost, list) and len(cost) == 2 and all(x in ICONS for x in cost),
                 f"{where}: cost must be two of {ICONS}, got {cost!r}"):
            icons.update(cost)
            pairs[tuple(sorted(cost, key=ICONS.index))] += 1
            if cost[0] == cost[1]:
                doubles += 1
    for size, (lo, hi) in CARD_SIZE_MIX.items():
        check(lo <= sizes[size] <= hi, f"{name}: {sizes[size]} cards of {size} squares, expected {lo}..{hi}")
    for icon in ICONS:
        lo, hi = ICON_COUNT_RANGE
        check(lo <= icons[icon] <= hi, f"{name}: icon {icon} appears {icons[icon]} times, expected {lo}..{hi}")
    check(DOUBLE_COUNT_RANGE[0] <= doubles <= DOUBLE_COUNT_RANGE[1],
          f"{name}: {doubles} cards with two equal icons, expected {DOUBLE_COUNT_RANGE}")
    pentos = {n for n in free_names if n.endswith("5")}
    check(len(pentos) >= 8, f"{name}: only {len(pentos)} different pentominoes, want variety")
    check(len(one_sided) >= 15, f"{name}: only {len(one_sided)} different shapes")

    print("== cards")
    print("   sizes: " + ", ".join(f"{sizes[s]} x {s} squares" for s in sorted(sizes)))
    print("   shapes (free names): " + ", ".join(f"{n} x{k}" for n, k in sorted(free_names.items())))
    print(f"   distinct shapes up to rotation: {len(one_sided)}")
    print("   icon counts: " + ", ".join(f"{i} {icons[i]}" for i in ICONS) + f"  (total {sum(icons.values())})")
    print(f"   cards with two equal icons: {doubles}")
    print("   cost pairs: " + ", ".join(f"{a}+{b} {n}" for (a, b), n in sorted(pairs.items())))
    if not quiet:
        print()
        abbrev = {"wood": "Wd", "wheat": "Wh", "stone": "St", "water": "Wa"}
        print(render_shapes([(f"{c['id']} {abbrev.get(c['cost'][0], '?')}{abbrev.get(c['cost'][1], '?')}",
                              c["shape"]) for c in cards if isinstance(c, dict) and "shape" in c]))


# --------------------------------------------------------------------------- track


def check_track(data, quiet):
    if data is None:
        return
    name = "track"
    check(isinstance(data, dict) and set(data) == {"id", "version", "kind", "entries"},
          f"{name}: keys must be id, version, kind, entries")
    if not isinstance(data, dict):
        return
    check(data.get("id") == "track" and data.get("version") == 1 and data.get("kind") == "reclaim-track",
          f"{name}: wrong id/version/kind")
    entries = data.get("entries")
    if not check(isinstance(entries, list) and len(entries) == 9, f"{name}: expected 9 entries"):
        return
    ok_entries = []
    for i, e in enumerate(entries, start=1):
        if not check(isinstance(e, dict) and set(e) == {"castles", "points", "triangles", "shape"},
                     f"{name}: entry {i} must have castles, points, triangles, shape"):
            continue
        check(e["castles"] == i, f"{name}: entry {i} has castles {e['castles']!r}")
        check(isinstance(e["points"], int) and not isinstance(e["points"], bool),
              f"{name}: entry {i} points must be an integer")
        check(isinstance(e["triangles"], int) and 1 <= e["triangles"] <= 3,
              f"{name}: entry {i} triangles must be 1..3")
        cells = check_shape(f"{name}: entry {i}", e["shape"], 1, 3)
        ok_entries.append((e, len(cells) if cells else 0))
    if len(ok_entries) != 9:
        return
    points = [e["points"] for e, _ in ok_entries]
    check(all(a < b for a, b in zip(points, points[1:])), f"{name}: points must strictly increase: {points}")
    check(points[0] >= 1, f"{name}: points must be positive")
    for castles, value in TRACK_POINTS_FIXED.items():
        check(points[castles - 1] == value, f"{name}: {castles} castles must score {value}")
    for e, n in ok_entries[:3]:
        check(e["triangles"] == 1 and n <= 2,
              f"{name}: low entry {e['castles']} should be small (1 triangle, shape of 1-2 squares)")
    for e, n in ok_entries[6:]:
        check(e["triangles"] == 3 or n == 3,
              f"{name}: high entry {e['castles']} should be generous (3 triangles or a 3-square shape)")
    print("== track")
    print("   castles " + " ".join(f"{e['castles']:>3}" for e, _ in ok_entries))
    print("   points  " + " ".join(f"{e['points']:>3}" for e, _ in ok_entries))
    print("   tri     " + " ".join(f"{e['triangles']:>3}" for e, _ in ok_entries))
    print("   squares " + " ".join(f"{n:>3}" for _, n in ok_entries))
    if not quiet:
        print()
        print(render_shapes([(f"#{e['castles']} {e['triangles']}t", e["shape"]) for e, _ in ok_entries]))


# --------------------------------------------------------------------------- main


def main(argv: list[str]) -> int:
    quiet = "--quiet" in argv
    args = [a for a in argv if a != "--quiet"]
    root = Path(args[0]) if args else Path(__file__).resolve().parent.parent / "resources" / "reclaim"
    river = check_map_common("river", load(root / "maps" / "river.json"),
                             {"id": "river", "version": 1, "kind": "reclaim-map",
                              "name": "River", "level": "beginner"})
    lake = check_map_common("lake", load(root / "maps" / "lake.json"),
                            {"id": "lake", "version": 1, "kind": "reclaim-map",
                             "name": "Lake", "level": "advanced"})
    if river:
        check_river(river)
        report_map("river", river)
    if lake:
        check_lake(lake, river)
        report_map("lake", lake)
    check_cards(load(root / "cards.json"), quiet)
    check_track(load(root / "track.json"), quiet)
    print()
    if failures:
        print(f"FAILED: {len(failures)} problem(s)")
        for f in failures:
            print("  - " + f)
        return 1
    print("OK: all Reclaim data checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
