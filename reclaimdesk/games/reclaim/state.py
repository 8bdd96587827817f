"""Reclaim's rules: setup, the 16 rounds, payment, drawing, X marks, the special
action, penalties, scoring, the variant and solo score attack.

Players act one seat at a time (on paper they play at once, but nothing one player
does in a round changes what another may do). Each player's sheet is a
:class:`Sheet` of bit sets over the 13x13 map.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from reclaimdesk.core.i18n import _, N_, ngettext
from reclaimdesk.core.errors import NotationError
from reclaimdesk.core.game import TERMINAL, GameState
from reclaimdesk.core.grid import Cell, Rectangle, cell_name, largest_rectangle
from reclaimdesk.core.polyomino import Polyomino
from reclaimdesk.core.rng import Rng
from reclaimdesk.games.reclaim.actions import ReclaimAction
from reclaimdesk.games.reclaim.components import (
    CENTRE,
    DECK_SIZE,
    GRID,
    SIZE,
    TRACK_LENGTH,
    Card,
    Icon,
    ReclaimMap,
    Terrain,
    Track,
    cards_by_id,
    load_card_set,
    load_cards,
    load_map,
    load_track,
)

ROUNDS = 16
FIRST_HALF_ROUNDS = 10
TIERS = (80, 90, 100)
NO_RECTANGLE_POINTS = -5
X_PENALTY = 2

SETUP = "setup"
PAY = "pay"
PLACE = "place"
POST = "post"
SPECIAL_TRIANGLES = "special-triangles"
SPECIAL_SHAPE = "special-shape"
GIFT = "gift"
OVER = "over"

_CENTRE_BIT = GRID.bit(CENTRE)
_BORDER = GRID.border_mask()
_PLACEMENTS: dict[tuple[Cell, ...], list[list[tuple[Cell, int]]]] = {}


def placements_of(shape: Polyomino) -> list[list[tuple[Cell, int]]]:
    """For each rotation of ``shape``: every ``(anchor, mask)`` that lies inside the map."""
    cached = _PLACEMENTS.get(shape.cells)
    if cached is None:
        cached = []
        for rot in shape.rotations():
            options = []
            for r in range(SIZE - rot.height + 1):
                for c in range(SIZE - rot.width + 1):
                    options.append(((r, c), GRID.mask(rot.placed((r, c)))))
            cached.append(options)
        _PLACEMENTS[shape.cells] = cached
    return cached


def sheet_points(first_half: int, second_half: int, rectangle: int, xs: int) -> int:
    """A sheet's total from its scoring column: the two halves' castle points, the
    rectangle's points (its area, or ``NO_RECTANGLE_POINTS``) and ``xs`` X marks."""
    return first_half + second_half + rectangle - X_PENALTY * xs


def winners_of(scores: list[float], crossed: list[int]) -> list[int]:
    """The winning seats: the highest total, then the fewest track numbers crossed
    out; seats still level share the win."""
    best = max(scores)
    top = [i for i, s in enumerate(scores) if s == best]
    fewest = min(crossed[i] for i in top)
    return [i for i in top if crossed[i] == fewest]


def tier_reached(score: float) -> int | None:
    """The highest solo tier (80, 90, 100) that ``score`` reaches, or None."""
    reached = [t for t in TIERS if score >= t]
    return reached[-1] if reached else None


class Sheet:
    """One player's sheet: sections, triangles, territory, X marks and the track."""

    __slots__ = ("sections", "occupied", "tri", "terr", "xs", "crossings", "half1", "half2",
                 "start_cards")

    def __init__(self) -> None:
        self.sections: list[int] = []
        self.occupied = 0
        self.tri = 0
        self.terr = 0
        self.xs = 0
        self.crossings: list[tuple[int, str]] = []
        self.half1: int | None = None
        self.half2: int | None = None
        self.start_cards: list[str] = []

    def copy(self) -> "Sheet":
        s = Sheet.__new__(Sheet)
        s.sections = list(self.sections)
        s.occupied = self.occupied
        s.tri = self.tri
        s.terr = self.terr
        s.xs = self.xs
        s.crossings = list(self.crossings)
        s.half1 = self.half1
        s.half2 = self.half2
        s.start_cards = list(self.start_cards)
        return s

    def key(self) -> tuple:
        return (tuple(self.sections), self.tri, self.terr, self.xs, tuple(self.crossings),
                self.half1, self.half2, tuple(self.start_cards))

    @property
    def crossed(self) -> int:
        return len(self.crossings)

    @property
    def empty_section_squares(self) -> int:
        """Section squares holding no triangle (where triangles may go)."""
        return self.occupied & ~self.tri & ~self.terr

    def cross_out(self, round_no: int, reason: str) -> bool:
        """Cross out the rightmost remaining number; False when none is left."""
        if self.crossed >= TRACK_LENGTH:
            return False
        self.crossings.append((round_no, reason))
        return True

    def add_triangle(self, cell_bit: int) -> int:
        """Put an open triangle on a section square; a section whose squares all hold
        triangles turns into territory at once. Returns the completed section or 0."""
        self.tri |= cell_bit
        for sec in self.sections:
            if sec & cell_bit:
                if sec & ~(self.tri | self.terr) == 0:
                    self.tri &= ~sec
                    self.terr |= sec
                    return sec
                return 0
        raise AssertionError("a triangle must go on a section square")


class ReclaimState(GameState):
    """A game of Reclaim for 1 to 6 players."""

    HIDDEN_ATTRIBUTES = ("seed", "deck")
    """What no seat sees: the order of the undrawn deck, and the seed it was
    shuffled from. AI players read them only on :meth:`determinize` copies, where
    both are fresh guesses (``tests/test_ai_honesty.py`` holds them to it)."""

    def __init__(self, num_players: int, seed: int, options: Mapping[str, Any]) -> None:
        super().__init__(num_players, seed, options)
        self.map: ReclaimMap = load_map(self.options["map"])
        self.track: Track = load_track()
        self.cards: dict[str, Card] = cards_by_id()
        self.castle_mask = self.map.mask_of(Terrain.CASTLE)
        self.centre_bit = _CENTRE_BIT
        self.terrain_masks = {t: self.map.mask_of(t) for t in Terrain}

        rng = Rng(self.seed).derive("reclaim-setup")
        ids = [c.id for c in load_cards()]
        rng.shuffle(ids)
        deck = ids[:DECK_SIZE]
        rest = ids[DECK_SIZE:]
        self.field: list[str] = deck[:2]
        self.deck: list[str] = deck[2:]
        self.discard: list[str] = []
        self.sheets = [Sheet() for _ in range(num_players)]
        for i, sheet in enumerate(self.sheets):
            sheet.start_cards = rest[2 * i: 2 * i + 2]
        self.setup_left: list[str] = []
        self.round = 0
        self.seat = 0
        self.phase = SETUP
        self.unpaid: list[Icon] = []
        self.special_used = False
        self.special_left = 0
        self.return_phase = ""
        self.gift_seat = 0
        self.events: list[tuple[str, int, Any, int]] = []
        """What happened since the game began, for views: ``(kind, seat, detail,
        round)`` with kinds 'section', 'x', 'complete' (detail: the squares' mask)
        and 'cross' (detail: (track entry 1-9, reason)); ``round`` is the round in
        which it happened (0: setup), so an event that ends a turn stays with the
        round it belongs to, whatever round begins after it. A state replayed from
        a record holds every event of the game; views must not change the list."""
        self._begin_setup(0)

    # --- public queries ----------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        return self.gift_seat if self.phase == GIFT else self.seat

    @property
    def sheet(self) -> Sheet:
        """The sheet the current player draws on (the neighbour's during a gift)."""
        if self.phase == GIFT:
            return self.sheets[self.gift_target(self.gift_seat)]
        return self.sheets[self.seat]

    def gift_target(self, seat: int) -> int:
        """Variant: the sheet ``seat`` puts its triangle on (its left neighbour's)."""
        return (seat + 1) % self.num_players

    def costs(self) -> list[Icon]:
        """The icons to pay this round (leftmost card; both cards in rounds 11-16)."""
        icons = list(self.cards[self.field[0]].cost)
        if self.round > FIRST_HALF_ROUNDS:
            icons += list(self.cards[self.field[1]].cost)
        return icons

    def current_shape_id(self) -> str | None:
        """The shape the current player is about to draw, if any."""
        if self.phase == PLACE:
            return self.field[0]
        if self.phase == SPECIAL_SHAPE:
            # the entry just crossed out: one to the right of the next open one
            return f"t{self.next_entry_index(self.sheet) + 2}"
        return None

    def shape(self, shape_id: str) -> Polyomino:
        if shape_id.startswith("t") and shape_id[1:].isdigit():
            n = int(shape_id[1:])
            if not 1 <= n <= TRACK_LENGTH:
                raise KeyError(shape_id)
            return self.track.entries[n - 1].shape
        return self.cards[shape_id].shape

    def next_entry_index(self, sheet: Sheet) -> int:
        """0-based index of the rightmost number still open on ``sheet``'s track."""
        return TRACK_LENGTH - 1 - sheet.crossed

    # --- taking back (the match's one rule; docs/rules/reclaim.md, "Taking back") --
    take_back_unit = "action"
    """A take back removes one step of the turn (a triangle, a shape, a special
    action), not the whole turn."""

    def turn_key(self) -> Hashable:
        """A turn: one seat's part of one round (the variant's gift is a turn of its own)."""
        return (self.round, self.current_player, self.phase == GIFT)

    def seen_key(self) -> Hashable:
        """Changes when a card is turned up (a new round) and when the turn passes
        to another seat (who then sees the sheet as it was left), so a take back
        stays inside the present turn. Solo, the setup and round 1 are one: the
        round-1 cards lie face up during the setup, so nothing is revealed between."""
        if self.phase == OVER:
            return OVER
        round_no = 1 if self.round == 0 and self.num_players == 1 else self.round
        return (round_no, self.current_player, self.phase == GIFT)

    # --- placement ---------------------------------------------------------
    def _blocked(self, sheet: Sheet) -> int:
        return self.castle_mask | sheet.occupied | sheet.xs

    def _touch(self, sheet: Sheet) -> int:
        if self.phase == SETUP:
            return GRID.grow(_CENTRE_BIT)
        return GRID.grow(sheet.occupied)

    def placements(self, shape_id: str, sheet: Sheet | None = None) -> list[tuple[int, Cell, int]]:
        """Legal ``(rotation, anchor, mask)`` for drawing ``shape_id`` now."""
        sheet = sheet or self.sheet
        blocked = self._blocked(sheet)
        touch = self._touch(sheet)
        out = []
        for rot, options in enumerate(placements_of(self.shape(shape_id))):
            for anchor, m in options:
                if not m & blocked and m & touch:
                    out.append((rot, anchor, m))
        return out

    def can_place(self, shape_id: str, sheet: Sheet | None = None) -> bool:
        """Whether ``shape_id`` has a legal placement now: :meth:`placements` stopping
        at the first one (the AI asks this for every position it searches)."""
        sheet = sheet or self.sheet
        blocked = self._blocked(sheet)
        touch = self._touch(sheet)
        for options in placements_of(self.shape(shape_id)):
            for _anchor, m in options:
                if not m & blocked and m & touch:
                    return True
        return False

    def placement_problem(self, shape_id: str, rotation: int, anchor: Cell) -> str | None:
        """Why drawing ``shape_id`` at ``rotation`` with its corner on ``anchor`` is
        not allowed now, or None when it is (ignoring whose turn it is)."""
        shape = self.shape(shape_id)
        rotations = shape.rotations()
        if not 0 <= rotation < len(rotations):
            return ngettext("this shape has only {count} distinct rotation",
                            "this shape has only {count} distinct rotations", len(rotations)).format(count=len(rotations))
        cells = rotations[rotation].placed(anchor)
        if any(c not in GRID for c in cells):
            return _("the shape must stay inside the map")
        sheet = self.sheet
        m = GRID.mask(cells)
        if m & self.castle_mask:
            return _("a section may not cover a castle")
        if m & sheet.occupied:
            return _("a section may not overlap another section")
        if m & sheet.xs:
            return _("a section may not cover a square marked X")
        if not m & self._touch(sheet):
            if self.phase == SETUP:
                return _("a starting shape must touch the centre castle")
            return _("the shape must share an edge with one of your sections")
        return None

    def _mark_xs(self, sheet: Sheet, seat: int) -> int:
        empty = GRID.full_mask & ~(self.castle_mask | sheet.occupied | sheet.xs)
        open_ = GRID.flood(empty & _BORDER, empty)
        new = empty & ~open_
        if new:
            sheet.xs |= new
            self.events.append(("x", seat, new, self.round))
        return new

    # --- special action ----------------------------------------------------
    def special_options(self) -> list[str]:
        """The forms of the special action available now ('triangles', 'shape')."""
        if self.phase not in (PAY, PLACE, POST) or self.special_used:
            return []
        sheet = self.sheet
        if sheet.crossed >= TRACK_LENGTH:
            return []
        entry = self.track.entries[self.next_entry_index(sheet)]
        out = []
        if bin(sheet.empty_section_squares).count("1") >= entry.triangles:
            out.append("triangles")
        if self.can_place(f"t{entry.castles}"):
            out.append("shape")
        return out

    # --- legal actions -----------------------------------------------------
    def legal_actions(self) -> list[Hashable]:
        phase = self.phase
        if phase == OVER:
            return []
        sheet = self.sheet
        if phase == SETUP:
            return [ReclaimAction.draw(cid, rot, anchor)
                    for cid in self.setup_left for rot, anchor, _ in self.placements(cid)]
        if phase == SPECIAL_TRIANGLES:
            return [ReclaimAction.triangle(c) for c in GRID.cells_of(sheet.empty_section_squares)]
        if phase == SPECIAL_SHAPE:
            sid = self.current_shape_id()
            assert sid is not None
            return [ReclaimAction.draw(sid, rot, anchor) for rot, anchor, _ in self.placements(sid)]
        if phase == GIFT:
            return [ReclaimAction.gift(c) for c in GRID.cells_of(sheet.empty_section_squares)]
        specials = [ReclaimAction.special(f) for f in self.special_options()]
        if phase == PAY:
            pays = [ReclaimAction.pay(c) for c in GRID.cells_of(self._payable(sheet))]
            return pays + specials if pays else specials + [ReclaimAction.pass_()]
        if phase == PLACE:
            sid = self.field[0]
            draws = [ReclaimAction.draw(sid, rot, anchor) for rot, anchor, _ in self.placements(sid)]
            return draws + specials if draws else specials + [ReclaimAction.pass_()]
        return specials + [ReclaimAction.end()]  # POST

    def _payable(self, sheet: Sheet) -> int:
        kinds = 0
        for icon in set(self.unpaid):
            kinds |= self.terrain_masks[icon.terrain]
        return sheet.empty_section_squares & kinds

    def why_illegal(self, action: Hashable) -> str:  # noqa: C901 - one branch per phase
        """'' when legal, else the reason (shown to players)."""
        if not isinstance(action, ReclaimAction):
            return _("not a Reclaim action")
        phase = self.phase
        if phase == OVER:
            return _("the game is over")
        sheet = self.sheet
        kind = action.kind
        expected = {
            SETUP: ("shape",), SPECIAL_TRIANGLES: ("triangle",), SPECIAL_SHAPE: ("shape",),
            GIFT: ("gift",), PAY: ("pay", "pass"), PLACE: ("shape", "pass"), POST: ("end",),
        }[phase]
        if kind.startswith("special-"):
            if phase not in (PAY, PLACE, POST):
                return _("a special action cannot start now")
            if self.special_used:
                return _("only one special action per round")
            if sheet.crossed >= TRACK_LENGTH:
                return _("every number on the scoring track is crossed out")
            form = kind[len("special-"):]
            if form not in self.special_options():
                entry = self.track.entries[self.next_entry_index(sheet)]
                if form == "triangles":
                    return _("{count} triangles need as many empty section squares").format(count=entry.triangles)
                return _("the special shape fits nowhere")
            return ""
        if kind not in expected:
            return _({
                SETUP: N_("draw your starting shapes first"),
                SPECIAL_TRIANGLES: N_("place the special action's triangles first"),
                SPECIAL_SHAPE: N_("draw the special action's shape first"),
                GIFT: N_("put your triangle on your neighbour's sheet first"),
                PAY: N_("pay the cost first"),
                PLACE: N_("draw the shape first"),
                POST: N_("the shape is drawn; end your turn"),
            }[phase])
        if kind == "shape":
            allowed = self.setup_left if phase == SETUP else [self.current_shape_id()]
            if action.shape not in allowed:
                return _("the shape to draw is {allowed}, not {shape}").format(
                    allowed=_(" or ").join(str(a) for a in allowed), shape=action.shape)
            assert action.cell is not None
            return self.placement_problem(action.shape, action.rotation, action.cell) or ""
        if kind == "pass":
            if phase == PAY and self._payable(sheet):
                return _("payment is compulsory while a square can pay")
            if phase == PLACE and self.can_place(self.field[0]):
                return _("the shape fits, so it must be drawn")
            return ""
        if kind == "end":
            return ""
        assert action.cell is not None
        if action.cell not in GRID:
            return _("{cell} is not on the map").format(cell=cell_name(action.cell))
        bit = GRID.bit(action.cell)
        if not bit & sheet.occupied:
            return _("triangles go only on squares of a section")
        if bit & (sheet.tri | sheet.terr):
            return _("that square already holds a triangle")
        if kind == "pay" and not bit & self._payable(sheet):
            terrain = self.map.at(action.cell).value
            return _("no unpaid icon is paid by {terrain}").format(terrain=_(TERRAIN_WORDS.get(terrain, terrain)))
        return ""

    def parse_action(self, text: str) -> Hashable:
        action = ReclaimAction.parse(text)
        if action.kind == "shape":
            try:
                self.shape(action.shape)
            except KeyError:
                raise NotationError(_("'{text}': there is no shape '{shape}'").format(text=text, shape=action.shape)) from None
        return action

    # --- applying ----------------------------------------------------------
    def _apply(self, action: Hashable) -> None:
        assert isinstance(action, ReclaimAction)
        kind = action.kind
        phase = self.phase
        seat = self.current_player
        sheet = self.sheet
        if kind.startswith("special-"):
            index = self.next_entry_index(sheet)
            entry = self.track.entries[index]
            sheet.cross_out(self.round, kind)
            self.events.append(("cross", seat, (index + 1, kind), self.round))
            self.special_used = True
            self.return_phase = phase
            if kind == "special-triangles":
                self.phase = SPECIAL_TRIANGLES
                self.special_left = entry.triangles
            else:
                self.phase = SPECIAL_SHAPE
        elif kind == "shape":
            self._draw(sheet, seat, action)
            if phase == SETUP:
                self.setup_left.remove(action.shape)
            elif phase == PLACE:
                self.phase = POST
            else:
                self.phase = self.return_phase
        elif kind in ("pay", "triangle", "gift"):
            assert action.cell is not None
            done = sheet.add_triangle(GRID.bit(action.cell))
            if done:
                self.events.append(("complete", seat, done, self.round))
            if kind == "pay":
                self.unpaid.remove(Icon(_icon_for(self.map.at(action.cell))))
            elif kind == "triangle":
                self.special_left -= 1
                if self.special_left == 0:
                    self.phase = self.return_phase
            else:
                self._next_gift()
        elif kind == "pass":
            self._penalty(sheet, seat, "cost unpaid" if phase == PAY else "no room for the shape")
            if phase == PAY:
                self._end_turn()
            else:
                self.phase = POST
        elif kind == "end":
            self._end_turn()
        self._settle()

    def _draw(self, sheet: Sheet, seat: int, action: ReclaimAction) -> None:
        shape = self.shape(action.shape).rotations()[action.rotation]
        assert action.cell is not None
        m = GRID.mask(shape.placed(action.cell))
        sheet.sections.append(m)
        sheet.occupied |= m
        self.events.append(("section", seat, m, self.round))
        self._mark_xs(sheet, seat)

    def _penalty(self, sheet: Sheet, seat: int, reason: str) -> None:
        index = self.next_entry_index(sheet)
        if sheet.cross_out(self.round, reason):
            self.events.append(("cross", seat, (index + 1, reason), self.round))

    def _settle(self) -> None:
        """Take every step that involves no choice, until a player has one."""
        while True:
            phase = self.phase
            sheet = self.sheet if phase != OVER else None
            if phase == SETUP:
                if self.setup_left and any(self.can_place(c) for c in self.setup_left):
                    return
                if self.seat + 1 < self.num_players:
                    self._begin_setup(self.seat + 1)
                else:
                    self._begin_round(1)
            elif phase == PAY:
                assert sheet is not None
                if not self.unpaid:
                    self.phase = PLACE
                elif not self._payable(sheet) and not self.special_options():
                    self._penalty(sheet, self.seat, "cost unpaid")
                    self._end_turn()
                else:
                    return
            elif phase == PLACE:
                assert sheet is not None
                if not self.can_place(self.field[0]) and not self.special_options():
                    self._penalty(sheet, self.seat, "no room for the shape")
                    self.phase = POST
                else:
                    return
            elif phase == POST:
                if not self.special_options():
                    self._end_turn()
                else:
                    return
            elif phase == GIFT:
                assert sheet is not None
                if not sheet.empty_section_squares:
                    self._next_gift()
                else:
                    return
            else:
                return

    def _begin_setup(self, seat: int) -> None:
        self.seat = seat
        self.phase = SETUP
        self.setup_left = list(self.sheets[seat].start_cards)

    def _begin_round(self, round_no: int) -> None:
        self.round = round_no
        if round_no > 1:
            self.discard.append(self.field.pop(0))
            self.field.append(self.deck.pop(0))
        self._begin_turn(0)

    def _begin_turn(self, seat: int) -> None:
        self.seat = seat
        self.phase = PAY
        self.unpaid = self.costs()
        self.special_used = False
        self.special_left = 0

    def _end_turn(self) -> None:
        if self.seat + 1 < self.num_players:
            self._begin_turn(self.seat + 1)
            return
        if self.round == FIRST_HALF_ROUNDS:
            for sheet in self.sheets:
                sheet.half1 = self.castle_points(sheet)
            if self.options["variant"] and self.num_players >= 2:
                self.phase = GIFT
                self.gift_seat = 0
                return
        self._after_round()

    def _next_gift(self) -> None:
        if self.gift_seat + 1 < self.num_players:
            self.gift_seat += 1
        else:
            self.gift_seat = 0
            self._after_round()

    def _after_round(self) -> None:
        if self.round == ROUNDS:
            for sheet in self.sheets:
                sheet.half2 = self.castle_points(sheet)
            self.phase = OVER
        else:
            self._begin_round(self.round + 1)

    # --- scoring -----------------------------------------------------------
    def connected_castles(self, sheet: Sheet) -> tuple[int, int]:
        """The largest number of castles joined by open triangles, and that group
        as a mask (castles plus triangles); (0, 0) when no triangle touches a castle."""
        best, best_group = 0, 0
        nodes = sheet.tri | self.castle_mask
        for group in GRID.group_masks(nodes):
            if not group & sheet.tri:
                continue
            n = bin(group & self.castle_mask).count("1")
            if n > best:
                best, best_group = n, group
        return best, best_group

    def castle_points(self, sheet: Sheet) -> int:
        return self.track.points_for(self.connected_castles(sheet)[0], sheet.crossed)

    def best_rectangle(self, sheet: Sheet) -> Rectangle | None:
        solid = sheet.terr | self.castle_mask
        return largest_rectangle(lambda c: bool(GRID.bit(c) & solid), SIZE, SIZE, min_side=2)

    def rectangle_points(self, sheet: Sheet) -> int:
        rect = self.best_rectangle(sheet)
        return rect.area if rect else NO_RECTANGLE_POINTS

    def x_count(self, sheet: Sheet) -> int:
        return bin(sheet.xs).count("1")

    def breakdown(self, seat: int) -> dict[str, int | None]:
        """The scoring column of ``seat``: each part and the total (parts not scored
        yet are None; the rectangle and X penalty are final only at the end)."""
        sheet = self.sheets[seat]
        over = self.phase == OVER
        rect = self.rectangle_points(sheet)
        xs = -X_PENALTY * self.x_count(sheet)
        parts = {
            "first_half": sheet.half1,
            "second_half": sheet.half2,
            "rectangle": rect if over else None,
            "x_penalty": xs,
        }
        parts["total"] = sum(v for v in parts.values() if v is not None)
        return parts

    def projected_total(self, seat: int) -> int:
        """The total if the game ended now (halves not yet scored use the present
        castle connection): the value the score chart follows."""
        return self.sheet_total(self.sheets[seat])

    def sheet_total(self, sheet: Sheet, rectangle: int | None = None) -> int:
        """:meth:`projected_total` of a sheet (one of this game's, or a copy);
        ``rectangle``: its :meth:`rectangle_points` when already known."""
        h1 = sheet.half1 if sheet.half1 is not None else self.castle_points(sheet)
        h2 = sheet.half2 if sheet.half2 is not None else self.castle_points(sheet)
        if rectangle is None:
            rectangle = self.rectangle_points(sheet)
        return sheet_points(h1, h2, rectangle, self.x_count(sheet))

    def scores(self) -> list[float]:
        return [float(self.breakdown(i)["total"] or 0) for i in range(self.num_players)]

    def winners(self) -> list[int]:
        return winners_of(self.scores(), [s.crossed for s in self.sheets])

    def result(self) -> dict[str, Any]:
        out = super().result()
        out["crossed"] = [s.crossed for s in self.sheets]
        if self.num_players == 1:
            out["tier"] = tier_reached(self.scores()[0])
        return out

    # --- API plumbing ------------------------------------------------------
    def data_versions(self) -> dict[str, int]:
        return {
            f"reclaim/maps/{self.map.id}": self.map.version,
            "reclaim/cards": load_card_set().version,
            "reclaim/track": self.track.version,
        }

    def state_key(self) -> Hashable:
        return (
            self.num_players, self.seed, tuple(sorted(self.options.items())), self.round,
            self.seat, self.phase, tuple(self.field), tuple(self.deck), tuple(self.discard),
            tuple(s.key() for s in self.sheets), tuple(self.setup_left), tuple(self.unpaid),
            self.special_used, self.special_left, self.return_phase, self.gift_seat,
        )

    def clone(self) -> "ReclaimState":
        other = ReclaimState.__new__(ReclaimState)
        other.__dict__.update(self.__dict__)
        other.options = dict(self.options)
        other.history = list(self.history)
        other.field = list(self.field)
        other.deck = list(self.deck)
        other.discard = list(self.discard)
        other.sheets = [s.copy() for s in self.sheets]
        other.setup_left = list(self.setup_left)
        other.unpaid = list(self.unpaid)
        other.events = list(self.events)
        return other

    def seen_cards(self) -> set[str]:
        """Cards every player has seen: field, discards and all starting cards."""
        seen = set(self.field) | set(self.discard)
        for s in self.sheets:
            seen.update(s.start_cards)
        return seen

    def determinize(self, observer: int, rng: Rng) -> "ReclaimState":
        """A copy whose undrawn deck is a fresh random draw from the unseen cards,
        with a fresh seed drawn from ``rng`` (the real one would rebuild the deck)."""
        other = self.clone()
        other.seed = rng.randrange(1 << 62)
        unseen = sorted(set(self.cards) - self.seen_cards())
        rng.shuffle(unseen)
        other.deck = unseen[: len(self.deck)]
        return other

    def describe_action(self, action: Hashable) -> str:
        assert isinstance(action, ReclaimAction)
        if action.kind == "pay":
            assert action.cell is not None
            terrain = self.map.at(action.cell).value
            return _("pay with a triangle on {cell} ({terrain})").format(
                cell=cell_name(action.cell), terrain=_(TERRAIN_WORDS.get(terrain, terrain)))
        if action.kind == "shape":
            assert action.cell is not None
            cell = cell_name(action.cell)
            if action.rotation == 0:
                return _("draw shape {shape} with its top-left corner on {cell}").format(shape=action.shape, cell=cell)
            return ngettext("draw shape {shape} turned clockwise once, its top-left corner on {cell}",
                            "draw shape {shape} turned clockwise {turns} times, its top-left corner on {cell}",
                            action.rotation).format(shape=action.shape, cell=cell, turns=action.rotation)
        if action.kind == "triangle":
            assert action.cell is not None
            return _("draw a special action's triangle on {cell}").format(cell=cell_name(action.cell))
        if action.kind == "gift":
            assert action.cell is not None
            return _("give a triangle on {cell} of the neighbour's sheet").format(cell=cell_name(action.cell))
        words = {
            "special-triangles": N_("use a special action: its triangles"),
            "special-shape": N_("use a special action: its shape"),
            "pass": N_("accept the penalty"),
            "end": N_("end the turn"),
        }
        return _(words[action.kind]) if action.kind in words else str(action)


TERRAIN_WORDS: dict[str, str] = {
    "castle": N_("castle"), "forest": N_("forest"), "field": N_("field"),
    "mountain": N_("mountain"), "water": N_("water"), "grass": N_("grass"),
}
"""A terrain's word in sentences (English; pass through ``_`` to show it)."""

PENALTY_WORDS: dict[str, str] = {
    "cost unpaid": N_("cost unpaid"), "no room for the shape": N_("no room for the shape"),
    "special action": N_("special action"),
}
"""Why a number of the scoring track was crossed out: the reasons the rules record
(English keys, kept in the state) and their words (pass through ``_`` to show them)."""


def _icon_for(terrain: Terrain) -> str:
    for icon in Icon:
        if icon.terrain is terrain:
            return icon.value
    raise ValueError(f"{terrain.value} pays no icon")
