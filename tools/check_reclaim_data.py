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
# Castles must spread over at least this many rows and columns.
SPREAD = 8
# The cheapest network joining all castles (a minimum tree whose links are shortest
# paths between castles, one square less than their Manhattan distance): squares on
# it, per map (the beginner map is cheaper), and no link may need a grass square.
NETWORK_SQUARES = {"river": (8, 11), "lake": (10, 14)}

# Share of the 169 squares per kind, in percent (inclusive bounds).
RIVER_SHARES = {".": (15, 25), "F": (15, 22), "H": (15, 22), "M": (15, 22), "W": (15, 22)}
LAKE_SHARES = {".": (18, 28), "F": (14, 22), "H": (14, 22), "M": (14, 22), "W": (14, 22)}

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


def check_header(name: str, data, keys: set[str], expected: dict) -> bool:
    """The file is an object with exactly ``keys``, and its id, version and kind
    are the ``expected`` ones. False when it is not an object at all."""
    if not check(isinstance(data, dict), f"{name}: top level must be an object"):
        return False
    check(set(data) == keys, f"{name}: keys {sorted(data)} != {sorted(keys)}")
    for key, value in expected.items():
        check(data.get(key) == value, f"{name}: {key} is {data.get(key)!r}, expected {value!r}")
    return True


def check_map_common(name: str, data, expected: dict) -> dict | None:
    if data is None:
        return None
    if not check_header(name, data, {"id", "version", "kind", "name", "level", "legend", "rows"}, expected):
        return None
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
        for b in castles[i + 1:]:
            check(max(abs(a[0] - b[0]), abs(a[1] - b[1])) >= 2,
                  f"{name}: castles {a} and {b} touch (even diagonally)")
    rows_used = {r for r, _ in castles}
    cols_used = {c for _, c in castles}
    check(max(rows_used) - min(rows_used) + 1 >= SPREAD and max(cols_used) - min(cols_used) + 1 >= SPREAD,
          f"{name}: castles spread over rows {min(rows_used)}..{max(rows_used)} and columns "
          f"{min(cols_used)}..{max(cols_used)}, expected at least {SPREAD} of each")
    links = network_links(castles)
    squares = sum(max(0, abs(a[0] - b[0]) + abs(a[1] - b[1]) - 1) for a, b in links)
    lo, hi = NETWORK_SQUARES.get(name, (0, 99))
    check(lo <= squares <= hi, f"{name}: the cheapest castle network takes {squares} squares, "
                               f"expected {lo}..{hi}")
    for a, b in links:
        check(payable_path(rows, a, b), f"{name}: every shortest link between castles {a} and {b} "
                                        f"crosses grass or a castle (no payment can fill it)")

    for castle in castles:
        hood = neighbourhood(castle)
        missing = [f"{LEGEND[k]} ({ICON_OF_KIND[k]})" for k in RESOURCE_KINDS
                   if not any(rows[r][c] == k for r, c in hood)]
        check(len(missing) <= 1, f"{name}: 5x5 around castle {castle} lacks {missing} (at most one kind may be missing)")
    return {"rows": rows, "cells": cells, "castles": castles, "network": squares}


def network_links(castles):
    """Prim's minimum tree over the castles, a link costing the squares between two
    castles on a shortest path (Manhattan distance minus one)."""
    def cost(a, b):
        return abs(a[0] - b[0]) + abs(a[1] - b[1]) - 1

    tree = [CENTRE] if CENTRE in castles else castles[:1]
    links = []
    while len(tree) < len(castles):
        a, b = min(((a, b) for a in tree for b in castles if b not in tree),
                   key=lambda ab: (cost(*ab), ab))
        links.append((a, b))
        tree.append(b)
    return links


def payable_path(rows, a, b) -> bool:
    """True when some shortest path from castle ``a`` to castle ``b`` crosses only
    squares of a paying terrain."""
    dr = 1 if b[0] >= a[0] else -1
    dc = 1 if b[1] >= a[1] else -1
    ok = {a}
    for r in range(a[0], b[0] + dr, dr):
        for c in range(a[1], b[1] + dc, dc):
            if (r, c) == a:
                continue
            if (r, c) != b and rows[r][c] not in RESOURCE_KINDS:
                continue
            if (r - dr, c) in ok or (r, c - dc) in ok:
                ok.add((r, c))
    return b in ok


def clump_sizes(m, kind) -> list[int]:
    return [len(g) for g in components(m["cells"][kind])]


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
    water = components(m["cells"]["W"])
    rivers = [g for g in water if len(set().union(*(border_sides(x) for x in g))) >= 2]
    if check(len(rivers) >= 1, f"{name}: no river: no body of water reaches two edges of the map"):
        river = max(rivers, key=len)
        check(len(river) >= 15, f"{name}: the river has only {len(river)} squares")
        sides = sorted(set().union(*(border_sides(x) for x in river)))
        m["river_info"] = f"river: {len(river)} squares, reaching the {' and '.join(sides)} edges"


def check_lake(m, river):
    name = "lake"
    check_shares(name, m, LAKE_SHARES)
    water = components(m["cells"]["W"])
    inland = [g for g in water if not any(border_sides(x) for x in g)]
    if not check(bool(inland), f"{name}: no lake: every body of water touches the border"):
        return
    lake = max(inland, key=len)
    check(12 <= len(lake) <= 30, f"{name}: the lake has {len(lake)} squares, expected 12..30")
    check(CENTRE not in lake, f"{name}: the lake covers the centre")
    cr = sum(r for r, _ in lake) / len(lake)
    cc = sum(c for _, c in lake) / len(lake)
    m["lake_info"] = f"lake: {len(lake)} squares, centroid ({cr:.1f}, {cc:.1f})"
    if river is not None:
        # The advanced side plays harder: a costlier castle network and more grass.
        check(m["network"] > river["network"], "lake: its castle network should cost more than river's")
        check(len(m["cells"]["."]) > len(river["cells"]["."]), "lake: should have more grass than river")


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
    print(f"   cheapest castle network: {m['network']} squares")
    print()


# --------------------------------------------------------------------------- cards


def check_cards(data, quiet):
    if data is None:
        return
    name = "cards"
    if not check_header(name, data, {"id", "version", "kind", "cards"},
                        {"id": "cards", "version": 1, "kind": "reclaim-cards"}):
        return
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
    if not check_header(name, data, {"id", "version", "kind", "entries"},
                        {"id": "track", "version": 2, "kind": "reclaim-track"}):
        return
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
                             {"id": "river", "version": 2, "kind": "reclaim-map",
                              "name": "River", "level": "beginner"})
    lake = check_map_common("lake", load(root / "maps" / "lake.json"),
                            {"id": "lake", "version": 2, "kind": "reclaim-map",
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
