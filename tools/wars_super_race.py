"""Where Reclamation Wars games between AI levels are won: the race to the Super
Demolisher and the fight against its holder.

Plays the games of ``tools/ai_levels.py`` (game k: seed ``--seed + k``, the measured
level in seat k mod 3, AI seeds ``seed * 31 + seat``, the others all of the level
below) and splits the measured level's win share by

- how near its starting hex is to the Super Demolisher's hex, against the nearest
  rival's (nearer, as near, farther), and who held that hex first;
- in the games a rival held it first: who struck the holder first, and how (killed
  its demolisher, or stripped the Super Demolisher with the Special Neutralizer):
  the measured level, the other rival, or nobody;
- in the games a rival held it first: who held Fortified when it was taken (a
  Fortified seat's hexes are only neutralised by a Super Demolisher, never taken
  over, so normal's holder walks to the other seats), and in how many of them the
  measured seat lost hexes to a demolisher;
- in the farther games: whether the measured seat lost hexes to a demolisher at all.

    python tools/wars_super_race.py --option board=large --levels hard normal --games 120 --seed 50000

``--jsonl F`` writes one line per game (seed, seat, share, scores, first holder and
the turn it was taken, who held Fortified then, kills and strips with the seat's own
turn number, the measured seat's hexes lost to each seat's demolisher), so other
splits can be made without playing the games again; ``--read F [F ...]`` reports on
such files together. Games are played in ``--workers``
processes; results do not depend on the machine's load (the levels' budgets are in
play-outs and positions).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ai_levels import parse_option, wilson  # noqa: E402 - the same options and intervals as the levels table
from reclaimdesk.core import agents as core_agents  # noqa: E402
from reclaimdesk.core.game import LEVELS, get_game  # noqa: E402
from reclaimdesk.games.reclamation_wars.components import FORTIFIED, SUPER  # noqa: E402
from reclaimdesk.games.reclamation_wars.state import CONVERTED, DESTROYED, NEUTRALISED, STRIPPED  # noqa: E402

GAME = "reclamation-wars"


def _distance_to(state, seat: int, target: int) -> int:
    mask = state.owner_masks()[seat]
    return min(state.geo.distance(j, target) for j in range(len(state.geo)) if mask >> j & 1)


def play(job: tuple) -> dict:
    """One game: the record described in the module documentation."""
    options, hero, field, seed, k = job
    core_agents.SAFETY_SECONDS = 600.0
    spec = get_game(GAME)
    state = spec.new_game(3, seed, options)
    seat = k % 3
    agents = [spec.agent(hero if i == seat else field, seed * 31 + i) for i in range(3)]
    target = state.layout[SUPER]
    distances = [_distance_to(state, s, target) for s in range(3)]
    first, taken, fortified = -1, -1, -1
    while not state.is_terminal():
        state.apply(agents[state.current_player].choose(state))
        if first < 0 and state.holder(SUPER) >= 0:
            first, taken, fortified = state.holder(SUPER), state.turn, state.holder(FORTIFIED)
    kills, strips = [], []
    lost = [0, 0, 0]  # (the measured seat's hexes that each seat's demolisher took from it or made neutral)
    for entry in state.turns:
        for event in entry.events:
            if event.outcome == DESTROYED:
                kills.append([entry.seat, event.victim, entry.number])
            elif event.outcome == STRIPPED:
                strips.append([entry.seat, event.special, entry.number])
            elif event.outcome in (NEUTRALISED, CONVERTED) and event.victim == seat:
                lost[entry.seat] += 1
    winners = state.winners()
    return {"seed": seed, "seat": seat, "share": (1 / len(winners)) if seat in winners else 0.0,
            "scores": state.scores(), "distances": distances, "first": first, "taken": taken,
            "kills": kills, "strips": strips, "fortified": fortified, "lost": lost}


def race(record: dict) -> str:
    """``nearer``, ``as near`` or ``farther``: the measured seat's start against the
    nearest rival's, by distance to the Super Demolisher's hex."""
    seat, d = record["seat"], record["distances"]
    rival = min(d[s] for s in range(3) if s != seat)
    return "nearer" if d[seat] < rival else ("as near" if d[seat] == rival else "farther")


def fight(record: dict) -> str | None:
    """In a game a rival held the Super Demolisher first, the first blow against the
    holder: ``"<who> <how>"``, who ``measured`` or ``other rival``, how ``killed`` (its
    demolisher) or ``stripped`` (the power, with the Special Neutralizer); ``nobody``
    when neither came. None when the rival did not hold it first."""
    seat, holder = record["seat"], record["first"]
    if holder < 0 or holder == seat:
        return None
    # (a seat's own turn number n falls before every seat's n + 1: order by it, then by seat)
    acts = [(n, s, "killed") for s, victim, n in record["kills"] if victim == holder]
    acts += [(n, s, "stripped") for s, kind, n in record["strips"] if kind == SUPER and s != holder]
    if not acts:
        return "nobody"
    _n, who, how = min(acts)
    return f"{'measured' if who == seat else 'other rival'} {how}"


def fortified(record: dict) -> str | None:
    """In a game a rival held the Super Demolisher first, who held Fortified when it
    was taken: ``measured``, ``other rival``, ``holder`` or ``nobody`` (free, or
    stripped). None when the rival did not hold it first."""
    seat, holder = record["seat"], record["first"]
    if holder < 0 or holder == seat:
        return None
    who = record["fortified"]
    return "nobody" if who < 0 else "measured" if who == seat else "holder" if who == holder else "other rival"


def struck(record: dict) -> bool:
    """Whether the measured seat lost a hex to a demolisher (taken over or made neutral)."""
    return sum(record["lost"]) > 0


def _share(won: float, n: int) -> str:
    if not n:
        return "-"
    lo, hi = wilson(won, n)
    return f"{100 * won / n:.1f}% [{100 * lo:.1f}-{100 * hi:.1f}]"


def _groups(records: list[dict], key) -> dict[str, list[dict]]:
    """The records by ``key(record)``, those it gives None left out."""
    groups: dict[str, list[dict]] = defaultdict(list)
    for r in records:
        k = key(r)
        if k is not None:
            groups[k].append(r)
    return groups


def report(records: list[dict]) -> str:
    """The tables, in Markdown."""
    def line(name: str, group: list[dict], extra: str = "") -> str:
        won = sum(r["share"] for r in group)
        return f"| {name} | {len(group)} | {won:.2f} | {_share(won, len(group))} |{extra}"

    total = sum(r["share"] for r in records)
    out = [f"{len(records)} games, the measured level's share {total:.2f} "
           f"({_share(total, len(records))}).", "",
           "| start against the nearest rival | games | won | share [95%] | held it first |",
           "|---|---:|---:|---:|---:|"]
    by_race = _groups(records, race)
    for name in ("nearer", "as near", "farther"):
        group = by_race[name]
        first = sum(1 for r in group if r["first"] == r["seat"])
        out.append(line(name, group, f" {first} |"))
    out += ["", "| a rival held it first; the first blow against the holder | games | won | share [95%] |",
            "|---|---:|---:|---:|"]
    by_fight = _groups(records, fight)
    for name in ("nobody", "measured killed", "measured stripped", "other rival killed", "other rival stripped"):
        if by_fight[name]:
            out.append(line(name, by_fight[name]))
    if not all("lost" in r and "fortified" in r for r in records):
        out += ["", "(Fortified and the hexes lost to demolishers are not in these records: "
                    "they were written by an older version of this tool.)"]
        return "\n".join(out) + "\n"
    out += ["", "| a rival held it first; Fortified when it was taken | games | won | share [95%] "
                "| the measured seat lost hexes to a demolisher |",
            "|---|---:|---:|---:|---:|"]
    by_fort = _groups(records, fortified)
    for name in ("measured", "other rival", "holder", "nobody"):
        if by_fort[name]:
            out.append(line(name, by_fort[name], f" {sum(1 for r in by_fort[name] if struck(r))} |"))
    out += ["", "| farther games: the measured seat lost hexes to a demolisher | games | won | share [95%] |",
            "|---|---:|---:|---:|"]
    by_struck = _groups(by_race["farther"], lambda r: "yes" if struck(r) else "no")
    for name in ("no", "yes"):
        if by_struck[name]:
            out.append(line(name, by_struck[name]))
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--levels", nargs=2, default=["hard", "normal"], metavar=("MEASURED", "FIELD"))
    ap.add_argument("--games", type=int, default=120)
    ap.add_argument("--seed", type=int, default=50000)
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--jsonl", type=Path, help="write one line per game to this file")
    ap.add_argument("--read", type=Path, nargs="+", metavar="JSONL",
                    help="report on games written before by --jsonl, without playing")
    args = ap.parse_args(argv)
    if args.read:
        records = []
        for path in args.read:
            try:
                lines = path.read_text(encoding="utf-8").splitlines()
                records += [json.loads(line) for line in lines if line.strip()]
            except (OSError, ValueError) as exc:
                ap.error(f"--read {path}: {exc}")
        try:
            sys.stdout.write(report(records))
        except (KeyError, TypeError, IndexError) as exc:
            ap.error(f"--read: not a file of this tool's games ({exc!r})")
        return 0
    spec = get_game(GAME)
    for level in args.levels:
        if level not in LEVELS:
            ap.error(f"unknown level {level!r}: one of {', '.join(LEVELS)}")
    if args.games < 1 or args.workers < 1:
        ap.error("--games and --workers must be at least 1")
    chosen: dict[str, object] = {}
    for text in args.option:
        try:
            name, value = parse_option(spec, text)
        except ValueError as exc:
            ap.error(f"--option: {exc}")
        chosen[name] = value
    options = spec.resolve_options(chosen)
    if args.jsonl and not args.jsonl.resolve().parent.is_dir():
        ap.error(f"--jsonl {args.jsonl}: no such folder")  # (before the games, not after)
    jobs = [(options, args.levels[0], args.levels[1], args.seed + k, k) for k in range(args.games)]
    if args.workers == 1:
        records = [play(job) for job in jobs]
    else:
        with ProcessPoolExecutor(args.workers) as pool:
            records = list(pool.map(play, jobs))
    sys.stdout.write(report(records))
    if args.jsonl:
        try:
            args.jsonl.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
        except OSError as exc:
            print(f"wars_super_race.py: could not write --jsonl {args.jsonl}: {exc}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
