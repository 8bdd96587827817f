"""Claim Control: two players place coloured squares and control markers on a 5x5
board of values, then claim each square by having more influence of its colour."""

from reclaimdesk.core.i18n import N_
from reclaimdesk.core.game import Credits, GameSpec, register

MAX_SCORE = 88
"""The registered upper bound of a score (the board module checks it)."""
PIECES_PER_PLAYER = 30
"""Each player's pieces: 5 squares and 10 markers of each colour (the rules check it)."""


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
        state_class="reclaimdesk.games.claim_control.state:ClaimControlState",
        make_agent=_make_agent,
        order=30,
        summary=N_("Place coloured squares and control markers; claim squares by influence."),
        credits=Credits(designers=("Meldrum (BoardGameGeek)",)),
    )
)

__all__ = [
    "CIRCLES", "CROSSES", "MAX_SCORE", "PIECES_PER_PLAYER", "SEAT_NAMES", "SPEC", "ClaimAction",
    "ClaimControlState", "Spot", "load_board",
]

_LAZY = {
    "ClaimAction": "reclaimdesk.games.claim_control.actions",
    "Spot": "reclaimdesk.games.claim_control.board",
    "load_board": "reclaimdesk.games.claim_control.board",
    "CIRCLES": "reclaimdesk.games.claim_control.state",
    "CROSSES": "reclaimdesk.games.claim_control.state",
    "SEAT_NAMES": "reclaimdesk.games.claim_control.state",
    "ClaimControlState": "reclaimdesk.games.claim_control.state",
}


def __getattr__(name: str):
    """The rules' names, imported when first used (registering the game imports
    none of its rules, so listing the games stays quick)."""
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
