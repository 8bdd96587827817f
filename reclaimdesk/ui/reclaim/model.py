"""What the table shows, read from the engine: plain frozen snapshots that the
graphics items paint. Building them is the only place the view side reads a
:class:`ReclaimState`; nothing here changes it. Qt-free."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from reclaimdesk.core.grid import Cell
from reclaimdesk.core.i18n import N_, _
from reclaimdesk.games.reclaim.components import TRACK_LENGTH
from reclaimdesk.ui.reclaim.words import map_name
from reclaimdesk.games.reclaim.state import (

    FIRST_HALF_ROUNDS,
    OVER,
    PAY,
    PLACE,
    POST,
    ROUNDS,
    SETUP,
    SPECIAL_SHAPE,
    SPECIAL_TRIANGLES,
    ReclaimState,
)

REASONS = {
    "special-triangles": N_("special action (triangles)"),
    "special-shape": N_("special action (shape)"),
    "special action": N_("special action"),

    "cost unpaid": N_("the cost could not be paid"),
    "no room for the shape": N_("the shape had no room"),
}


def reason_text(reason: str) -> str:
    return _(REASONS[reason]) if reason in REASONS else reason


@dataclass(frozen=True)
class CardFace:
    id: str
    cells: tuple[Cell, ...]
    cost: tuple[str, ...]
    caption: str = ""
    paid: tuple[bool, ...] = ()
    """Per cost icon: already paid this turn."""
    due: tuple[bool, ...] = ()
    """Per cost icon: to be paid this turn."""
    dim_shape: bool = False
    selected: bool = False
    faded: bool = False


@dataclass(frozen=True)
class TrackBox:
    castles: int
    points: int
    triangles: int
    shape: tuple[Cell, ...]
    crossed: bool = False
    crossed_round: int | None = None
    reason: str = ""
    is_next: bool = False


@dataclass(frozen=True)
class SheetView:
    seat: int
    name: str
    subtitle: str
    terrain: tuple[tuple[str, ...], ...]
    sections: tuple[int, ...]
    tri: int
    terr: int
    xs: int
    round: int
    over: bool
    track: tuple[TrackBox, ...]
    column: tuple[tuple[str, str, bool], ...]
    """(label, value, final) rows of the scoring column; not final values are
    what the sheet would score if the game ended now."""
    field_cards: tuple[CardFace, ...] = ()
    deck_count: int = 0
    lower: tuple[CardFace, ...] = ()
    lower_caption: str = ""


def _shape_cells(state: ReclaimState, shape_id: str) -> tuple[Cell, ...]:
    return tuple(state.shape(shape_id).cells)


def track_boxes(state: ReclaimState, seat: int) -> tuple[TrackBox, ...]:
    sheet = state.sheets[seat]
    crossed = sheet.crossed
    out = []
    for i, entry in enumerate(state.track.entries):
        # the k-th crossing (0-based) strikes entry TRACK_LENGTH - 1 - k
        k = TRACK_LENGTH - 1 - i
        is_crossed = k < crossed
        round_no, reason = sheet.crossings[k] if is_crossed else (None, "")
        out.append(TrackBox(entry.castles, entry.points, entry.triangles, tuple(entry.shape.cells),
                            is_crossed, round_no, reason_text(reason) if reason else "",
                            is_next=(i == TRACK_LENGTH - 1 - crossed)))
    return tuple(out)


def scoring_column(state: ReclaimState, seat: int) -> tuple[tuple[str, str, bool], ...]:
    sheet = state.sheets[seat]
    over = state.phase == OVER
    live_castles = state.castle_points(sheet)
    rect = state.rectangle_points(sheet)
    xs = -2 * state.x_count(sheet)

    def val(v: int | None, live: int) -> tuple[str, bool]:
        return (str(v), True) if v is not None else (str(live), False)

    h1, f1 = val(sheet.half1, live_castles)
    h2, f2 = val(sheet.half2, live_castles)
    total = state.projected_total(seat)
    return (
        (_("Castles I"), h1, f1),
        (_("Castles II"), h2, f2),
        (_("Rectangle"), str(rect), over),
        (_("X marks"), str(xs), over),
        (_("Total"), str(total), over),
    )


def _cost_marks(state: ReclaimState, seat: int) -> tuple[tuple[bool, ...], tuple[bool, ...]]:
    """Per icon of ``state.costs()``: paid, due (only while ``seat`` pays this turn)."""
    icons = [i.value for i in state.costs()] if state.round >= 1 else []
    active = (state.phase in (PAY, PLACE, POST, SPECIAL_SHAPE, SPECIAL_TRIANGLES)
              and state.current_player == seat)
    if not active:
        return tuple(False for _ in icons), tuple(False for _ in icons)
    remaining = Counter(i.value for i in state.unpaid)
    paid, due = [], []
    for icon in icons:
        if remaining[icon] > 0:
            remaining[icon] -= 1
            paid.append(False)
            due.append(True)
        else:
            paid.append(True)
            due.append(False)
    return tuple(paid), tuple(due)


def field_faces(state: ReclaimState, seat: int) -> tuple[CardFace, ...]:
    second_half = state.round > FIRST_HALF_ROUNDS
    paid, due = _cost_marks(state, seat)
    faces = []
    for slot, card_id in enumerate(state.field):
        card = state.cards[card_id]
        part = slice(2 * slot, 2 * slot + 2)
        if slot == 0:
            caption = _("Draw and pay")
            p, d = paid[0:2], due[0:2]
        else:
            caption = _("Pay too") if second_half else _("Next card")
            p, d = (paid[part], due[part]) if second_half else ((False, False), (False, False))
        faces.append(CardFace(card_id, tuple(card.shape.cells), tuple(i.value for i in card.cost),
                              caption, tuple(p) or (False, False), tuple(d) or (False, False),
                              dim_shape=(slot == 1 and second_half)))
    return tuple(faces)


def lower_faces(state: ReclaimState, seat: int, selected: str | None) -> tuple[tuple[CardFace, ...], str]:
    if state.phase == SETUP and state.seat == seat:
        faces = tuple(
            CardFace(cid, _shape_cells(state, cid), tuple(i.value for i in state.cards[cid].cost),
                     _("Starting card {n}").format(n=n + 1), selected=(cid == selected))
            for n, cid in enumerate(state.setup_left))
        return faces, _("Your starting cards: both touch the centre castle")
    if state.discard:
        cid = state.discard[-1]
        card = state.cards[cid]
        face = CardFace(cid, tuple(card.shape.cells), tuple(i.value for i in card.cost),
                        _("Discard pile ({count})").format(count=len(state.discard)), faded=True)
        return (face,), ""
    return (), ""


def sheet_view(state: ReclaimState, seat: int, name: str, *, selected_start: str | None = None,
               table: bool = True) -> SheetView:
    sheet = state.sheets[seat]
    over = state.phase == OVER
    round_no = ROUNDS + 1 if over else state.round
    subtitle = _("{name} - {map} map").format(name=name, map=map_name(state.map.id, state.map.name))
    terrain = tuple(tuple(t.value for t in row) for row in state.map.terrain)
    lower, caption = lower_faces(state, seat, selected_start) if table else ((), "")
    return SheetView(
        seat=seat, name=name, subtitle=subtitle, terrain=terrain,
        sections=tuple(sheet.sections), tri=sheet.tri, terr=sheet.terr, xs=sheet.xs,
        round=round_no, over=over, track=track_boxes(state, seat),
        column=scoring_column(state, seat),
        field_cards=field_faces(state, seat) if table and not over else (),  # no cards once it is over
        deck_count=len(state.deck), lower=lower, lower_caption=caption,
    )
