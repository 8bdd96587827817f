"""``reclaimdesk bench``: the analysis of a whole game, for every game with an
analysis plug-in (found from the registry; no game is named here).

For each game: whole games of the normal AI at the fewest seats (seat 0 recorded as
a person), analysed by the hard AI with the game's own budget, without the
hindsight (a game's hindsight has its own benchmark). The figure is seconds per
whole game (its budget: a player waits for it, 60 s on an idle machine); the note
gives the decisions per game, the CPU seconds and the load average."""

from __future__ import annotations

import os
import time

from reclaimdesk.bench import Result, register


def _whole_game_analysis(game_id: str, quick: bool) -> Result:
    from reclaimdesk.core.agents import play_game
    from reclaimdesk.core.analysis import analyse
    from reclaimdesk.core.game import get_game
    from reclaimdesk.core.record import GameRecord

    spec = get_game(game_id)
    players = spec.min_players
    load = os.getloadavg()[0]
    samples, cpu, decisions = [], [], []
    for seed in range(1, 2 if quick else 4):
        state = spec.new_game(players, seed, {})
        play_game(state, [spec.agent("normal", seed * 31 + i) for i in range(players)])
        seats = [{"name": f"P{i + 1}", "kind": "human" if i == 0 else "ai", **({} if i == 0 else {"level": "normal"})}
                 for i in range(players)]
        record = GameRecord.from_state(state, seats)
        start, start_cpu = time.perf_counter(), time.process_time()
        result = analyse(record, seed=seed, hindsight=False)
        samples.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        decisions.append(len(result.decisions))
    return Result(f"analysis of a whole game ({game_id}, {players} seats, hard AI, default budget)", "s",
                  samples, budget=60.0, note=(f"decisions per game {decisions}; CPU s per game {[round(c, 1) for c in cpu]} (an idle "
                        f"machine's wait); load average {load:.1f} -> {os.getloadavg()[0]:.1f}"),
                  extra={"decisions": decisions, "cpu": cpu})


def _make(game_id: str):
    def bench(quick: bool) -> Result:
        return _whole_game_analysis(game_id, quick)

    bench.__name__ = f"bench_analysis_{game_id.replace('-', '_')}"
    return bench


def register_all() -> None:
    from reclaimdesk.core.analysis import analysable_games

    for game_id in analysable_games():
        register(_make(game_id))
