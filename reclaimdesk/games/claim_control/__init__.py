"""Claim Control: two players place coloured squares and control markers on a 5x5
board of values, then claim each square by having more influence of its colour."""

from reclaimdesk.core.i18n import N_
from reclaimdesk.core.game import GameSpec, register
from reclaimdesk.games.claim_control.actions import ClaimAction
from reclaimdesk.games.claim_control.board import MAX_SCORE, Spot, load_board
from reclaimdesk.games.claim_control.state import (
    CIRCLES,
    CROSSES,
    PIECES_PER_PLAYER,
    SEAT_NAMES,
    ClaimControlState,
)


def _make_agent(level: str, seed: int):
    from reclaimdesk.games.claim_control.ai import make_agent

    return make_agent(level, seed)


SPEC = register(
    GameSpec(
        id="claim-control",
        name=N_("Claim Control"),
        min_players=2,
        max_players=2,
        score_range=(0.0, float(MAX_SCORE)),
        max_length=2 * PIECES_PER_PLAYER,
        state_class=ClaimControlState,
        make_agent=_make_agent,
        order=30,
        summary=N_("Place coloured squares and control markers; claim squares by influence."),
    )
)

__all__ = [
    "CIRCLES", "CROSSES", "SEAT_NAMES", "SPEC", "ClaimAction", "ClaimControlState", "Spot",
    "load_board",
]
