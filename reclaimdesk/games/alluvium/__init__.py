"""Alluvium: 3-5 players draw polyominoes on their own and each other's sheets,
passing the sheets round the table (rule book in Japanese; see docs/rules/alluvium.md)."""

from reclaimdesk.core.game import Credits, GameSpec, register
from reclaimdesk.core.i18n import N_


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
        state_class="reclaimdesk.games.alluvium.state:AlluviumState",
        default_options={},
        option_choices={},
        make_agent=_make_agent,
        summary=N_("Draw pieces on your own and your neighbours' sheets as they go round "
                   "the table: big rectangles at home, checks and cooperation abroad."),
        order=40,
        credits=Credits(designers=("Yusuke Sawaguchi",), publisher="FUDACOMA", artists=("Makoto Takami",),
                        local={"ja": {"Yusuke Sawaguchi": "沢口游祐", "FUDACOMA": "フダコマ",
                                      "Makoto Takami": "たかみまこと"}}),
    )
)

__all__ = ["SPEC", "AlluviumAction", "AlluviumState", "rounds_for"]

_LAZY = {
    "AlluviumAction": "reclaimdesk.games.alluvium.actions",
    "AlluviumState": "reclaimdesk.games.alluvium.state",
    "rounds_for": "reclaimdesk.games.alluvium.state",
}


def __getattr__(name: str):
    """The rules' names, imported when first used (registering the game imports
    none of its rules, so listing the games stays quick)."""
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
