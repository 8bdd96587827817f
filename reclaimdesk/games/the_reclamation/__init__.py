"""The Reclamation: a two-player abstract game of Gardeners, cards and stones on a
6x6 board, with the basic rules "garden" and the variant "throne"."""

from reclaimdesk.core.i18n import N_
from reclaimdesk.core.game import GameSpec, register
from reclaimdesk.games.the_reclamation.actions import TheReclamationAction
from reclaimdesk.games.the_reclamation.components import RULE_SETS
from reclaimdesk.games.the_reclamation.state import MAX_LENGTH, TheReclamationState


def _make_agent(level: str, seed: int):
    from reclaimdesk.games.the_reclamation.ai import make_agent

    return make_agent(level, seed)


SPEC = register(
    GameSpec(
        id="the-reclamation",
        name=N_("The Reclamation"),
        min_players=2,
        max_players=2,
        score_range=(0.0, 1.0),
        max_length=MAX_LENGTH,
        state_class=TheReclamationState,
        default_options={"rules": "garden"},
        option_choices={"rules": RULE_SETS},
        make_agent=_make_agent,
        order=20,
        summary=N_("Move your Gardener and reclaim squares with four cycling cards: "
                   "occupy 12 squares (Garden) or topple the rival Gardeners (Throne)."),
    )
)

__all__ = ["SPEC", "TheReclamationAction", "TheReclamationState"]
