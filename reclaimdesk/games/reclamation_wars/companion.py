"""Reclamation Wars at a real table: the app shows the seed's special hexes, whose
turn it is of 20, the powers each player holds, Lockdown (immunity, the skipped
turn, the cool-down), the Special Neutralizer's one use and the hexes nobody may
reclaim yet, as the players tap what happened; then it counts the hexes (the
companion's session; the screen is ``reclaimdesk.ui.reclamation_wars.companion``).

The special hexes are the rules' ``seeded_layout`` of the seed (the kit's layout
page prints the same); the timings are the rules' (``LOCKDOWN_COOLDOWN``,
``MAX_SPECIALS``, a demolished hex freed when its demolisher's owner next plays);
the winners are the rules' (``GameState.winners`` over the counts).

Steps (each by the seat whose turn it is): ``{"do": "next"}`` ends the turn;
``{"do": "power", "kind", "seat"}``: the hex of power ``kind`` now belongs to
``seat`` (-1: nobody), so its power moves or is lost; ``{"do": "blocked", "hex"}``:
the demolisher just made ``hex`` neutral (or ``"unblocked"`` to take that back);
``{"do": "lockdown"}`` and ``{"do": "neutralize", "kind"}``: those powers, each a
whole turn; at the end ``{"do": "count", "hexes": [a, b, c]}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from reclaimdesk.core.companion import CompanionError, CompanionSession, whole_number as _int
from reclaimdesk.core.i18n import _
from reclaimdesk.games.reclamation_wars.components import (
    LOCKDOWN,
    NEUTRALIZER,
    SEATS,
    SPECIAL_KINDS,
    SPECIAL_NAMES,
    TURNS_PER_PLAYER,
    geometry,
    seeded_layout,
)

PLAY, COUNT, OVER = "play", "count", "over"
TOTAL_TURNS = SEATS * TURNS_PER_PLAYER


class Session(CompanionSession):
    """Reclamation Wars' trackers. Setup: ``seed`` and ``board`` (standard, large)."""

    game_id = "reclamation-wars"

    def _start(self) -> None:
        self.players = SEATS
        self.seed = _int(self.setup.get("seed"), 0, (1 << 64) - 1, _("the seed"))
        board = self.setup.get("board", "standard")
        if board not in ("standard", "large"):
            raise CompanionError(_("unknown board"))
        self.board: str = board
        self.geo = geometry(board)
        self.layout: dict[str, int] = seeded_layout(board, self.seed)
        self.holder: dict[str, int] = {kind: -1 for kind in SPECIAL_KINDS}
        """Who holds each power now (-1: nobody)."""
        self.stripped: set[str] = set()
        """Powers the Special Neutralizer removed for good (its own included)."""
        self.blocked: dict[int, int] = {}
        """Hex index -> the seat whose next turn lets it be reclaimed again."""
        self.lock_until = [0] * SEATS
        self.skip_turn = [0] * SEATS
        self.lock_ready = [1] * SEATS
        self.turn = 0
        self.skipped: list[tuple[int, int]] = []
        """(seat, turn number) of each turn skipped after a Lockdown."""
        self.stage = PLAY
        self.hexes: list[int] | None = None
        self._begin_turn()

    # --- what the table sees ---------------------------------------------------------
    @property
    def finished(self) -> bool:
        return self.stage == OVER

    @property
    def seat(self) -> int:
        return self.turn % SEATS

    def turn_number(self, seat: int) -> int:
        """The seat's turn in progress or next (1-20; 21 when all are played), as the rules count."""
        return (self.turn - seat + SEATS - 1) // SEATS + 1

    def powers_of(self, seat: int) -> list[str]:
        return [k for k in SPECIAL_KINDS if self.holder[k] == seat and k not in self.stripped]

    def is_locked(self, seat: int) -> bool:
        return self.lock_until[seat] > 0

    def lockdown_ready(self, seat: int) -> bool:
        return LOCKDOWN in self.powers_of(seat) and self.turn_number(seat) >= self.lock_ready[seat]

    def blocked_hexes(self) -> dict[str, int]:
        return {self.geo.names[i]: s for i, s in sorted(self.blocked.items())}

    def special_at(self, name: str) -> str | None:
        i = self.geo.names.index(name)
        return next((k for k, j in self.layout.items() if j == i), None)

    def player_name(self, seat: int) -> str:
        return _("Player {number}").format(number=seat + 1)

    def power_name(self, kind: str) -> str:
        return _(SPECIAL_NAMES[kind])

    # --- the turns -----------------------------------------------------------------------
    def _begin_turn(self) -> None:
        """As the rules begin a turn: free the seat's demolished hexes, end its expired
        immunity, and pass over a turn Lockdown skips."""
        from reclaimdesk.games.reclamation_wars.state import TOTAL_TURNS as RULES_TURNS

        assert RULES_TURNS == TOTAL_TURNS
        while self.turn < TOTAL_TURNS:
            seat, number = self.seat, self.turn_number(self.seat)
            self.blocked = {i: s for i, s in self.blocked.items() if s != seat}
            if self.lock_until[seat] and number >= self.lock_until[seat]:
                self.lock_until[seat] = 0
            if self.skip_turn[seat] == number:
                self.skip_turn[seat] = 0
                self.skipped.append((seat, number))
                self.turn += 1
                continue
            return
        self.stage = COUNT

    def _end_turn(self) -> None:
        self.turn += 1
        self._begin_turn()

    def next_label(self) -> str:
        if self.stage != PLAY:
            return ""
        if self.turn + 1 >= TOTAL_TURNS:
            return _("Count the hexes")
        return _("End the turn")

    def reveals(self, step: Mapping[str, Any]) -> bool:
        return False  # nothing is hidden in Reclamation Wars

    def _do(self, step: Mapping[str, Any]) -> None:
        from reclaimdesk.games.reclamation_wars.state import LOCKDOWN_COOLDOWN, MAX_SPECIALS

        kind = step.get("do")
        if kind == "count":
            self._count(step.get("hexes"))
            return
        if self.stage != PLAY:
            raise CompanionError(_("the game is over: count the hexes"))
        seat = self.seat
        if kind == "next":
            self._end_turn()
        elif kind == "power":
            power, to = step.get("kind"), step.get("seat")
            if power not in SPECIAL_KINDS or power in self.stripped:
                raise CompanionError(_("that power is no longer in the game"))
            _int(to, -1, SEATS - 1, _("the player"))
            if to >= 0 and to != self.holder[power] and len(self.powers_of(to)) >= MAX_SPECIALS:
                raise CompanionError(_("{player} already holds two special hexes and may not take a third").format(
                    player=self.player_name(to)))
            if to == self.holder[power]:
                raise CompanionError(_("nothing changes"))
            self.holder[power] = to
        elif kind in ("blocked", "unblocked"):
            name = step.get("hex")
            try:  # the printed name; a session kept before issue 24 wrote axial q,r
                h = self.geo.find(name) if isinstance(name, str) else None
            except ValueError:
                h = None
            if h not in self.geo.index:
                raise CompanionError(_("not a hex of this board"))
            i = self.geo.index[h]
            if kind == "blocked":
                self.blocked[i] = seat
            elif self.blocked.get(i) != seat:
                raise CompanionError(_("that hex was not demolished this turn"))
            else:
                del self.blocked[i]
        elif kind == "lockdown":
            if LOCKDOWN not in self.powers_of(seat):
                raise CompanionError(_("{player} does not hold Lockdown").format(player=self.player_name(seat)))
            number = self.turn_number(seat)
            if number < self.lock_ready[seat]:
                raise CompanionError(_("Lockdown is cooling down until turn {n}").format(n=self.lock_ready[seat]))
            self.lock_until[seat] = number + 2
            self.skip_turn[seat] = number + 1
            self.lock_ready[seat] = number + LOCKDOWN_COOLDOWN
            self._end_turn()
        elif kind == "neutralize":
            target = step.get("kind")
            if NEUTRALIZER not in self.powers_of(seat):
                raise CompanionError(_("{player} does not hold the Special Neutralizer").format(
                    player=self.player_name(seat)))
            if target not in SPECIAL_KINDS or target == NEUTRALIZER or target in self.stripped:
                raise CompanionError(_("choose another special hex that still has its power"))
            locked_owner = self.holder[target]
            if locked_owner >= 0 and self.is_locked(locked_owner):
                raise CompanionError(_("{player} is under Lockdown: their hexes are immune").format(
                    player=self.player_name(locked_owner)))
            self.stripped |= {target, NEUTRALIZER}
            self._end_turn()
        else:
            raise CompanionError(_("not a step of this game"))

    def _count(self, hexes: Any) -> None:
        if self.stage != COUNT:
            raise CompanionError(_("the hexes are counted after the last turn"))
        if not isinstance(hexes, list) or len(hexes) != SEATS:
            raise CompanionError(_("one count per player"))
        for seat, n in enumerate(hexes):
            _int(n, 0, len(self.geo), _("{player}: hexes").format(player=self.player_name(seat)))
        if sum(hexes) > len(self.geo):
            raise CompanionError(_("these counts add up to more hexes than the board has ({n})").format(
                n=len(self.geo)))
        self.hexes = list(hexes)
        self.stage = OVER

    # --- the count ---------------------------------------------------------------------------
    def scores(self) -> list[float]:
        assert self.hexes is not None
        return [float(n) for n in self.hexes]

    def winners(self) -> list[int]:
        """The rules' winners: the most hexes; equal counts share the win."""
        from reclaimdesk.core.game import GameState

        return GameState.winners(self)  # type: ignore[arg-type] - reads only scores()
