"""The Reclamation's rules, both rule sets: "garden" (basic) and "throne" (variant).

See docs/rules/the-reclamation.md for the rules as implemented. In short: a turn
is a Gardener's move to an empty neighbouring square, then a Reclamation with one
card: (1) add a stone to each target square holding a short stack of the mover's
own, (2) place a stone on each empty target square, (3) take the top stone of each
target square holding the opponent's stones. Garden is won by occupying 12 squares;
Throne by leaving the opponent without a Gardener or taking 3 stones from Gardeners.

The board is a list of 36 signed stack heights (index ``row * 6 + col``): positive
for Flower's stones, negative for Tendril's, 0 for an empty square. Stacks never mix
owners: stones are only added to one's own stacks or to empty squares, and taking
removes the top stone. A stack of three is a Gardener.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from reclaimdesk.core.i18n import _, N_, ngettext
from reclaimdesk.core.errors import IllegalActionError
from reclaimdesk.core.game import TERMINAL, GameState
from reclaimdesk.core.grid import Cell, cell_name
from reclaimdesk.games.the_reclamation.actions import CARD, FILL, MOVE, TheReclamationAction
import reclaimdesk.games.the_reclamation as _package
from reclaimdesk.games.the_reclamation.components import (
    CARD_COUNT,
    FACTIONS,
    FLOWER,
    GRID,
    MAX_CARD_SQUARES,
    NEIGHBOURS,
    SIZE,
    SQUARES,
    START_SQUARES,
    TENDRIL,
    ReclamationCard,
    load_card_set,
    load_cards,
    target_table,
)

GARDENER_HEIGHT = 3
STONES = {"garden": 17, "throne": 18}
"""Stones per player; three of them form the starting Gardener, the rest are in hand."""
GARDEN_SQUARES_TO_WIN = 12
THRONE_CAPTURES_TO_WIN = 3
TURN_LIMIT = 200
"""Turns (both players together) after which an undecided game is a draw. The
rules allow endless play (stones can change hands back and forth), so this cap
guarantees that every game ends."""
MAX_TURN_ACTIONS = 2 + (MAX_CARD_SQUARES - 1)
"""move + card + at most (targets - 1) fills."""
MAX_LENGTH = TURN_LIMIT * MAX_TURN_ACTIONS
if MAX_LENGTH != _package.MAX_LENGTH:  # the spec registers the package's figure
    raise ImportError(f"MAX_LENGTH is {MAX_LENGTH} here but {_package.MAX_LENGTH} in the game's package")
DRAW = -1

# phases
MOVING = "move"
CHOOSING_CARD = "card"
FILLING = "fill"
OVER = "over"

# what a Reclamation does to one target square (see TargetPreview)
STACK = "stack"
PLACE = "place"
TAKE = "take"
TAKE_GARDENER = "take-gardener"
NOTHING = "none"

_MOVE_ACTIONS: dict[tuple[int, int], TheReclamationAction] = {
    (i, j): TheReclamationAction.move(GRID.cell_at(i), GRID.cell_at(j))
    for i in range(SQUARES)
    for j in NEIGHBOURS[i]
}
_CARD_ACTIONS = {n: TheReclamationAction.use_card(n) for n in range(1, CARD_COUNT + 1)}
_FILL_ACTIONS = [TheReclamationAction.fill(GRID.cell_at(i)) for i in range(SQUARES)]
_CELLS = tuple(GRID.cell_at(i) for i in range(SQUARES))
"""The cell of each square index (the changes of an action name cells)."""
_STEPS = {(GRID.cell_at(i), GRID.cell_at(j)): (i, j) for i in range(SQUARES) for j in NEIGHBOURS[i]}
"""Every step to a neighbouring square, ``(cell, to) -> (index, index)``."""
_ALL_CARDS_MASK = (1 << CARD_COUNT) - 1
_TOKEN = {0: "."}
for _h in (1, 2, 3):
    _TOKEN[_h] = f"F{_h}"
    _TOKEN[-_h] = f"T{_h}"
_FROM_TOKEN = {v: k for k, v in _TOKEN.items()}


def _index(cell: Cell) -> int:
    return cell[0] * SIZE + cell[1]


def _name(index: int) -> str:
    return cell_name(GRID.cell_at(index))


@dataclass(frozen=True)
class TargetPreview:
    """What a Reclamation would do to one target square (for views).

    ``effect`` is one of ``"stack"`` (one of the player's stones goes on top of
    their own stack), ``"place"`` (a stone goes on the empty square), ``"take"``
    (the opponent's top stone is taken into the player's hand), ``"take-gardener"``
    (Throne: a stone is taken from an opponent Gardener and kept apart) or
    ``"none"`` (see ``reason``). ``optional`` marks the squares of the step where the
    hand runs short: the player chooses which of them receive the remaining stones.
    """

    cell: Cell
    effect: str
    optional: bool = False
    reason: str = ""


@dataclass(frozen=True)
class BoxedIn:
    """How a player's Gardeners came to have no empty square around them: at the
    end of turn ``turn``, played by ``by`` (a seat) with card ``card``."""

    turn: int
    by: int
    card: int


@dataclass(frozen=True)
class Consequence:
    """What an action would do to the game at once, worked out before it is played
    (see :meth:`TheReclamationState.consequence`).

    ``kind``: ``"win"`` (the player acting wins at once), ``"lose"`` (loses at
    once), ``"draw"`` (the game ends undecided) or ``"boxed"`` (the turn ends with
    the player's own Gardeners boxed in: unless the opponent's turn frees a square
    next to one, the player loses when their next turn starts). ``always``: False
    when it happens only for some of the squares the player may still choose (a
    short hand). ``reason``: the English end reason (``"win"``, ``"lose"``,
    ``"draw"``), as :attr:`TheReclamationState.end_reason` would say it;
    ``reason_text``: the same in the language in force when it was worked out.
    """

    kind: str
    seat: int
    always: bool = True
    reason: str = ""
    reason_text: str = ""


class TheReclamationState(GameState):
    """A game of The Reclamation for two players: seat 0 is Flower (moves first),
    seat 1 is Tendril.

    >>> from reclaimdesk.games.the_reclamation import SPEC
    >>> s = SPEC.new_game(2, seed=1)
    >>> [str(a) for a in s.legal_actions()]
    ['move f1-e1', 'move f1-e2', 'move f1-f2']
    >>> s.apply_text("move f1-e2"); s.apply_text("card 1")
    TheReclamationAction.parse('move f1-e2')
    TheReclamationAction.parse('card 1')
    >>> s.occupied_squares(0), s.hand(0), s.current_player
    (5, 10, 1)
    """

    def __init__(self, num_players: int, seed: int, options: Mapping[str, Any]) -> None:
        super().__init__(num_players, seed, options)
        self.rules: str = self.options["rules"]
        self._targets = target_table(self.rules)
        self.board: list[int] = [0] * SQUARES
        self.board[_index(START_SQUARES[FLOWER])] = GARDENER_HEIGHT
        self.board[_index(START_SQUARES[TENDRIL])] = -GARDENER_HEIGHT
        in_hand = STONES[self.rules] - GARDENER_HEIGHT
        self.hands: list[int] = [in_hand, in_hand]
        self.kept: list[int] = [0, 0]
        """Throne: stones each player has taken from opponent Gardeners (never used)."""
        self.used: list[int] = [0, 0]
        """Each player's used cards as a bit set (bit n-1 for card n)."""
        self.player = FLOWER
        self.phase = MOVING
        self.active = -1
        """Index of the Gardener that moved this turn (-1 before the move)."""
        self.card = 0
        """The card being used this turn (0 before one is chosen)."""
        self.targets: tuple[int, ...] = ()
        self.step = 0
        self.pending: tuple[int, ...] = ()
        """While filling: the squares of the short step that still lack a stone."""
        self.turn = 1
        self.winner: int | None = None
        """The winning seat, ``DRAW``, or None while the game goes on."""
        self.end_reason = ""
        self.end_why: tuple[str, dict[str, Any]] | None = None
        self.boxed_by: list[BoxedIn | None] = [None, None]
        """For each seat whose Gardeners have no empty neighbouring square at the end
        of a turn: the turn (and its card) that left them so (None otherwise)."""
        self.changes: list[tuple[str, Cell]] = []
        """What the last action changed, in order: ``(kind, cell)`` with kind one of
        'leave', 'arrive' (a Gardener's move), 'stack', 'place', 'take' and
        'take-gardener'. Views redraw just these squares."""

    # --- construction for tests and puzzles --------------------------------
    @classmethod
    def from_diagram(
        cls,
        rows: Sequence[str] | str,
        *,
        rules: str = "garden",
        to_move: int = FLOWER,
        hands: Sequence[int] | None = None,
        kept: Sequence[int] = (0, 0),
        used: Sequence[Iterable[int]] = ((), ()),
        turn: int = 1,
        seed: int = 0,
    ) -> "TheReclamationState":
        """A position drawn as text, at the start of ``to_move``'s turn. ``rows`` are
        the six ranks from 6 (Tendril's side) down to 1 (Flower's side), each six
        tokens: ``.`` empty, ``F1``-``F3`` Flower's stacks, ``T1``-``T3`` Tendril's
        (``F3``/``T3`` are Gardeners); see :meth:`diagram`. Such a state has no history
        from the opening, so it cannot be saved as a game record.

        >>> s = TheReclamationState.from_diagram('''
        ...   .  .  .  .  .  T3
        ...   .  .  .  .  .  .
        ...   .  .  .  .  .  .
        ...   .  .  .  .  .  .
        ...   .  .  .  .  .  .
        ...   F3 .  .  .  .  . ''')
        >>> s.gardeners(0), s.gardeners(1)
        ([(0, 0)], [(5, 5)])
        """
        state = cls(2, seed, {"rules": rules})
        lines = rows.strip().splitlines() if isinstance(rows, str) else list(rows)
        lines = [ln for ln in (x.strip() for x in lines) if ln]
        if len(lines) != SIZE:
            raise ValueError(f"a diagram has {SIZE} rows, not {len(lines)}")
        board = [0] * SQUARES
        for k, line in enumerate(lines):
            tokens = line.split()
            if len(tokens) != SIZE:
                raise ValueError(f"row {k + 1} of the diagram needs {SIZE} squares: {line!r}")
            row = SIZE - 1 - k
            for col, token in enumerate(tokens):
                if token.upper() not in _FROM_TOKEN:
                    raise ValueError(f"unknown square '{token}' (use ., F1-F3 or T1-T3)")
                board[row * SIZE + col] = _FROM_TOKEN[token.upper()]
        state.board = board
        for seat in (FLOWER, TENDRIL):
            count = len(state._gardener_indices(seat))
            if count == 0 or (rules == "garden" and count != 1):
                raise ValueError(f"{FACTIONS[seat]} needs {'one' if rules == 'garden' else 'a'} Gardener")
        if hands is not None:
            state.hands = [int(hands[0]), int(hands[1])]
        state.kept = [int(kept[0]), int(kept[1])]
        state.used = [sum(1 << (n - 1) for n in set(used[s])) for s in (0, 1)]
        for s in (0, 1):
            if state.used[s] == _ALL_CARDS_MASK:
                raise ValueError("at least one card must be available")
        state.player = to_move
        state.turn = turn
        state._start_turn_checks()
        return state

    def diagram(self) -> str:
        """The board as text, rank 6 at the top (as Flower sees it)."""
        out = []
        for row in range(SIZE - 1, -1, -1):
            tokens = [_TOKEN[self.board[row * SIZE + c]].ljust(2) for c in range(SIZE)]
            out.append(f"{row + 1} " + " ".join(tokens).rstrip())
        out.append("  " + " ".join(chr(ord("a") + c).ljust(2) for c in range(SIZE)).rstrip())
        return "\n".join(out)

    # --- queries for views and the AI ---------------------------------------
    @property
    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.player

    @staticmethod
    def sign(seat: int) -> int:
        """+1 for Flower's stones on the board, -1 for Tendril's."""
        return 1 - 2 * seat

    def stack(self, cell: Cell) -> tuple[int | None, int]:
        """``(owner seat or None, height)`` of the stack on ``cell``."""
        v = self.board[_index(cell)]
        if v == 0:
            return None, 0
        return (FLOWER if v > 0 else TENDRIL), abs(v)

    def stacks(self) -> dict[Cell, tuple[int, int]]:
        """Every occupied square: ``cell -> (owner, height)``."""
        return {
            GRID.cell_at(i): ((FLOWER if v > 0 else TENDRIL), abs(v))
            for i, v in enumerate(self.board)
            if v
        }

    def _gardener_indices(self, seat: int) -> list[int]:
        # list.index walks the board in C: the search asks this at every turn's end
        g = GARDENER_HEIGHT if seat == FLOWER else -GARDENER_HEIGHT
        board = self.board
        out: list[int] = []
        i = -1
        for _ in range(board.count(g)):
            i = board.index(g, i + 1)
            out.append(i)
        return out

    def gardeners(self, seat: int) -> list[Cell]:
        """Squares of ``seat``'s Gardeners (always one in Garden)."""
        return [GRID.cell_at(i) for i in self._gardener_indices(seat)]

    def hand(self, seat: int) -> int:
        """Stones ``seat`` can place (taken stones included once taken)."""
        return self.hands[seat]

    def taken_from_gardeners(self, seat: int) -> int:
        """Throne: stones ``seat`` has taken from opponent Gardeners (kept apart)."""
        return self.kept[seat]

    def occupied_squares(self, seat: int) -> int:
        """Squares holding ``seat``'s stones, its Gardeners included."""
        if seat == FLOWER:
            return sum(map((0).__lt__, self.board))
        return sum(map((0).__gt__, self.board))

    def boxed_in(self, seat: int) -> bool:
        """Whether none of ``seat``'s Gardeners has an empty neighbouring square (the
        player could not move, and loses when their turn starts so)."""
        gardeners = self._gardener_indices(seat)
        return bool(gardeners) and not self._room(gardeners)

    def _room(self, gardeners: list[int]) -> bool:
        """Whether one of the Gardeners on ``gardeners`` has an empty neighbour."""
        board = self.board
        for g in gardeners:
            for n in NEIGHBOURS[g]:
                if board[n] == 0:
                    return True
        return False

    def consequence(self, action: Hashable) -> Consequence | None:
        """What the legal ``action`` would do to the game at once, for a warning
        before it is played: win or lose it on the spot, end it in a draw, or end
        the turn with the player's own Gardeners boxed in. None when nothing of the
        kind happens (or the action is not legal now).

        A card played with a short hand leaves choices (which squares get the last
        stones): every way of making them is looked at; a consequence that follows
        from some of them only has ``always`` False.
        """
        if self.phase == OVER or self.why_illegal(action):
            return None
        seat = self.player
        after = self.clone()
        after.apply(action)
        found = after._outcomes(seat, set())
        if not found or found == {None}:
            return None
        # the gravest first: losing, boxed in, a draw, winning
        order = {"lose": 0, "boxed": 1, "draw": 2, "win": 3}
        kinds = {c.kind: c for c in found if c is not None}
        worst = min(kinds.values(), key=lambda c: order[c.kind])
        return Consequence(worst.kind, seat, always=len(found) == 1, reason=worst.reason,
                           reason_text=worst.reason_text)

    def _outcomes(self, seat: int, seen: set) -> set[Consequence | None]:
        """Every consequence for ``seat`` of this position, reached by ``seat``'s
        action; while ``seat`` still fills squares, over each way of filling them."""
        if self.phase == FILLING and self.player == seat:
            key = self.state_key()
            if key in seen:
                return set()
            seen.add(key)
            out: set[Consequence | None] = set()
            for fill in self.legal_actions():
                nxt = self.clone()
                nxt.apply(fill)
                out |= nxt._outcomes(seat, seen)
            return out
        if self.phase == OVER:
            if self.winner == DRAW:
                kind = "draw"
            else:
                kind = "win" if self.winner == seat else "lose"
            return {Consequence(kind, seat, reason=self.end_reason, reason_text=self.end_reason_text())}
        if self.player != seat and self.boxed_in(seat):
            return {Consequence("boxed", seat)}
        return {None}

    def available_cards(self, seat: int | None = None) -> list[int]:
        """Card numbers ``seat`` (default: the player to act) may still use."""
        used = self.used[self.player if seat is None else seat]
        return [n for n in range(1, CARD_COUNT + 1) if not used >> (n - 1) & 1]

    def used_cards(self, seat: int | None = None) -> list[int]:
        used = self.used[self.player if seat is None else seat]
        return [n for n in range(1, CARD_COUNT + 1) if used >> (n - 1) & 1]

    def cards(self) -> tuple[ReclamationCard, ...]:
        return load_cards()

    def card_offsets(self, number: int) -> tuple[tuple[int, int], ...]:
        """The ``(forward, right)`` offsets of card ``number``'s side in play."""
        return load_cards()[number - 1].side(self.rules).offsets

    def card_targets(self, number: int, at: Cell, seat: int | None = None) -> list[Cell]:
        """The on-board squares card ``number`` reclaims from a Gardener on ``at``."""
        seat = self.player if seat is None else seat
        return [GRID.cell_at(i) for i in self._targets[seat][number - 1][_index(at)]]

    def progress(self, seat: int) -> dict[str, int]:
        """How close ``seat`` is to winning: Garden counts squares (12 wins); Throne
        counts Gardeners and stones taken from Gardeners (3 win)."""
        if self.rules == "garden":
            return {"squares": self.occupied_squares(seat), "hand": self.hands[seat]}
        return {
            "gardeners": len(self._gardener_indices(seat)),
            "taken_from_gardeners": self.kept[seat],
            "hand": self.hands[seat],
        }

    # --- the Reclamation plan ------------------------------------------------
    def _plan(self, seat: int, number: int, at: int) -> tuple[list[int], list[int], list[int]]:
        """Target squares of the three steps for card ``number`` from square ``at``."""
        s = 1 - 2 * seat
        board = self.board
        throne = self.rules == "throne"
        add: list[int] = []
        put: list[int] = []
        take: list[int] = []
        for i in self._targets[seat][number - 1][at]:
            v = board[i] * s
            if v == 0:
                put.append(i)
            elif v > 0:
                if v == 1 or (throne and v == 2):
                    add.append(i)
            elif throne or v != -GARDENER_HEIGHT:
                take.append(i)
        return add, put, take

    def _changes_something(self, seat: int, number: int, at: int) -> bool:
        add, put, take = self._plan(seat, number, at)
        return bool(take) or (self.hands[seat] > 0 and bool(add or put))

    def changes_anything(self, number: int, at: Cell | None = None, seat: int | None = None) -> bool:
        """Whether card ``number`` used from ``at`` (default: the Gardener that moved
        this turn) would change the board."""
        seat = self.player if seat is None else seat
        where = self._where(at)
        return self._changes_something(seat, number, where)

    def _where(self, at: Cell | None) -> int:
        if at is not None:
            return _index(at)
        if self.active < 0:
            raise ValueError(_("no Gardener has moved yet this turn; say where it would stand"))
        return self.active

    def preview(self, number: int, at: Cell | None = None, seat: int | None = None) -> list[TargetPreview]:
        """What card ``number`` would do from ``at`` (default: the Gardener that moved
        this turn), square by square in the card's order, with the current hand."""
        seat = self.player if seat is None else seat
        where = self._where(at)
        add, put, take = self._plan(seat, number, where)
        hand = self.hands[seat]
        add_short = 0 < hand < len(add)
        after_add = max(0, hand - len(add))
        put_short = 0 < after_add < len(put)
        s = self.sign(seat)
        out = []
        for i in self._targets[seat][number - 1][where]:
            cell = GRID.cell_at(i)
            v = self.board[i] * s
            if i in add:
                if hand == 0:
                    out.append(TargetPreview(cell, NOTHING, reason=_("no stone in hand")))
                else:
                    out.append(TargetPreview(cell, STACK, optional=add_short))
            elif i in put:
                if after_add == 0:
                    out.append(TargetPreview(cell, NOTHING, reason=_("no stone left in hand")))
                else:
                    out.append(TargetPreview(cell, PLACE, optional=put_short))
            elif i in take:
                effect = TAKE_GARDENER if v == -GARDENER_HEIGHT else TAKE
                out.append(TargetPreview(cell, effect))
            elif v == -GARDENER_HEIGHT:
                out.append(TargetPreview(cell, NOTHING, reason=_("an opponent Gardener cannot be taken from")))
            elif v == GARDENER_HEIGHT:
                out.append(TargetPreview(cell, NOTHING, reason=_("a Gardener gets no more stones")))
            else:
                out.append(TargetPreview(cell, NOTHING, reason=_("a stack of {count} own stones is full").format(count=v)))
        return out

    # --- legal actions ---------------------------------------------------------
    def _moves(self, seat: int) -> list[tuple[int, int]]:
        board = self.board
        return [(g, n) for g in self._gardener_indices(seat) for n in NEIGHBOURS[g] if board[n] == 0]

    def _playable_cards(self) -> list[int]:
        # worked out once per position (a move's end checks it, then the card's
        # choice lists and validates it): kept with what it depends on, and used
        # again only while all of that is unchanged
        seat, at = self.player, self.active
        kept = getattr(self, "_cards_kept", None)
        if (kept is not None and kept[0] == seat and kept[1] == at and kept[2] == self.board
                and kept[3] == self.hands and kept[4] == self.used):
            return list(kept[5])
        used = self.used[seat]
        cards = [
            n
            for n in range(1, CARD_COUNT + 1)
            if not used >> (n - 1) & 1 and self._changes_something(seat, n, at)
        ]
        self._cards_kept = (seat, at, self.board[:], self.hands[:], self.used[:], tuple(cards))
        return cards

    def legal_actions(self) -> list[Hashable]:
        phase = self.phase
        if phase == MOVING:
            return [_MOVE_ACTIONS[m] for m in self._moves(self.player)]
        if phase == CHOOSING_CARD:
            return [_CARD_ACTIONS[n] for n in self._playable_cards()]
        if phase == FILLING:
            return [_FILL_ACTIONS[i] for i in sorted(self.pending)]
        return []

    def why_illegal(self, action: Hashable) -> str:  # noqa: C901 - one branch per case
        """'' when ``action`` is legal now, else the reason (shown to players)."""
        if not isinstance(action, TheReclamationAction):
            return _("not a The Reclamation action")
        phase = self.phase
        if phase == OVER:
            return _("the game is over")
        kind = action.kind
        if phase == MOVING and kind != MOVE:
            return _("move your Gardener first; the Reclamation comes after the move")
        if phase == CHOOSING_CARD and kind != CARD:
            if kind == MOVE:
                return _("a Gardener has already moved this turn; choose a card for the Reclamation")
            return _("choose a card for the Reclamation first")
        if phase == FILLING and kind != FILL:
            names = ", ".join(_name(i) for i in sorted(self.pending))
            left = self.hands[self.player]
            return ngettext("first choose where your last stone goes (fill one of {squares})",
                            "first choose where your last {count} stones go (fill one of {squares})",
                            left).format(count=left, squares=names)
        if kind == MOVE:
            # the common case first (a search checks every move it tries): a step
            # between neighbours, of the player's Gardener, onto an empty square
            step = _STEPS.get((action.cell, action.to))
            if step is not None and self.board[step[1]] == 0 and \
                    self.board[step[0]] == (GARDENER_HEIGHT if self.player == FLOWER else -GARDENER_HEIGHT):
                return ""
            assert action.cell is not None and action.to is not None
            start, to = action.cell, action.to
            if start not in GRID or to not in GRID:
                return _("that square is not on the board")
            owner, height = self.stack(start)
            if owner is None:
                return _("there is no Gardener on {square}").format(square=cell_name(start))
            if owner != self.player:
                return _("the Gardener on {square} is not {side}'s").format(
                    square=cell_name(start), side=_(FACTIONS[self.player]))
            if height != GARDENER_HEIGHT:
                return ngettext("the stack on {square} has {count} stone; only a stack of three is a Gardener",
                                "the stack on {square} has {count} stones; only a stack of three is a Gardener",
                                height).format(square=cell_name(start), count=height)
            if max(abs(start[0] - to[0]), abs(start[1] - to[1])) != 1:
                return _("a Gardener moves to a neighbouring square; {to} is not next to {start}").format(
                    to=cell_name(to), start=cell_name(start))
            if self.board[_index(to)] != 0:
                return _("{square} holds stones; a Gardener moves only onto a square with no stone").format(
                    square=cell_name(to))
            return ""
        if kind == CARD:
            n = action.card
            if not 1 <= n <= CARD_COUNT:
                return _("there is no card {number}").format(number=n)
            if self.used[self.player] >> (n - 1) & 1:
                return _("card {number} is used; it comes back only after your last available card"
                         " has been played").format(number=n)
            if n not in self._playable_cards():  # (not used, and changes something)
                return _("card {number} would change nothing on the board, which is not allowed").format(number=n)
            return ""
        assert action.cell is not None
        if action.cell not in GRID:
            return _("that square is not on the board")
        i = _index(action.cell)
        if i not in self.pending:
            names = ", ".join(_name(j) for j in sorted(self.pending))
            if i in self.targets:
                return _("{square} is not a square of this step (choose among {squares})").format(
                    square=cell_name(action.cell), squares=names)
            return _("card {number} does not reach {square} (choose among {squares})").format(
                number=self.card, square=cell_name(action.cell), squares=names)
        return ""

    def parse_action(self, text: str) -> Hashable:
        return TheReclamationAction.parse(text)

    # --- applying --------------------------------------------------------------
    def _apply(self, action: Hashable) -> None:
        assert isinstance(action, TheReclamationAction)
        self.changes = []
        kind = action.kind
        if kind == MOVE:
            assert action.cell is not None and action.to is not None
            start, to = _index(action.cell), _index(action.to)
            self.board[to] = self.board[start]
            self.board[start] = 0
            self.active = to
            self.changes.append(("leave", action.cell))
            self.changes.append(("arrive", action.to))
            self.phase = CHOOSING_CARD
            if not self._playable_cards():
                self._finish(1 - self.player, N_("{side} cannot change anything with any card"),
                         side=FACTIONS[self.player])
        elif kind == CARD:
            self._use_card(action.card)
        else:
            assert action.cell is not None
            self._fill(_index(action.cell))

    def _use_card(self, number: int) -> None:
        seat = self.player
        bit = 1 << (number - 1)
        if self.used[seat] | bit == _ALL_CARDS_MASK:
            self.used[seat] = bit  # the other three come back; this one stays used
        else:
            self.used[seat] |= bit
        self.card = number
        self.targets = self._targets[seat][number - 1][self.active]
        self._run_steps(1)

    def _run_steps(self, first: int) -> None:
        """Carry out the Reclamation from step ``first`` until the end of the turn or
        until the player must choose squares for a short hand."""
        seat = self.player
        if first <= 1:
            # stacking on own stones leaves the empty squares as they were, so the
            # plan's second step still holds after the first
            add, put, _left = self._plan(seat, self.card, self.active)
            if not self._place(add, 1, STACK):
                return
        if first == 2:
            _add, put, _left = self._plan(seat, self.card, self.active)
        if first <= 2:
            if not self._place(put, 2, PLACE):
                return
        if self._check_garden_win():
            return
        self._take()
        if self._check_throne_win():
            return
        self._end_turn()

    def _place(self, squares: list[int], step: int, kind: str) -> bool:
        """Give each of ``squares`` a stone, or ask the player to choose when the hand
        is short (returns False then)."""
        seat = self.player
        hand = self.hands[seat]
        if hand == 0 or not squares:
            return True
        if hand < len(squares):
            self.phase = FILLING
            self.step = step
            self.pending = tuple(squares)
            return False
        s = 1 - 2 * seat
        for i in squares:
            self.board[i] += s
            self.changes.append((kind, _CELLS[i]))
        self.hands[seat] = hand - len(squares)
        return True

    def _fill(self, i: int) -> None:
        seat = self.player
        self.board[i] += 1 - 2 * seat
        self.hands[seat] -= 1
        self.changes.append((STACK if self.step == 1 else PLACE, _CELLS[i]))
        self.pending = tuple(j for j in self.pending if j != i)
        if self._check_garden_win():
            return
        if self.hands[seat] == 0:
            step = self.step
            self.phase = CHOOSING_CARD  # transient; _run_steps ends the turn
            self.pending = ()
            self.step = 0
            self._run_steps(step + 1)

    def _take(self) -> None:
        seat = self.player
        s = 1 - 2 * seat
        throne = self.rules == "throne"
        board = self.board
        for i in self.targets:
            v = board[i] * s
            if v >= 0:
                continue
            if v == -GARDENER_HEIGHT:
                if not throne:
                    continue
                self.kept[seat] += 1
                self.changes.append((TAKE_GARDENER, _CELLS[i]))
            else:
                self.hands[seat] += 1
                self.changes.append((TAKE, _CELLS[i]))
            board[i] += s

    def _check_garden_win(self) -> bool:
        if self.rules != "garden":
            return False
        seat = self.player
        if self.occupied_squares(seat) >= GARDEN_SQUARES_TO_WIN:
            self._finish(seat, N_("{side} occupies {count} squares"), side=FACTIONS[seat],
                         count=GARDEN_SQUARES_TO_WIN)
            return True
        return False

    def _check_throne_win(self) -> bool:
        if self.rules != "throne":
            return False
        seat = self.player
        if not self._gardener_indices(1 - seat):
            self._finish(seat, N_("{side} has no Gardener left"), side=FACTIONS[1 - seat])
            return True
        if self.kept[seat] >= THRONE_CAPTURES_TO_WIN:
            self._finish(seat, N_("{side} has taken {count} stones from Gardeners"), side=FACTIONS[seat],
                         count=THRONE_CAPTURES_TO_WIN)
            return True
        return False

    def _end_turn(self) -> None:
        room = [True, True]
        for seat in (FLOWER, TENDRIL):
            gardeners = self._gardener_indices(seat)
            room[seat] = self._room(gardeners)
            if not gardeners or room[seat]:  # not boxed in
                self.boxed_by[seat] = None
            elif self.boxed_by[seat] is None:
                self.boxed_by[seat] = BoxedIn(self.turn, self.player, self.card)
        if self.turn >= TURN_LIMIT:
            self._finish(DRAW, N_("no winner after {count} turns"), count=TURN_LIMIT)
            return
        self.player = 1 - self.player
        self.turn += 1
        self.phase = MOVING
        self.active = -1
        self.card = 0
        self.targets = ()
        self.step = 0
        self.pending = ()
        if not room[self.player]:  # _start_turn_checks, on what was just worked out
            self._lose_unmoved()

    def _start_turn_checks(self) -> None:
        """A player whose Gardeners cannot move loses at once."""
        if not self._room(self._gardener_indices(self.player)):
            self._lose_unmoved()

    def _lose_unmoved(self) -> None:
        seat = self.player
        self._finish(1 - seat, N_("{side}'s Gardener cannot move"), side=FACTIONS[seat])

    def _finish(self, winner: int, reason: str, **params: Any) -> None:
        """End the game; ``reason`` is an English message with ``{}`` fields filled
        from ``params`` (``side`` is a faction name). ``end_reason`` keeps it in
        English, as records store it; :meth:`end_reason_text` says it in the
        current language."""
        self.phase = OVER
        self.winner = winner
        self.end_reason = reason.format(**params)
        self.end_why = (reason, params)

    def end_reason_text(self) -> str:
        """Why the game ended, in the current language ("" while it goes on)."""
        why = getattr(self, "end_why", None)
        if why is None:
            return _(self.end_reason) if self.end_reason else ""
        reason, params = why
        shown = {k: _(v) if k == "side" else v for k, v in params.items()}
        return _(reason).format(**shown)

    # --- results ---------------------------------------------------------------
    def scores(self) -> list[float]:
        """1 for the winner and 0 for the loser; 0.5 each for a draw; 0 while playing."""
        if self.winner is None:
            return [0.0, 0.0]
        if self.winner == DRAW:
            return [0.5, 0.5]
        return [1.0 if seat == self.winner else 0.0 for seat in (FLOWER, TENDRIL)]

    def winners(self) -> list[int]:
        if self.winner is None or self.winner == DRAW:
            return [FLOWER, TENDRIL]
        return [self.winner]

    def result(self) -> dict[str, Any]:
        out = super().result()
        out["reason"] = self.end_reason
        out["turns"] = self.turn
        return out

    # --- API plumbing ----------------------------------------------------------
    def data_versions(self) -> dict[str, int]:
        return {"the_reclamation/cards": load_card_set().version}

    # --- taking back (the match's rule): whole turns, also once the game is over
    take_back_unit = "turn"
    take_back_after_end = True

    def turn_key(self) -> Hashable:
        return self.turn

    def touched_places(self) -> tuple[Hashable, ...]:
        return tuple(cell for _kind, cell in self.changes)

    def state_key(self) -> Hashable:
        return (
            self.seed, self.rules, tuple(self.board), tuple(self.hands), tuple(self.kept),
            tuple(self.used), self.player, self.phase, self.active, self.card, self.targets,
            self.step, self.pending, self.turn, self.winner, self.end_reason,
        )

    def clone(self) -> "TheReclamationState":
        other = TheReclamationState.__new__(TheReclamationState)
        d = other.__dict__
        d.update(self.__dict__)
        other.board = self.board[:]
        other.hands = self.hands[:]
        other.kept = self.kept[:]
        other.used = self.used[:]
        other.boxed_by = self.boxed_by[:]
        other.history = self.history[:]
        other.options = dict(self.options)
        other.changes = []
        return other

    def describe_action(self, action: Hashable) -> str:
        assert isinstance(action, TheReclamationAction)
        who = _(FACTIONS[self.player]) if self.phase != OVER else _("The player")
        if action.kind == MOVE:
            assert action.cell is not None and action.to is not None
            return _("{side} moves the Gardener from {start} to {to}").format(
                side=who, start=cell_name(action.cell), to=cell_name(action.to))
        if action.kind == CARD:
            card = load_cards()[action.card - 1].side(self.rules)
            return _("{side} reclaims with card {number} ({name})").format(
                side=who, number=action.card, name=_(card.name))
        assert action.cell is not None
        return _("{side} puts a stone on {square}").format(side=who, square=cell_name(action.cell))


def play_line(state: TheReclamationState, texts: Iterable[str]) -> TheReclamationState:
    """Apply actions written in notation (a helper for tests and examples)."""
    for text in texts:
        action = state.parse_action(text)
        if not state.is_legal(action):
            raise IllegalActionError(action, state.why_illegal(action))
        state.apply(action)
    return state
