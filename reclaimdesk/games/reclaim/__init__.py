"""Reclaim: a flip-and-write polyomino map game for 1-6 players."""

from reclaimdesk.core.i18n import N_
from reclaimdesk.core.game import Credits, GameSpec, register

MAP_IDS = ("river", "lake")
"""The maps, as ``resources/reclaim/maps`` holds them (components checks the two agree)."""


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
        state_class="reclaimdesk.games.reclaim.state:ReclaimState",
        default_options={"map": "river", "variant": False},
        option_choices={"map": MAP_IDS, "variant": (False, True)},
        make_agent=_make_agent,
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

_LAZY = {
    "ReclaimAction": "reclaimdesk.games.reclaim.actions",
    "ReclaimState": "reclaimdesk.games.reclaim.state",
    "tier_reached": "reclaimdesk.games.reclaim.state",
}


def __getattr__(name: str):
    """The rules' names, imported when first used (registering the game imports
    none of its rules, so listing the games stays quick)."""
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
