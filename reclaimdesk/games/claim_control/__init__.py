"""Claim Control: two players place coloured squares and control markers on a 5x5
board of values, then claim each square by having more influence of its colour."""

from reclaimdesk.core.i18n import N_
from reclaimdesk.core.game import Credits, GameSpec, lazy_exports, register

MAX_SCORE = 88
"""The registered upper bound of a score (the board module checks it)."""
PIECES_PER_PLAYER = 30
"""Each player's pieces: 5 squares and 10 markers of each colour (the rules check it)."""


SPEC = register(
    GameSpec(
        id="claim-control",
        name=N_("Claim Control"),
        min_players=2,
        max_players=2,
        score_range=(0.0, float(MAX_SCORE)),
        max_length=2 * PIECES_PER_PLAYER,
        state_class="reclaimdesk.games.claim_control.state:ClaimControlState",
        make_agent="reclaimdesk.games.claim_control.ai:make_agent",
        make_hint_agent="reclaimdesk.games.claim_control.hint:make_hint_agent",
        order=30,
        summary=N_("Place coloured squares and control markers; claim squares by influence."),
        credits=Credits(designers=("Meldrum (BoardGameGeek)",)),
    )
)

__all__ = [
    "CIRCLES", "CROSSES", "MAX_SCORE", "PIECES_PER_PLAYER", "SEAT_NAMES", "SPEC", "ClaimAction",
    "ClaimControlState", "Spot", "load_board",
]

__getattr__ = lazy_exports(
    __name__,
    actions=("ClaimAction",),
    board=("Spot", "load_board"),
    state=("CIRCLES", "CROSSES", "ClaimControlState", "SEAT_NAMES"),
)
