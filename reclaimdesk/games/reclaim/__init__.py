"""Reclaim: a flip-and-write polyomino map game for 1-6 players."""

from reclaimdesk.core.i18n import N_
from reclaimdesk.core.game import GameSpec, register
from reclaimdesk.games.reclaim.actions import ReclaimAction
from reclaimdesk.games.reclaim.components import MAP_IDS
from reclaimdesk.games.reclaim.state import ReclaimState, tier_reached


def _make_agent(level: str, seed: int):
    from reclaimdesk.games.reclaim.ai import make_agent

    return make_agent(level, seed)


SPEC = register(
    GameSpec(
        id="reclaim",
        name=N_("Reclaim"),
        min_players=1,
        max_players=6,
        score_range=(-330.0, 260.0),
        max_length=2000,
        state_class=ReclaimState,
        default_options={"map": "river", "variant": False},
        option_choices={"map": MAP_IDS, "variant": (False, True)},
        make_agent=_make_agent,
        order=10,
        summary=N_("Flip-and-write map drawing: connect castles, build territory. Solo score attack."),
    )
)

__all__ = ["SPEC", "ReclaimAction", "ReclaimState", "tier_reached"]
