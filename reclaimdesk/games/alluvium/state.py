"""Alluvium's rules: rounds of drawing on your own sheet, passing sheets round the
table, checks, the area bonus, the cooperation ranking and the 3-player virtual
colour.

Seats sit clockwise in order 0, 1, 2...; seat ``i`` plays colour ``palette[i]``
(the ``colours`` option: the players' choice; by default the rule book's order,
red, brown, blue...) and, with three players, slot 3 is the virtual player, with
its own deck of a colour nobody plays (yellow by default). On paper
every phase is played by all players at once; here the seats act one after
another (seat 0 first) inside each phase, which changes nothing since each seat
works on a different sheet. A round is:

1. ``own``: each seat draws its field card (round 1: also a hand card) and draws
   the piece(s) on its own sheet (round 1: each piece covers one start square).
2. ``virtual`` (3 players only): the virtual colour's field card is drawn; each
   seat draws that piece on its own sheet in the virtual colour.
3. ``others``: the sheets move one seat in the direction card's direction; each
   seat draws its field piece (action A) or fills one enclosed square (action B)
   on the sheet it holds. Repeated until every sheet is home.
4. Each sheet's owner scores the largest all-filled rectangle (area bonus); the
   direction card flips.

A seat with no legal action passes; the engine passes for it (no action is
recorded). What each seat has seen of each sheet is tracked so that
:meth:`AlluviumState.determinize` can resample exactly what it has not seen.

What a view needs (all on :class:`AlluviumState`; texts are translated):

- the map: :meth:`~AlluviumState.colour_at`, ``sheets[owner].colour_masks``,
  :attr:`~AlluviumState.start_squares`; colours and symbols in ``components``;
- who holds what: :meth:`~AlluviumState.held_by`, :meth:`~AlluviumState.holder_of`,
  :meth:`~AlluviumState.next_holder`, :meth:`~AlluviumState.sheets_to_come`,
  :meth:`~AlluviumState.visible`, :attr:`~AlluviumState.direction`;
- the pieces: :meth:`~AlluviumState.pieces_to_draw`, :meth:`~AlluviumState.field_card`,
  :meth:`~AlluviumState.hand_card` (only for its own seat),
  ``components.piece(id).orientations`` and ``orientation_index(turns, mirrored)``;
- moves: :meth:`~AlluviumState.placements`, :meth:`~AlluviumState.fill_squares`,
  :meth:`~AlluviumState.placement_problem`, :meth:`~AlluviumState.why_illegal`,
  :meth:`~AlluviumState.check_edges`, :meth:`~AlluviumState.checks_for`,
  :meth:`~AlluviumState.describe_action`;
- scores: :meth:`~AlluviumState.track`, ``sheets[owner].area``,
  :meth:`~AlluviumState.best_rectangle`, :meth:`~AlluviumState.breakdown`,
  :meth:`~AlluviumState.cooperation_ranking` (each line with ``explanation()``);
- what happened: :attr:`~AlluviumState.events`.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from reclaimdesk.core.game import TERMINAL, GameState
from reclaimdesk.core.grid import Cell, Rectangle, SquareGrid, cell_name, largest_rectangle
from reclaimdesk.core.i18n import _, ngettext
from reclaimdesk.core.rng import Rng
from reclaimdesk.games.alluvium.actions import FILL, PLACE, AlluviumAction
from reclaimdesk.games.alluvium.components import (
    COLOUR_IDS,
    COLOUR_NAMES,
    DIRECTION_NAMES,
    Components,
    Piece,
    load_components,
)

OWN = "own"
VIRTUAL = "virtual"
OTHERS = "others"
OVER = "over"

SHARES = {1: 1, 2: 2, 3: 4}
"""Place -> divisor of the largest group: 1st full, 2nd half, 3rd a quarter."""


def rounds_for(num_players: int) -> int:
    """4 rounds with 3 or 4 players, 3 with 5."""
    return 3 if num_players >= 5 else 4


def palette_for(num_players: int, colours: str) -> tuple[str, ...]:
    """The colour id of each slot (seat ``i`` is slot ``i``; with three players the
    virtual player is slot 3) from the ``colours`` option: the seats' colours in
    seat order, comma-separated, and with three players optionally a fourth, the
    virtual player's. Empty: the rule book's order (red, brown, blue; virtual
    yellow). Colours no one plays fill the remaining slots in the book's order.
    A bad value raises ValueError with a sentence for the player."""
    if not colours.strip():
        return COLOUR_IDS
    chosen = [c.strip().lower() for c in colours.split(",")]
    wanted = (num_players, num_players + 1) if num_players == 3 else (num_players,)
    if len(chosen) not in wanted:
        if num_players == 3:
            raise ValueError(_("option 'colours' names {count} colours; 3 players need 3, or 4 with the "
                               "virtual player's last").format(count=len(chosen)))
        raise ValueError(_("option 'colours' names {count} colours; {players} players need {players}").format(
            count=len(chosen), players=num_players))
    for c in chosen:
        if c not in COLOUR_IDS:
            raise ValueError(_("option 'colours': there is no colour '{colour}' (the colours are {colours})").format(
                colour=c, colours=", ".join(COLOUR_IDS)))
    if len(set(chosen)) != len(chosen):
        raise ValueError(_("option 'colours': each player (and the virtual player) plays a different colour"))
    rest = [c for c in COLOUR_IDS if c not in chosen]
    if num_players == 3 and len(chosen) == 3:
        chosen.append(rest.pop(0))      # the virtual player takes the first colour left
    slots = chosen + rest
    return tuple(slots)


def _popcount(x: int) -> int:
    return x.bit_count()


FREE_KEPT = 512
"""How many (piece, filled squares) answers :meth:`Geometry.free_actions` keeps
before it starts again (a few hundred kilobytes at most)."""


class Geometry:
    """Bit-set helpers for one map size (cached per size)."""

    _cache: dict[int, "Geometry"] = {}

    def __init__(self, size: int) -> None:
        self.size = size
        self.grid = SquareGrid(size, size)
        full = self.grid.full_mask
        first = sum(1 << (r * size) for r in range(size))
        last = first << (size - 1)
        self.full = full
        self.not_first = full & ~first
        self.not_last = full & ~last
        self.border = self.grid.border_mask()
        self.interior = full & ~self.border
        top = (1 << size) - 1
        self._edges = (top, top << (size * (size - 1)), first, last)
        # keyed by the piece itself (id and shape), so a data file changed on disk
        # and loaded again never meets the placements of the old shape
        self._placements: dict[Piece, tuple[tuple[int, Cell, int], ...]] = {}
        self._masks: dict[Piece, dict[tuple[int, Cell], int]] = {}
        self._actions: dict[Piece, tuple[AlluviumAction, ...]] = {}
        self._action_of: dict[Piece, dict[tuple[int, Cell], AlluviumAction]] = {}
        self._free: dict[tuple[Piece, int], tuple[AlluviumAction, ...]] = {}
        self._covering: dict[tuple[Piece, int], tuple[tuple[int, Cell, int], ...]] = {}
        self._covering_actions: dict[tuple[Piece, int], tuple] = {}
        self._rects: dict[int, int] = {}
        self._shapes: dict[Piece, tuple] = {}
        self._action_shapes_of: dict[Piece, tuple] = {}

    @classmethod
    def of(cls, size: int) -> "Geometry":
        g = cls._cache.get(size)
        if g is None:
            g = cls._cache[size] = Geometry(size)
        return g

    def placements(self, piece: Piece) -> tuple[tuple[int, Cell, int], ...]:
        """Every ``(orientation, anchor, mask)`` of ``piece`` inside the map."""
        cached = self._placements.get(piece)
        if cached is None:
            out = []
            for k, o in enumerate(piece.orientations):
                for r in range(self.size - o.height + 1):
                    for c in range(self.size - o.width + 1):
                        out.append((k, (r, c), self.grid.mask(o.placed((r, c)))))
            cached = self._placements[piece] = tuple(out)
            self._masks[piece] = {(k, anchor): m for k, anchor, m in cached}
        return cached

    def covering(self, piece: Piece, squares: int) -> tuple[tuple[int, Cell, int], ...]:
        """The :meth:`placements` of ``piece`` that cover one of ``squares`` (a
        mask), in the same order (round 1's start squares: a short list to filter
        instead of every placement)."""
        key = (piece, squares)
        cached = self._covering.get(key)
        if cached is None:
            cached = self._covering[key] = tuple(p for p in self.placements(piece) if p[2] & squares)
        return cached

    def covering_actions(self, piece: Piece, squares: int) -> tuple[tuple[AlluviumAction, tuple[int, Cell, int]], ...]:
        """``(action, placement)`` for each of :meth:`covering` (same order): round
        1's legal actions are filtered from this short list."""
        key = (piece, squares)
        cached = self._covering_actions.get(key)
        if cached is None:
            cached = self._covering_actions[key] = tuple(
                (a, p) for a, p in zip(self.place_actions(piece), self.placements(piece)) if p[2] & squares)
        return cached

    def place_actions(self, piece: Piece) -> tuple[AlluviumAction, ...]:
        """The action drawing ``piece`` for each of :meth:`placements` (same order;
        built once, so listing legal actions creates no objects)."""
        cached = self._actions.get(piece)
        if cached is None:
            cached = self._actions[piece] = tuple(
                AlluviumAction.place(piece.id, k, anchor) for k, anchor, _m in self.placements(piece))
        return cached

    def place_action(self, piece: Piece, orientation: int, anchor: Cell) -> AlluviumAction:
        """The action of :meth:`place_actions` drawing ``piece`` in ``orientation``
        on ``anchor`` (the same object each time: no object is built, and finding
        it in a list of legal actions meets it by identity)."""
        by_place = self._action_of.get(piece)
        if by_place is None:
            by_place = self._action_of[piece] = {
                (k, anchor): a for (k, anchor, _m), a in zip(self.placements(piece), self.place_actions(piece))}
        return by_place[orientation, anchor]

    def free_actions(self, piece: Piece, filled: int) -> tuple[AlluviumAction, ...]:
        """The :meth:`place_actions` of ``piece`` covering none of ``filled``, in
        their order. Recent answers are kept (up to :data:`FREE_KEPT`): a search
        lists the same sheets' actions once per sampled world."""
        key = (piece, filled)
        free = self._free.get(key)
        if free is None:
            if len(self._free) >= FREE_KEPT:
                self._free.clear()
            free = self._free[key] = tuple(placed(self._action_shapes(piece), self.free_anchors(piece, filled)))
        return free

    def _action_shapes(self, piece: Piece) -> tuple[tuple[tuple[int, ...], int, list], ...]:
        """:meth:`shapes` with each placement's :meth:`place_actions` object in
        its place (for :func:`placed`: the actions at a mask of anchors)."""
        cached = self._action_shapes_of.get(piece)
        if cached is None:
            by_place = {p: a for p, a in zip(self.placements(piece), self.place_actions(piece))}
            cached = self._action_shapes_of[piece] = tuple(
                (shifts, valid, [None if p is None else by_place[p] for p in places])
                for shifts, valid, places in self.shapes(piece))
        return cached

    def mask_of(self, piece: Piece, orientation: int, anchor: Cell) -> int | None:
        """The squares of ``piece`` in ``orientation`` with its corner on ``anchor``,
        or None when that placement leaves the map."""
        masks = self._masks.get(piece)
        if masks is None:
            self.placements(piece)
            masks = self._masks[piece]
        return masks.get((orientation, anchor))

    def edge_contact(self, mask: int) -> int:
        """How many sides of squares of ``mask`` lie on the map's edge."""
        t, b, l, r = self._edges
        return ((mask & t).bit_count() + (mask & b).bit_count() + (mask & l).bit_count()
                + (mask & r).bit_count())

    def shared_edges(self, new: int, owner: int) -> int:
        """How many edges squares of ``new`` share with squares of ``owner``."""
        n = self.size
        return (_popcount(new & self.not_last & (owner >> 1))
                + _popcount(new & self.not_first & (owner << 1))
                + _popcount(new & (owner >> n))
                + _popcount(new & (owner << n)))

    def layers(self, mask: int) -> tuple[int, int, int, int]:
        """Squares with at least 1, 2, 3 and 4 neighbours in ``mask``: for any
        ``new``, ``shared_edges(new, mask)`` is the sum of ``(new & layer)``'s bit
        counts (four counts, no shifts: for judging many placements at once)."""
        n = self.size
        a = (mask << n) & self.full
        b = mask >> n
        c = (mask & self.not_last) << 1
        d = (mask & self.not_first) >> 1
        ab, cd = a & b, c & d
        return (a | b | c | d, ab | cd | ((a | b) & (c | d)), (ab & (c | d)) | (cd & (a | b)), ab & cd)

    def enclosed(self, filled: int) -> int:
        """Empty squares off the border whose four neighbours are all filled."""
        n = self.size
        return (self.interior & ~filled & (filled >> 1) & (filled << 1)
                & (filled >> n) & (filled << n))

    def largest_group(self, mask: int) -> int:
        """The size of the largest edge-connected group of ``mask`` (groups grown
        in place; it stops once the squares left cannot hold a larger one)."""
        best = 0
        rest = mask
        n = self.size
        nf, nl = self.not_first, self.not_last
        while rest and rest.bit_count() > best:
            g = rest & -rest
            while True:
                more = ((g >> n) | (g << n) | ((g & nf) >> 1) | ((g & nl) << 1)) & mask & ~g
                if not more:
                    break
                g |= more
            best = max(best, g.bit_count())
            rest &= ~g
        return best

    def rect_area(self, filled: int) -> int:
        """:meth:`SquareGrid.largest_rectangle_area` of ``filled``; recent answers
        are kept (up to :data:`FREE_KEPT`): a search scores the same sheets again
        and again."""
        area = self._rects.get(filled)
        if area is None:
            if len(self._rects) >= 8 * FREE_KEPT:
                self._rects.clear()
            area = self._rects[filled] = self.grid.largest_rectangle_area(filled)
        return area

    def shapes(self, piece: Piece) -> tuple[tuple[tuple[int, ...], int, list], ...]:
        """``piece``'s :meth:`placements` per orientation, in their order, as
        ``(shifts, anchors, places)``: the bit offsets of its squares from its
        anchor, the mask of the anchors where it lies inside the map, and the
        placement at each anchor's bit index. A placement at anchor bit ``a`` is
        the orientation's shape shifted by ``a``, so it covers a square of
        ``mask`` exactly when bit ``a`` of ``mask >> s`` is set for one of
        ``shifts``: one pass of shifts finds every free anchor of an orientation."""
        cached = self._shapes.get(piece)
        if cached is None:
            grid = self.grid
            groups: dict[int, list[tuple[int, Cell, int]]] = {}
            for p in self.placements(piece):
                groups.setdefault(p[0], []).append(p)
            out = []
            for group in groups.values():
                shape = group[0][2] >> grid.index(group[0][1])
                shifts = tuple(i for i in range(shape.bit_length()) if shape >> i & 1)
                valid = 0
                places: list = [None] * (self.size * self.size)
                for p in group:
                    a = grid.index(p[1])
                    if p[2] != shape << a:
                        raise ValueError(f"piece {piece.id}: placement masks are not shifts of one shape")
                    valid |= 1 << a
                    places[a] = p
                out.append((shifts, valid, places))
            cached = self._shapes[piece] = tuple(out)
        return cached

    def free_placements(self, piece: Piece, filled: int) -> list[tuple[int, Cell, int]]:
        """The :meth:`placements` of ``piece`` covering none of ``filled``, in
        their order (found per orientation with :meth:`shapes`)."""
        shapes = self.shapes(piece)
        frees = []
        for shifts, valid, _places in shapes:
            bad = 0
            for s in shifts:
                bad |= filled >> s
            frees.append(valid & ~bad)
        return placed(shapes, frees)

    def free_anchors(self, piece: Piece, filled: int) -> list[int]:
        """The anchors of :meth:`free_placements` as one mask per orientation of
        :meth:`shapes` (its placements: :func:`placed`; the ``k``-th of them:
        :func:`nth_placed`), without listing them."""
        frees = []
        for shifts, valid, _places in self.shapes(piece):
            bad = 0
            for s in shifts:
                bad |= filled >> s
            frees.append(valid & ~bad)
        return frees



def nth_placed(shapes: tuple[tuple[tuple[int, ...], int, list], ...], anchors: list[int],
               k: int) -> tuple[int, Cell, int]:
    """``placed(shapes, anchors)[k]`` without building the list (``k`` must be
    below the anchors' total bit count)."""
    for (_shifts, _valid, places), x in zip(shapes, anchors):
        n = x.bit_count()
        if k < n:
            for _ in range(k):
                x &= x - 1
            return places[(x & -x).bit_length() - 1]
        k -= n
    raise IndexError("placement index out of range")


def placed(shapes: tuple[tuple[tuple[int, ...], int, list], ...], anchors: list[int]) -> list[tuple[int, Cell, int]]:
    """The placements of :meth:`Geometry.shapes` at the anchor bits of
    ``anchors`` (one mask per orientation), in :meth:`Geometry.placements`'
    order."""
    out = []
    for (_shifts, _valid, places), x in zip(shapes, anchors):
        while x:
            low = x & -x
            out.append(places[low.bit_length() - 1])
            x ^= low
    return out


class Entry(NamedTuple):
    """One slot of a sheet's log: who drew what there, when.

    ``phase`` is ``own``, ``virtual`` or ``others``; ``kind`` is ``place``,
    ``fill`` or ``pass``; ``colour`` the colour index drawn (the virtual colour's
    in the virtual phase); ``mask`` the squares filled (0 for a pass)."""

    round: int
    phase: str
    actor: int
    colour: int
    kind: str
    piece: str
    orientation: int
    anchor: Cell | None
    mask: int


class Sheet:
    """One player's sheet: the map (a bit set per colour), the check track (a
    count per colour) and the area bonus of each scored round."""

    __slots__ = ("owner", "filled", "colour_masks", "checks", "area", "entries")

    def __init__(self, owner: int) -> None:
        self.owner = owner
        self.filled = 0
        self.colour_masks = [0] * len(COLOUR_IDS)
        self.checks = [0] * len(COLOUR_IDS)
        self.area: list[int] = []
        self.entries: list[Entry] = []

    def copy(self) -> "Sheet":
        s = Sheet.__new__(Sheet)
        s.owner = self.owner
        s.filled = self.filled
        s.colour_masks = list(self.colour_masks)
        s.checks = list(self.checks)
        s.area = list(self.area)
        s.entries = list(self.entries)
        return s

    def key(self) -> tuple:
        return (self.owner, self.filled, tuple(self.colour_masks), tuple(self.checks),
                tuple(self.area), tuple(self.entries))

    def colour_index_at(self, bit: int) -> int | None:
        for i, m in enumerate(self.colour_masks):
            if m & bit:
                return i
        return None


@dataclass(frozen=True)
class CooperationPlace:
    """One colour's line in a sheet's cooperation ranking."""

    colour: str
    checks: int
    place: int
    """1-based; equal checks share a place and the next place is skipped."""
    group: int
    """The colour's largest edge-connected group of squares on the sheet."""
    points: int
    virtual: bool
    last: bool
    """Last place (no points): the place equal to the number of ranked colours."""

    def explanation(self) -> str:
        """One translated sentence saying why the colour gets its points."""
        return _explain_place(self, _(COLOUR_NAMES[self.colour]))


def _explain_place(p: CooperationPlace, name: str) -> str:
    checks = ngettext("{n} check", "{n} checks", p.checks).format(n=p.checks)
    if p.last:
        text = _("{colour}: {checks}, last place, no points").format(colour=name, checks=checks)
    elif p.points == 0 and p.group == 0:
        text = _("{colour}: {checks}, place {place}, but no squares here: no points").format(
            colour=name, checks=checks, place=p.place)
    elif p.place == 1:
        text = _("{colour}: {checks}, 1st place: largest group {group} squares = {points} points"
                 ).format(colour=name, checks=checks, group=p.group, points=p.points)
    elif p.place == 2:
        text = _("{colour}: {checks}, 2nd place: half of largest group {group} = {points} points"
                 ).format(colour=name, checks=checks, group=p.group, points=p.points)
    else:
        text = _("{colour}: {checks}, 3rd place: a quarter of largest group {group} = {points} points"
                 ).format(colour=name, checks=checks, group=p.group, points=p.points)
    if p.virtual:
        text += " " + _("(virtual colour: not scored)")
    return text


def rank_colours(checks: Mapping[int, int], groups: Mapping[int, int],
                 virtual: int | None, palette: tuple[str, ...] = COLOUR_IDS) -> list[CooperationPlace]:
    """One sheet's cooperation ranking from what it shows: ``checks`` and ``groups``
    (the largest edge-connected group of squares) of each other colour at the
    table, by colour index; ``virtual``: the virtual colour's index, if any;
    ``palette``: the colour id of each index (the game's slots). Equal checks
    share a place; the last place scores nothing."""
    counts = sorted(checks.values(), reverse=True)
    out = []
    for c in checks:
        place = 1 + sum(1 for v in counts if v > checks[c])
        group = groups[c]
        last = place >= len(checks) or place not in SHARES
        points = 0 if last else group // SHARES[place]
        out.append(CooperationPlace(palette[c], checks[c], place, group, points, c == virtual, last))
    out.sort(key=lambda p: (p.place, palette.index(p.colour)))
    return out


def winners_by(scores: list[float], cooperation: list[int] | None) -> list[int]:
    """The winning seats: the highest total, then (at the end) the most cooperation
    points; seats still level share the win."""
    best = max(scores)
    top = [i for i, s in enumerate(scores) if s == best]
    if len(top) > 1 and cooperation is not None:
        most = max(cooperation[i] for i in top)
        top = [i for i in top if cooperation[i] == most]
    return top


class AlluviumState(GameState):
    """A game of Alluvium for 3 to 5 players."""

    HIDDEN_ATTRIBUTES = ("seed", "decks", "hand_cards", "to_place", "sheets", "history", "events")
    """What some seat cannot see: the decks' order and the seed they were shuffled
    from, the round-1 hand cards (also among the pieces ``to_place``), the sheets it
    does not hold as they changed since it last held them (a seat reads its own
    through :attr:`sheet`), and the history and events that would tell those moves.
    AI players read them only on :meth:`determinize` copies
    (``tests/test_ai_honesty.py`` holds them to it)."""

    def __init__(self, num_players: int, seed: int, options: Mapping[str, Any]) -> None:
        super().__init__(num_players, seed, options)
        comp = load_components()
        self.components: Components = comp
        self.geo = Geometry.of(comp.sheet.size)
        self.rounds = rounds_for(num_players)
        self.virtual: int | None = 3 if num_players == 3 else None
        """Slot of the virtual player's colour (3 players), else None."""
        self.palette: tuple[str, ...] = palette_for(num_players, str(self.options.get("colours", "")))
        """The colour id of each slot: seat ``i`` plays ``palette[i]``, the virtual
        player (3 players) ``palette[3]``; the rest are colours nobody plays."""
        colours = list(range(num_players)) + ([3] if self.virtual is not None else [])
        self.colours_in_play: tuple[int, ...] = tuple(colours)
        start_a, start_b = comp.sheet.start_squares
        self.start_mask = self.geo.grid.bit(start_a) | self.geo.grid.bit(start_b)

        root = Rng(self.seed)
        self.decks: list[list[str]] = [[] for _ in COLOUR_IDS]
        for c in colours:
            deck = list(comp.piece_ids)
            root.derive(f"alluvium-deck-{self.palette[c]}").shuffle(deck)
            self.decks[c] = deck
        self.field_history: list[list[str]] = [[] for _ in COLOUR_IDS]
        """Each colour's field cards so far, one per round (public)."""
        self.hand_cards: list[str] = [""] * num_players
        """Round 1's hand card of each seat (seen only by that seat)."""
        self.to_place: list[list[str]] = [[] for _ in range(num_players)]
        self.sheets = [Sheet(i) for i in range(num_players)]
        self.seen = [[0] * num_players for _ in range(num_players)]
        """``seen[viewer][owner]``: entries of ``owner``'s sheet ``viewer`` has seen."""
        self.cooperation: list[list[CooperationPlace]] | None = None
        self.round = 0
        self.phase = OWN
        self.step = 0
        self.seat = 0
        self.direction = comp.direction.start
        self.events: list[tuple[str, int, Any]] = []
        """What happened, for views: ``(kind, seat, detail)``; kinds: ``place``,
        ``fill``, ``pass``, ``virtual-card``, ``move-sheets``, ``area``,
        ``direction``, ``over``. Views may clear it after reading."""
        self._begin_round(1)
        self._settle()

    # --- public queries ------------------------------------------------------
    @property
    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.seat

    @property
    def size(self) -> int:
        return self.components.sheet.size

    @property
    def start_squares(self) -> tuple[Cell, Cell]:
        return self.components.sheet.start_squares

    def colour_of(self, seat: int) -> str:
        """The colour id a seat plays (a slot: a seat, or the virtual player's 3)."""
        return self.palette[seat]

    def colour_name(self, slot: int) -> str:
        """The colour of a slot, in the current language ('red')."""
        return _(COLOUR_NAMES[self.palette[slot]])

    @property
    def virtual_colour(self) -> str | None:
        return None if self.virtual is None else self.palette[self.virtual]

    @property
    def step_direction(self) -> int:
        """+1 when sheets go to the next seat clockwise, -1 counterclockwise."""
        return self.components.direction.step(self.direction)

    def holder_of(self, owner: int) -> int:
        """The seat holding ``owner``'s sheet now."""
        if self.phase == OTHERS:
            return (owner + self.step * self.step_direction) % self.num_players
        return owner

    def held_by(self, seat: int) -> int:
        """Whose sheet ``seat`` holds now."""
        if self.phase == OTHERS:
            return (seat - self.step * self.step_direction) % self.num_players
        return seat

    def next_holder(self, owner: int) -> int | None:
        """The seat ``owner``'s sheet goes to next this round (its owner when it
        comes home), or None once the game is over."""
        if self.phase == OVER:
            return None
        return (self.holder_of(owner) + self.step_direction) % self.num_players

    def sheets_to_come(self, seat: int) -> int:
        """How many more sheets of other players ``seat`` receives this round
        (not counting the one it holds now)."""
        if self.phase == OVER:
            return 0
        if self.phase == OTHERS:
            return self.num_players - 1 - self.step
        return self.num_players - 1

    @property
    def sheet(self) -> Sheet:
        """The sheet the current player draws on."""
        return self.sheets[self.held_by(self.seat)]

    def field_card(self, colour: int) -> str | None:
        """The piece on top of ``colour``'s field pile (public), if any."""
        hist = self.field_history[colour]
        return hist[-1] if hist else None

    def hand_card(self, seat: int, viewer: int) -> str | None:
        """Round 1's hand card of ``seat``, shown only to ``seat`` itself."""
        if viewer != seat or not self.hand_cards[seat]:
            return None
        return self.hand_cards[seat]

    def pieces_to_draw(self) -> list[str]:
        """The pieces the current player may draw now (round 1's own phase: both
        cards not yet drawn; otherwise the field card, or the virtual one)."""
        if self.phase == OWN:
            return list(self.to_place[self.seat])
        if self.phase == VIRTUAL:
            assert self.virtual is not None
            return [self.field_history[self.virtual][-1]]
        if self.phase == OTHERS:
            return [self.field_history[self.seat][-1]]
        return []

    def drawing_colour(self) -> int:
        """Colour index the current player draws in (the virtual one in its phase)."""
        if self.phase == VIRTUAL:
            assert self.virtual is not None
            return self.virtual
        return self.seat

    def visible(self, viewer: int, owner: int) -> bool:
        """Whether ``viewer`` may look at ``owner``'s sheet now (only while it holds
        it, as on paper; every sheet once the game is over)."""
        return self.phase == OVER or self.held_by(viewer) == owner

    def piece(self, piece_id: str) -> Piece:
        return self.components.piece(piece_id)

    def colour_at(self, owner: int, cell: Cell) -> str | None:
        """The colour id filling ``cell`` on ``owner``'s sheet, or None if empty."""
        i = self.sheets[owner].colour_index_at(self.geo.grid.bit(cell))
        return None if i is None else self.palette[i]

    def track(self, owner: int) -> list[tuple[str, int]]:
        """The check track of ``owner``'s sheet: ``(colour id, checks)`` for each
        other colour at the table, in seat order (the virtual colour last)."""
        sheet = self.sheets[owner]
        return [(self.palette[c], sheet.checks[c]) for c in self.colours_in_play if c != owner]

    def sheet_as_seen(self, viewer: int, owner: int) -> Sheet:
        """``owner``'s sheet as ``viewer`` last saw it: the sheet itself while the
        viewer holds it (and every sheet once the game is over), else its map and
        track replayed from the entries the viewer saw, with the area bonuses only
        on the viewer's own sheet (it wrote them). Nothing hidden shows."""
        sheet = self.sheets[owner]
        if self.visible(viewer, owner):
            return sheet
        seen = Sheet(owner)
        for entry in sheet.entries[: self.seen[viewer][owner]]:
            self._record(seen, entry)
        if owner == viewer:
            seen.area = list(sheet.area)
        return seen

    # --- placements ----------------------------------------------------------
    def _needs_start(self) -> bool:
        return self.phase == OWN and self.round == 1

    def placements(self, piece_id: str, sheet: Sheet | None = None) -> list[tuple[int, Cell, int]]:
        """Legal ``(orientation, anchor, mask)`` for drawing ``piece_id`` now on
        ``sheet`` (default: the current player's)."""
        sheet = sheet or self.sheet
        filled = sheet.filled
        if self._needs_start():
            open_starts = self.start_mask & ~filled
            options = self.geo.covering(self.piece(piece_id), self.start_mask)
            return [p for p in options if not p[2] & filled and p[2] & open_starts]
        return [p for p in self.geo.placements(self.piece(piece_id)) if not p[2] & filled]

    def fill_squares(self, sheet: Sheet | None = None) -> list[Cell]:
        """Squares where action B is possible now (empty in the current phase for
        anything but a received sheet)."""
        if self.phase != OTHERS:
            return []
        sheet = sheet or self.sheet
        return self.geo.grid.cells_of(self.geo.enclosed(sheet.filled))

    def action_mask(self, action: AlluviumAction) -> int:
        """The squares ``action`` fills (it must be well-formed: see why_illegal)."""
        if action.kind == FILL:
            return self.geo.grid.bit(action.cell)
        piece = self.piece(action.piece)
        known = self.geo.mask_of(piece, action.orientation, action.cell)
        if known is not None:
            return known
        o = piece.orientations[action.orientation]
        return self.geo.grid.mask(o.placed(action.cell))

    def checks_for(self, action: AlluviumAction) -> int:
        """Checks the current player would earn with ``action`` (0 on its own sheet)."""
        owner = self.held_by(self.seat)
        if self.phase == OWN:
            return 0
        sheet = self.sheets[owner]
        return self.geo.shared_edges(self.action_mask(action), sheet.colour_masks[owner])

    def check_edges(self, action: AlluviumAction) -> list[tuple[Cell, Cell]]:
        """The edges ``action`` would turn into checks, as ``(new square, owner's
        square)`` pairs (none on one's own sheet)."""
        if self.phase == OWN:
            return []
        owner = self.held_by(self.seat)
        theirs = self.sheets[owner].colour_masks[owner]
        grid = self.geo.grid
        out = []
        for cell in grid.cells_of(self.action_mask(action)):
            for n in grid.neighbours(cell):
                if grid.bit(n) & theirs:
                    out.append((cell, n))
        return out

    # --- legality --------------------------------------------------------------
    def legal_actions(self) -> list[Hashable]:
        if self.phase == OVER:
            return []
        out: list[Hashable] = []
        filled = self.sheet.filled
        for pid in dict.fromkeys(self.pieces_to_draw()):
            piece = self.piece(pid)
            if self._needs_start():
                open_starts = self.start_mask & ~filled
                out.extend([a for a, p in self.geo.covering_actions(piece, self.start_mask)
                            if not p[2] & filled and p[2] & open_starts])
            else:
                out.extend(self.geo.free_actions(piece, filled))
        out.extend(AlluviumAction.fill(c) for c in self.fill_squares())
        return out

    def why_illegal(self, action: Hashable) -> str:  # noqa: C901 - one reason per rule
        """'' when ``action`` is legal now, else the reason (translated)."""
        if not isinstance(action, AlluviumAction):
            return _("not an Alluvium action")
        if self.phase == OVER:
            return _("the game is over")
        size = self.size
        if action.kind == FILL:
            if self.phase != OTHERS:
                if self.phase == VIRTUAL:
                    return _("the virtual colour always draws its piece, never a single square")
                return _("on your own sheet you draw your piece; a single square is only for received sheets")
            r, c = action.cell
            if not (0 <= r < size and 0 <= c < size):
                return _("{square} is not on the map").format(square=cell_name(action.cell))
            bit = self.geo.grid.bit(action.cell)
            if bit & self.sheet.filled:
                return _("{square} is already filled").format(square=cell_name(action.cell))
            if bit & self.geo.border:
                return _("a single square may not be on the edge of the map")
            if not bit & self.geo.enclosed(self.sheet.filled):
                return _("a single square needs all four neighbours filled")
            return ""
        if action.kind != PLACE:
            return _("not an Alluvium action")
        allowed = self.pieces_to_draw()
        if action.piece not in allowed:
            if action.piece not in self.components.piece_ids:
                return _("there is no piece {piece}").format(piece=action.piece)
            return _("the piece to draw is {allowed}, not {piece}").format(
                allowed=" / ".join(dict.fromkeys(allowed)), piece=action.piece)
        problem = self.placement_problem(action.piece, action.orientation, action.cell)
        return problem or ""

    def placement_problem(self, piece_id: str, orientation: int, anchor: Cell) -> str | None:
        """Why drawing ``piece_id`` in ``orientation`` with its corner on ``anchor``
        is not allowed on the current sheet, or None when it is (the piece itself
        is not checked against the player's cards here)."""
        piece = self.piece(piece_id)
        if not 0 <= orientation < len(piece.orientations):
            return ngettext("this piece has only {n} orientation",
                            "this piece has only {n} orientations",
                            len(piece.orientations)).format(n=len(piece.orientations))
        cells = piece.orientations[orientation].placed(anchor)
        size = self.size
        if any(not (0 <= r < size and 0 <= c < size) for r, c in cells):
            return _("the piece must stay inside the map")
        m = self.geo.grid.mask(cells)
        if m & self.sheet.filled:
            return _("the piece may not cover a filled square")
        if self._needs_start():
            starts = m & self.start_mask
            if not starts:
                return _("in round 1 each of your two pieces covers one of the outlined start squares")
            if starts & self.sheet.filled:  # pragma: no cover - overlap caught above
                return _("that start square is already covered")
        return None

    # --- applying ------------------------------------------------------------
    def _apply(self, action: Hashable) -> None:
        assert isinstance(action, AlluviumAction)
        seat = self.seat
        owner = self.held_by(seat)
        sheet = self.sheets[owner]
        colour = self.drawing_colour()
        mask = self.action_mask(action)
        if action.kind == PLACE:
            entry = Entry(self.round, self.phase, seat, colour, PLACE, action.piece,
                          action.orientation, action.cell, mask)
        else:
            entry = Entry(self.round, self.phase, seat, colour, FILL, "", 0, action.cell, mask)
        self._record(sheet, entry)
        self.events.append((action.kind, seat, (owner, mask)))
        if self.phase == OWN:
            self.to_place[seat].remove(action.piece)
            if self.to_place[seat]:
                self._settle()
                return
        self._advance()
        self._settle()

    def _record(self, sheet: Sheet, entry: Entry) -> None:
        """Write ``entry`` on ``sheet``: squares, checks and the log."""
        if entry.mask:
            if entry.phase != OWN:
                # checks go to the drawing colour for edges shared with the owner's
                gained = self.geo.shared_edges(entry.mask, sheet.colour_masks[sheet.owner])
                sheet.checks[entry.colour] += gained
            sheet.filled |= entry.mask
            sheet.colour_masks[entry.colour] |= entry.mask
        sheet.entries.append(entry)

    def _pass(self) -> None:
        seat = self.seat
        owner = self.held_by(seat)
        colour = self.drawing_colour()
        pieces = self.pieces_to_draw()
        entry = Entry(self.round, self.phase, seat, colour, "pass", pieces[0] if pieces else "",
                      0, None, 0)
        self._record(self.sheets[owner], entry)
        self.events.append(("pass", seat, (owner, 0)))
        if self.phase == OWN and pieces:
            self.to_place[seat].remove(pieces[0])
            if self.to_place[seat]:
                return
        self._advance()

    def _settle(self) -> None:
        """Pass for every seat that has no legal action, until one has."""
        while self.phase != OVER and not self._has_action():
            self._pass()
        self._refresh_seen()

    def _has_action(self) -> bool:
        if self._needs_start():
            if any(self.placements(pid) for pid in set(self.pieces_to_draw())):
                return True
        else:  # stops at the first free placement (this runs after every action)
            filled = self.sheet.filled
            for pid in set(self.pieces_to_draw()):
                for p in self.geo.placements(self.piece(pid)):
                    if not p[2] & filled:
                        return True
        return bool(self.phase == OTHERS and self.geo.enclosed(self.sheet.filled))

    def _refresh_seen(self) -> None:
        n = self.num_players
        sheets, seen = self.sheets, self.seen
        if self.phase == OVER:
            for viewer in range(n):
                for o in range(n):
                    seen[viewer][o] = len(sheets[o].entries)
            return
        # who holds what (held_by), worked out once for every viewer
        shift = self.step * self.step_direction if self.phase == OTHERS else 0
        for viewer in range(n):
            owner = (viewer - shift) % n
            seen[viewer][owner] = len(sheets[owner].entries)

    def _advance(self) -> None:
        """The current seat is done with this phase's step: next seat or phase."""
        if self.seat + 1 < self.num_players:
            self.seat += 1
            self._refresh_seen()
            return
        self.seat = 0
        if self.phase == OWN:
            if self.virtual is not None:
                self.phase = VIRTUAL
                card = self.decks[self.virtual].pop(0)
                self.field_history[self.virtual].append(card)
                self.events.append(("virtual-card", -1, card))
            else:
                self._move_sheets()
        elif self.phase == VIRTUAL:
            self._move_sheets()
        elif self.phase == OTHERS:
            if self.step + 1 < self.num_players:
                self._move_sheets()
            else:
                self._score_round()
        self._refresh_seen()

    def _move_sheets(self) -> None:
        self.phase = OTHERS
        self.step += 1
        self.events.append(("move-sheets", -1, self.step_direction))

    def _score_round(self) -> None:
        self.phase = OWN  # every sheet is home
        self.step = 0
        for sheet in self.sheets:
            points = self.geo.rect_area(sheet.filled)
            sheet.area.append(points)
            self.events.append(("area", sheet.owner, points))
        self.direction = self.components.direction.other(self.direction)
        self.events.append(("direction", -1, self.direction))
        if self.round == self.rounds:
            self.phase = OVER
            self.cooperation = [self.cooperation_ranking(o) for o in range(self.num_players)]
            self.events.append(("over", -1, None))
        else:
            self._begin_round(self.round + 1)

    def _begin_round(self, round_no: int) -> None:
        self.round = round_no
        self.phase = OWN
        self.step = 0
        self.seat = 0
        for seat in range(self.num_players):
            card = self.decks[seat].pop(0)
            self.field_history[seat].append(card)
            self.to_place[seat] = [card]
            if round_no == 1:
                self.hand_cards[seat] = self.decks[seat].pop(0)
                self.to_place[seat].append(self.hand_cards[seat])

    # --- scoring ----------------------------------------------------------------
    def best_rectangle(self, owner: int) -> Rectangle | None:
        """The largest all-filled rectangle on ``owner``'s sheet (any colours)."""
        filled = self.sheets[owner].filled
        bit = self.geo.grid.bit
        return largest_rectangle(lambda c: bool(bit(c) & filled), self.size, self.size)

    def area_now(self, owner: int) -> int:
        return self.geo.grid.largest_rectangle_area(self.sheets[owner].filled)

    def largest_group(self, owner: int, colour: int) -> int:
        """``colour``'s largest edge-connected group on ``owner``'s sheet."""
        return self.geo.largest_group(self.sheets[owner].colour_masks[colour])

    def cooperation_ranking(self, owner: int) -> list[CooperationPlace]:
        """The other colours on ``owner``'s sheet ranked by checks, with the
        points each gets (as if the game ended now; final once it is over)."""
        sheet = self.sheets[owner]
        others = [c for c in self.colours_in_play if c != owner]
        groups = {c: self.geo.largest_group(sheet.colour_masks[c]) for c in others}
        return rank_colours({c: sheet.checks[c] for c in others}, groups, self.virtual, self.palette)

    def cooperation_points(self, seat: int) -> int:
        """Cooperation bonus ``seat`` receives from the other sheets (final at the
        end; before, as if the game ended now)."""
        rankings = self.cooperation or [self.cooperation_ranking(o) for o in range(self.num_players)]
        colour = self.palette[seat]
        return sum(p.points for o, ranking in enumerate(rankings) if o != seat
                   for p in ranking if p.colour == colour)

    def area_points(self, seat: int) -> int:
        return sum(self.sheets[seat].area)

    def breakdown(self, seat: int) -> dict[str, Any]:
        """The score boxes of ``seat``'s sheet: area bonus per scored round, the
        cooperation bonus from each other sheet (None before the end) and the total."""
        area = list(self.sheets[seat].area)
        coop: dict[str, int] | None = None
        if self.cooperation is not None:
            colour = self.palette[seat]
            coop = {}
            for o, ranking in enumerate(self.cooperation):
                if o != seat:
                    coop[self.palette[o]] = sum(p.points for p in ranking if p.colour == colour)
        total = sum(area) + (sum(coop.values()) if coop else 0)
        return {"area": area, "cooperation": coop, "total": total}

    def scores(self) -> list[float]:
        out = []
        for seat in range(self.num_players):
            total = self.area_points(seat)
            if self.cooperation is not None:
                total += self.cooperation_points(seat)
            out.append(float(total))
        return out

    def winners(self) -> list[int]:
        coop = None if self.cooperation is None else [self.cooperation_points(i)
                                                       for i in range(self.num_players)]
        return winners_by(self.scores(), coop)

    def result(self) -> dict[str, Any]:
        out = super().result()
        out["area"] = [list(s.area) for s in self.sheets]
        out["cooperation"] = [self.cooperation_points(i) for i in range(self.num_players)]
        return out

    # --- notation and text ---------------------------------------------------
    def parse_action(self, text: str) -> Hashable:
        return AlluviumAction.parse(text)

    def describe_action(self, action: Hashable) -> str:
        assert isinstance(action, AlluviumAction)
        owner = self.held_by(self.seat)
        colour = self.colour_name(self.drawing_colour())
        whose = self.colour_name(owner)
        if action.kind == FILL:
            text = _("fill {square} on {owner}'s sheet").format(square=cell_name(action.cell), owner=whose)
        else:
            squares = self.squares_text(action)
            if self.phase == VIRTUAL:
                text = _("draw the virtual {colour} piece {piece} on {squares}").format(
                    colour=colour, piece=action.piece, squares=squares)
            elif self.phase == OWN:
                text = _("draw piece {piece} on {squares} of your own sheet").format(
                    piece=action.piece, squares=squares)
            else:
                text = _("draw piece {piece} on {squares} of {owner}'s sheet").format(
                    piece=action.piece, squares=squares, owner=whose)
        if self.phase != OVER and self.is_legal(action) and self.phase != OWN:
            n = self.checks_for(action)
            if n:
                text += " " + ngettext("({n} check)", "({n} checks)", n).format(n=n)
        return text

    def covered_cells(self, action: AlluviumAction) -> list[Cell]:
        """The squares ``action`` fills, row by row (inside the map only)."""
        if action.kind == FILL:
            return [action.cell]
        piece = self.piece(action.piece)
        if not 0 <= action.orientation < len(piece.orientations):
            return []
        size = self.size
        return sorted((r, c) for r, c in piece.orientations[action.orientation].placed(action.cell)
                      if 0 <= r < size and 0 <= c < size)

    def squares_text(self, action: AlluviumAction) -> str:
        """'d4, e4, c5, d5': the squares the action fills, as the log names them."""
        return _(", ").join(cell_name(c) for c in self.covered_cells(action))

    def direction_name(self) -> str:
        return _(DIRECTION_NAMES[self.direction])

    # --- taking back (what the match's one rule needs) -------------------------------
    take_back_unit = "action"
    """One take back removes one drawing: round 1's two start pieces are taken back
    one at a time."""

    private_turns = True
    """What a seat draws is seen only by whoever holds that sheet: nothing is taken
    back once another person is to play."""

    def turn_key(self) -> Hashable:
        """A seat's turn within one phase step (a seat that acts again after the
        others passed is on a new turn)."""
        return (self.round, self.phase, self.step, self.seat)

    def seen_key(self) -> Hashable:
        """The round, phase and pass step: a new one turns up field cards or the
        virtual colour's card, or hands each seat a sheet it had not seen, so a
        take back never reaches past it."""
        return (self.round, self.phase, self.step)

    def touched_places(self) -> tuple[Hashable, ...]:
        """``(owner, square)`` for each square the last drawing filled (the engine's
        own passes after it fill nothing)."""
        for kind, _seat, detail in reversed(self.events):
            if kind in (PLACE, FILL):
                owner, mask = detail
                return tuple((owner, cell) for cell in self.geo.grid.cells_of(mask))
        return ()

    # --- API plumbing ------------------------------------------------------------
    def data_versions(self) -> dict[str, int]:
        return dict(self.components.versions)

    def state_key(self) -> Hashable:
        return (
            self.num_players, self.seed, tuple(sorted(self.options.items())), self.round,
            self.phase, self.step, self.seat, self.direction,
            tuple(tuple(d) for d in self.decks), tuple(tuple(h) for h in self.field_history),
            tuple(self.hand_cards), tuple(tuple(t) for t in self.to_place),
            tuple(s.key() for s in self.sheets), tuple(tuple(s) for s in self.seen),
        )

    def clone(self) -> "AlluviumState":
        other = AlluviumState.__new__(AlluviumState)
        other.__dict__.update(self.__dict__)
        other.options = dict(self.options)
        other.history = list(self.history)
        other.decks = [list(d) for d in self.decks]
        other.field_history = [list(h) for h in self.field_history]
        other.hand_cards = list(self.hand_cards)
        other.to_place = [list(t) for t in self.to_place]
        other.sheets = [s.copy() for s in self.sheets]
        other.seen = [list(s) for s in self.seen]
        other.events = []
        return other

    # --- hidden information ----------------------------------------------------
    def hand_card_known(self, viewer: int, seat: int) -> bool:
        """Whether ``viewer`` knows ``seat``'s round-1 hand card: its own, or one
        it has seen drawn on ``seat``'s sheet."""
        if viewer == seat or self.phase == OVER:
            return True
        card = self.hand_cards[seat]
        if not card:
            return True
        seen = self.sheets[seat].entries[: self.seen[viewer][seat]]
        return any(e.phase == OWN and e.round == 1 and e.piece == card and e.kind == PLACE
                   for e in seen)

    def determinize(self, observer: int, rng: Rng) -> "AlluviumState":
        """A copy in which everything ``observer`` cannot see is resampled: the
        order of every deck, the round-1 hand cards it has not seen drawn, and
        every slot of each sheet it does not hold that happened since it last held
        that sheet (replayed with random legal moves by the same seats, with the
        same public pieces). Its seed is a fresh one drawn from ``rng`` (the real
        one would rebuild every deck) and its history is cleared: a determinized
        copy is for search, never for records."""
        other = self.clone()
        other.seed = rng.randrange(1 << 62)
        other.history = []
        if self.phase == OVER:
            return other
        n = self.num_players
        ids = self.components.piece_ids
        # decks and hand cards
        hand_known = [self.hand_card_known(observer, s) for s in range(n)]
        for c in self.colours_in_play:
            known = list(self.field_history[c])
            if c < n and hand_known[c] and self.hand_cards[c]:
                known.append(self.hand_cards[c])
            pool = [p for p in ids if p not in known]
            rng.shuffle(pool)
            if c < n and not hand_known[c]:
                other.hand_cards[c] = pool.pop()
            other.decks[c] = pool
            assert len(pool) == len(self.decks[c])
            if c < n and not hand_known[c] and self.hand_cards[c] in other.to_place[c]:
                other.to_place[c][other.to_place[c].index(self.hand_cards[c])] = other.hand_cards[c]
        # sheets it does not hold
        for owner in range(n):
            if self.held_by(observer) == owner:
                continue
            seen = self.seen[observer][owner]
            if seen == len(self.sheets[owner].entries):
                continue
            other._resample_sheet(owner, seen, rng)
        return other

    def _resample_sheet(self, owner: int, keep: int, rng: Rng) -> None:
        """Rebuild ``owner``'s sheet: the first ``keep`` entries as they were, the
        later ones replaced by random legal moves of the same seats."""
        old = self.sheets[owner]
        sheet = Sheet(owner)
        self.sheets[owner] = sheet
        geo = self.geo
        # round 1's own pieces still to assign to hidden slots
        r1 = [self.field_history[owner][0], self.hand_cards[owner]]
        for e in old.entries[:keep]:
            if e.phase == OWN and e.round == 1 and e.piece in r1:
                r1.remove(e.piece)
        rng.shuffle(r1)
        scored = len(old.area)
        for i, e in enumerate(old.entries):
            if i < keep:
                self._record(sheet, e)
            else:
                self._record(sheet, self._random_entry(sheet, e, r1, rng))
            nxt = old.entries[i + 1] if i + 1 < len(old.entries) else None
            if (nxt is None or nxt.round != e.round) and e.round <= scored:
                sheet.area.append(geo.rect_area(sheet.filled))
        if self.phase == OWN and self.round == 1:
            self.to_place[owner] = list(r1)

    def _random_entry(self, sheet: Sheet, e: Entry, r1: list[str], rng: Rng) -> Entry:
        filled = sheet.filled
        if e.phase == OWN:
            if e.round == 1:
                piece = r1.pop()
                opts = [p for p in self.geo.covering(self.piece(piece), self.start_mask)
                        if not p[2] & filled and p[2] & self.start_mask & ~filled]
                count = len(opts)
            else:
                piece = self.field_history[e.colour][e.round - 1]
                opts = None
            fills = 0
        else:
            piece = self.field_history[e.colour][e.round - 1]
            opts = None
            fills = self.geo.enclosed(filled) if e.phase == OTHERS else 0
        if opts is None:
            # the free placements counted per orientation, the one drawn found
            # by its index (the same draw as listing them all)
            shape = self.geo.shapes(self.piece(piece))
            frees = self.geo.free_anchors(self.piece(piece), filled)
            count = sum(x.bit_count() for x in frees)
        cells = self.geo.grid.cells_of(fills)
        total = count + len(cells)
        if total == 0:
            return Entry(e.round, e.phase, e.actor, e.colour, "pass", piece, 0, None, 0)
        k = rng.randrange(total)
        if k < count:
            o, anchor, mask = opts[k] if opts is not None else nth_placed(shape, frees, k)
            return Entry(e.round, e.phase, e.actor, e.colour, PLACE, piece, o, anchor, mask)
        cell = cells[k - count]
        return Entry(e.round, e.phase, e.actor, e.colour, FILL, "", 0, cell,
                     self.geo.grid.bit(cell))
