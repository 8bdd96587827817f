"""A two-player search AI's hard level, decision by decision: record its choices
(with the root values of its search) over whole games against normal, check that
the present code makes the same ones, and time them at fixed positions.

    python tools/search_decisions.py record GAME OUT.json --seeds 50000 50001 60000
    python tools/search_decisions.py check OUT.json
    python tools/search_decisions.py positions GAMES.json OUT.json --per-game 2
    python tools/search_decisions.py time POSITIONS.json --repeat 3

It serves any registered game whose hard player is a
:class:`~reclaimdesk.core.agents.SearchAgent` (its ``_ranked_root`` gives the root
actions' values; no game is named here). ``record`` plays each seed's game of hard
against normal as ``tools/ai_levels.py`` plays game ``k`` (hard in seat
``seed % 2``, which is ``k % 2`` for a run from an even seed; AI seeds
``seed * 31 + seat``) and writes every action, and for each of hard's decisions
the root values of the iteration it played from, the positions it visited, the
depth it reached and the CPU time of the deciding thread. ``check`` plays the same
games with the present code, compares every action and every decision's root
values, nodes and depth, and prints the CPU times next to the recorded ones.
``positions`` picks fixed positions (each game's slowest decisions and one cheap
one) and records the decision of a fresh hard agent (seed ``game seed * 31 + at``)
there; ``time`` makes those decisions again (the fastest of ``--repeat`` runs),
checks them and prints their CPU next to the recorded CPU (run it with the code
before and after a change, one after the other, for a comparison at one load).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from reclaimdesk.core import agents as core_agents  # noqa: E402
from reclaimdesk.core.game import get_game  # noqa: E402


def _load() -> str:
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


def decide(state, agent) -> tuple[object, dict]:
    """``agent``'s choice at ``state`` and what its search says about it: the root
    actions with their values (in search order), nodes, depth and CPU seconds."""
    roots: list = []
    ranked_root = agent._ranked_root

    def spy(world, me, exact):
        ranked = ranked_root(world, me, exact)
        roots.append(ranked)
        return ranked

    agent._ranked_root = spy
    try:
        c0 = time.thread_time()
        action = agent.choose(state)
        cpu = time.thread_time() - c0
    finally:
        del agent._ranked_root
    root = [[state.action_to_str(a), v] for ranked in roots for a, v in ranked]
    return action, {"choice": state.action_to_str(action), "root": root,
                    "nodes": agent.last_nodes if roots else 0,
                    "depth": agent.last_depth if roots else 0, "cpu": round(cpu, 4)}


def play(game_id: str, seed: int, expected: dict | None = None) -> dict:
    """One game of hard (seat ``seed % 2``) against normal; with ``expected`` (a
    recorded game), stops at the first action or decision that differs from it."""
    spec = get_game(game_id)
    state = spec.new_game(2, seed, dict(spec.default_options))
    hero = seed % 2
    agents = [spec.agent("hard" if i == hero else "normal", seed * 31 + i) for i in range(2)]
    actions: list[str] = []
    decisions: list[dict] = []
    out = {"game": game_id, "seed": seed, "hero": hero, "actions": actions, "decisions": decisions}
    recorded = {d["at"]: d for d in expected["decisions"]} if expected else {}
    while not state.is_terminal():
        seat = state.current_player
        if seat == hero:
            action, info = decide(state, agents[seat])
            info = {"at": len(actions), **info}
            decisions.append(info)
            if expected is not None:
                was = recorded.get(info["at"])
                if was is None or any(was[k] != info[k] for k in ("choice", "root", "nodes", "depth")):
                    out["differs_at"] = info["at"]
                    return out
        else:
            action = agents[seat].choose(state)
        text = state.action_to_str(action)
        actions.append(text)
        if expected is not None and (len(actions) > len(expected["actions"])
                                     or expected["actions"][len(actions) - 1] != text):
            out["differs_at"] = len(actions) - 1
            return out
        state.apply(action)
    scores = state.scores()
    out["margin"] = scores[hero] - scores[1 - hero]
    return out


def cmd_record(args) -> int:
    games = []
    for seed in args.seeds:
        game = play(args.game, seed)
        cpus = [d["cpu"] for d in game["decisions"]]
        print(f"{args.game} {seed}: hard in seat {game['hero']}, margin {game['margin']:+g}, "
              f"{len(game['actions'])} actions, {len(cpus)} hard decisions, CPU median "
              f"{statistics.median(cpus):.3f} s, max {max(cpus):.3f} s", file=sys.stderr, flush=True)
        games.append(game)
    args.out.write_text(json.dumps({"game": args.game, "load": _load(), "games": games}, indent=1) + "\n",
                        encoding="utf-8")
    return 0


def _summary(before: list[float], after: list[float]) -> str:
    mb, ma = statistics.median(before), statistics.median(after)
    xb, xa = max(before), max(after)
    return (f"median {mb:.3f} -> {ma:.3f} s (x{mb / ma:.2f}), max {xb:.3f} -> {xa:.3f} s "
            f"(x{xb / xa:.2f})")


def cmd_check(args) -> int:
    data = json.loads(args.recorded.read_text(encoding="utf-8"))
    same = True
    before_all, after_all = [], []
    load_before = _load()
    for game in data["games"]:
        now = play(game["game"], game["seed"], game)
        ok = "differs_at" not in now and now["actions"] == game["actions"]
        same &= ok
        before = [d["cpu"] for d in game["decisions"]]
        after = [d["cpu"] for d in now["decisions"]]
        where = "same moves and root values" if ok else f"DIFFERS at action {now.get('differs_at')}"
        if ok:
            before_all += before
            after_all += after
            where += "; hard's CPU " + _summary(before, after)
        print(f"{game['game']} {game['seed']} (hard in seat {game['hero']}): {where}", flush=True)
    if before_all:
        print(f"all {len(before_all)} decisions: {_summary(before_all, after_all)}; load {load_before} before, "
              f"{_load()} after (recorded at load {data.get('load')})")
    return 0 if same else 1


def _position(game_id: str, seed: int, before: list[str]):
    spec = get_game(game_id)
    state = spec.new_game(2, seed, dict(spec.default_options))
    for text in before:
        state.apply(state.parse_action(text))
    return spec, state


def cmd_positions(args) -> int:
    data = json.loads(args.recorded.read_text(encoding="utf-8"))
    out = []
    for game in data["games"]:
        decisions = [d for d in game["decisions"] if d["nodes"]]
        slow = sorted(decisions, key=lambda d: -d["cpu"])[: args.per_game]
        cheap = sorted(decisions, key=lambda d: d["cpu"])[:1]
        for d in sorted({d["at"]: d for d in slow + cheap}.values(), key=lambda d: d["at"]):
            before = game["actions"][: d["at"]]
            spec, state = _position(game["game"], game["seed"], before)
            agent_seed = game["seed"] * 31 + d["at"]
            _action, info = decide(state, spec.agent("hard", agent_seed))
            out.append({"game": game["game"], "seed": game["seed"], "before": before,
                        "agent_seed": agent_seed, **info})
            print(f"{game['game']} {game['seed']} at {d['at']}: {info['choice']}, {info['nodes']} nodes, "
                  f"depth {info['depth']:.2f}, {info['cpu']:.3f} s CPU", file=sys.stderr, flush=True)
    args.out.write_text(json.dumps({"load": _load(), "positions": out}, indent=1) + "\n", encoding="utf-8")
    return 0


def cmd_time(args) -> int:
    data = json.loads(args.positions.read_text(encoding="utf-8"))
    load_before = _load()
    before, after, same = [], [], True
    for pos in data["positions"]:
        spec, state = _position(pos["game"], pos["seed"], pos["before"])
        best = None
        for _ in range(args.repeat):
            _action, info = decide(state, spec.agent("hard", pos["agent_seed"]))
            best = info["cpu"] if best is None else min(best, info["cpu"])
        ok = all(info[k] == pos[k] for k in ("choice", "root", "nodes", "depth"))
        same &= ok
        before.append(pos["cpu"])
        after.append(best)
        print(f"{pos['game']} {pos['seed']} at {len(pos['before'])}: {'same' if ok else 'DIFFERENT'} decision, "
              f"{pos['cpu']:.3f} -> {best:.3f} s CPU", flush=True)
    print(f"all {len(before)} positions: {_summary(before, after)}; load {load_before} before, {_load()} after "
          f"(recorded at load {data.get('load')})")
    return 0 if same else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record", help="play and record whole games of hard against normal")
    rec.add_argument("game", help="a registered game id")
    rec.add_argument("out", type=Path)
    rec.add_argument("--seeds", nargs="+", type=int, default=[50000, 50001])
    chk = sub.add_parser("check", help="play recorded games again and compare every decision")
    chk.add_argument("recorded", type=Path)
    pos = sub.add_parser("positions", help="fixed positions from recorded games, with a fresh agent's decision")
    pos.add_argument("recorded", type=Path)
    pos.add_argument("out", type=Path)
    pos.add_argument("--per-game", type=int, default=2, help="slowest decisions kept per game")
    tim = sub.add_parser("time", help="time the decisions at fixed positions and compare them")
    tim.add_argument("positions", type=Path)
    tim.add_argument("--repeat", type=int, default=1, help="runs per position (the fastest counts)")
    args = parser.parse_args(argv)
    # the budgets alone decide (as in tools/ai_levels.py): the clock's safety cap
    # would make a decision on a loaded machine differ from the recorded one
    core_agents.SAFETY_SECONDS = 600.0
    return {"record": cmd_record, "check": cmd_check, "positions": cmd_positions, "time": cmd_time}[args.command](args)


if __name__ == "__main__":
    raise SystemExit(main())
