"""Alluvium's print-and-play kit: the player sheet (one to a page, or two to a
page for a pad), the 30 cards (five colours of six pieces, each card showing its
piece and, in the corners, the piece and its mirror image), the two-sided
direction card, player aids in the empty card places, a rules summary in our
own words, and the filled sheets of a game played in the app, as PDF bytes.

Every colour has a symbol, drawn in each of its squares and on its cards, so
every page reads the same printed in grey. The same input always gives the same
bytes.

>>> pdf = alluvium_sheets_pdf("a4")
>>> pdf.count(b"/Type /Page\\n")
2
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from reclaimdesk.core.grid import cell_name
from reclaimdesk.core.i18n import N_, _
from reclaimdesk.export.cards import add_card_sheets, add_duplex_test, sheet_capacity
from reclaimdesk.export.errors import ExportError
from reclaimdesk.export.kit_pages import (
    BODY_PT,
    FAINT,
    LINE,
    MIN_TEXT_PT,
    Component,
    begin_kit,
    card_layout_for,
    card_layout_of,
    content,
    draw_cover,
    draw_rules_columns,
    draw_title_bar,
    kit_credits,
    kit_footer,
    page_layout,
    pages_text,
    wrap,
)
from reclaimdesk.export.kit import CardFaces, GameKit
from reclaimdesk.export.layout import CardLayout, PageLayout, PaperSize, Rect
from reclaimdesk.export.options import BOARD, KitOffer, PrintOptions
from reclaimdesk.export.pdf import BLACK, WHITE, InkMode, PdfDocument, Surface
from reclaimdesk.export.styles import PieceStyle, StyleTable
from reclaimdesk.games.alluvium.components import COLOUR_IDS, COLOUR_NAMES, DIRECTION_NAMES, load_components

GAME_ID = "alluvium"
GAME_NAME = N_("Alluvium")


def footer() -> str:
    comp = load_components()
    return kit_footer(_(GAME_NAME), _("sheet {version}").format(version=comp.sheet.version))


# --- symbols and colours ---------------------------------------------------------------------------
def ink_on(rgb: str) -> str:
    r, g, b = (int(rgb[i:i + 2], 16) / 255 for i in (1, 3, 5))
    # not pure white: in ink-saver mode white only masks, while this light ink (meant for a
    # dark ground that is then left out) turns dark and stays readable
    return "#f8f8f8" if 0.299 * r + 0.587 * g + 0.114 * b < 0.55 else "#222222"


def draw_symbol(s: Surface, symbol: str, x: float, y: float, size: float, ink: str, line_mm: float = 0.3) -> None:
    """A colour's symbol in the square of side ``size`` at (x, y) (bottom-left)."""
    m = size * 0.24
    a, b = x + m, y + m
    w = size - 2 * m
    cx, cy = x + size / 2, y + size / 2
    if symbol == "circle":
        s.circle(cx, cy, w / 2, stroke=ink, line_mm=line_mm)
    elif symbol == "square":
        s.rect(a, b, w, w, stroke=ink, line_mm=line_mm)
    elif symbol == "triangle":
        s.polygon([(cx, b + w), (a + w, b), (a, b)], stroke=ink, line_mm=line_mm)
    elif symbol == "triangle-down":
        s.polygon([(a, b + w), (a + w, b + w), (cx, b)], stroke=ink, line_mm=line_mm)
    elif symbol == "diamond":
        s.polygon([(cx, b + w), (a + w, cy), (cx, b), (a, cy)], stroke=ink, line_mm=line_mm)
    elif symbol == "cross":
        s.line(a, b, a + w, b + w, stroke=ink, line_mm=line_mm)
        s.line(a, b + w, a + w, b, stroke=ink, line_mm=line_mm)
    else:
        for k in range(3):
            ang = math.pi * k / 3
            dx, dy = math.cos(ang) * w / 2, math.sin(ang) * w / 2
            s.line(cx - dx, cy - dy, cx + dx, cy + dy, stroke=ink, line_mm=line_mm)


def draw_square(s: Surface, colour: int, x: float, y: float, size: float, *, mark: str = "piece") -> None:
    """One filled square of ``colour`` with its symbol; ``mark`` says whether it is a
    piece's square (``"piece"``), a key's swatch of one (``"legend"``) or neither (``""``)."""
    comp = load_components()
    c = comp.colour(COLOUR_IDS[colour])
    if s.doc.ink_saver:                 # white at every size, the symbol alone tells the colour
        with s.fills_as_given():
            s.rect(x, y, size, size, fill=WHITE, stroke=LINE, line_mm=0.2)
        draw_symbol(s, c.symbol, x, y, size, SAVER_SYMBOL, max(0.2, size * 0.05))
    else:
        s.rect(x, y, size, size, fill=c.rgb, stroke=LINE, line_mm=0.2)
        draw_symbol(s, c.symbol, x, y, size, ink_on(c.rgb), max(0.2, size * 0.05))
    if mark == "legend":
        SQUARES.mark_legend(s, colour_key(colour), x + size / 2, y + size / 2, size)
    elif mark == "piece":
        SQUARES.mark_piece(s, colour_key(colour), x + size / 2, y + size / 2, size)


def colour_key(colour: int) -> str:
    return f"colour {COLOUR_IDS[colour]}"


def _square_style(colour: int) -> PieceStyle:
    def draw(s: Surface, cx: float, cy: float, size: float) -> None:
        draw_square(s, colour, cx - size / 2, cy - size / 2, size, mark="")
    cid = COLOUR_IDS[colour]
    looks = {"colour": "red" if cid == "red" else "light" if cid == "yellow" else "solid",
             "greyscale": "light" if cid == "yellow" else "dark grey", "ink-saver": "white"}
    return PieceStyle(draw, looks, core=0.1)     # the middle, inside every symbol


SAVER_SYMBOL = "#222222"
"""A symbol's ink on the ink saver's white squares."""
SQUARES = StyleTable({colour_key(k): _square_style(k) for k in range(len(COLOUR_IDS))})
"""A colour's square with its symbol (``colour {id}``), for the sheets, the cards and their keys."""


def draw_piece(s: Surface, cells, colour: int | None, x: float, y: float, unit: float) -> None:
    """A piece's squares (row 0 at the top) with (x, y) the bottom-left of its box;
    ``colour`` None draws it as an outline."""
    height = max(r for r, _c in cells) + 1
    for r, c in cells:
        px, py = x + c * unit, y + (height - 1 - r) * unit
        if colour is None:
            s.rect(px, py, unit, unit, stroke=LINE, line_mm=0.25)
        else:
            draw_square(s, colour, px, py, unit)


# --- the sheet --------------------------------------------------------------------------------------
COMPACT_SHEET_MM = 200.0
"""A sheet drawn in less height than this (two to a page, for a pad) has its score boxes in one row."""


def draw_sheet(page: Surface, box: Rect, *, state: object = None, owner: int = 0, title: str = "") -> None:
    """One player sheet in ``box``: the map with the start squares, the check
    track (a row per other colour), and the score boxes. With ``state`` (an
    AlluviumState) the sheet of ``owner`` is filled in."""
    comp = load_components()
    sheet = comp.sheet
    n = sheet.size
    title_h = 7.0
    track_rows = sheet.track_rows
    track_h = 6.0 * track_rows + 6
    compact = box.height < COMPACT_SHEET_MM     # half a page (a pad): the score boxes in one row
    score_h = 18.0 if compact else 38.0         # rows of boxes: the rounds' area bonuses, the cooperation bonuses
    labels = 4.0
    label_w = 5.5                       # the row numbers' column: "10" at 9 pt and a gap
    room_h = box.height - title_h - track_h - score_h - labels - 6
    cell = min((box.width - label_w) / n, room_h / n)
    map_w = cell * n
    x0 = box.x + label_w + (box.width - label_w - map_w) / 2
    top = box.top - title_h
    y0 = top - labels - map_w
    head = title or _("ALLUVIUM: player sheet")
    page.text(box.x, box.top - 4.5, head, size_pt=11, bold=True)
    if state is None:
        page.text(box.right, box.top - 4.5, _("name: ____________  colour: ________"), size_pt=BODY_PT,
                  align="right", colour=LINE)
    label_pt = max(MIN_TEXT_PT, min(9.0, cell * 2.0))
    for i in range(n):
        name = cell_name((i, i))
        page.text(x0 + (i + 0.5) * cell, top - labels + 0.8, name[0], size_pt=label_pt, align="centre", colour=FAINT)
        page.text(x0 - 1.0, y0 + (n - i - 0.5) * cell - 1.0, name[1:], size_pt=label_pt, align="right",
                  colour=FAINT)
    squares: dict[tuple[int, int], int] = {}
    if state is not None:
        grid = state.geo.grid  # type: ignore[attr-defined]
        for slot, mask in enumerate(state.sheets[owner].colour_masks):  # type: ignore[attr-defined]
            for cell_rc in grid.cells_of(mask):  # the colour the players chose for the slot
                squares[cell_rc] = COLOUR_IDS.index(state.colour_of(slot))  # type: ignore[attr-defined]
    for r in range(n):
        for c in range(n):
            x, y = x0 + c * cell, y0 + (n - 1 - r) * cell
            if (r, c) in squares:
                draw_square(page, squares[(r, c)], x, y, cell)
            else:
                page.rect(x, y, cell, cell, stroke=FAINT, line_mm=0.15)
    page.rect(x0, y0, map_w, map_w, stroke=BLACK, line_mm=0.5)
    for r, c in sheet.start_squares:
        inset = cell * 0.08
        page.rect(x0 + c * cell + inset, y0 + (n - 1 - r) * cell + inset, cell - 2 * inset, cell - 2 * inset,
                  stroke=BLACK, line_mm=0.9)
    # the check track: a row for each other colour, circles to tick
    y = y0 - 7
    page.text(box.x, y, _("Checks (a row for each other colour; write its name and symbol)"), size_pt=BODY_PT,
              bold=True)
    circles = sheet.track_circles
    others = []
    if state is not None:
        others = [k for k in state.colours_in_play if k != owner]  # type: ignore[attr-defined]
    for row in range(track_rows):
        y -= 6.0
        page.rect(box.x, y - 1.2, 24, 5, stroke=FAINT, line_mm=0.15)
        ticks = 0
        if row < len(others):
            k = others[row]
            c = comp.colour(state.colour_of(k))  # type: ignore[attr-defined]
            draw_square(page, COLOUR_IDS.index(c.id), box.x + 0.6, y - 0.8, 4.2, mark="legend")
            page.text(box.x + 6, y, _(COLOUR_NAMES[c.id]), size_pt=BODY_PT)
            ticks = state.sheets[owner].checks[k]  # type: ignore[attr-defined]
        step = (box.width - 27) / circles
        for i in range(circles):
            cx = box.x + 27 + (i + 0.5) * step
            page.circle(cx, y + 1.3, min(step * 0.36, 2.2), stroke=FAINT, line_mm=0.2)
            if i < ticks:
                page.line(cx - 1.3, y + 1.3, cx - 0.3, y + 0.2, stroke=BLACK, line_mm=0.4)
                page.line(cx - 0.3, y + 0.2, cx + 1.5, y + 2.6, stroke=BLACK, line_mm=0.4)
        if ticks > circles:
            page.text(box.right, y + 4.2, f"+{ticks - circles}", size_pt=MIN_TEXT_PT, align="right")
    # the score boxes, as the book has them: the rounds' area bonuses in the upper row, and
    # below, a box for the cooperation bonus each other colour's sheet gives you, and the total
    rounds = load_components().sheet.area_boxes
    upper = [_("round {n}").format(n=i + 1) for i in range(rounds)]
    lower = [_("cooperation") for _row in range(track_rows)] + [_("total")]
    up_values: list[str] = [""] * len(upper)
    low_values: list[str] = [""] * len(lower)
    givers: list[int] = []
    if state is not None:
        area = state.sheets[owner].area  # type: ignore[attr-defined]
        for i, a in enumerate(area[:rounds]):
            up_values[i] = str(a)
        if state.is_terminal():  # type: ignore[attr-defined]
            given = state.breakdown(owner)["cooperation"]  # type: ignore[attr-defined]
            givers = [COLOUR_IDS.index(colour) for colour in given]
            for i, giver in enumerate(givers[:track_rows]):
                low_values[i] = str(given[COLOUR_IDS[giver]])
            low_values[-1] = str(int(state.scores()[owner]))  # type: ignore[attr-defined]
    y -= 13
    if compact:
        page.text(box.x, y + 7.5, _("Area bonus each round (5 players: strike out 4), cooperation bonuses, total"),
                  size_pt=BODY_PT, bold=True)
        _score_row(page, box, y, upper + lower, up_values + low_values, len(upper) + len(lower))
        return
    page.text(box.x, y + 7.5, _("Area bonus: the largest filled rectangle, each round (5 players: strike out 4)"),
              size_pt=BODY_PT, bold=True)
    _score_row(page, box, y, upper, up_values, len(lower))
    y -= 19
    page.text(box.x, y + 7.5, _("Cooperation bonus: the points each other sheet gives you at the end; total"),
              size_pt=BODY_PT, bold=True)
    _score_row(page, box, y, lower, low_values, len(lower))
    for i, giver in enumerate(givers[:track_rows]):          # whose sheet gave it: its colour's symbol
        w = box.width / len(lower)
        draw_square(page, giver, box.x + i * w + 1.6, y - 5.0, 3.2, mark="legend")


def _score_row(page: Surface, box: Rect, y: float, names: Sequence[str], values: Sequence[str], slots: int) -> None:
    """A row of score boxes (``slots`` wide each, from the left), their names and values."""
    w = box.width / slots
    for i, name in enumerate(names):
        x = box.x + i * w
        page.rect(x + 0.5, y - 6, w - 1, 10, stroke=LINE, line_mm=0.25)
        page.text(x + w / 2, y + 1.2, name, size_pt=MIN_TEXT_PT, align="centre", colour=FAINT)
        if values[i]:
            page.text(x + w / 2, y - 4.2, values[i], size_pt=11, bold=True, align="centre")


def _sheet_page(page: Surface, layout: PageLayout) -> None:
    area = content(layout)
    draw_sheet(page, Rect(area.x, area.y + 4, area.width, area.height - 4))


def _pad_page(page: Surface, layout: PageLayout) -> None:
    """Two smaller sheets on one page, to cut apart (for a pad)."""
    area = content(layout)
    half = (area.height - 8) / 2
    draw_sheet(page, Rect(area.x + 12, area.y + half + 8, area.width - 24, half))
    page.line(area.x, area.y + half + 4, area.right, area.y + half + 4, stroke=FAINT, line_mm=0.2, dash=(2, 2))
    draw_sheet(page, Rect(area.x + 12, area.y, area.width - 24, half))


# --- the cards -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PieceCard:
    colour: int
    piece: str


@dataclass(frozen=True)
class DirectionCard:
    """The direction card: its front is the first side, its back the other."""


@dataclass(frozen=True)
class AidCard:
    """A player aid: a round in short (fills the empty places of the card pages)."""


def printed_cards() -> list[PieceCard | DirectionCard]:
    comp = load_components()
    return [PieceCard(k, pid) for k in range(len(COLOUR_IDS)) for pid in comp.piece_ids] + [DirectionCard()]


def kit_cards(layout: CardLayout, fold_over: bool = False) -> list[PieceCard | DirectionCard | AidCard]:
    cards: list[PieceCard | DirectionCard | AidCard] = list(printed_cards())
    per = sheet_capacity(layout, fold_over)
    while len(cards) % per:
        cards.append(AidCard())
    return cards


def _frame(s: Surface, ink: str = LINE) -> None:
    """The card's border, 3.5 mm inside the cut (a slip of the scissors shows no frame)."""
    s.rect(3.5, 3.5, s.width - 7, s.height - 7, stroke=ink, line_mm=0.35, radius_mm=2.5)


def draw_card_front(s: Surface, card: object) -> None:
    comp = load_components()
    if isinstance(card, PieceCard):
        c = comp.colour(COLOUR_IDS[card.colour])
        piece = comp.piece(card.piece)
        _frame(s)
        s.rect(3.5, s.height - 13.5, s.width - 7, 10, fill=c.rgb, radius_mm=2.5)
        s.text(s.width / 2, s.height - 10.3, _(COLOUR_NAMES[c.id]).upper(), size_pt=11, bold=True,
               align="centre", colour=ink_on(c.rgb))
        cells = piece.shape.cells
        h = max(r for r, _c in cells) + 1
        w = max(c2 for _r, c2 in cells) + 1
        unit = min((s.width - 20) / w, 30 / h)
        draw_piece(s, cells, card.colour, (s.width - w * unit) / 2, (s.height - h * unit) / 2 - 4, unit)
        # the corners: the piece (lower left) and its mirror image (lower right), as on the real cards
        mirror = piece.shape.flipped().cells
        small = 2.6
        draw_piece(s, cells, card.colour, 6.5, 6.5, small)
        mw = max(c2 for _r, c2 in mirror) + 1
        draw_piece(s, mirror, card.colour, s.width - 6.5 - mw * small, 6.5, small)
        s.text(s.width - 6.5, s.height - 18.5, card.piece, size_pt=MIN_TEXT_PT, align="right", colour=FAINT)
    elif isinstance(card, DirectionCard):
        _draw_direction(s, comp.direction.start)
    else:
        _draw_aid(s)


AID_BACK = "#e6e1d3"
"""The ground of the player aids' backs."""


def draw_card_back(s: Surface, card: object) -> None:
    """A card's back: its colour all over, to the end of the bleed, with no frame or
    border anywhere near the edge, so a back printed up to 1.5 mm (or, with the
    bleed, 3 mm) off its front looks just the same; the symbol and name in the middle."""
    comp = load_components()
    b = s.bleed
    if isinstance(card, PieceCard):
        c = comp.colour(COLOUR_IDS[card.colour])
        ink = ink_on(c.rgb)
        s.rect(-b, -b, s.width + 2 * b, s.height + 2 * b, fill=c.rgb)
        draw_symbol(s, c.symbol, s.width / 2 - 14, s.height / 2 - 8, 28, ink, 1.2)
        s.text(s.width / 2, s.height / 2 - 16, _(COLOUR_NAMES[c.id]), size_pt=12, bold=True, align="centre",
               colour=ink)
        s.text(s.width / 2, 12, _(GAME_NAME), size_pt=MIN_TEXT_PT, align="centre", colour=ink)
    elif isinstance(card, DirectionCard):
        _draw_direction(s, comp.direction.other(comp.direction.start), frame=False)
    else:
        s.rect(-b, -b, s.width + 2 * b, s.height + 2 * b, fill=AID_BACK)
        s.text(s.width / 2, s.height / 2, _(GAME_NAME), size_pt=12, bold=True, align="centre", colour=LINE)


def _draw_direction(s: Surface, side: str, frame: bool = True) -> None:
    if frame:
        _frame(s)
    s.text(s.width / 2, s.height - 12, _("DIRECTION"), size_pt=11, bold=True, align="centre")
    step = load_components().direction.step(side)
    cx, cy, r = s.width / 2, s.height / 2, 17
    points = []
    for k in range(0, 301, 10):
        ang = math.radians(90 - k if step > 0 else 90 + k)
        points.append((cx + r * math.cos(ang), cy + r * math.sin(ang)))
    s.polygon(points, stroke=BLACK, line_mm=1.2, closed=False)
    ex, ey = points[-1]
    ang = math.radians(90 - 300 if step > 0 else 90 + 300)
    tx, ty = (math.sin(ang), -math.cos(ang)) if step > 0 else (-math.sin(ang), math.cos(ang))  # the arc's way
    nx, ny = -ty, tx
    tip = (ex + tx * 4.5, ey + ty * 4.5)
    s.polygon([tip, (ex + nx * 3, ey + ny * 3), (ex - nx * 3, ey - ny * 3)], fill=BLACK)
    s.text(cx, 14, _(DIRECTION_NAMES[side]), size_pt=12, bold=True, align="centre")
    s.text(cx, 8.5, _("turn over after every round"), size_pt=MIN_TEXT_PT, align="centre", colour=FAINT)


AID_LINES = (
    N_("1. Own sheet: turn over your card, draw its piece (round 1: two pieces on the start squares)."),
    N_("3 players: then turn over the virtual player's top card; everyone draws its piece on their own sheet."),
    N_("2. Pass sheets as the direction card shows. On each: A draw your piece, or B fill one enclosed square; "
       "else pass. Each edge touching the owner's colour: 1 check."),
    N_("3. Sheet home: score the largest filled rectangle. Turn the direction card over."),
    N_("End: each sheet ranks the other colours by checks: 1st largest group, 2nd half, 3rd a quarter."),
)


def _draw_aid(s: Surface) -> None:
    _frame(s, FAINT)
    s.text(s.width / 2, s.height - 11, _("A ROUND IN SHORT"), size_pt=10, bold=True, align="centre")
    y = s.height - 17
    for text in AID_LINES:
        for line in wrap(_(text), s.width - 12, MIN_TEXT_PT):
            s.text(6, y, line, size_pt=MIN_TEXT_PT)
            y -= 3.3
        y -= 1.2


# --- rules ------------------------------------------------------------------------------------------
RULES = (
    ("h", N_("What it is")),
    ("p", N_("Three to five players draw pieces on square sheets that travel round the table. Score big filled "
             "rectangles on your own sheet, and help the others' sheets to earn cooperation points.")),
    ("h", N_("Setting up")),
    ("b", N_("Each player takes a sheet, a colour, and that colour's six cards, shuffled face down.")),
    ("b", N_("Lay the direction card clockwise side up. With three players, one of the colours nobody chose is "
             "the virtual player's: shuffle its six cards and lay them face down beside the direction card as its "
             "own deck; everyone also takes a pen of that colour.")),
    ("b", N_("Play 4 rounds with three or four players, 3 rounds with five.")),
    ("h", N_("A round")),
    ("n", N_("1. Everyone turns over their top card and draws its piece on their own sheet. In round 1 take a "
             "second card and draw both pieces, each covering one outlined start square.")),
    ("n", N_("2. With three players, once everyone has drawn, turn over the top card of the virtual player's "
             "deck onto its face-up pile; everyone draws that piece on their own sheet in the virtual colour "
             "(or passes where it fits nowhere). The virtual colour never fills a single square.")),
    ("n", N_("3. Pass sheets one seat on in the direction the card shows. On each sheet you receive, either draw "
             "your piece (A) or fill one empty square whose four neighbours are filled and which is not on the "
             "edge (B); if neither is possible, pass. Keep passing until every sheet is home.")),
    ("n", N_("4. Score your sheet's largest rectangle of filled squares (any colours) in this round's box, then "
             "turn the direction card over.")),
    ("h", N_("Drawing")),
    ("b", N_("Pieces may be turned and flipped; they never cover a filled square or leave the map.")),
    ("b", N_("On someone else's sheet, every edge between your new squares and the owner's squares earns you a "
             "check in your row of that sheet's track. With three players, edges between the virtual colour's "
             "piece and your squares on your own sheet are checks for the virtual colour.")),
    ("h", N_("The end")),
    ("p", N_("Each sheet ranks the other colours by checks. 1st place scores the size of its largest connected "
             "group of squares on that sheet, 2nd half of it, 3rd a quarter (rounded down), last nothing. Equal "
             "checks share a place and the next place is skipped; four players have no 3rd place. The virtual "
             "colour is ranked but never scores.")),
    ("p", N_("Add your area boxes and the cooperation points you earned on other sheets. Most points wins; on a "
             "tie, more cooperation points; otherwise a draw.")),
)


def _rules_page(page: Surface, layout: PageLayout) -> None:
    area = content(layout)
    top = draw_title_bar(page, area, _("ALLUVIUM: rules summary"),
                         _("3-5 players, about 30 minutes; the kit's words, not the rule book's."))
    draw_rules_columns(page, RULES, area, top - 4, area.y + 6)


# --- documents --------------------------------------------------------------------------------------
def _doc(title: str, ink: InkMode) -> PdfDocument:
    doc = PdfDocument(title=title, greyscale=ink)
    doc.footer = footer()
    return doc


def _cover(page: Surface, layout: PageLayout, card_pages: int, aids: int, duplex_test: bool = True) -> None:
    comp = load_components()
    single = _("single-sided")
    first_cards = 7 if duplex_test else 5
    components = [
        Component(_("Rules summary"), 1, "2", single),
        Component(_("Player sheet, one to a page (copy one per player per game)"), 1, "3", single),
        Component(_("Player sheets, two to a page, for a pad"), 2, "4", single),
        *([Component(_("Duplex test: print it before the cards"), 1, "5-6", _("duplex, flip on the long edge"))]
          if duplex_test else []),
        Component(_("Piece cards: {colours} colours x {pieces} pieces").format(
            colours=len(COLOUR_IDS), pieces=len(comp.piece_ids)), len(COLOUR_IDS) * len(comp.piece_ids),
            pages_text(first_cards, card_pages), _("duplex, flip on the long edge; card")),
        Component(_("Direction card (two sides)"), 1, pages_text(first_cards, card_pages), _("with the cards")),
        Component(_("Player aids: a round in short"), aids, pages_text(first_cards, card_pages), _("with the cards")),
    ]
    steps = (
        *([_("Print the duplex test (pages 5-6) double-sided and hold it against a light: its crosses show how "
             "far your printer moves the backs.")] if duplex_test else []),
        _("Print the card pages on card, both sides; cut along the crop marks."),
        _("Print one sheet (or a pad page) for each player and game."),
        _("Sort the cards by colour; each player takes one colour. Keep the direction card clockwise side up."),
        _("Have coloured pencils in the five colours, or draw each colour's symbol in its squares."),
    )
    tips = (
        _("Cards double-sided, flipping on the long edge. Print the duplex test first and hold it against a light: "
          "its second side says what to do when the backs land off. The backs are one colour to the edge, with no "
          "border, so a back up to 1.5 mm off looks the same."),
        _ink_tip(page.doc.mode),
        _("At the table: the app's companion for Alluvium turns the cards and scores the rounds, and replaces the "
          "31 cards and the direction card; with it, print only the player sheets."),
    )
    draw_cover(page, layout, game=_(GAME_NAME), tagline=_("print-and-play kit: 3-5 players"),
               components=components, steps=steps, tips=tips, credits=kit_credits(GAME_ID), game_id=GAME_ID)


def _ink_tip(mode: str) -> str:
    """The cover's word on how this file prints the colours' squares (the style table's looks)."""
    if mode == "greyscale":
        return _("In this grey file the squares are {dark}, Yellow's {light}: tell the colours apart by their "
                 "symbols.").format(dark=SQUARES.look_in(mode, colour_key(0)),
                                    light=SQUARES.look_in(mode, colour_key(COLOUR_IDS.index("yellow"))))
    if mode == "ink-saver":
        return _("In this ink-saver file every square is {white} with its colour's symbol: colour them in with "
                 "pencils, or go by the symbols.").format(white=SQUARES.look_in(mode, colour_key(0)))
    return _("Every colour has a symbol, so the sheets and cards also work printed in black and white.")


def alluvium_sheets_pdf(paper: PaperSize | str = "a4", ink: InkMode = False) -> bytes:
    """The sheet, one to a page, then two to a page."""
    layout = page_layout(paper, ink)
    doc = _doc(_("Alluvium sheets"), ink)
    with doc.page(layout.paper, note=_("sheet")) as page:
        _sheet_page(page, layout)
    with doc.page(layout.paper, note=_("pad")) as page:
        _pad_page(page, layout)
    return doc.to_bytes()


def alluvium_cards_pdf(cards: CardLayout = CardLayout(), fold_over: bool = False) -> bytes:
    doc = _doc(_("Alluvium cards"), cards.page.greyscale)
    add_card_sheets(doc, kit_cards(cards, fold_over), draw_card_front, draw_card_back, cards,
                    title=_(GAME_NAME), fold_over=fold_over)
    return doc.to_bytes()


def alluvium_rules_pdf(paper: PaperSize | str = "a4", ink: InkMode = False) -> bytes:
    layout = page_layout(paper, ink)
    doc = _doc(_("Alluvium rules summary"), ink)
    with doc.page(layout.paper, note=_("rules")) as page:
        _rules_page(page, layout)
    return doc.to_bytes()


def alluvium_all_pdf(paper: PaperSize | str = "a4", ink: InkMode = False, cards: CardLayout | None = None,
                     fold_over: bool = False) -> bytes:
    """The whole kit: cover, rules, the sheet, a pad page, the cards."""
    cards = cards or card_layout_for(paper, ink)
    layout = page_layout(paper, ink)
    deck = kit_cards(cards, fold_over)
    per = sheet_capacity(cards, fold_over)
    card_pages = (len(deck) // per) * (1 if fold_over else 2)
    doc = begin_kit(_("Alluvium print-and-play kit"), layout, footer(), lambda page, lay: _cover(
        page, lay, card_pages, sum(isinstance(c, AidCard) for c in deck), not fold_over), _rules_page)
    with doc.page(layout.paper, note=_("sheet")) as page:
        _sheet_page(page, layout)
    with doc.page(layout.paper, note=_("pad")) as page:
        _pad_page(page, layout)
    if not fold_over:                 # pages 5-6: the cards then start on an odd page (7)
        add_duplex_test(doc, cards, "reclaimdesk print alluvium --what cards")
    add_card_sheets(doc, deck, draw_card_front, draw_card_back, cards, title=_(GAME_NAME), fold_over=fold_over)
    return doc.to_bytes()


def player_label(state: object, seat: int, players: Sequence[str]) -> str:
    """"Ann (red)": a seat's name from the record and its colour (the colour alone
    when no names are given)."""
    colour = _(COLOUR_NAMES[state.colour_of(seat)])  # type: ignore[attr-defined]
    name = players[seat] if seat < len(players) else ""
    return _("{name} ({colour})").format(name=name, colour=colour) if name else colour


def _draw_result(page: Surface, layout: PageLayout, state: object, players: Sequence[str]) -> None:
    """The game's result: each player's total and how it came (area bonus round by
    round, cooperation bonus from each other sheet), the winner, and every sheet's
    cooperation ranking (place, checks, largest group, points) that gave those bonuses."""
    s = state  # an AlluviumState
    area = content(layout)
    over = s.is_terminal()  # type: ignore[attr-defined]
    top = draw_title_bar(page, area, _("ALLUVIUM: result"),
                         _("seed {seed}; the totals as the rules engine counts them").format(seed=s.seed)  # type: ignore[attr-defined]
                         if over else _("seed {seed}; the game is not over: totals so far, no cooperation "
                                        "bonus yet").format(seed=s.seed))  # type: ignore[attr-defined]
    rounds = load_components().sheet.area_boxes
    seats = range(s.num_players)  # type: ignore[attr-defined]
    heads = [_("player")] + [_("round {n}").format(n=i + 1) for i in range(rounds)] + [_("cooperation"), _("total")]
    widths = [area.width - 20.0 * (rounds + 2)] + [20.0] * (rounds + 2)
    y = top - 6
    x = area.x
    for head, w in zip(heads, widths):
        page.text(x + (0 if head is heads[0] else w - 2), y, head, size_pt=MIN_TEXT_PT + 0.5, bold=True,
                  colour=FAINT, align="left" if head is heads[0] else "right")
        x += w
    scores = s.scores()  # type: ignore[attr-defined]
    for seat in seats:
        y -= 6
        part = s.breakdown(seat)  # type: ignore[attr-defined]
        coop = part["cooperation"]
        cells = [player_label(s, seat, players)]
        cells += [str(part["area"][i]) if i < len(part["area"]) else "" for i in range(rounds)]
        cells += ["+".join(str(v) for v in coop.values()) + f" = {sum(coop.values())}" if coop else "",
                  f"{int(scores[seat])}"]
        x = area.x
        for k, (cell, w) in enumerate(zip(cells, widths)):
            page.text(x + (0 if k == 0 else w - 2), y, cell, size_pt=BODY_PT, bold=k == len(cells) - 1,
                      align="left" if k == 0 else "right")
            x += w
        page.line(area.x, y - 1.8, area.right, y - 1.8, stroke=FAINT, line_mm=0.1)
    y -= 9
    if over:
        winners = s.winners()  # type: ignore[attr-defined]
        names = _(", ").join(player_label(s, w, players) for w in winners)
        text = (_("Winner: {names}").format(names=names) if len(winners) == 1
                else _("Draw between {names}").format(names=names))
        page.text(area.x, y, text, size_pt=12, bold=True)
        y -= 5
        for line in wrap(_("Most points wins; on a tie, more cooperation points; otherwise a draw. Cooperation: "
                           "the numbers added are what each other sheet gave, in seat order."), area.width,
                         BODY_PT):
            page.text(area.x, y, line, size_pt=BODY_PT, colour=LINE)
            y -= 4.2
    y -= 6
    page.text(area.x, y, _("Cooperation ranking of each sheet"), size_pt=11, bold=True)
    heads = [_("colour"), _("checks"), _("place"), _("largest group"), _("points")]
    col = [0.0, 40.0, 60.0, 80.0, 110.0]
    for owner in seats:
        y -= 8
        page.text(area.x, y, _("On {owner}'s sheet").format(owner=player_label(s, owner, players)), size_pt=BODY_PT,
                  bold=True)
        y -= 4.5
        for head, cx in zip(heads, col):
            page.text(area.x + 4 + cx, y, head, size_pt=MIN_TEXT_PT, colour=FAINT)
        for place in s.cooperation_ranking(owner):  # type: ignore[attr-defined]
            y -= 4.2
            name = _(COLOUR_NAMES[place.colour])
            if place.virtual:
                name = _("{colour} (virtual player)").format(colour=name)
            row = [name, str(place.checks), str(place.place), str(place.group),
                   _("none (last)") if place.last else str(place.points)]
            for cell, cx in zip(row, col):
                page.text(area.x + 4 + cx, y, cell, size_pt=BODY_PT)
        if y < area.y + 12:
            raise ExportError("the result page of Alluvium does not fit")


def alluvium_game_pdf(state: object, paper: PaperSize | str = "a4", ink: InkMode = False,
                      players: Sequence[str] = ()) -> bytes:
    """A running or finished game: its result (see :func:`_draw_result`), then every
    player's filled sheet, one to a page, named after its player."""
    from reclaimdesk.games.alluvium.state import AlluviumState

    if not isinstance(state, AlluviumState):
        raise ExportError(_("a printed game of Alluvium needs a game of Alluvium"))
    layout = page_layout(paper, ink)
    doc = _doc(_("Alluvium game"), ink)
    with doc.page(layout.paper, note=_("result")) as page:
        _draw_result(page, layout, state, players)
    for owner in range(state.num_players):
        who = player_label(state, owner, players)
        with doc.page(layout.paper, note=_("{colour}'s sheet").format(colour=who)) as page:
            area = content(layout)
            title = _("ALLUVIUM: {colour}'s sheet, seed {seed}").format(colour=who, seed=state.seed)
            draw_sheet(page, Rect(area.x, area.y + 4, area.width, area.height - 4), state=state, owner=owner,
                       title=title)
    return doc.to_bytes()


def card_faces(options: PrintOptions) -> CardFaces:
    """The cards and their two drawings, for ``--cards-as-images``."""
    return printed_cards(), card_layout_of(options), (draw_card_front, draw_card_back)


KIT = GameKit(
    game=GAME_ID,
    parts={
        "sheets": lambda o: alluvium_sheets_pdf(o.paper, o.ink),
        "cards": lambda o: alluvium_cards_pdf(card_layout_of(o), o.fold_over),
        "rules": lambda o: alluvium_rules_pdf(o.paper, o.ink),
        "all": lambda o: alluvium_all_pdf(o.paper, o.ink, card_layout_of(o), o.fold_over),
    },
    offer=KitOffer(bleed=True, back_offset=True, fold_over=True, gutter=True, filled=BOARD,
                   cards_as_images=True),
    filled=lambda state, o: alluvium_game_pdf(state, o.paper, o.ink, o.players),
    card_faces=card_faces,
)
"""Alluvium's print-and-play kit: sheets, cards and direction card, rules, the
whole kit, and every player's sheet of a game."""
