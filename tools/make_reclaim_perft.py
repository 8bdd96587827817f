"""Regenerate tests/data/perft_reclaim.json: legal-move counts of fixed positions.

Run only when Reclaim's data files change version (the test checks the versions):
    python tools/make_reclaim_perft.py
"""

import json
from pathlib import Path

from reclaimdesk.core.game import get_game
from reclaimdesk.core.rng import Rng

OUT = Path(__file__).resolve().parents[1] / "tests" / "data" / "perft_reclaim.json"


def main() -> None:
    spec = get_game("reclaim")
    positions = []
    for seed, players, options, plies in [
        (1, 1, {"map": "river"}, 0), (1, 1, {"map": "river"}, 1), (2, 1, {"map": "lake"}, 12),
        (3, 2, {"map": "river", "variant": True}, 40), (4, 1, {"map": "river"}, 10),
        (5, 3, {"map": "lake"}, 50),
    ]:
        state = spec.new_game(players, seed, options)
        rng = Rng(seed)
        for _ in range(plies):
            state.apply(rng.choice(state.legal_actions()))
        assert not state.is_terminal(), "pick fewer plies: the game ended"
        legal = state.legal_actions()
        positions.append({
            "seed": seed, "players": players, "options": options,
            "actions": [str(a) for a in state.history],
            "phase": state.phase, "legal_count": len(legal),
            "legal_by_kind": {k: sum(1 for a in legal if a.kind == k) for k in sorted({a.kind for a in legal})},
        })
    data = {"game": "reclaim", "data_versions": state.data_versions(), "positions": positions}
    OUT.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {OUT} ({len(positions)} positions)")


if __name__ == "__main__":
    main()
