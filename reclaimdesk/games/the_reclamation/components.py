"""The Reclamation's components: the 6x6 board and the four Reclamation cards,
loaded and validated from ``resources/the_reclamation/cards.json``.

Board geometry. Squares are named like chess squares from the Flower player's seat:
files ``a``-``f`` run left to right, ranks ``1``-``6`` run away from Flower, so
``a1`` is Flower's bottom-left corner and ``f6`` Tendril's (seen from Flower).
Internally a square is ``(row, col)`` with ``row = rank - 1`` and ``col = file``,
which is exactly :func:`reclaimdesk.core.grid.cell_name`'s naming, and an index
``row * 6 + col``.

A card offset ``[forward, right]`` is read from its owner's side: for Flower
forward is ``+row`` and right is ``+col``; for Tendril, who sits opposite, both
are reversed.

>>> cards = load_cards()
>>> [c.number for c in cards]
[1, 2, 3, 4]
>>> cards[0].side("garden").offsets
((1, -1), (1, 1), (-1, -1), (-1, 1))
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from reclaimdesk.core.i18n import N_
from reclaimdesk.core.data import DataFile, resource_path
from reclaimdesk.core.grid import KING, Cell, SquareGrid

SIZE = 6
GRID = SquareGrid(SIZE, SIZE)
SQUARES = SIZE * SIZE
CARD_COUNT = 4
MAX_CARD_SQUARES = 8
"""The most squares one card side may reclaim (bounds the length of a turn)."""
from reclaimdesk.games.the_reclamation import RULE_SETS  # noqa: E402 - the spec's tuple
DATA_VERSIONS = (1,)
"""The versions of ``cards.json`` this code understands."""
REQUIRED_SIDES: dict[str, tuple[frozenset[tuple[int, int]], ...]] = {
    "garden": (frozenset({(1, -1), (1, 1), (-1, -1), (-1, 1)}), frozenset({(2, -1), (2, 1)})),
    "throne": (frozenset({(1, -1), (1, 0), (1, 1)}),),
}
"""Patterns the rule text shows, which some card side must have (RULINGS): the
four diagonals and two-forward-one-to-each-side in Garden; forward-left, forward
and forward-right in Throne."""
FLOWER, TENDRIL = 0, 1
FACTIONS = (N_("Flower"), N_("Tendril"))
"""The two sides' names (English; pass through ``_`` to show them)."""
RULE_SET_NAMES: dict[str, str] = {"garden": N_("Garden"), "throne": N_("Throne")}
"""Each rule set's name (English; pass through ``_`` to show it)."""
CARD_NAMES: tuple[str, ...] = (
    N_("Four Corners"), N_("Front Row"), N_("Long Reach"), N_("Rear Guard"),
    N_("Cross"), N_("Flanks"), N_("Trident"), N_("Lunge"),
)
"""The card names of ``resources/the_reclamation/cards.json``, listed so that the
catalogue has them: show a card's name with ``_(side.name)``."""
START_SQUARES: tuple[Cell, Cell] = ((0, SIZE - 1), (SIZE - 1, 0))
"""Each Gardener's starting corner: the bottom-right corner seen from its owner
(``f1`` for Flower, ``a6`` for Tendril)."""

NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(GRID.index(n) for n in GRID.neighbours(GRID.cell_at(i), KING))) for i in range(SQUARES)
)
"""For each square index, the indices of its up to 8 neighbours, in index order."""


def board_offset(seat: int, forward: int, right: int) -> tuple[int, int]:
    """The ``(drow, dcol)`` on the board of a card offset read by ``seat``.

    >>> board_offset(FLOWER, 2, -1), board_offset(TENDRIL, 2, -1)
    ((2, -1), (-2, 1))
    """
    if seat == FLOWER:
        return forward, right
    return -forward, -right


@dataclass(frozen=True)
class CardSide:
    name: str
    offsets: tuple[tuple[int, int], ...]
    """``(forward, right)`` pairs, read from the owner's side."""


@dataclass(frozen=True)
class ReclamationCard:
    number: int
    garden: CardSide
    throne: CardSide

    def side(self, rules: str) -> CardSide:
        """The side used by ``rules``: black for "garden", red for "throne"."""
        return self.garden if rules == "garden" else self.throne


@dataclass(frozen=True)
class CardSet:
    id: str
    version: int
    cards: tuple[ReclamationCard, ...]


def _side(f: DataFile, path: str) -> CardSide:
    name = f.str(f"{path}.name")
    if not name.strip():
        raise f.fail(f"{path}.name", "must not be empty")
    raw = f.list(f"{path}.offsets", min_length=1)
    if len(raw) > MAX_CARD_SQUARES:
        raise f.fail(f"{path}.offsets", f"must have at most {MAX_CARD_SQUARES} entries, not {len(raw)}")
    offsets: list[tuple[int, int]] = []
    for j in range(len(raw)):
        p = f"{path}.offsets[{j}]"
        f.list(p, length=2)
        forward = f.int(f"{p}[0]", minimum=-(SIZE - 1), maximum=SIZE - 1)
        right = f.int(f"{p}[1]", minimum=-(SIZE - 1), maximum=SIZE - 1)
        if (forward, right) == (0, 0):
            raise f.fail(p, "[0, 0] is the Gardener's own square and cannot be reclaimed")
        if (forward, right) in offsets:
            raise f.fail(p, f"[{forward}, {right}] is listed twice")
        offsets.append((forward, right))
    return CardSide(name, tuple(offsets))


def parse_cards(f: DataFile) -> CardSet:
    items = f.list("cards", length=CARD_COUNT)
    cards = []
    for i in range(len(items)):
        number = f.int(f"cards[{i}].number", minimum=1, maximum=CARD_COUNT)
        if number != i + 1:
            raise f.fail(f"cards[{i}].number", f"must be {i + 1} (cards are listed in order 1-4)")
        f.dict(f"cards[{i}]")
        cards.append(ReclamationCard(number, _side(f, f"cards[{i}].garden"), _side(f, f"cards[{i}].throne")))
    for rules, patterns in REQUIRED_SIDES.items():
        sides = [frozenset(card.side(rules).offsets) for card in cards]
        for pattern in patterns:
            if pattern not in sides:
                shown = ", ".join(f"[{a}, {b}]" for a, b in sorted(pattern))
                raise f.fail("cards", f"one card's {rules} side must reclaim exactly {shown} (a pattern of the rules)")
    return CardSet(f.id, f.version, tuple(cards))


def cards_path() -> Path:
    return resource_path("the_reclamation", "cards.json")


@lru_cache(maxsize=None)
def load_card_set() -> CardSet:
    """The card set, validated; raises :class:`~reclaimdesk.core.errors.DataError`."""
    return parse_cards(DataFile.load(cards_path(), "the-reclamation-cards", DATA_VERSIONS))


def load_cards() -> tuple[ReclamationCard, ...]:
    return load_card_set().cards


@lru_cache(maxsize=None)
def target_table(rules: str) -> tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]:
    """``table[seat][card][square]``: the square indices a Gardener of ``seat`` on
    ``square`` reclaims with card ``card + 1`` under ``rules`` (off-board offsets
    dropped, in the card's listed order)."""
    cards = load_cards()
    table = []
    for seat in (FLOWER, TENDRIL):
        per_card = []
        for card in cards:
            per_square = []
            for i in range(SQUARES):
                r, c = GRID.cell_at(i)
                hits = []
                for forward, right in card.side(rules).offsets:
                    dr, dc = board_offset(seat, forward, right)
                    rr, cc = r + dr, c + dc
                    if 0 <= rr < SIZE and 0 <= cc < SIZE:
                        hits.append(rr * SIZE + cc)
                per_square.append(tuple(hits))
            per_card.append(tuple(per_square))
        table.append(tuple(per_card))
    return tuple(table)
