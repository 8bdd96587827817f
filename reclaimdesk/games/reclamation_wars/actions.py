"""Reclamation Wars' atomic actions and their notation (see docs/records.md).

==================  ==============================================================
``reclaim D7``      reclaim the neutral hex D7 (a whole turn)
``step D7``         demolisher move: step onto your own hex D7
``demolish D7``     demolisher move: hit the enemy hex D7 next to your demolisher
``destroy D7``      demolisher move: destroy the enemy demolisher on D7
``end``             stop a demolisher turn before its last move
``void D7``         Void Maker: remove hex D7 from play (a whole turn)
``neutralize D7``   Special Neutralizer: strip the special hex D7 (a whole turn)
``lockdown``        Lockdown: activate it (a whole turn; the next one is skipped)
==================  ==============================================================

A demolisher turn is a sequence of actions by the same seat: its moves one at a time,
then either the last allowed move ends the turn or ``end`` stops it early. Hexes are
named as the board's edge prints them (:func:`~reclaimdesk.games.reclamation_wars.
components.hex_label`: column letter, row number; the names depend on the board, so
the state writes and reads them: :meth:`WarsAction.text`, :meth:`WarsAction.parse`
with a geometry). Records written before issue 24 used the core's axial ``q,r``
(``reclaim 1,-2``, the centre ``0,0``); they are still read. ``str()`` of an action
is that axial form, for code and tests, never shown to a player. Case and extra
spaces do not matter.
"""

from __future__ import annotations

from dataclasses import dataclass

from reclaimdesk.core.errors import NotationError, notation_words
from typing import TYPE_CHECKING

from reclaimdesk.core.hexgrid import Hex, hex_name, parse_hex

if TYPE_CHECKING:
    from reclaimdesk.games.reclamation_wars.components import Geometry

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

    def text(self, geo: "Geometry") -> str:
        """The action in the notation, its hex named as the board's edge prints it.

        >>> from reclaimdesk.games.reclamation_wars.components import geometry
        >>> WarsAction("reclaim", (1, -2)).text(geometry("standard")), WarsAction("end").text(geometry("large"))
        ('reclaim D7', 'end')
        """
        if self.hex is None:
            return self.kind
        return f"{self.kind} {geo.label(self.hex)}"

    @property
    def is_demolisher_move(self) -> bool:
        return self.kind in DEMOLISHER_KINDS

    @classmethod
    def parse(cls, text: str, geo: "Geometry | None" = None) -> "WarsAction":
        """Read an action in the notation above; raises NotationError saying why not.
        With ``geo``, a hex is a board name (``D7``) or axial ``q,r``; without, axial only.

        >>> from reclaimdesk.games.reclamation_wars.components import geometry
        >>> WarsAction.parse("reclaim d7", geometry("standard")) == WarsAction.parse("reclaim 1,-2")
        True
        """
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
                raise ValueError(f"'{kind}' is written with one hex, like '{kind} {'D7' if geo else '1,-2'}'")
            return cls(kind, geo.find(words[1]) if geo is not None else parse_hex(words[1]))
        except ValueError as exc:
            raise NotationError(f"'{text}' is not a Reclamation Wars action: {exc}") from None
