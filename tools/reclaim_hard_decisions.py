"""Reclaim's hard AI, decision by decision: record its choices over whole solo
games, check that the present code makes the same ones, and time them.

    python tools/reclaim_hard_decisions.py record OUT.json --maps river lake --seeds 70000 70001
    python tools/reclaim_hard_decisions.py check OUT.json
    python tools/reclaim_hard_decisions.py positions GAMES.json OUT.json --per-game 2
    python tools/reclaim_hard_decisions.py time POSITIONS.json --repeat 3

``record`` plays each seed's solo game on each map as ``tools/ai_levels.py``
plays it (agent seed ``seed * 31``) and writes, per game, every action chosen
and, for every decision that planned (the first action of a turn's plan, or a
replan), the position (the actions before it), the plan and the CPU time of
the deciding thread. ``check`` plays the same games again with the present
code, stops at the first action that differs and prints the CPU time of each
planning decision next to the recorded one (median, max and their ratios).
``positions`` picks fixed positions from recorded games (the slowest planning
decisions and a few cheap ones of each game) and records the plan a fresh
agent (seed ``game seed * 31 + index``) makes there: the test data of
``tests/games/reclaim/test_hard_same_moves.py``. ``time`` plays the plan at each
fixed position again, says whether it is the recorded one and gives its CPU time
next to the recorded time (run it with the code before and after a change, one
after the other, for a comparison at the same load).
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
from reclaimdesk.games.reclaim import ai  # noqa: E402


def _load() -> str:
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


def play(map_id: str, seed: int, expected: list[str] | None = None) -> dict:
    """One solo game of the hard AI; with ``expected``, stops at the first
    action that differs from it."""
    spec = get_game("reclaim")
    state = spec.new_game(1, seed, {**spec.default_options, "map": map_id})
    agent = ai.make_agent("hard", seed * 31)
    actions: list[str] = []
    plans: list[dict] = []
    while not state.is_terminal():
        replans = not (agent._plan and agent._plan_at == len(state.history)
                       and state.why_illegal(agent._plan[0]) == "")
        c0 = time.thread_time()
        action = agent.choose(state)
        cpu = time.thread_time() - c0
        text = state.action_to_str(action)
        if replans:
            plans.append({"at": len(actions), "cpu": round(cpu, 4),
                          "plan": [text] + [state.action_to_str(a) for a in agent._plan]})
        actions.append(text)
        if expected is not None and (len(actions) > len(expected) or expected[len(actions) - 1] != text):
            return {"map": map_id, "seed": seed, "actions": actions, "plans": plans,
                    "differs_at": len(actions) - 1}
        state.apply(action)
    return {"map": map_id, "seed": seed, "actions": actions, "plans": plans,
            "score": state.scores()[0]}


def cmd_record(args) -> int:
    games = []
    for map_id in args.maps:
        for seed in args.seeds:
            game = play(map_id, seed)
            print(f"{map_id} {seed}: score {game['score']:g}, {len(game['actions'])} actions, "
                  f"{len(game['plans'])} planning decisions, slowest {max(p['cpu'] for p in game['plans']):.3f} s CPU",
                  file=sys.stderr, flush=True)
            games.append(game)
    args.out.write_text(json.dumps({"load": _load(), "games": games}, indent=1) + "\n", encoding="utf-8")
    return 0


def cmd_check(args) -> int:
    data = json.loads(args.recorded.read_text(encoding="utf-8"))
    same = True
    before_all, after_all = [], []
    load_before = _load()
    for game in data["games"]:
        now = play(game["map"], game["seed"], game["actions"])
        ok = "differs_at" not in now and now["actions"] == game["actions"]
        same &= ok
        before = [p["cpu"] for p in game["plans"]]
        after = [p["cpu"] for p in now["plans"]]
        if ok:
            before_all += before
            after_all += after
        where = "same moves" if ok else f"DIFFERS at action {now.get('differs_at')}"
        print(f"{game['map']} {game['seed']}: {where}; planning CPU median {statistics.median(before):.3f} -> "
              f"{statistics.median(after):.3f} s, max {max(before):.3f} -> {max(after):.3f} s", flush=True)
    if before_all:
        mb, ma = statistics.median(before_all), statistics.median(after_all)
        xb, xa = max(before_all), max(after_all)
        print(f"all: median {mb:.3f} -> {ma:.3f} s (x{mb / ma:.2f}), max {xb:.3f} -> {xa:.3f} s (x{xb / xa:.2f}); "
              f"load {load_before} before, {_load()} after (recorded at load {data.get('load')})")
    return 0 if same else 1


def cmd_positions(args) -> int:
    from reclaimdesk.games.reclaim.state import GIFT

    data = json.loads(args.recorded.read_text(encoding="utf-8"))
    spec = get_game("reclaim")
    out = []
    for game in data["games"]:
        plans = game["plans"]
        slow = sorted(plans, key=lambda p: -p["cpu"])[: args.per_game]
        cheap = sorted(plans, key=lambda p: p["cpu"])[:1]
        for k, p in enumerate(sorted({id(p): p for p in slow + cheap}.values(), key=lambda p: p["at"])):
            state = spec.new_game(1, game["seed"], {**spec.default_options, "map": game["map"]})
            for text in game["actions"][: p["at"]]:
                state.apply_text(text)
            assert state.phase != GIFT
            agent_seed = game["seed"] * 31 + p["at"]
            c0 = time.thread_time()
            plan = ai.ReclaimAgent("hard", agent_seed).plan_turn(state)
            cpu = time.thread_time() - c0
            out.append({"map": game["map"], "seed": game["seed"], "before": game["actions"][: p["at"]],
                        "agent_seed": agent_seed, "plan": [state.action_to_str(a) for a in plan],
                        "cpu": round(cpu, 4)})
            print(f"{game['map']} {game['seed']} at {p['at']} (round {state.round}, {state.phase}): "
                  f"{len(plan)} actions, {cpu:.3f} s CPU", file=sys.stderr, flush=True)
    args.out.write_text(json.dumps({"load": _load(), "positions": out}, indent=1) + "\n", encoding="utf-8")
    return 0


def cmd_time(args) -> int:
    """CPU of a fresh agent's plan at each fixed position (the fastest of ``--repeat``
    runs, each with the AI's memos empty), checked against the recorded plan."""
    data = json.loads(args.positions.read_text(encoding="utf-8"))
    spec = get_game("reclaim")
    load_before = _load()
    before, after, same = [], [], True
    for pos in data["positions"]:
        state = spec.new_game(1, pos["seed"], {**spec.default_options, "map": pos["map"]})
        for text in pos["before"]:
            state.apply_text(text)
        best = None
        for _ in range(args.repeat):
            for memo in ("_GROUPS", "_TRI_GROUPS", "_RECT_AREAS"):  # each run starts cold
                getattr(ai, memo, {}).clear()
            c0 = time.thread_time()
            plan = ai.ReclaimAgent("hard", pos["agent_seed"]).plan_turn(state)
            cpu = time.thread_time() - c0
            best = cpu if best is None else min(best, cpu)
        ok = [state.action_to_str(a) for a in plan] == pos["plan"]
        same &= ok
        before.append(pos["cpu"])
        after.append(best)
        print(f"{pos['map']} {pos['seed']} at {len(pos['before'])}: {'same' if ok else 'DIFFERENT'} plan, "
              f"{pos['cpu']:.3f} -> {best:.3f} s CPU", flush=True)
    mb, ma = statistics.median(before), statistics.median(after)
    print(f"all: median {mb:.3f} -> {ma:.3f} s (x{mb / ma:.2f}), max {max(before):.3f} -> {max(after):.3f} s "
          f"(x{max(before) / max(after):.2f}); load {load_before} before, {_load()} after "
          f"(recorded at load {data.get('load')})")
    return 0 if same else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record", help="play and record whole games")
    rec.add_argument("out", type=Path)
    rec.add_argument("--maps", nargs="+", default=["river", "lake"])
    rec.add_argument("--seeds", nargs="+", type=int, default=[70000, 70001])
    chk = sub.add_parser("check", help="play recorded games again and compare every action")
    chk.add_argument("recorded", type=Path)
    pos = sub.add_parser("positions", help="fixed positions from recorded games, with a fresh agent's plan")
    pos.add_argument("recorded", type=Path)
    pos.add_argument("out", type=Path)
    pos.add_argument("--per-game", type=int, default=2, help="slowest planning decisions kept per game")
    tim = sub.add_parser("time", help="time the plans at fixed positions and compare them")
    tim.add_argument("positions", type=Path)
    tim.add_argument("--repeat", type=int, default=1, help="runs per position (the fastest counts)")
    args = parser.parse_args(argv)
    # the budgets alone decide (as in tools/ai_levels.py): the clock's safety cap
    # would make a decision on a loaded machine differ from the recorded one
    core_agents.SAFETY_SECONDS = 600.0
    return {"record": cmd_record, "check": cmd_check, "positions": cmd_positions, "time": cmd_time}[args.command](args)


if __name__ == "__main__":
    raise SystemExit(main())
