"""Reclamation Wars: three players reclaim hexes of a hexagonal board for 20 turns
each, demolish each other's territory and fight over six special hexes."""

from reclaimdesk.core.game import GameSpec, register
from reclaimdesk.core.i18n import N_
from reclaimdesk.games.reclamation_wars.actions import WarsAction
from reclaimdesk.games.reclamation_wars.components import (
    BOARD_NAMES,
    SPECIAL_DESCRIPTIONS,
    SPECIAL_KINDS,
    SPECIAL_NAMES,
    geometry,
    load_setup,
)
from reclaimdesk.games.reclamation_wars.state import (
    MAX_LENGTH,
    NEUTRAL,
    REMOVED,
    SEED_LAYOUT,
    Event,
    ReclamationWarsState,
    TurnEntry,
    seat_name,
)


def _make_agent(level: str, seed: int):
    from reclaimdesk.games.reclamation_wars.ai import make_agent

    return make_agent(level, seed)


SPEC = register(
    GameSpec(
        id="reclamation-wars",
        name=N_("Reclamation Wars"),
        min_players=3,
        max_players=3,
        score_range=(0.0, 91.0),
        max_length=MAX_LENGTH,
        state_class=ReclamationWarsState,
        default_options={"board": "standard", "layout": SEED_LAYOUT},
        option_choices={"board": ("standard", "large")},
        make_agent=_make_agent,
        order=40,
        summary=N_("Three players reclaim hexes, send demolishers into each other's land "
                   "and fight over six special hexes for 20 turns."),
    )
)

__all__ = [
    "BOARD_NAMES", "NEUTRAL", "REMOVED", "SPECIAL_DESCRIPTIONS", "SPECIAL_KINDS",
    "SPECIAL_NAMES", "SPEC", "Event", "ReclamationWarsState", "TurnEntry", "WarsAction",
    "geometry", "load_setup", "seat_name",
]
