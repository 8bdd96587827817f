"""Reclaim: a flip-and-write polyomino map game for 1-6 players."""

from reclaimdesk.core.i18n import N_
from reclaimdesk.core.game import Credits, GameSpec, lazy_exports, register

MAP_IDS = ("river", "lake")
"""The maps, as ``resources/reclaim/maps`` holds them (components checks the two agree)."""


SPEC = register(
    GameSpec(
        id="reclaim",
        name=N_("Reclaim"),
        min_players=1,
        max_players=6,
        score_range=(-330.0, 260.0),
        max_length=2000,
        state_class="reclaimdesk.games.reclaim.state:ReclaimState",
        default_options={"map": "river", "variant": False},
        option_choices={"map": MAP_IDS, "variant": (False, True)},
        make_agent="reclaimdesk.games.reclaim.ai:make_agent",
        make_hint_agent="reclaimdesk.games.reclaim.hint:make_hint_agent",
        order=10,
        summary=N_("Flip-and-write map drawing: connect castles, build territory. Solo score attack."),
        credits=Credits(designers=("Yusuke Sawaguchi",), publisher="FUDACOMA", artists=("Makoto Takami",),
                        local={"ja": {"Yusuke Sawaguchi": "沢口游祐", "FUDACOMA": "フダコマ",
                                      "Makoto Takami": "たかみまこと"}}),
        option_help={"map": N_("the map every sheet uses"),
                     "variant": N_("the variant rule (2 or more players)")},
    )
)

__all__ = ["MAP_IDS", "SPEC", "ReclaimAction", "ReclaimState", "tier_reached"]

__getattr__ = lazy_exports(__name__, actions=("ReclaimAction",), state=("ReclaimState", "tier_reached"))
