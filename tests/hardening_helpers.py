"""Shared by the hardening tests and the fuzz suite: records of every registered
game, the data files under ``resources/``, and a way to load every game's data
again from a copy of them."""

from __future__ import annotations

import functools
import itertools
import json
import shutil
import sys
from pathlib import Path
from typing import Any

from reclaimdesk.core.agents import RandomAgent, play_game
from reclaimdesk.core.data import resources_dir
from reclaimdesk.core.game import all_games


def game_ids() -> list[str]:
    return [spec.id for spec in all_games()]


def option_sets(spec: Any) -> list[dict[str, Any]]:
    """Every combination of the options that have a list of choices."""
    names = [n for n in spec.default_options if spec.option_choices.get(n)]
    combos = itertools.product(*(spec.option_choices[n] for n in names))
    return [dict(zip(names, values)) for values in combos] or [{}]


@functools.lru_cache(maxsize=None)
def _record_json(game_id: str, seed: int, finished: bool) -> str:
    spec = next(s for s in all_games() if s.id == game_id)
    options = option_sets(spec)[seed % len(option_sets(spec))]
    players = spec.min_players if spec.min_players > 1 else min(2, spec.max_players)
    state = spec.new_game(players, seed, options)
    if finished:
        play_game(state, [RandomAgent(seed + i) for i in range(players)])
    else:
        agent = RandomAgent(seed)
        for _ in range(8):
            if state.is_terminal():
                break
            state.apply(agent.choose(state))
    seats = [{"name": f"Seat {i + 1}", "kind": "ai" if i else "human", **({"level": "easy"} if i else {})}
             for i in range(players)]
    return state.to_record(seats).to_json()


def record_dict(game_id: str, seed: int = 1, finished: bool = True) -> dict[str, Any]:
    """A fresh (mutable) record of ``game_id`` played by random agents."""
    return json.loads(_record_json(game_id, seed, finished))


def data_files() -> list[Path]:
    """Every JSON data file under resources/, relative to it."""
    root = resources_dir()
    return sorted(p.relative_to(root) for p in root.rglob("*.json"))


def copy_resources(tmp_path: Path) -> Path:
    """A copy of the data files to damage. Every game's rules and AI are imported
    first, from the real files: the registry imports them only when a game starts,
    and a module that builds tables from its data at import must not build them
    from a damaged copy that later tests would then inherit."""
    for spec in all_games():
        spec.state_class  # noqa: B018 - imports the rules
        spec.agent("easy", 0)
    target = tmp_path / "resources"
    root = resources_dir()
    target.mkdir()
    for rel in data_files():
        (target / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(root / rel, target / rel)
    for name in ("fonts", "icons"):
        if (root / name).exists() and not (target / name).exists():
            (target / name).symlink_to(root / name)
    return target


def clear_data_caches() -> None:
    """Forget every cached data file and what was computed from one, so the next
    game reads them again: ``functools`` caches of the games' modules, and the
    ``_cache`` dicts their classes keep (tables built from the data, such as
    placements keyed by piece id, must not outlive a changed file)."""
    for name, module in list(sys.modules.items()):
        if not name.startswith("reclaimdesk.games.") or module is None:
            continue
        for value in list(vars(module).values()):
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()
            elif isinstance(value, type) and value.__module__ == name:
                cache = vars(value).get("_cache")
                if isinstance(cache, dict):
                    cache.clear()


def load_every_game() -> None:
    """Set up a game of every registered game with every option choice (which
    reads all their data files)."""
    for spec in all_games():
        for options in option_sets(spec):
            state = spec.new_game(spec.min_players, 1, options)
            state.legal_actions()
