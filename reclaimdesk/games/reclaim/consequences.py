"""What an action would change on the sheet it is taken on, worked out before it
is taken: the squares it walls off (marked X), the sections it completes, the
numbers it crosses out, the castle links it makes or cuts, the icon it pays, the
castles a new section comes to touch, and the score if the game ended then.

The action is applied to a copy with :meth:`GameState.child` and the two sheets
are compared, so the forecast is the engine's own result and cannot disagree
with what the click does. Only the current round is looked at: a step the engine
takes on its own in the next round (a penalty for a card nobody has seen yet) is
left out, so the forecast never tells what the deck holds.

>>> from reclaimdesk.core.game import get_game
>>> state = get_game("reclaim").new_game(1, 3, {"map": "river"})
>>> action = state.legal_actions()[0]
>>> forecast = consequences(state, action)
>>> forecast.score_change == forecast.score_after - forecast.score_before
True
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from reclaimdesk.core.grid import Cell
from reclaimdesk.games.reclaim.components import GRID, TRACK_LENGTH
from reclaimdesk.games.reclaim.state import GIFT, X_PENALTY, ReclaimState, Sheet

CastleGroup = tuple[Cell, ...]


@dataclass(frozen=True)
class Consequences:
    """What ``action`` does to the sheet of ``seat`` (see the module's doc)."""

    action: Hashable
    """The action (for :func:`steps_consequences`, the tuple of its steps)."""
    seat: int
    """Whose sheet the action is taken on (a neighbour's for the variant's gift)."""
    walled_off: tuple[Cell, ...] = ()
    """Empty squares the action cuts off from the map's edge: they become X."""
    completed: tuple[Cell, ...] = ()
    """Squares of sections the action completes (they become territory)."""
    crossed_out: tuple[int, ...] = ()
    """The points of the track numbers the action crosses out, left to right."""
    pays: tuple[str, ...] = ()
    """The cost icons the action pays ('wood', ...)."""
    castles_reached: tuple[Cell, ...] = ()
    """Castles a newly drawn section touches that no section touched before."""
    links_made: tuple[CastleGroup, ...] = ()
    """Groups of two or more castles joined by triangles that were not joined before."""
    links_cut: tuple[CastleGroup, ...] = ()
    """Groups of two or more castles joined before that the action splits."""
    castles_before: int = 0
    castles_after: int = 0
    """The largest number of castles linked by triangles, before and after."""
    score_before: int = 0
    score_after: int = 0
    """The sheet's total if the game ended now, before and after (the score the
    panel shows)."""

    @property
    def x_points(self) -> int:
        """What the walled-off squares cost (a negative number, or 0)."""
        return -X_PENALTY * len(self.walled_off)

    @property
    def score_change(self) -> int:
        return self.score_after - self.score_before


def sheet_seat(state: ReclaimState) -> int:
    """The seat whose sheet the player to act draws on now."""
    if state.phase == GIFT:
        return state.gift_target(state.gift_seat)
    return state.seat


def castle_groups(state: ReclaimState, sheet: Sheet) -> list[CastleGroup]:
    """The groups of two or more castles that the sheet's open triangles link
    (each group's castles in reading order)."""
    out = []
    for group in GRID.group_masks(sheet.tri | state.castle_mask):
        castles = group & state.castle_mask
        if group & sheet.tri and bin(castles).count("1") >= 2:
            out.append(tuple(sorted(GRID.cells_of(castles))))
    return sorted(out)


def consequences(state: ReclaimState, action: Hashable) -> Consequences:
    """What ``action`` (legal now) would change on the sheet it is taken on.

    Raises the engine's error for an illegal action, as :meth:`apply` does."""
    return _forecast(state, action, (action,))


def steps_consequences(state: ReclaimState, actions: Sequence[Hashable]) -> Consequences:
    """What taking ``actions`` one after the other (each legal when its turn comes,
    all on one sheet, such as the squares of the only way to pay) would change."""
    return _forecast(state, tuple(actions), tuple(actions))


def _forecast(state: ReclaimState, action: Hashable, steps: tuple[Hashable, ...]) -> Consequences:
    seat = sheet_seat(state)
    after_state = state
    pays = []
    for step in steps:
        kind = getattr(step, "kind", "")
        cell = getattr(step, "cell", None)
        if kind == "pay" and cell is not None:
            pays.append(_icon_of(after_state, cell))
        after_state = after_state.child(step)
    assert isinstance(after_state, ReclaimState)
    before = state.sheets[seat]
    after = _this_round(after_state.sheets[seat], state.round)

    new_x = after.xs & ~before.xs
    new_terr = after.terr & ~before.terr
    crossed = tuple(state.track.entries[TRACK_LENGTH - 1 - i].points
                    for i in range(before.crossed, after.crossed))
    reached: tuple[Cell, ...] = ()
    new_sections = after.occupied & ~before.occupied
    if new_sections:
        touched = GRID.grow(new_sections) & state.castle_mask & ~GRID.grow(before.occupied)
        reached = tuple(sorted(GRID.cells_of(touched)))
    rectangle_before = state.rectangle_points(before)  # the rectangle is of territory only
    rectangle_after = rectangle_before if after.terr == before.terr else state.rectangle_points(after)
    groups_before = castle_groups(state, before)
    groups_after = castle_groups(state, after)
    made = tuple(g for g in groups_after if not any(set(g) <= set(b) for b in groups_before))
    cut = tuple(g for g in groups_before if not any(set(g) <= set(a) for a in groups_after))
    return Consequences(
        action=action,
        seat=seat,
        walled_off=tuple(sorted(GRID.cells_of(new_x))),
        completed=tuple(sorted(GRID.cells_of(new_terr))),
        crossed_out=crossed,
        pays=tuple(icon for icon in pays if icon),
        castles_reached=reached,
        links_made=made,
        links_cut=cut,
        castles_before=state.connected_castles(before)[0],
        castles_after=state.connected_castles(after)[0],
        score_before=state.sheet_total(before, rectangle_before),
        score_after=state.sheet_total(after, rectangle_after),
    )


def _this_round(sheet: Sheet, round_no: int) -> Sheet:
    """``sheet`` without the numbers crossed out in a later round (steps the engine
    took on its own after the turn ended, which depend on cards not yet seen)."""
    if all(r <= round_no for r, _reason in sheet.crossings):
        return sheet
    out = sheet.copy()
    out.crossings = [c for c in sheet.crossings if c[0] <= round_no]
    return out


def _icon_of(state: ReclaimState, cell: Cell) -> str:
    terrain = state.map.at(cell)
    for icon in state.unpaid:
        if icon.terrain is terrain:
            return icon.value
    return ""
