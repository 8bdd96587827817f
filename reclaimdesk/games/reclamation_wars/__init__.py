"""Reclamation Wars: three players reclaim hexes of a hexagonal board for 20 turns
each, demolish each other's territory and fight over six special hexes."""

from reclaimdesk.core.game import Credits, GameSpec, lazy_exports, register
from reclaimdesk.core.i18n import N_

MAX_LENGTH = 180
"""60 turns of at most three atomic actions (the rules check they agree)."""
SEED_LAYOUT = "seed"


SPEC = register(
    GameSpec(
        id="reclamation-wars",
        name=N_("Reclamation Wars"),
        min_players=3,
        max_players=3,
        score_range=(0.0, 91.0),
        max_length=MAX_LENGTH,
        state_class="reclaimdesk.games.reclamation_wars.state:ReclamationWarsState",
        default_options={"board": "standard", "layout": SEED_LAYOUT},
        option_choices={"board": ("standard", "large")},
        make_agent="reclaimdesk.games.reclamation_wars.ai:make_agent",
        make_hint_agent="reclaimdesk.games.reclamation_wars.hint:make_hint_agent",
        order=50,
        summary=N_("Three players reclaim hexes, send demolishers into each other's land "
                   "and fight over six special hexes for 20 turns."),
        credits=Credits(published_on="Take Turns wiki"),
    )
)

__all__ = [
    "BOARD_NAMES", "NEUTRAL", "REMOVED", "SPECIAL_DESCRIPTIONS", "SPECIAL_KINDS",
    "SPECIAL_NAMES", "SPEC", "Event", "ReclamationWarsState", "TurnEntry", "WarsAction",
    "geometry", "load_setup", "seat_name",
]

__getattr__ = lazy_exports(
    __name__,
    actions=("WarsAction",),
    components=("BOARD_NAMES", "SPECIAL_DESCRIPTIONS", "SPECIAL_KINDS", "SPECIAL_NAMES", "geometry", "load_setup"),
    state=("Event", "NEUTRAL", "REMOVED", "ReclamationWarsState", "TurnEntry", "seat_name"),
)
