"""Alluvium: 3-5 players draw polyominoes on their own and each other's sheets,
passing the sheets round the table (rule book in Japanese; see docs/rules/alluvium.md)."""

from reclaimdesk.core.game import GameSpec, register
from reclaimdesk.core.i18n import N_
from reclaimdesk.games.alluvium.actions import AlluviumAction
from reclaimdesk.games.alluvium.state import AlluviumState, rounds_for


def _make_agent(level: str, seed: int):
    from reclaimdesk.games.alluvium.ai import make_agent

    return make_agent(level, seed)


SPEC = register(
    GameSpec(
        id="alluvium",
        name=N_("Alluvium"),
        min_players=3,
        max_players=5,
        score_range=(0.0, 1200.0),
        max_length=200,
        state_class=AlluviumState,
        default_options={},
        option_choices={},
        make_agent=_make_agent,
        summary=N_("Draw pieces on your own and your neighbours' sheets as they go round "
                   "the table: big rectangles at home, checks and cooperation abroad."),
    )
)

__all__ = ["SPEC", "AlluviumAction", "AlluviumState", "rounds_for"]
