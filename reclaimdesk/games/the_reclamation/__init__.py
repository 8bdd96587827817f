"""The Reclamation: a two-player abstract game of Gardeners, cards and stones on a
6x6 board, with the basic rules "garden" and the variant "throne"."""

from reclaimdesk.core.i18n import N_
from reclaimdesk.core.game import Credits, GameSpec, lazy_exports, register

RULE_SETS = ("garden", "throne")
"""The basic rules and the variant (components and the rules use this tuple)."""
MAX_LENGTH = 200 * 9
"""The most actions a game can take: 200 turns of at most 9 actions (a move, a card,
up to 7 more squares to fill); the rules check they agree."""


SPEC = register(
    GameSpec(
        id="the-reclamation",
        name=N_("The Reclamation"),
        min_players=2,
        max_players=2,
        score_range=(0.0, 1.0),
        max_length=MAX_LENGTH,
        state_class="reclaimdesk.games.the_reclamation.state:TheReclamationState",
        default_options={"rules": "garden"},
        option_choices={"rules": RULE_SETS},
        make_agent="reclaimdesk.games.the_reclamation.ai:make_agent",
        make_hint_agent="reclaimdesk.games.the_reclamation.hint:make_hint_agent",
        order=20,
        summary=N_("Move your Gardener and reclaim squares with four cycling cards: "
                   "occupy 12 squares (Garden) or topple the rival Gardeners (Throne)."),
        credits=Credits(designers=("Hakushi",), publisher="Kuuri Keikaku", translators=("Saigo",),
                        local={"ja": {"Hakushi": "はくし", "Kuuri Keikaku": "空理計画"}}),
        option_help={"rules": N_("garden: the basic rules; throne: the variant")},
    )
)

__all__ = ["MAX_LENGTH", "RULE_SETS", "SPEC", "TheReclamationAction", "TheReclamationState"]

__getattr__ = lazy_exports(__name__, actions=("TheReclamationAction",), state=("TheReclamationState",))
