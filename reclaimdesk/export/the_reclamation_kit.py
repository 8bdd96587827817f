"""The Reclamation's print-and-play kit: the 6 x 6 board, the 8 Reclamation
cards (the black Garden side as fronts, the red Throne side as their duplex
backs), stone tokens with a Flower face and a Tendril face, a one-page rules
summary of both rule sets, and the board of a recorded game, as PDF bytes.

Everything is drawn from the game's own data (``resources/the_reclamation/``),
so an edited card file prints as edited. Each faction has its own icon (a five-
petal flower, a curling tendril) and its own shade (light for Flower, dark for
Tendril), so every page reads the same when printed in grey. The same input
always gives the same bytes.

>>> pdf = the_reclamation_board_pdf("a4")
>>> pdf.count(b"/Type /Page\\n")
1
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from reclaimdesk.core.i18n import N_, _, ngettext
from reclaimdesk.export.cards import add_card_sheets, add_duplex_test, card_page_count, empty_slots
from reclaimdesk.export.errors import ExportError
from reclaimdesk.export.kit_pages import (
    FAINT, LINE, Component, begin_kit, kit_credits, RulesStyle, card_layout_of, content, draw_cover,
    draw_footer, draw_rules_columns, draw_title, draw_title_bar, kit_document, kit_footer, page_layout,
    page_part, pages_text, seat_named, winner_text, wrap
)
from reclaimdesk.export.kit import CardFaces, GameKit
from reclaimdesk.export.kit_pages import MARGIN_MM  # noqa: F401 (re-exported)
from reclaimdesk.export.options import BOARD, KitOffer, PrintOptions
from reclaimdesk.export.layout import CardLayout, CardSize, PageLayout, PaperSize, Rect
from reclaimdesk.export.pdf import BLACK, WHITE, Ink, InkMode, PdfDocument, Surface, ink_mode
from reclaimdesk.export.styles import PieceStyle, StyleTable
from reclaimdesk.games.the_reclamation.components import (
    FACTIONS,
    RULE_SET_NAMES,
    FLOWER,
    SIZE,
    START_SQUARES,
    TENDRIL,
    ReclamationCard,
    load_card_set,
    load_cards,
)

GAME_NAME = "The Reclamation"
STONES = 36
"""Stones in play (both sides); the stones pages hold at least these."""

SOIL = ("#f3ecdc", "#e7dcc3")
BOARD_EDGE = "#6f5d40"
FACTION_INK: dict[int, Ink] = {FLOWER: "#a8385a", TENDRIL: "#2c6647"}
STONE_FACE: dict[int, Ink] = {FLOWER: "#f7d3dc", TENDRIL: "#356e50"}
STONE_ICON: dict[int, Ink] = {FLOWER: "#8c2446", TENDRIL: "#eaf5ec"}
STONE_EDGE: dict[int, Ink] = {FLOWER: "#8c3b55", TENDRIL: "#17301f"}
CARD_GROUND: dict[str, Ink] = {"garden": "#1d1d1f", "throne": "#a11f24"}
CARD_SPARE: dict[str, Ink] = {"garden": "#4d4d50", "throne": "#c25a5a"}
CARD_TEXT: Ink = "#f6f1e6"

TOKEN = CardSize("stone token", 28.0, 28.0)
SAFE_MM = 3.0
"""Nothing on a card or token comes closer than this to its cut line."""
TOKEN_COLUMNS, TOKEN_ROWS = 6, 7
"""42 tokens: the 36 stones of the game and 6 spares."""


# --- icons ----------------------------------------------------------------------------
def draw_flower(s: Surface, x: float, y: float, size: float, ink: Ink) -> None:
    """Flower's icon: five round petals around an open heart, ``size`` mm across."""
    r = size * 0.17
    for k in range(5):
        a = math.pi / 2 + k * 2 * math.pi / 5
        s.circle(x + math.cos(a) * size * 0.28, y + math.sin(a) * size * 0.28, r, fill=ink)
    s.circle(x, y, size * 0.1, stroke=ink, line_mm=max(0.15, size * 0.05))


def draw_tendril(s: Surface, x: float, y: float, size: float, ink: Ink) -> None:
    """Tendril's icon: a stem rising from a leaf and curling into a spiral."""
    width = max(0.2, size * 0.12)
    cx, cy = x + size * 0.08, y + size * 0.08
    spiral = []
    for i in range(37):
        t = i / 36
        a = math.pi * 0.75 - t * 1.35 * 2 * math.pi
        rad = size * 0.3 * (1 - 0.72 * t)
        spiral.append((cx + math.cos(a) * rad, cy + math.sin(a) * rad))
    x0, y0 = x - size * 0.36, y - size * 0.42
    c1 = (x - size * 0.3, y - size * 0.15)
    stem = [_quad((x0, y0), c1, spiral[0], k / 10) for k in range(11)]
    s.polygon(stem + spiral[1:], stroke=ink, line_mm=width, closed=False)
    # round the two ends of the line
    for px, py in (stem[0], spiral[-1]):
        s.circle(px, py, width / 2, fill=ink)
    lx, ly = x - size * 0.31, y - size * 0.3
    upper = [_quad((lx, ly), (lx + size * 0.2, ly - size * 0.16), (lx + size * 0.42, ly - size * 0.06), k / 8)
             for k in range(9)]
    lower = [_quad((lx + size * 0.42, ly - size * 0.06), (lx + size * 0.22, ly + size * 0.1), (lx, ly), k / 8)
             for k in range(1, 9)]
    s.polygon(upper + lower, fill=ink)


def _quad(a: tuple[float, float], c: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    u = 1 - t
    return (u * u * a[0] + 2 * u * t * c[0] + t * t * b[0], u * u * a[1] + 2 * u * t * c[1] + t * t * b[1])


def draw_icon(s: Surface, seat: int, x: float, y: float, size: float, ink: Ink | None = None,
              angle_deg: float = 0.0) -> None:
    """A faction's icon centred on (x, y), turned by ``angle_deg`` anticlockwise."""
    draw = draw_flower if seat == FLOWER else draw_tendril
    ink = STONE_ICON[seat] if ink is None else ink
    if not angle_deg:
        draw(s, x, y, size, ink)
        return
    c = s.canvas
    c.saveState()
    c.translate(x, y)
    c.rotate(angle_deg)
    draw(s, 0.0, 0.0, size, ink)
    c.restoreState()


def _hexagon(x: float, y: float, r: float) -> list[tuple[float, float]]:
    return [(x + r * math.cos(math.radians(30 + 60 * k)), y + r * math.sin(math.radians(30 + 60 * k)))
            for k in range(6)]


def draw_stone(s: Surface, seat: int, x: float, y: float, diameter: float) -> None:
    """One stone seen from above: Flower a light disc with a ring, Tendril a dark
    disc with a hexagon, each with its icon."""
    r = diameter / 2
    s.circle(x, y, r, fill=STONE_FACE[seat], stroke=STONE_EDGE[seat], line_mm=max(0.2, diameter * 0.025))
    if seat == FLOWER:
        s.circle(x, y, r * 0.8, stroke=STONE_EDGE[seat], line_mm=max(0.15, diameter * 0.015))
    else:
        s.polygon(_hexagon(x, y, r * 0.82), stroke=STONE_ICON[seat], line_mm=max(0.15, diameter * 0.015))
    draw_icon(s, seat, x, y, diameter * 0.56)


# --- the board ----------------------------------------------------------------------------
INSET_MM = 0.6
"""A page's drawing stays this far inside the margin (:func:`~reclaimdesk.export.kit_pages.content`)."""


FRAME_MM = 4.0
"""The wooden edge around the squares, which carries the coordinates."""


def board_frame(layout: PageLayout) -> tuple[float, float, float]:
    """(left, bottom, cell) of the 6 x 6 squares on the board page, in mm."""
    area = content(layout, INSET_MM)
    cell = min(30.0, (area.width - 2 * FRAME_MM - 2) / SIZE, (area.height - 80) / SIZE)
    side = cell * SIZE
    left = area.x + (area.width - side) / 2
    bottom = area.y + (area.height - side) / 2 - 4
    return left, bottom, cell


def _draw_board(page: Surface, layout: PageLayout, stacks: dict[tuple[int, int], tuple[int, int]] | None = None,
                heading: str = "") -> None:
    area = content(layout, INSET_MM)
    left, bottom, cell = board_frame(layout)
    side = cell * SIZE
    top = bottom + side
    draw_title(page, area, _("{game}: the garden").format(game=_(GAME_NAME).upper()))
    intro = heading or _("The board of both rule sets. Flower sits at the bottom edge, Tendril at the top; each "
                         "Gardener starts on the corner at its owner's right hand (dashed).")
    for k, line in enumerate(wrap(intro, area.width, 8.5)[:2]):
        page.text(area.x, area.top - 12.5 - k * 4.0, line, size_pt=8.5, colour=LINE)
    f = FRAME_MM
    page.rect(left - f, bottom - f, side + 2 * f, side + 2 * f, fill="#cdbb93", stroke=BOARD_EDGE, line_mm=0.5,
              radius_mm=2.5)
    for r in range(SIZE):
        for c in range(SIZE):
            page.rect(left + c * cell, bottom + r * cell, cell, cell, fill=SOIL[(r + c) % 2])
    for i in range(SIZE + 1):
        page.line(left + i * cell, bottom, left + i * cell, top, stroke=BOARD_EDGE, line_mm=0.3)
        page.line(left, bottom + i * cell, left + side, bottom + i * cell, stroke=BOARD_EDGE, line_mm=0.3)
    page.rect(left, bottom, side, side, stroke=BOARD_EDGE, line_mm=0.6)
    # coordinates, as the records name the squares (from Flower's seat)
    for i in range(SIZE):
        letter = chr(ord("a") + i)
        page.text(left + (i + 0.5) * cell, bottom - f + 0.9, letter, size_pt=7, colour=LINE, align="centre")
        page.text(left - f / 2, bottom + (i + 0.5) * cell - 0.9, str(i + 1), size_pt=7, colour=LINE,
                  align="centre")
    # starting corners: the owner's icon and a note read from the owner's side
    for seat, (r, c) in enumerate(START_SQUARES):
        x0, y0 = left + c * cell, bottom + r * cell
        ink = FACTION_INK[seat]
        page.rect(x0 + 1.2, y0 + 1.2, cell - 2.4, cell - 2.4, stroke=ink, line_mm=0.5, dash=(1.5, 1.0))
        if stacks is None or (r, c) not in stacks:
            cx, cy = x0 + cell / 2, y0 + cell / 2
            upright = seat == FLOWER
            draw_icon(page, seat, cx, cy + (2.5 if upright else -2.5), cell * 0.38, ink, 0 if upright else 180)
            page.text(cx, cy + (-cell * 0.3 if upright else cell * 0.3),
                      _("{side} starts").format(side=_(FACTIONS[seat])),
                      size_pt=7, colour=ink, align="centre", angle_deg=0 if upright else 180)
    # whose side is whose
    label = _("Flower's side: the first player sits here")
    width = page.text(left + side / 2, bottom - 15, label, size_pt=9, bold=True, colour=FACTION_INK[FLOWER],
                      align="centre")
    draw_icon(page, FLOWER, left + side / 2 - width / 2 - 5, bottom - 14, 6, FACTION_INK[FLOWER])
    width = page.text(left + side / 2, top + 15, _("Tendril's side: the second player sits here"), size_pt=9,
                      bold=True, colour=FACTION_INK[TENDRIL], align="centre", angle_deg=180)
    draw_icon(page, TENDRIL, left + side / 2 + width / 2 + 5, top + 14, 6, FACTION_INK[TENDRIL], 180)
    if stacks is None:
        _draw_stone_legend(page, area, bottom - 22)
    if stacks:
        for (r, c), (owner, height) in sorted(stacks.items()):
            _draw_stack(page, left + (c + 0.5) * cell, bottom + (r + 0.5) * cell, cell, owner, height)


def _draw_stone_legend(page: Surface, area: Rect, top: float) -> None:
    """Under the board: what a stone, a stack and a Gardener look like."""
    y = top - 8
    x = area.x + 8
    # each part after the one before (translations differ in width), at least where English puts it
    draw_stone(page, FLOWER, x, y, 9)
    end = x + 7 + page.text(x + 7, y - 1.2, _("Flower: light, with petals"), size_pt=8)
    tendril = max(x + 56, end + 9)
    draw_stone(page, TENDRIL, tendril, y, 9)
    end = tendril + 7 + page.text(tendril + 7, y - 1.2, _("Tendril: dark, with a curl"), size_pt=8)
    note = max(x + 112, end + 5)
    page.text(note, y - 1.2, _("Stacks hold up to 2 stones (Throne: 3);"), size_pt=8)
    page.text(note, y - 5.2, _("a stack of three is a Gardener."), size_pt=8)


def _draw_stack(page: Surface, x: float, y: float, cell: float, owner: int, height: int) -> None:
    """A stack on a printed position: the stone, and its height as a number (a
    crown mark on a Gardener)."""
    draw_stone(page, owner, x, y, cell * 0.7)
    badge_x, badge_y = x + cell * 0.3, y - cell * 0.3
    page.circle(badge_x, badge_y, cell * 0.12, fill=WHITE, stroke=LINE, line_mm=0.25)
    page.text(badge_x, badge_y - cell * 0.045, str(height), size_pt=cell * 0.3, bold=True, align="centre")
    if height >= 3:
        w = cell * 0.3
        cx, cy = x, y + cell * 0.38
        pts = [(0, 0), (0, 0.75), (0.25, 0.4), (0.5, 1.0), (0.75, 0.4), (1, 0.75), (1, 0)]
        page.polygon([(cx - w / 2 + a * w, cy - w * 0.3 + b * w * 0.6) for a, b in pts], fill="#c99a1c",
                     stroke="#6b4d00", line_mm=0.2)


# --- cards ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class PrintedCard:
    """One physical card: its owner and its number (a black side and a red side)."""

    seat: int
    card: ReclamationCard


def printed_cards() -> list[PrintedCard]:
    """The 8 cards: Flower's four, then Tendril's four."""
    return [PrintedCard(seat, card) for seat in (FLOWER, TENDRIL) for card in load_cards()]


def _light(s: Surface) -> Ink:
    """The ink of what a card draws light on its dark ground: dark in ink-saver
    prints, whose ground is white."""
    return BLACK if s.doc.ink_saver else CARD_TEXT


def _draw_ground(s: Surface, rules: str, x: float, y: float, w: float, h: float) -> None:
    """A card side's ground over (x, y, w, h): black or red; in the ink saver white,
    the Throne side hatched, so the two sides still differ."""
    if not s.doc.ink_saver:
        s.rect(x, y, w, h, fill=CARD_GROUND[rules])
        return
    with s.fills_as_given():
        s.rect(x, y, w, h, fill=WHITE)
    if rules == "throne":                # one path of lines inside the box: a ground, not marks near the cut
        c = s.canvas
        c.saveState()
        s.set_stroke(INK_SAVER_HATCH)
        c.setLineWidth(0.2)
        lines = c.beginPath()
        step = INK_SAVER_HATCH_MM * math.sqrt(2)            # along x, between lines x - y = k
        middle = (x + w / 2) - (y + h / 2)
        n = math.ceil(((x - y - h) - middle) / step)
        while (k := middle + n * step) <= x + w - y:       # each line's part inside the box
            x_from, x_to = max(x, y + k), min(x + w, y + h + k)
            if x_to > x_from:
                lines.moveTo(x_from, x_from - k)
                lines.lineTo(x_to, x_to - k)
            n += 1
        c.drawPath(lines, stroke=1, fill=0)
        c.restoreState()


INK_SAVER_HATCH = "#8c8c8c"
INK_SAVER_HATCH_MM = 2.0
"""The Throne side's lines in the ink saver (its red ground is not printed)."""


def _side_style(rules: str) -> PieceStyle:
    def draw(s: Surface, cx: float, cy: float, size: float) -> None:
        _draw_ground(s, rules, cx - size / 2, cy - size / 2, size, size)
    looks = ({"colour": "black", "greyscale": "black", "ink-saver": "white"} if rules == "garden" else
             {"colour": "red", "greyscale": "dark grey", "ink-saver": "hatched"})
    return PieceStyle(draw, looks, core=0.6)


SIDES = StyleTable({rules: _side_style(rules) for rules in ("garden", "throne")})
"""The cards' two sides (by rule set) and their looks, for the cards and the aid card."""
GROUND_PATCH = (3.5, 45.0, 4.0)
"""(x, y, size) of a patch of a card's ground that nothing is drawn on (left of the pattern)."""
SWATCH_MM = 3.2


def _draw_card_side(s: Surface, pc: PrintedCard | AidCard, rules: str) -> None:
    if isinstance(pc, AidCard):
        (_draw_aid_reading if rules == "garden" else _draw_aid_turn)(s)
        return
    side = pc.card.side(rules)
    b = s.bleed
    light = _light(s)
    _draw_ground(s, rules, -b, -b, s.width + 2 * b, s.height + 2 * b)
    SIDES.mark_piece(s, rules, *GROUND_PATCH)
    # number, name, rule set (no frame: nothing to show a duplex drift)
    s.text(5.0, s.height - 10.0, str(pc.card.number), size_pt=15, bold=True, colour=light)
    s.text(s.width - 5.0, s.height - 8.5, _(side.name), size_pt=9, bold=True, colour=light, align="right")
    s.text(s.width - 5.0, s.height - 12.5, _(RULE_SET_NAMES[rules]).upper(), size_pt=7,
           colour=light, align="right")
    # the pattern, read from the owner's side (forward is up)
    reach = max([2] + [max(abs(f), abs(r)) for f, r in side.offsets])
    n = 2 * reach + 1
    grid = min(46.0, s.width - 14)
    unit = grid / n
    gx = (s.width - grid) / 2
    gy = 20.5
    targets = set(side.offsets)
    s.rect(gx - 0.8, gy - 0.8, grid + 1.6, grid + 1.6, fill=CARD_SPARE[rules])
    for i in range(n):
        for j in range(n):
            forward, right = reach - i, j - reach
            x, y = gx + j * unit + 0.35, gy + (n - 1 - i) * unit + 0.35
            w = unit - 0.7
            cx, cy = x + w / 2, y + w / 2
            if (forward, right) == (0, 0):
                s.rect(x, y, w, w, fill="#0b0b0b", stroke=light, line_mm=0.3)
                draw_icon(s, pc.seat, cx, cy, w * 0.8, light)
            elif (forward, right) in targets:
                s.rect(x, y, w, w, fill="#fbf8f0", stroke=BLACK if s.doc.ink_saver else None, line_mm=0.3)
                draw_icon(s, pc.seat, cx, cy, w * 0.72, FACTION_INK[pc.seat])
            else:
                s.circle(cx, cy, w * 0.07, fill=light)
    # the owner's side: a bar under the pattern and the faction at the bottom edge
    s.rect(gx - 0.8, gy - 2.6, grid + 1.6, 1.2, fill=light)
    draw_icon(s, pc.seat, s.width / 2, 11.6, 6.5, light)
    s.text(s.width / 2, 5.0, _(FACTIONS[pc.seat]).upper(), size_pt=7, bold=True, colour=light, align="centre")


@dataclass(frozen=True)
class AidCard:
    """A player aid in the card sheet's empty place: how to read a card on one
    side, a turn on the other."""

    number: int


AID_PT = 7.5
AID_READING = (
    N_("The dark square is your Gardener after its move; each light square is a square the card reaches."),
    N_("Forward is away from you: the bar and your icon at the bottom mark your side. Never turn a card."),
    N_("Dots only help to count. Squares off the board are ignored."),
)
AID_SIDES = ((N_("{look} side: Garden rules."), "garden"), (N_("{look} side: Throne rules."), "throne"))
"""The aid's key to the cards' sides: each with a swatch of the side's ground."""
AID_TURN = (
    N_("1. Move your Gardener (the whole stack) to an empty square next to it, diagonals too."),
    N_("2. Play an unused card. On the reached squares, in this order:"),
    N_("a. Stack: one more stone on each single stone of yours."),
    N_("b. Place: one stone on each empty square."),
    N_("c. Take: the top stone of each opponent's stack (never a Gardener in Garden)."),
    N_("Change nothing, or cannot move: you lose."),
)


def _aid_side(s: Surface, title: str, paragraphs: Sequence[str], sides: bool = False) -> None:
    x0, width = 4.5, s.width - 9.0
    s.text(x0, s.height - 9.0, title, size_pt=10, bold=True)
    name = _(GAME_NAME).upper()
    if s.text_width(title, size_pt=10, bold=True) + s.text_width(name, size_pt=7, bold=True) + 3 < width:
        s.text(s.width - 4.5, s.height - 9.0, name, size_pt=7, bold=True, colour=FAINT, align="right")
    s.line(x0, s.height - 11.0, x0 + width, s.height - 11.0, stroke=LINE, line_mm=0.3)
    y = s.height - 15.5
    lead = AID_PT * 1.22 / 72 * 25.4
    for text in paragraphs:
        for line in wrap(_(text), width, AID_PT):
            s.text(x0, y, line, size_pt=AID_PT)
            y -= lead
        y -= 1.4
    for text, rules in AID_SIDES if sides else ():
        SIDES.swatch(s, rules, x0 + SWATCH_MM / 2, y + 0.9, SWATCH_MM, actual=GROUND_PATCH[2])
        s.rect(x0, y + 0.9 - SWATCH_MM / 2, SWATCH_MM, SWATCH_MM, stroke=LINE, line_mm=0.15)   # a white side shows
        look = SIDES.look(s, rules)
        s.text(x0 + SWATCH_MM + 1.2, y, _(text).format(look=look[:1].upper() + look[1:]), size_pt=AID_PT)
        y -= lead + 0.6
    if y < 4.0:
        raise ExportError("the player aid card's text does not fit")


def _draw_aid_reading(s: Surface) -> None:
    _aid_side(s, _("READING A CARD"), AID_READING, sides=True)
    unit = 5.0
    gx, gy = (s.width - 5 * unit) / 2, 5.0
    for i in range(5):
        for j in range(5):
            forward, right = 2 - i, j - 2
            x, y = gx + j * unit, gy + (4 - i) * unit
            if (forward, right) == (0, 0):
                s.rect(x + 0.3, y + 0.3, unit - 0.6, unit - 0.6, fill="#3a3a3a" if not s.doc.ink_saver else WHITE,
                       stroke=BLACK, line_mm=0.3)
                draw_icon(s, FLOWER, x + unit / 2, y + unit / 2, unit * 0.7, WHITE if not s.doc.ink_saver else BLACK)
            elif (forward, right) in ((2, -1), (2, 1), (1, 0)):
                s.rect(x + 0.3, y + 0.3, unit - 0.6, unit - 0.6, stroke=BLACK, line_mm=0.3)
                draw_icon(s, FLOWER, x + unit / 2, y + unit / 2, unit * 0.6, FACTION_INK[FLOWER])
            else:
                s.circle(x + unit / 2, y + unit / 2, 0.35, fill=LINE)
    s.rect(gx, gy - 1.2, 5 * unit, 0.8, fill=LINE)


def _draw_aid_turn(s: Surface) -> None:
    _aid_side(s, _("A TURN"), AID_TURN)


def draw_card_front(s: Surface, pc: PrintedCard | AidCard) -> None:
    """The black side, used by the Garden rules."""
    _draw_card_side(s, pc, "garden")


def draw_card_back(s: Surface, pc: PrintedCard | AidCard) -> None:
    """The red side, used by the Throne rules (the back of the same card)."""
    _draw_card_side(s, pc, "throne")


# --- stone tokens ------------------------------------------------------------------------------
def token_layout(page: PageLayout, bleed_mm: float = 0.0, back_offset: tuple[float, float] = (0.0, 0.0)) -> CardLayout:
    return CardLayout(page=page, card=TOKEN, columns=TOKEN_COLUMNS, rows=TOKEN_ROWS, bleed=bleed_mm > 0,
                      bleed_size_mm=bleed_mm or 3.0, back_offset_mm=back_offset)


def _draw_token(s: Surface, seat: int) -> None:
    b = s.bleed
    s.rect(-b, -b, s.width + 2 * b, s.height + 2 * b, fill="#ffffff" if seat == FLOWER else "#e4eee6")
    draw_stone(s, seat, s.width / 2, s.height / 2, s.width - 2 * SAFE_MM - 1.2)   # its outline inside too


def draw_token_front(s: Surface, index: int) -> None:
    """A stone's Flower face."""
    _draw_token(s, FLOWER)


def draw_token_back(s: Surface, index: int) -> None:
    """The same stone's Tendril face."""
    _draw_token(s, TENDRIL)


# --- rules ------------------------------------------------------------------------------------
RULES: tuple[tuple[str, str], ...] = (
    ("h", N_("In the box")),
    ("p", N_("A 6 x 6 board; 8 cards, four per player, each with a black Garden side and a red Throne side; "
             "36 stones, each with a Flower face and a Tendril face. A stone belongs to whoever's face is up.")),
    ("h", N_("Setting up")),
    ("p", N_("Sit on opposite sides of the board. The first player is Flower, the second Tendril. Take your "
             "stones with your face up: 17 each in Garden, 18 in Throne. Stack three of them on the corner "
             "square nearest your right hand: that stack is your Gardener. The rest is your hand.")),
    ("p", N_("Lay your four cards before you, the side of the rules you play face up, your icon towards "
             "you. Never turn a card: its picture is read from your seat.")),
    ("h", N_("A turn: move, then reclaim")),
    ("n", N_("1. Move your Gardener, the whole stack, to one of the eight squares around it that holds no "
             "stone at all. A player who cannot move loses.")),
    ("n", N_("2. Play one of your cards that is not used. The dark square is your Gardener's new square; "
             "the light squares are the ones the card reaches (any part off the board is ignored).")),
    ("p", N_("Then work through the reached squares in three steps:")),
    ("n", N_("a. Stack: each square with exactly one of your stones gets one more from your hand.")),
    ("n", N_("b. Place: each empty square gets one of your stones.")),
    ("n", N_("c. Take: from each square with your opponent's stones, take the top stone (a single one leaves "
             "the square empty). Never from a Gardener. Turn it over to your face and add it to your hand.")),
    ("p", N_("A card must change something: stacking, placing or taking alone is enough. If after your move "
             "no card of yours would change anything, you lose.")),
    ("h", N_("Too few stones")),
    ("p", N_("When your hand cannot cover every square of step a or b, you choose which squares of that step "
             "get your last stones; the later step gets none. Step c still happens.")),
    ("h", N_("The cards come round")),
    ("p", N_("A played card goes aside. When you play your last card in hand, the other three come back; "
             "the one you just played stays aside.")),
    ("h", N_("Winning the Garden game")),
    ("p", N_("You win at once, even in the middle of your turn, when your stones (your Gardener counts) "
             "cover 12 or more squares.")),
    ("h", N_("Throne, the variant")),
    ("b", N_("18 stones each, and the red sides of the cards.")),
    ("b", N_("Every stack of exactly three of your stones is a Gardener. Step a also tops up stacks of two, "
             "so new Gardeners appear; a Gardener that loses a stone stops being one.")),
    ("b", N_("With several Gardeners, pick one at the start of your turn: it alone moves and reclaims. You "
             "lose only if none of them can move.")),
    ("b", N_("Step c also takes from your opponent's Gardeners. Keep those stones apart, the opponent's face "
             "up: they are never placed.")),
    ("b", N_("You win when your opponent has no Gardener left, or when you have taken 3 stones from their "
             "Gardeners.")),
)


RULES_STYLE = RulesStyle()
"""How this kit sets its rules summary: as every kit does."""
LEGEND_MM = 30.0


def _draw_rules(page: Surface, layout: PageLayout) -> None:
    area = content(layout, INSET_MM)
    top = draw_title_bar(page, area, _("{game}: rules summary").format(game=_(GAME_NAME).upper()),
                         _("2 players, 10-20 minutes. Garden is the basic game, Throne the variant."))
    draw_rules_columns(page, RULES, area, top, area.y + LEGEND_MM + 6, RULES_STYLE)
    _draw_legend(page, Rect(area.x, area.y + 5, area.width, LEGEND_MM))
    draw_footer(page, area, raise_mm=1.0)


def _cover_aid(page: Surface, room: Rect) -> None:
    """On the cover, where there is room: how to read a card and the stones."""
    if room.height >= LEGEND_MM:
        _draw_legend(page, Rect(room.x, room.top - LEGEND_MM, room.width, LEGEND_MM))


def _draw_legend(page: Surface, box: Rect) -> None:
    """How to read a card and the stones, with small pictures."""
    page.rect(box.x, box.y, box.width, box.height, stroke=FAINT, line_mm=0.2, radius_mm=2)
    # a small card pattern: Long Reach
    unit = 4.2
    gx, gy = box.x + 5, box.y + (box.height - 5 * unit) / 2
    page.rect(gx - 0.5, gy - 0.5, 5 * unit + 1, 5 * unit + 1, fill=CARD_SPARE["garden"])
    for i in range(5):
        for j in range(5):
            forward, right = 2 - i, j - 2
            x, y = gx + j * unit + 0.25, gy + (4 - i) * unit + 0.25
            w = unit - 0.5
            if (forward, right) == (0, 0):
                page.rect(x, y, w, w, fill="#0b0b0b")
                draw_icon(page, FLOWER, x + w / 2, y + w / 2, w * 0.8, CARD_TEXT)
            elif (forward, right) in ((2, -1), (2, 1)):
                page.rect(x, y, w, w, fill="#fbf8f0")
                draw_icon(page, FLOWER, x + w / 2, y + w / 2, w * 0.72, FACTION_INK[FLOWER])
            else:
                page.circle(x + w / 2, y + w / 2, 0.3, fill=CARD_TEXT)
    page.rect(gx - 0.5, gy - 1.8, 5 * unit + 1, 0.9, fill=LINE)
    tx = gx + 5 * unit + 5
    lines = (_("Reading a card: the dark square is your Gardener, the light squares are reached;"),
             _("the dots only help to count. The bar and your icon mark your side of the card."),
             _("This one reaches two squares ahead and one to each side."))
    for k, text in enumerate(lines):
        page.text(tx, box.top - 6 - k * 4.2, text, size_pt=7.5)
    sx = tx
    sy = box.y + 6
    # each part after the one before (translations differ in width), at least where English puts it
    draw_stone(page, FLOWER, sx + 3.5, sy, 7)
    end = sx + 8.5 + page.text(sx + 8.5, sy - 1, _("Flower: light, petals"), size_pt=7.5)
    x = max(sx + 46, end + 7)
    draw_stone(page, TENDRIL, x, sy, 7)
    end = x + 5 + page.text(x + 5, sy - 1, _("Tendril: dark, a curl"), size_pt=7.5)
    page.text(max(sx + 88, end + 4), sy - 1, _("A stack of three is a Gardener."), size_pt=7.5)


PRINT_TIPS = (
    N_("Cards and stones double-sided, flipping on the long edge. No duplex printer: print the fold-over "
       "cards file and fold each page in half; glue the two stone pages back to back."),
    N_("Print the duplex test first and hold it against a light: its second side says what to do when the backs "
       "land off (nothing up to 1.5 mm; else a printer setting, the bleed file or the fold-over file)."),
    N_("The ink-saver file prints line art on white: the cards' black Garden sides become white and their red "
       "Throne sides hatched. Flower is light with petals, Tendril dark with a curl."),
)


def footer() -> str:
    """The line at the foot of every page of The Reclamation's kit."""
    return kit_footer(_(GAME_NAME), _("cards {cards}").format(cards=load_card_set().version))


def kit_cards(card_layout: CardLayout, fold_over: bool = False) -> list[PrintedCard | AidCard]:
    """The 8 cards and, on the places their page leaves empty, player aids."""
    cards: list[PrintedCard | AidCard] = list(printed_cards())
    return cards + [AidCard(k) for k in range(empty_slots(len(cards), card_layout, fold_over))]


# --- documents ---------------------------------------------------------------------------------
def the_reclamation_board_pdf(paper: PaperSize | str = "a4", greyscale: InkMode = False) -> bytes:
    """The board on one page."""
    return kit_document(N_("The Reclamation board"), paper, greyscale, page_part(_draw_board), footer=footer())


def the_reclamation_rules_pdf(paper: PaperSize | str = "a4", greyscale: InkMode = False) -> bytes:
    """The one-page rules summary of both rule sets."""
    return kit_document(N_("The Reclamation rules summary"), paper, greyscale, page_part(_draw_rules),
                        footer=footer())


def the_reclamation_cards_pdf(card_layout: CardLayout = CardLayout(), fold_over: bool = False) -> bytes:
    """The 8 cards: a page of Garden sides, then the page of their Throne sides
    (or a fold-over page); player aids fill the empty places."""
    doc = PdfDocument(title=_("The Reclamation cards"), greyscale=card_layout.page.greyscale)
    doc.footer = footer()
    add_card_sheets(doc, kit_cards(card_layout, fold_over), draw_card_front, draw_card_back, card_layout,
                    title=_(GAME_NAME), fold_over=fold_over)
    return doc.to_bytes()


def the_reclamation_stones_pdf(token: CardLayout | None = None) -> bytes:
    """The stone tokens: a page of Flower faces, then the page of Tendril faces."""
    token = token or token_layout(PageLayout())
    doc = PdfDocument(title=_("The Reclamation stones"), greyscale=token.page.greyscale)
    doc.footer = footer()
    add_card_sheets(doc, list(range(token.per_page)), draw_token_front, draw_token_back, token,
                    title=_("Stones"))
    return doc.to_bytes()


def the_reclamation_all_pdf(paper: PaperSize | str = "a4", greyscale: InkMode = False,
                            card_layout: CardLayout | None = None, fold_over: bool = False) -> bytes:
    """The whole kit in one file: a cover with the checklist, the rules, a duplex
    test, the cards, the stones and, last, the board (a single page, so no blank
    page is needed to start the two-sided parts on an odd page). ``card_layout``
    gives bleed, crop marks and back offset for cards and stones; its paper and
    greyscale are replaced by ``paper`` and ``greyscale``."""
    layout = page_layout(paper, greyscale)
    base = card_layout or CardLayout()
    cards = replace(base, page=replace(base.page, paper=layout.paper, greyscale=greyscale))
    tokens = token_layout(cards.page, cards.bleed_mm, cards.back_offset_mm)
    deck = kit_cards(cards, fold_over)
    aids = sum(isinstance(c, AidCard) for c in deck)
    first_test = 3
    test_pages = 0 if fold_over else 2
    first_card = first_test + test_pages
    card_pages = card_page_count(len(deck), cards, fold_over=fold_over)
    first_token = first_card + card_pages
    board_page = first_token + 2
    two_sided = _("double-sided, long edge")
    cards_how = _("fold-over, single-sided") if fold_over else two_sided
    components = [Component(_("Rules summary (Garden and Throne)"), 1, "2", _("either way"))]
    if test_pages:
        components.append(Component(_("Duplex test: print it before the cards"), 1, pages_text(first_test, 2),
                                    two_sided))
    mode = ink_mode(greyscale)
    components.append(Component(_("Cards: a {garden} Garden side, a {throne} Throne side; 4 per player").format(
                                    garden=SIDES.look_in(mode, "garden"), throne=SIDES.look_in(mode, "throne")),
                                len(printed_cards()), pages_text(first_card, card_pages), cards_how))
    if aids:
        components.append(Component(_("Player aid card: reading a card, a turn"), aids,
                                    pages_text(first_card, card_pages), _("with the cards")))
    components += [
        Component(_("Stones: a Flower face and a Tendril face (36 used, the rest spares)"), tokens.per_page,
                  pages_text(first_token, 2), two_sided),
        Component(_("Board, 6 x 6 squares"), 1, str(board_page), _("single-sided")),
    ]
    steps = (
        _("Print the duplex test and check it against a light (its second side says what to do)."),
        _("Print the cards and the stones; cut along the crop marks, long cuts first."),
        _("Glue the stones onto card before cutting if you can: they stack better."),
        _("Print the board single-sided, on thick paper or glued onto card."),
    )
    doc = begin_kit(_("The Reclamation print-and-play kit"), layout, footer(), lambda page, lay: draw_cover(
        page, lay, game=_(GAME_NAME), tagline=_("print-and-play kit: 2 players, 10-20 minutes"),
        components=components, steps=steps, tips=[_(t) for t in PRINT_TIPS],
        credits=kit_credits("the-reclamation"), extra=_cover_aid, game_id="the-reclamation"), _draw_rules)
    if test_pages:
        add_duplex_test(doc, cards, "reclaimdesk print the-reclamation --what cards")
    add_card_sheets(doc, deck, draw_card_front, draw_card_back, cards, title=_(GAME_NAME), fold_over=fold_over)
    add_card_sheets(doc, list(range(tokens.per_page)), draw_token_front, draw_token_back, tokens, title=_("Stones"))
    with doc.page(layout.paper, note=_("board")) as page:
        _draw_board(page, layout)
    return doc.to_bytes()


# --- a recorded game's board ----------------------------------------------------------------------
def the_reclamation_position_pdf(state: object, paper: PaperSize | str = "a4", greyscale: InkMode = False,
                                 players: Sequence[str] = ()) -> bytes:
    """The board of a running or finished game: every stack with its owner and
    height, and a line on each player's hand, cards and progress."""
    from reclaimdesk.games.the_reclamation.state import TheReclamationState

    if not isinstance(state, TheReclamationState):
        raise ExportError(_("a printed position of The Reclamation needs a game of The Reclamation"))
    rules = _(RULE_SET_NAMES[state.rules])
    if state.is_terminal():
        reason = state.end_reason_text()
        if state.rules == "garden" and state.winner in (FLOWER, TENDRIL) and "occupies" in state.end_reason:
            count = state.occupied_squares(state.winner)
            reason = ngettext("{side} covers {count} square", "{side} covers {count} squares", count).format(
                side=_(FACTIONS[state.winner]), count=count)
        status = _("game over after {turns} turns: {reason}").format(turns=state.turn, reason=reason)
    else:
        status = _("turn {turn}, {side} to play").format(turn=state.turn, side=_(FACTIONS[state.player]))
    layout = page_layout(paper, greyscale)
    doc = PdfDocument(title=_("The Reclamation position"), greyscale=greyscale)
    doc.footer = footer()
    with doc.page(layout.paper) as page:
        _draw_board(page, layout, state.stacks(), heading=_("{rules} rules, {status}.").format(rules=rules, status=status))
        area = content(layout, INSET_MM)
        y = area.y + 14
        winner = winner_text(state, lambda seat: seat_named(_(FACTIONS[seat]), players, seat))
        if winner:
            page.text(area.x, y + 6, winner, size_pt=10, bold=True)
        for seat in (FLOWER, TENDRIL):
            used = ", ".join(str(n) for n in state.used_cards(seat)) or _("none")
            hand = state.hand(seat)
            stones = ngettext("{count} stone in hand", "{count} stones in hand", hand).format(count=hand)
            if state.rules == "garden":
                n = state.occupied_squares(seat)
                extra = ngettext("{count} square", "{count} squares", n).format(count=n)
            else:
                n, taken = len(state.gardeners(seat)), state.taken_from_gardeners(seat)
                extra = ngettext("{count} Gardener, {taken} taken from Gardeners",
                                 "{count} Gardeners, {taken} taken from Gardeners", n).format(count=n, taken=taken)
            page.text(area.x, y, _("{side}: {stones}, {extra}; used cards: {used}").format(
                side=seat_named(_(FACTIONS[seat]), players, seat), stones=stones, extra=extra, used=used), size_pt=8.5,
                colour=FACTION_INK[seat])
            y -= 5
    return doc.to_bytes()


# --- the kit, as the dispatcher calls it -----------------------------------------------------------
def the_reclamation_sheets_pdf(cards: CardLayout) -> bytes:
    """What is laid out on the table (``--what sheets``): the stones, then the
    board; ``cards`` gives the paper, ink, bleed and back offset of the stones."""
    layout = cards.page
    doc = PdfDocument(title=_("The Reclamation board and stones"), greyscale=layout.greyscale)
    doc.footer = footer()
    add_card_sheets(doc, list(range(TOKEN_COLUMNS * TOKEN_ROWS)), draw_token_front, draw_token_back,
                    token_layout(layout, cards.bleed_mm, cards.back_offset_mm), title=_("Stones"))
    with doc.page(layout.paper, note=_("board")) as page:
        _draw_board(page, layout)
    return doc.to_bytes()


def card_faces(options: PrintOptions) -> CardFaces:
    """The cards and their two drawings, for ``--cards-as-images``."""
    return [*printed_cards(), AidCard(0)], card_layout_of(options), (draw_card_front, draw_card_back)


KIT = GameKit(
    game="the-reclamation",
    parts={
        "sheets": lambda o: the_reclamation_sheets_pdf(card_layout_of(o)),
        "cards": lambda o: the_reclamation_cards_pdf(card_layout_of(o), o.fold_over),
        "rules": lambda o: the_reclamation_rules_pdf(o.paper, o.ink),
        "all": lambda o: the_reclamation_all_pdf(o.paper, o.ink, card_layout_of(o), o.fold_over),
    },
    offer=KitOffer(bleed=True, back_offset=True, fold_over=True, gutter=True, filled=BOARD,
                   cards_as_images=True),
    filled=lambda state, o: the_reclamation_position_pdf(state, o.paper, o.ink, o.players),
    card_faces=card_faces,
)
"""The Reclamation's print-and-play kit: board and stones, cards, rules, the whole
kit, and a game's board."""
