"""Regenerate tests/data/perft_alluvium.json: legal-move counts of fixed positions.

Run only when Alluvium's data files change version (the test checks the versions):
    python tools/make_alluvium_perft.py

Positions: the start (two round-1 pieces), the second round-1 piece, the virtual
colour's step (3 players), exchanges with and without action B squares, and late
positions of every player count.
"""

import json
from pathlib import Path

from reclaimdesk.core.game import get_game
from reclaimdesk.core.rng import Rng

OUT = Path(__file__).resolve().parents[1] / "tests" / "data" / "perft_alluvium.json"


ABOUT = json.loads((OUT.parent / "perft_reclaim.json").read_text())["about"]


def _perft(state, depth: int) -> int:
    if depth == 1:
        return len(state.legal_actions())
    return sum(_perft(state.child(a), depth - 1) for a in state.legal_actions())


def _position(state) -> dict:
    legal = state.legal_actions()
    depth = 2 if len(legal) <= 50 else 1
    return {
        "name": f"seed {state.seed}, {state.num_players} players, round {state.round}, "
                f"{state.phase}, after {len(state.history)} actions",
        "players": state.num_players, "seed": state.seed, "options": {},
        "actions": [str(a) for a in state.history],
        "perft": [_perft(state, d) for d in range(1, depth + 1)],
        "phase": state.phase,
        "legal_by_kind": {k: sum(1 for a in legal if a.kind == k) for k in sorted({a.kind for a in legal})},
    }


def main() -> None:
    spec = get_game("alluvium")
    positions = []
    for seed, players, plies in [(1, 4, 0), (1, 4, 1), (2, 3, 6), (3, 5, 30), (4, 4, 40),
                                 (5, 3, 45), (6, 5, 75), (7, 4, 60)]:
        state = spec.new_game(players, seed)
        rng = Rng(seed)
        for _ in range(plies):
            state.apply(rng.choice(state.legal_actions()))
        assert not state.is_terminal(), "pick fewer plies: the game ended"
        positions.append(_position(state))
    # the first positions with action B squares on offer, for two player counts
    for seed, players in [(8, 4), (9, 5)]:
        state = spec.new_game(players, seed)
        rng = Rng(seed)
        while not state.fill_squares():
            state.apply(rng.choice(state.legal_actions()))
        positions.append(_position(state))
    data = {"game": "alluvium", "format": 1, "about": ABOUT, "data_versions": state.data_versions(),
            "positions": positions}
    OUT.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {OUT} ({len(positions)} positions)")


if __name__ == "__main__":
    main()
