"""Reclamation Wars' atomic actions and their notation (see docs/records.md).

==================  ==============================================================
``reclaim 1,-2``    reclaim the neutral hex 1,-2 (a whole turn)
``step 1,-2``       demolisher move: step onto your own hex 1,-2
``demolish 1,-2``   demolisher move: hit the enemy hex 1,-2 next to your demolisher
``destroy 1,-2``    demolisher move: destroy the enemy demolisher on 1,-2
``end``             stop a demolisher turn before its last move
``void 1,-2``       Void Maker: remove hex 1,-2 from play (a whole turn)
``neutralize 1,-2`` Special Neutralizer: strip the special hex 1,-2 (a whole turn)
``lockdown``        Lockdown: activate it (a whole turn; the next one is skipped)
==================  ==============================================================

A demolisher turn is a sequence of actions by the same seat: its moves one at a time,
then either the last allowed move ends the turn or ``end`` stops it early. Hexes are
axial coordinates ``q,r`` of the core's hex grid (the centre is ``0,0``). Case and
extra spaces do not matter.
"""

from __future__ import annotations

from dataclasses import dataclass

from reclaimdesk.core.errors import NotationError, notation_words
from reclaimdesk.core.hexgrid import Hex, hex_name, parse_hex

RECLAIM = "reclaim"
STEP = "step"
DEMOLISH = "demolish"
DESTROY = "destroy"
END = "end"
VOID = "void"
NEUTRALIZE = "neutralize"
LOCKDOWN = "lockdown"

HEX_KINDS: tuple[str, ...] = (RECLAIM, STEP, DEMOLISH, DESTROY, VOID, NEUTRALIZE)
"""Actions that name a hex."""
PLAIN_KINDS: tuple[str, ...] = (END, LOCKDOWN)
"""Actions without a hex."""
DEMOLISHER_KINDS: tuple[str, ...] = (STEP, DEMOLISH, DESTROY)
"""The demolisher's moves."""
KINDS: tuple[str, ...] = HEX_KINDS + PLAIN_KINDS


@dataclass(frozen=True)
class WarsAction:
    """One atomic action.

    >>> WarsAction.parse("  Demolish 2,-1 ")
    WarsAction('demolish', (2, -1))
    >>> str(WarsAction("lockdown")), str(WarsAction("step", (0, 3)))
    ('lockdown', 'step 0,3')
    """

    kind: str
    hex: Hex | None = None

    def __str__(self) -> str:
        if self.hex is None:
            return self.kind
        return f"{self.kind} {hex_name(self.hex)}"

    def __repr__(self) -> str:
        if self.hex is None:
            return f"WarsAction({self.kind!r})"
        return f"WarsAction({self.kind!r}, {self.hex!r})"

    @property
    def is_demolisher_move(self) -> bool:
        return self.kind in DEMOLISHER_KINDS

    @classmethod
    def parse(cls, text: str) -> "WarsAction":
        """Read an action in the notation above; raises NotationError saying why not."""
        words = notation_words(text, ascii_only=False, lower=True)
        try:
            if not words:
                raise ValueError("it is empty")
            kind = words[0]
            if kind in PLAIN_KINDS:
                if len(words) != 1:
                    raise ValueError(f"'{kind}' takes no hex")
                return cls(kind)
            if kind not in HEX_KINDS:
                raise ValueError(f"it must start with one of {', '.join(KINDS)}")
            if len(words) != 2:
                raise ValueError(f"'{kind}' is written with one hex, like '{kind} 1,-2'")
            return cls(kind, parse_hex(words[1]))
        except ValueError as exc:
            raise NotationError(f"'{text}' is not a Reclamation Wars action: {exc}") from None
