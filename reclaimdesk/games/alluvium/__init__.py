"""Alluvium: 3-5 players draw polyominoes on their own and each other's sheets,
passing the sheets round the table (rule book in Japanese; see docs/rules/alluvium.md)."""

from reclaimdesk.core.game import Credits, GameSpec, lazy_exports, register
from reclaimdesk.core.i18n import N_


SPEC = register(
    GameSpec(
        id="alluvium",
        name=N_("Alluvium"),
        min_players=3,
        max_players=5,
        score_range=(0.0, 1200.0),
        max_length=200,
        state_class="reclaimdesk.games.alluvium.state:AlluviumState",
        default_options={"colours": ""},
        option_choices={},
        option_help={"colours": N_("the players' colours in seat order, comma-separated (red, brown, blue, "
                                   "yellow, green); with 3 players a fourth is the virtual player's; "
                                   "empty: red, brown, blue... as the rule book lists them")},
        make_agent="reclaimdesk.games.alluvium.ai:make_agent",
        make_hint_agent="reclaimdesk.games.alluvium.hint:make_hint_agent",
        summary=N_("Draw pieces on your own and your neighbours' sheets as they go round "
                   "the table: big rectangles at home, checks and cooperation abroad."),
        order=40,
        credits=Credits(designers=("Yusuke Sawaguchi",), publisher="FUDACOMA", artists=("Makoto Takami",),
                        local={"ja": {"Yusuke Sawaguchi": "沢口游祐", "FUDACOMA": "フダコマ",
                                      "Makoto Takami": "たかみまこと"}}),
    )
)

__all__ = ["SPEC", "AlluviumAction", "AlluviumState", "rounds_for"]

__getattr__ = lazy_exports(__name__, actions=("AlluviumAction",), state=("AlluviumState", "rounds_for"))
