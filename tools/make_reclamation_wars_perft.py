"""Write tests/data/perft_reclamation_wars.json: legal actions and legal-move counts
for fixed Reclamation Wars positions, among them one with each special power in use.

Each position is reached from the start of a seeded game by a fixed list of actions,
found here by a seeded player that favours special hexes, powers and demolishing
until the position has the wanted feature. The file stores the actions, so the test
never depends on this script. Run it again only when the rules change on purpose:

    python tools/make_reclamation_wars_perft.py
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from reclaimdesk.core.game import get_game  # noqa: E402
from reclaimdesk.core.rng import Rng  # noqa: E402
from reclaimdesk.games.reclamation_wars.state import ReclamationWarsState  # noqa: E402

OUT = ROOT / "tests" / "data" / "perft_reclamation_wars.json"
MAX_LEAVES = 1000


def perft(state: ReclamationWarsState, depth: int) -> int:
    """Sequences of ``depth`` legal actions (as tests/test_perft.py counts them)."""
    if depth == 1:
        return len(state.legal_actions())
    return sum(perft(state.child(a), depth - 1) for a in state.legal_actions())


def weight(state: ReclamationWarsState, action) -> float:
    kind = action.kind
    if kind == "reclaim":
        return 12.0 if state.special_at[state.geo.index[action.hex]] else 1.0
    if kind in ("void", "neutralize", "lockdown"):
        return 4.0
    if kind in ("demolish", "destroy"):
        return 6.0
    if kind == "step":
        return 1.5
    return 0.5


def reach(options: dict, seed: int, want: Callable[[ReclamationWarsState], bool], skip: int = 0):
    """Actions from the start of game ``seed`` to the first position (after ``skip``
    earlier ones) where ``want`` holds."""
    for attempt in range(200):
        state = get_game("reclamation-wars").new_game(3, seed, options)
        rng = Rng(seed * 1000 + attempt)
        seen = 0
        while not state.is_terminal():
            if want(state):
                if seen >= skip:
                    return state
                seen += 1
            actions = state.legal_actions()
            weights = [weight(state, a) for a in actions]
            pick = rng.random() * sum(weights)
            for a, w in zip(actions, weights):
                pick -= w
                if pick <= 0:
                    break
            state.apply(a)
    raise SystemExit(f"no position found for {options} seed {seed}")


def mover_holds(kind: str) -> Callable[[ReclamationWarsState], bool]:
    return lambda s: not s.is_terminal() and s.holds(s.current_player, kind) and not s.moves_used


def _can(kind: str) -> Callable[[ReclamationWarsState], bool]:
    return lambda s: any(a.kind == kind for a in s.legal_actions())


SCENARIOS = [
    ("start", {}, 0, lambda s: True, 0),
    ("start, large board", {"board": "large"}, 0, lambda s: True, 0),
    ("early game", {}, 1, lambda s: s.turn >= 9, 0),
    ("long-range reclaimer held", {}, 2, mover_holds("longrange"), 0),
    ("super demolisher, second move", {}, 3,
     lambda s: s.moves_used == 1 and s.holds(s.current_player, "super") and _can("demolish")(s), 0),
    ("fortified hex already hit", {}, 4,
     lambda s: not s.moves_used and any(
         a.kind == "demolish" and s.hits[s.geo.index[a.hex]] for a in s.legal_actions()), 0),
    ("void maker held", {}, 5, mover_holds("void"), 0),
    ("special neutralizer held", {}, 6, mover_holds("neutralizer"), 0),
    ("lockdown ready", {}, 7, lambda s: any(str(a) == "lockdown" for a in s.legal_actions()), 0),
    ("opponent in lockdown", {}, 8, lambda s: bool(s.locked_seats()) and not s.moves_used, 0),
    ("two special hexes held", {}, 9,
     lambda s: s.specials_held(s.current_player) == 2 and not s.moves_used, 0),
    ("a demolisher destroyed", {}, 10, lambda s: -1 in s.demolisher and not s.moves_used, 0),
    ("demolished hex cooling down", {}, 11,
     lambda s: any(b >= 0 for b in s.blocked) and not s.moves_used, 0),
    ("late game, large board", {"board": "large"}, 12, lambda s: s.turn >= 45, 0),
]


def main() -> None:
    positions = []
    for name, options, seed, want, skip in SCENARIOS:
        state = reach(options, seed, want, skip)
        counts = []
        depth = 1
        while depth <= 4:
            n = perft(state, depth)
            counts.append(n)
            if n > MAX_LEAVES:
                break
            depth += 1
        positions.append({
            "name": name,
            "players": 3,
            "seed": seed,
            "options": options,
            "actions": [state.action_to_str(a) for a in state.history],
            "perft": counts,
            "legal": [state.action_to_str(a) for a in state.legal_actions()],
        })
        print(f"{name}: {len(state.history)} actions, perft {counts}")
    spec = get_game("reclamation-wars")
    data = {
        "game": spec.id,
        "format": 1,
        "about": "Legal-move counts of fixed positions, one format for every game "
        "(tests/test_perft.py). A position is the game set up with players, seed and "
        "options, then the actions (in notation) played from the start. perft[d - 1] "
        "counts the sequences of d legal actions from it (perft[0]: the legal actions; a "
        "game that finishes sooner ends no sequence). legal: every legal action in "
        "notation, in order. Reclamation Wars positions include each special power in "
        "use; written by tools/make_reclamation_wars_perft.py.",
        "data_versions": spec.new_game(3, 0).data_versions(),
        "positions": positions,
    }
    OUT.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
