"""Reclamation Wars' print-and-play kit: the hex board as a sheet for pencils
or tokens (standard, 61 hexes, and large, 91), a page with the special hexes
placed for a seed, the six special-power tiles and three demolisher tokens to
cut out, a 20-turn tracker, a one-page rules summary with every power, and the
board of a game played in the app, as PDF bytes.

Every hex of a printed board carries its name in the game's notation (``q,r``),
so the layout page ("Super Demolisher on 2,-3") can be copied onto it with a
pencil, or by laying the cut-out tiles on the named hexes. Each player has a
colour, a pattern and a symbol (red dots and a circle, blue stripes and a
triangle, yellow checks and a square), so every page reads the same printed in
grey. The same input always gives the same bytes.

>>> pdf = reclamation_wars_board_pdf("a4")
>>> pdf.count(b"/Type /Page\\n")
1
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reclaimdesk.core.hexgrid import Hex, HexBoard
from reclaimdesk.core.i18n import N_, _, pgettext
from reclaimdesk.export.errors import ExportError
from reclaimdesk.export.kit_pages import (
    FAINT,
    LINE,
    MIN_TEXT_PT,
    Component,
    RulesStyle,
    content,
    draw_cover,
    draw_footer,
    draw_rules_columns,
    draw_title_bar,
    kit_credits,
    kit_footer,
    page_layout,
    wrap,
)
from reclaimdesk.export.kit import GameKit
from reclaimdesk.export.kit_pages import seat_named  # a filled board names the players
from reclaimdesk.export.layout import PT_PER_MM, PageLayout, PaperSize, Rect
from reclaimdesk.export.options import BOARD, KitOffer, PrintOptions
from reclaimdesk.export.pdf import WHITE, Ink, InkMode, PdfDocument, Surface
from reclaimdesk.export.styles import PieceStyle, StyleTable
from reclaimdesk.games.reclamation_wars.components import (
    FORTIFIED,
    LOCKDOWN,
    LONGRANGE,
    NEUTRALIZER,
    SEATS,
    SPECIAL_KINDS,
    SPECIAL_NAMES,
    SUPER,
    VOID,
    edge_labels,
    hex_label,
    load_setup,
)

GAME_ID = "reclamation-wars"
GAME_NAME = N_("Reclamation Wars")
TURNS = 20
DEFAULT_SEED = 1
"""The seed whose layout the committed kit prints."""
INSET_MM = 0.6


# --- the boards, the starts and the specials' letters: the engine's setup data ----------------
def boards() -> dict[str, int]:
    """Board name -> radius, from ``resources/reclamation_wars/setup.json``
    (standard: 4, 61 hexes; large: 5, 91 hexes)."""
    return {name: spec.radius for name, spec in load_setup().boards.items()}


def large_radius() -> int:
    return boards().get("large", max(boards().values()))


def special_code(kind: str) -> str:
    """The letter a printed layout uses for ``kind``: the setup data's letter (from the
    English name) in English, and in another language a character of the tile's name
    there, so that a player who reads that language can tell the tiles apart
    (``tests/export/test_reclamation_wars_kit.py`` holds the English ones to the data)."""
    letters = {
        SUPER: pgettext("special tile letter", "S"),
        FORTIFIED: pgettext("special tile letter", "F"),
        VOID: pgettext("special tile letter", "V"),
        LONGRANGE: pgettext("special tile letter", "L"),
        NEUTRALIZER: pgettext("special tile letter", "N"),
        LOCKDOWN: pgettext("special tile letter", "K"),
    }
    return letters.get(kind) or load_setup().special(kind).code


TILE_TEXT = {
    SUPER: N_("3 demolisher moves; a demolished hex becomes yours."),
    FORTIFIED: N_("Your hexes need 2 hits to fall."),
    VOID: N_("Turn: remove a hex next to you from the game."),
    LONGRANGE: N_("Reclaim up to 2 hexes away."),
    NEUTRALIZER: N_("Once, as a turn: strip another special."),
    LOCKDOWN: N_("Turn: lock down, skip the next; immune till your turn after."),
}
"""The one-line reminder printed on each power card."""

# --- the players ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatInk:
    name: str
    fill: Ink
    pattern_ink: Ink
    ink: Ink
    pale: Ink
    pattern: str
    symbol: str


SEAT_INKS = (
    SeatInk(N_("Red"), "#df7a56", "#b14a2a", "#a43a1d", "#f7d3c5", "dots", "circle"),
    SeatInk(N_("Blue"), "#4f79b5", "#2c5189", "#1f4378", "#cddaf0", "stripes", "triangle"),
    SeatInk(N_("Yellow"), "#ecca5a", "#b7922a", "#8a6a0c", "#f8ebbb", "checks", "square"),
)
"""The same colours, patterns and symbols as the app's table."""
PATTERN_WORDS = {"dots": N_("dots"), "stripes": N_("stripes"), "checks": N_("chequers")}


def symbol_word(symbol: str) -> str:
    """A seat's symbol in the current language."""
    words = {"circle": pgettext("symbol", "circle"), "triangle": pgettext("symbol", "triangle"),
             "square": pgettext("symbol", "square")}
    return words.get(symbol, symbol)

GROUND: Ink = "#f6f1e3"
GROUND_EDGE: Ink = "#8f8062"
RIM: Ink = "#cbbd9c"
ICON: Ink = "#2f2a23"
HOLE: Ink = "#b9ad93"

Point = tuple[float, float]


# --- hex geometry in millimetres -----------------------------------------------------------------
@dataclass(frozen=True)
class HexFrame:
    """Where a board of ``radius`` sits on a page: its centre and hex circumradius (mm)."""

    radius: int
    cx: float
    cy: float
    size: float

    @property
    def board(self) -> HexBoard:
        return HexBoard(self.radius)

    def centre(self, h: Hex) -> Point:
        x, y = self.board.to_pixel(h, self.size)
        return self.cx + x, self.cy - y          # the page's y goes up

    def corners(self, h: Hex, inset: float = 0.0) -> list[Point]:
        return hexagon(*self.centre(h), self.size - inset / math.cos(math.pi / 6))

    def starts(self) -> list[Hex]:
        corners = self.board.corners()
        return [corners[c] for c in load_setup().start_corners]


def hexagon(cx: float, cy: float, r: float) -> list[Point]:
    """A pointy-top hexagon of circumradius ``r`` (page coordinates, y up)."""
    return [(cx + r * math.cos(math.radians(90 + 60 * k)), cy + r * math.sin(math.radians(90 + 60 * k)))
            for k in range(6)]


EDGE_GAP = 1.55
"""From an edge hex's centre to its printed row number or column letter, in circumradii."""


def fit_board(radius: int, box: Rect) -> HexFrame:
    """The largest board of ``radius`` centred in ``box``, with room for its rim and
    the row numbers and column letters around it."""
    across = 2 * (math.sqrt(3) * radius + EDGE_GAP + 0.35)
    tall = 2 * (1.5 * radius + EDGE_GAP * math.sqrt(3) / 2 + 0.35)
    size = min(box.width / across, box.height / tall)
    return HexFrame(radius, box.x + box.width / 2, box.y + box.height / 2, size)


def edge_label_pt(frame: HexFrame) -> float:
    """The size of the names around a board: as large as the rim leaves room for."""
    return max(MIN_TEXT_PT, min(12.0, frame.size * 1.15))


def draw_edge_labels(s: Surface, frame: HexFrame) -> None:
    """Row numbers at both ends of the rows and column letters above the top row and
    below the bottom row, as the app prints them (``components.edge_labels``): the
    names hexes have in the app, its log and its records."""
    pt = edge_label_pt(frame)
    drop = pt / PT_PER_MM * 0.36                   # from a label's middle to its baseline
    for text, (q, r), (dq, dr) in edge_labels(frame.radius):
        x, y = frame.centre((q, r))
        nx, ny = frame.centre((q + dq, r + dr))
        k = EDGE_GAP / math.sqrt(3)
        s.text(x + (nx - x) * k, y + (ny - y) * k - drop, text, size_pt=pt, bold=True, colour=LINE,
               align="centre")


# --- shapes --------------------------------------------------------------------------------------
def _clip_polygon(s: Surface, points: Sequence[Point]) -> None:
    c = s.canvas
    path = c.beginPath()
    path.moveTo(*points[0])
    for p in points[1:]:
        path.lineTo(*p)
    path.close()
    c.clipPath(path, stroke=0, fill=0)


def draw_pattern(s: Surface, seat: int, area: Sequence[Point], size: float) -> None:
    """Seat ``seat``'s pattern (dots, stripes or checks) inside the polygon ``area``."""
    si = SEAT_INKS[seat]
    xs, ys = [p[0] for p in area], [p[1] for p in area]
    left, right, bottom, top = min(xs), max(xs), min(ys), max(ys)
    s.canvas.saveState()
    _clip_polygon(s, area)
    if si.pattern == "dots":
        step, r = size * 0.42, size * 0.085
        row, y = 0, top - step * 0.3
        while y > bottom - step:
            x = left + (step / 2 if row % 2 else 0.0)
            while x < right + step:
                s.circle(x, y, r, fill=si.pattern_ink)
                x += step
            y -= step * 0.87
            row += 1
    elif si.pattern == "stripes":
        h = top - bottom
        step = size * 0.34
        x = left - h
        while x < right:
            s.line(x, bottom, x + h, top, stroke=si.pattern_ink, line_mm=size * 0.1)
            x += step
    else:
        step = size * 0.38
        row, y = 0, top
        while y > bottom - step:
            x = left + (step if row % 2 else 0.0)
            while x < right:
                s.rect(x, y - step, step, step, fill=si.pattern_ink)
                x += 2 * step
            y -= step
            row += 1
    s.canvas.restoreState()


def symbol_points(symbol: str, cx: float, cy: float, r: float) -> list[Point]:
    """A seat's symbol as a polygon (a circle as 32 points)."""
    if symbol == "circle":
        return [(cx + r * math.cos(2 * math.pi * k / 32), cy + r * math.sin(2 * math.pi * k / 32)) for k in range(32)]
    if symbol == "triangle":
        k = r * 1.2
        return [(cx + k * math.cos(math.radians(90 + 120 * i)), cy - 0.12 * r + k * math.sin(math.radians(90 + 120 * i)))
                for i in range(3)]
    k = r * 0.86
    return [(cx - k, cy - k), (cx + k, cy - k), (cx + k, cy + k), (cx - k, cy + k)]


def draw_symbol(s: Surface, seat: int, cx: float, cy: float, r: float, *, fill: Ink | None = None,
                stroke: Ink | None = None, line_mm: float = 0.25) -> None:
    s.polygon(symbol_points(SEAT_INKS[seat].symbol, cx, cy, r), fill=fill, stroke=stroke, line_mm=line_mm)


# --- the six icons (page coordinates, y up; ``d`` is the icon's width) ---------------------------
def icon_star_burst(s: Surface, cx: float, cy: float, d: float, ink: Ink) -> None:
    """Super Demolisher: twelve rays round a small core."""
    pts = []
    for i in range(24):
        a = math.radians(90 - i * 15)
        r = d * (0.56 if i % 4 == 0 else 0.42 if i % 2 == 0 else 0.2)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    s.polygon(pts, fill=ink)
    s.circle(cx, cy, d * 0.08, fill=WHITE)


def icon_brick_wall(s: Surface, cx: float, cy: float, d: float, ink: Ink) -> None:
    """Fortified: three courses of bricks, the middle one offset."""
    w, h = d * 0.84, d * 0.6
    left, top = cx - w / 2, cy + h / 2
    course = h / 3
    gap = d * 0.045
    for row in range(3):
        y = top - (row + 1) * course
        edges = [0.0, 0.5, 1.0] if row % 2 == 0 else [0.0, 0.25, 0.75, 1.0]
        for a, b in zip(edges, edges[1:]):
            s.rect(left + a * w + gap / 2, y + gap / 2, (b - a) * w - gap, course - gap, fill=ink)


def icon_spiral(s: Surface, cx: float, cy: float, d: float, ink: Ink) -> None:
    """Void Maker: a spiral winding out from the centre."""
    pts = []
    for i in range(61):
        t = i / 60
        a = t * 2.4 * 2 * math.pi
        r = d * 0.46 * t
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    s.polygon(pts, stroke=ink, line_mm=d * 0.085, closed=False)


def icon_arrow(s: Surface, cx: float, cy: float, d: float, ink: Ink) -> None:
    """Long-range Reclaimer: an arrow flying right, with fletching."""
    shaft, head_w, head_l = d * 0.075, d * 0.24, d * 0.3
    x0, x1 = cx - d * 0.46, cx + d * 0.46
    xh = x1 - head_l
    s.polygon([(x0, cy - shaft), (xh, cy - shaft), (xh, cy - head_w), (x1, cy), (xh, cy + head_w),
               (xh, cy + shaft), (x0, cy + shaft)], fill=ink)
    for dx in (0.0, d * 0.14):
        x = cx - d * 0.4 + dx
        s.polygon([(x - d * 0.08, cy + d * 0.13), (x, cy), (x - d * 0.08, cy - d * 0.13)], stroke=ink,
                  line_mm=d * 0.07, closed=False)


def icon_cancellation(s: Surface, cx: float, cy: float, d: float, ink: Ink) -> None:
    """Special Neutralizer: a ring struck through."""
    r = d * 0.38
    s.circle(cx, cy, r, stroke=ink, line_mm=d * 0.1)
    k = r * math.cos(math.pi / 4)
    s.line(cx - k, cy + k, cx + k, cy - k, stroke=ink, line_mm=d * 0.1)


def icon_padlock(s: Surface, cx: float, cy: float, d: float, ink: Ink) -> None:
    """Lockdown: a closed padlock with a keyhole."""
    bw, bh = d * 0.6, d * 0.42
    bx, by = cx - bw / 2, cy + bh * 0.15 - bh
    top = by + bh
    sr = bw * 0.3
    arc = [(cx - sr, top), (cx - sr, top + d * 0.12)]
    arc += [(cx - sr * math.cos(math.radians(a)), top + d * 0.12 + sr * math.sin(math.radians(a)))
            for a in range(0, 181, 15)]
    arc += [(cx + sr, top)]
    s.polygon(arc, stroke=ink, line_mm=d * 0.09, closed=False)
    s.rect(bx, by, bw, bh, fill=ink, radius_mm=d * 0.05)
    s.circle(cx, by + bh / 2 + d * 0.03, d * 0.055, fill=WHITE)
    s.rect(cx - d * 0.025, by + bh / 2 - d * 0.1, d * 0.05, d * 0.12, fill=WHITE)


ICONS = {SUPER: icon_star_burst, FORTIFIED: icon_brick_wall, VOID: icon_spiral, LONGRANGE: icon_arrow,
         NEUTRALIZER: icon_cancellation, LOCKDOWN: icon_padlock}


def draw_icon(s: Surface, kind: str, cx: float, cy: float, d: float, ink: Ink = ICON) -> None:
    """A special's icon, ``d`` mm wide: solid ink in every mode, so that a power
    card's large icon prints as the small ones on the boards and keys do."""
    with s.fills_as_given():
        ICONS[kind](s, cx, cy, d, ink)


def draw_badge(s: Surface, kind: str, cx: float, cy: float, r: float, owner: int | None = None,
               spent: bool = False, *, mark: str = "piece") -> None:
    """A special hex's icon on a white disc ringed in its holder's colour; ``mark``:
    a piece (``"piece"``), a key's swatch of one (``"legend"``) or neither (``""``)."""
    if mark and not spent:
        _mark(s, mark, f"special {kind}", cx, cy, 2 * r)
    if owner is None:
        s.circle(cx, cy, r, fill=WHITE, stroke=ICON, line_mm=r * 0.07)
    else:
        s.circle(cx, cy, r, fill=WHITE, stroke=SEAT_INKS[owner].ink, line_mm=r * 0.2)
    draw_icon(s, kind, cx, cy, r * 1.45, "#9c958a" if spent else ICON)
    if spent:
        s.line(cx - r * 0.8, cy - r * 0.8, cx + r * 0.8, cy + r * 0.8, stroke="#7a7368", line_mm=r * 0.1)


def draw_demolisher(s: Surface, seat: int, cx: float, cy: float, r: float, *, mark: str = "piece") -> None:
    """A demolisher: a token in its owner's symbol shape with a white hammer, both
    outlined; in the ink saver the token is white at every size (its edge and hammer
    tell it)."""
    si = SEAT_INKS[seat]
    if mark:                    # judged beside the hammer, on the token's own ground
        _mark(s, mark, f"demolisher {seat}", cx - 0.45 * r, cy - 0.25 * r, 0.5 * r)
    draw_symbol(s, seat, cx, cy, r * 1.06, fill=WHITE)
    if s.doc.ink_saver:         # white at every size, its edge and hammer drawn
        with s.fills_as_given():
            draw_symbol(s, seat, cx, cy, r, fill=WHITE, stroke=ICON, line_mm=r * 0.06)
    else:
        draw_symbol(s, seat, cx, cy, r, fill=si.ink, stroke=ICON, line_mm=r * 0.06)
    c = s.canvas
    c.saveState()
    c.translate(cx, cy - (r * 0.12 if si.symbol == "triangle" else 0.0))
    c.rotate(35)
    k = r * (0.78 if si.symbol == "triangle" else 0.95)
    edge = max(0.1, k * 0.03)
    s.rect(-k * 0.08, -k * 0.52, k * 0.16, k * 0.72, fill=WHITE, stroke=ICON, line_mm=edge, radius_mm=k * 0.05)
    s.rect(-k * 0.36, k * 0.18, k * 0.72, k * 0.28, fill=WHITE, stroke=ICON, line_mm=edge, radius_mm=k * 0.06)
    c.restoreState()


def draw_territory(s: Surface, seat: int, area: Sequence[Point], size: float, line_mm: float,
                   *, mark: str = "piece") -> None:
    """A hex of ``seat``'s territory over the polygon ``area``: its colour, pattern and
    edge; in the ink saver its pale colour under the pattern, at every size."""
    si = SEAT_INKS[seat]
    if s.doc.ink_saver:
        with s.fills_as_given():
            s.polygon(area, fill=si.pale)
            draw_pattern(s, seat, area, size)
    else:
        s.polygon(area, fill=si.fill)
        draw_pattern(s, seat, area, size)
    s.polygon(area, stroke=si.ink, line_mm=line_mm)
    if mark:
        xs, ys = [p[0] for p in area], [p[1] for p in area]
        _mark(s, mark, f"hex {seat}", (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2, max(xs) - min(xs))


def _hex_style(seat: int) -> PieceStyle:
    def draw(s: Surface, cx: float, cy: float, size: float) -> None:
        draw_territory(s, seat, hexagon(cx, cy, size / math.sqrt(3)), size / math.sqrt(3), size * 0.02, mark="")
    colour = ("red", "solid", "light")[seat]
    grey = ("dark grey", "dark grey", "light")[seat]
    return PieceStyle(draw, {"colour": colour, "greyscale": grey, "ink-saver": "light"}, core=0.4)


def _demolisher_style(seat: int) -> PieceStyle:
    def draw(s: Surface, cx: float, cy: float, size: float) -> None:
        draw_demolisher(s, seat, cx, cy, size / 2, mark="")
    return PieceStyle(draw, {"colour": "red" if seat == 0 else "solid", "greyscale": "solid", "ink-saver": "white"})


def _symbol_style(seat: int) -> PieceStyle:
    def draw(s: Surface, cx: float, cy: float, size: float) -> None:
        draw_symbol(s, seat, cx, cy, size / 2, fill=SEAT_INKS[seat].ink)
    return PieceStyle(draw, {"colour": "red" if seat == 0 else "solid", "greyscale": "solid",
                             "ink-saver": "outlined"})


def _special_style(kind: str) -> PieceStyle:
    def draw(s: Surface, cx: float, cy: float, size: float) -> None:
        draw_badge(s, kind, cx, cy, size / 2, mark="")
    return PieceStyle(draw, {"any": "line art"})


PIECES = StyleTable({
    **{f"hex {seat}": _hex_style(seat) for seat in range(len(SEAT_INKS))},
    **{f"demolisher {seat}": _demolisher_style(seat) for seat in range(len(SEAT_INKS))},
    **{f"symbol {seat}": _symbol_style(seat) for seat in range(len(SEAT_INKS))},
    **{f"special {kind}": _special_style(kind) for kind in SPECIAL_KINDS},
})
"""The players' hexes (``hex {seat}``), their demolishers (``demolisher {seat}``),
their symbols on the start hexes and the tracker (``symbol {seat}``) and the special
hexes' badges (``special {kind}``), for the boards, the pieces and the keys."""


def _mark(s: Surface, role: str, key: str, cx: float, cy: float, size: float) -> None:
    (PIECES.mark_legend if role == "legend" else PIECES.mark_piece)(s, key, cx, cy, size)


# --- the board sheet -----------------------------------------------------------------------------
@dataclass(frozen=True)
class HexMark:
    """What a printed game shows on one hex."""

    owner: int | None = None
    removed: bool = False
    special: str = ""
    spent: bool = False
    hits: int = 0
    blocked: bool = False


def draw_hex_board(s: Surface, frame: HexFrame, *, marks: dict[Hex, HexMark] | None = None,
                   demolishers: Sequence[tuple[int, Hex]] = (), specials: dict[str, Hex] | None = None,
                   names: bool = True, starts: bool = True, legend: bool = False) -> None:
    """The board: a rim, every hex (its name small at the bottom), the row numbers
    and column letters around it (``names``), the start
    hexes in their player's pale colour with its symbol; with ``marks``, a
    game's position; with ``specials``, the six special hexes of a layout; ``legend``:
    a key's picture of a hex rather than a board."""
    role = "legend" if legend else "piece"
    covered = {h for _seat, h in demolishers}
    size = frame.size
    hexes = list(frame.board.hexes())
    for h in hexes:
        s.polygon(frame.corners(h, -size * 0.28), fill=RIM)
    start_of = {h: seat for seat, h in enumerate(frame.starts())} if starts else {}
    kinds = {h: k for k, h in (specials or {}).items()}
    for h in hexes:
        cx, cy = frame.centre(h)
        mark = (marks or {}).get(h, HexMark())
        area = frame.corners(h, size * 0.03)
        if mark.removed:
            s.polygon(area, fill=HOLE, stroke=GROUND_EDGE, line_mm=size * 0.03, dash=(size * 0.12, size * 0.08))
            k = size * 0.28
            s.line(cx - k, cy - k, cx + k, cy + k, stroke=GROUND_EDGE, line_mm=size * 0.07)
            s.line(cx - k, cy + k, cx + k, cy - k, stroke=GROUND_EDGE, line_mm=size * 0.07)
            continue
        if mark.owner is not None:             # judged where nothing stands on it
            plain = h not in covered and not (mark.special or kinds.get(h))
            draw_territory(s, mark.owner, area, size, size * 0.04, mark=role if plain else "")
        elif h in start_of and marks is None:
            s.polygon(area, fill=SEAT_INKS[start_of[h]].pale, stroke=GROUND_EDGE, line_mm=size * 0.025)
        else:
            s.polygon(area, fill=GROUND, stroke=GROUND_EDGE, line_mm=size * 0.025)
        if h in start_of:
            seat = start_of[h]
            s.polygon(frame.corners(h, size * 0.16), stroke=SEAT_INKS[seat].ink, line_mm=size * 0.05,
                      dash=(size * 0.15, size * 0.09))
            if marks is None:
                PIECES.piece(s, f"symbol {seat}", cx, cy + size * 0.12, size * 0.44)
        kind = mark.special or kinds.get(h, "")
        if kind:
            draw_badge(s, kind, cx, cy + size * 0.05, size * 0.4, mark.owner if marks else None, mark.spent,
                       mark=role if h not in covered else "")
        for k in range(mark.hits):
            y = cy - size * 0.45 + k * size * 0.16
            s.polygon([(cx - size * 0.45, y), (cx - size * 0.2, y + size * 0.1), (cx, y - size * 0.05),
                       (cx + size * 0.45, y + size * 0.06)], stroke="#2b2722", line_mm=size * 0.06, closed=False)
        if mark.blocked:
            s.circle(cx, cy - size * 0.45, size * 0.15, fill=WHITE, stroke="#8a3b2c", line_mm=size * 0.04)
            s.line(cx - size * 0.09, cy - size * 0.45, cx + size * 0.09, cy - size * 0.45, stroke="#8a3b2c",
                   line_mm=size * 0.06)
        if names and marks is None:
            s.text(cx, cy - size * 0.62, hex_label(h, frame.radius), size_pt=MIN_TEXT_PT, colour=FAINT,
                   align="centre")
    if names and frame.radius >= 1:
        draw_edge_labels(s, frame)
    for seat, h in demolishers:
        cx, cy = frame.centre(h)
        draw_demolisher(s, seat, cx, cy, size * 0.36, mark=role)


def _board_title(radius: int) -> str:
    count = len(HexBoard(radius))
    if radius == large_radius():
        return _("Large board ({count} hexes, 6 per side)").format(count=count)
    return _("Standard board ({count} hexes, 5 per side)").format(count=count)


LEGEND_H = 44.0
"""Room under a board sheet for the players' legend and the special hexes' key."""


def board_frame(layout: PageLayout, radius: int) -> HexFrame:
    """Where the board of ``radius`` lies on its sheet (the cut-out tiles match its hexes)."""
    area = content(layout, INSET_MM)
    top = area.top - 18.5                           # below the title bar
    return fit_board(radius, Rect(area.x, area.y + LEGEND_H + 2, area.width, top - area.y - LEGEND_H - 4))


def _draw_board_page(page: Surface, layout: PageLayout, radius: int) -> None:
    area = content(layout, INSET_MM)
    title = (_("{game}: the large board") if radius == large_radius() else _("{game}: the standard board"))
    draw_title_bar(page, area, title.format(game=_(GAME_NAME).upper()),
                         _("{board}. Shade your hexes in pencil or cover them with tokens; copy the special "
                           "hexes from a layout page.").format(board=_board_title(radius)))
    frame = board_frame(layout, radius)
    draw_hex_board(page, frame)
    _draw_seat_legend(page, Rect(area.x, area.y + 28, area.width, 14), frame.size)
    _draw_special_key(page, Rect(area.x, area.y + 3, area.width, 16))


def _draw_seat_legend(page: Surface, box: Rect, hex_mm: float) -> None:
    """Who starts where: each player's colour, pattern and demolisher (drawn at its
    size on a board of hexes ``hex_mm`` across, shrunk)."""
    w = box.width / SEATS
    for seat, si in enumerate(SEAT_INKS):
        x = box.x + seat * w
        draw_territory(page, seat, hexagon(x + 7, box.y + box.height / 2, 6), 6, 0.3, mark="legend")
        actual = 2 * hex_mm * 0.36
        with page.scaled(x + 17, box.y + box.height / 2, 5.4 / actual):
            draw_demolisher(page, seat, 0.0, 0.0, actual / 2, mark="legend")
        page.text(x + 21.5, box.y + box.height / 2 + 1.2, _(si.name), size_pt=9, bold=True, colour=si.ink)
        page.text(x + 21.5, box.y + box.height / 2 - 3.0,
                  _("{pattern}; demolisher: {symbol}").format(pattern=_(PATTERN_WORDS[si.pattern]),
                                                              symbol=symbol_word(si.symbol)),
                  size_pt=7, colour=LINE)


def _draw_special_key(page: Surface, box: Rect) -> None:
    """The six special hexes with a blank to write where each one lies."""
    w = box.width / len(SPECIAL_KINDS)
    page.text(box.x, box.top + 2.5, _("Special hexes this game (write the hex from the layout page):"),
              size_pt=7.5, bold=True)
    for i, kind in enumerate(SPECIAL_KINDS):
        x = box.x + i * w
        cy = box.y + box.height / 2 - 1
        draw_badge(page, kind, x + 5, cy, 4.2, mark="legend")
        lines = wrap(_(SPECIAL_NAMES[kind]), w - 12, 6.5, bold=True)
        for k, line in enumerate(lines[:2]):
            page.text(x + 10.5, cy + 2.5 - k * 3.0, line, size_pt=MIN_TEXT_PT, bold=True)
        page.line(x + 10.5, cy - 4.5, x + w - 3, cy - 4.5, stroke=FAINT, line_mm=0.2)


# --- the layout page -----------------------------------------------------------------------------
def layout_for(board: str, seed: int) -> dict[str, Hex]:
    """The special hexes the game places for ``seed`` on ``board``: kind -> hex."""
    from reclaimdesk.games.reclamation_wars.components import geometry, seeded_layout

    geo = geometry(board)
    return {kind: geo.hexes[i] for kind, i in seeded_layout(board, seed).items()}


def _draw_layout_page(page: Surface, layout: PageLayout, seed: int) -> None:
    area = content(layout, INSET_MM)
    top = draw_title_bar(page, area, _("{game}: special hexes for seed {seed}").format(
        game=_(GAME_NAME).upper(), seed=seed),
        _("The app places the six special hexes from the game's seed; so can you. Lay the tiles on these "
          "hexes, or draw their letters in."))
    half = (top - area.y - 8) / 2
    for k, (board, radius) in enumerate(boards().items()):
        y0 = top - (k + 1) * half
        box = Rect(area.x, y0 + 2, area.width * 0.6, half - 10)
        frame = fit_board(radius, box)
        specials = layout_for(board, seed)
        page.text(area.x, y0 + half - 4, _board_title(radius), size_pt=11, bold=True)
        draw_hex_board(page, frame, specials=specials, names=True)
        x = area.x + area.width * 0.62
        y = y0 + half - 16
        for kind in SPECIAL_KINDS:
            draw_badge(page, kind, x + 4, y + 1.2, 3.6, mark="legend")
            page.text(x + 10, y + 1.6, _(SPECIAL_NAMES[kind]), size_pt=9, bold=True)
            page.text(x + 10, y - 2.6, _("on hex {hex} (letter {code})").format(
                hex=hex_label(specials[kind], radius), code=special_code(kind)), size_pt=8, colour=LINE)
            y -= 11
    note = _("Another layout: lay the six tiles at random, at least two hexes from every start and apart from each "
             "other, so that no start is much nearer to them than another.")
    for k, line in enumerate(wrap(note, area.width, 7)[:2]):
        page.text(area.x, area.y + 4.5 - k * 3.2, line, size_pt=7, colour=FAINT)


# --- pieces to cut out ---------------------------------------------------------------------------
def _draw_power_card(s: Surface, box: Rect, kind: str) -> None:
    s.rect(box.x, box.y, box.width, box.height, fill=WHITE, stroke=LINE, line_mm=0.3, radius_mm=2.5)
    draw_badge(s, kind, box.x + box.width / 2, box.top - 17, 11)
    s.text(box.x + box.width / 2, box.top - 34, _(SPECIAL_NAMES[kind]), size_pt=10, bold=True, align="centre")
    s.text(box.x + 4, box.top - 6, special_code(kind), size_pt=10, bold=True, colour=FAINT)
    for k, line in enumerate(wrap(_(TILE_TEXT[kind]), box.width - 8, 8)[:4]):
        s.text(box.x + box.width / 2, box.top - 40.5 - k * 3.8, line, size_pt=8, align="centre")


def _draw_pieces_page(page: Surface, layout: PageLayout) -> None:
    area = content(layout, INSET_MM)
    top = draw_title_bar(page, area, _("{game}: pieces to cut out").format(game=_(GAME_NAME).upper()),
                         _("Cut along the outlines. Glue the page onto thin card first to make the pieces sturdy."))
    # six power cards, 3 x 2
    cw, ch = 60.0, 58.0
    gap = (area.width - 3 * cw) / 2
    for i, kind in enumerate(SPECIAL_KINDS):
        row, col = divmod(i, 3)
        _draw_power_card(page, Rect(area.x + col * (cw + gap), top - 4 - (row + 1) * ch - row * 4, cw, ch), kind)
    y = top - 4 - 2 * ch - 4 - 10
    page.text(area.x, y, _("Power cards: whoever holds a special hex keeps its card; hand it over when the "
                           "hex changes hands, turn it face down when the power is gone."), size_pt=7.5,
              colour=LINE)
    # hex tiles and demolishers, one row for each board's hex size
    y -= 8
    for board, radius in boards().items():
        size = board_frame(layout, radius).size
        title = (_("Tiles and demolishers for the standard board") if board == "standard"
                 else _("Tiles and demolishers for the large board"))
        page.text(area.x, y, title, size_pt=8.5, bold=True)
        cy = y - size - 4
        x = area.x + size
        for kind in SPECIAL_KINDS:
            page.polygon(hexagon(x, cy, size), fill=WHITE, stroke=LINE, line_mm=0.3)
            draw_icon(page, kind, x, cy + size * 0.12, size * 0.95)
            page.text(x, cy - size * 0.62, special_code(kind), size_pt=max(MIN_TEXT_PT, size * 0.6), bold=True,
                      align="centre")
            x += size * math.sqrt(3) + 2.5
        r = size * 0.62
        cy -= size + r + 5
        x = area.x + r
        for seat in range(SEATS):
            draw_demolisher(page, seat, x, cy, r)
            page.text(x + r + 2.5, cy - 1.2, _(SEAT_INKS[seat].name), size_pt=8, colour=SEAT_INKS[seat].ink,
                      bold=True)
            x += 2 * r + 24
        y = cy - r - 9


# --- the turn tracker ----------------------------------------------------------------------------
def _draw_tracker_page(page: Surface, layout: PageLayout) -> None:
    area = content(layout, INSET_MM)
    top = draw_title_bar(page, area, _("{game}: turn tracker").format(game=_(GAME_NAME).upper()),
                         _("Tick each turn as it ends. Letters: R reclaim, D demolisher, V void, N neutralise, "
                           "K lockdown (and the skipped turn after it), P pass."))
    label_w = 16.0
    col_w = (area.width - label_w) / SEATS
    y = top - 4
    row_h = min(10.0, (y - area.y - 44) / (TURNS + 2))
    # headers: each player's colour, symbol and a line for a name
    for seat, si in enumerate(SEAT_INKS):
        x = area.x + label_w + seat * col_w
        page.rect(x + 1, y - row_h * 1.6, col_w - 2, row_h * 1.6, fill=si.pale, stroke=si.ink, line_mm=0.3)
        draw_symbol(page, seat, x + 6, y - row_h * 0.8, 2.4, fill=si.ink)
        PIECES.mark_legend(page, f"symbol {seat}", x + 6, y - row_h * 0.8, 4.8)
        page.text(x + 11, y - row_h * 0.8 - 1.2, _(si.name), size_pt=9, bold=True, colour=si.ink)
        page.line(x + 30, y - row_h * 0.8 - 1.6, x + col_w - 4, y - row_h * 0.8 - 1.6, stroke=FAINT, line_mm=0.2)
    y -= row_h * 1.6
    sub = (_("done"), _("turn"), _("hexes"))
    widths = (0.2, 0.4, 0.4)
    for seat in range(SEATS):
        x = area.x + label_w + seat * col_w
        for word, frac in zip(sub, widths):
            page.text(x + frac * col_w / 2, y - 3.5, word, size_pt=MIN_TEXT_PT, colour=LINE, align="centre")
            x += frac * col_w
    y -= 5
    for turn in range(1, TURNS + 1):
        ry = y - turn * row_h
        if turn % 2 == 0:
            page.rect(area.x, ry, area.width, row_h, fill="#f1ede3")
        page.text(area.x + label_w - 3, ry + row_h / 2 - 1.2, str(turn), size_pt=8, bold=True, align="right")
        for seat in range(SEATS):
            x = area.x + label_w + seat * col_w
            box = min(row_h * 0.6, 5.0)
            page.rect(x + 0.1 * col_w - box / 2, ry + (row_h - box) / 2, box, box, stroke=LINE, line_mm=0.25)
            page.line(x + 0.2 * col_w + 2, ry + 1.2, x + 0.6 * col_w - 2, ry + 1.2, stroke=FAINT, line_mm=0.15)
            page.line(x + 0.6 * col_w + 2, ry + 1.2, x + col_w - 3, ry + 1.2, stroke=FAINT, line_mm=0.15)
    bottom = y - TURNS * row_h
    for seat in range(SEATS + 1):
        x = area.x + label_w + seat * col_w
        page.line(x, y + 5, x, bottom, stroke=LINE, line_mm=0.3)
    # the end and the once-only things
    y = bottom - 7
    page.text(area.x, y, _("After turn 20: count each player's hexes. Most hexes wins; a tie shares the win."),
              size_pt=8.5, bold=True)
    y -= 6
    for seat, si in enumerate(SEAT_INKS):
        x = area.x + label_w + seat * col_w
        page.text(x + 2, y, _("final count"), size_pt=7, colour=LINE)
        page.rect(x + 22, y - 2, col_w - 26, 6, stroke=si.ink, line_mm=0.3)
    y -= 9
    notes = (_("Neutralizer used (once per holder):"), _("Lockdown last started on turn:"),
             _("Demolisher destroyed on turn:"))
    fields = area.x + 62
    fw = (area.right - fields) / SEATS
    for note in notes:
        page.text(area.x, y, note, size_pt=7.5)
        for seat, si in enumerate(SEAT_INKS):
            x = fields + seat * fw
            draw_symbol(page, seat, x + 2, y + 1, 1.4, fill=si.ink)
            PIECES.mark_legend(page, f"symbol {seat}", x + 2, y + 1, 2.8)
            page.line(x + 5, y - 0.6, x + fw - 6, y - 0.6, stroke=FAINT, line_mm=0.2)
        y -= 6


# --- rules ---------------------------------------------------------------------------------------
RULES: tuple[tuple[str, str], ...] = (
    ("h", N_("Goal")),
    ("p", N_("Three players spread over a hexagon of hexes. After 20 turns each, whoever holds the most hexes "
             "wins; players with the same best count share the win.")),
    ("h", N_("Setting up")),
    ("p", N_("Use the standard board (61 hexes) or the large one (91). Each player takes a colour and starts "
             "on the corner hex of their symbol, which is already theirs, with their demolisher standing on it. "
             "Place the six special hexes as a layout page shows (or at random, away from the starts and "
             "about as far from each of them). Red plays first, then Blue, then Yellow.")),
    ("h", N_("A turn: exactly one of these")),
    ("b", N_("Reclaim: shade one neutral hex next to your territory. You may not reclaim a special hex while "
             "you already hold two.")),
    ("b", N_("Demolisher: make 2 moves (3 with Super Demolisher). A move steps to a neighbouring hex of "
             "yours, demolishes a neighbouring enemy hex (it turns neutral), or destroys a neighbouring enemy "
             "demolisher for good.")),
    ("b", N_("Use a power of a special hex you hold that takes a whole turn: Void Maker, Special "
             "Neutralizer or Lockdown.")),
    ("p", N_("A demolished hex may not be reclaimed by anyone until its demolisher's owner's next turn. "
             "A player with nothing they may do passes.")),
    ("h", N_("Special hexes")),
    ("p", N_("A special hex's power belongs to whoever holds the hex, and is lost the moment the hex turns "
             "neutral or changes hands. Nobody holds more than two.")),
    ("b", N_("Super Demolisher (star burst): your demolisher has 3 moves, and a hex it demolishes becomes "
             "yours at once. Against a Fortified player one hit is enough, but the hex only turns neutral.")),
    ("b", N_("Fortified (brick wall): each of your hexes needs two demolish hits; mark a first hit, it stays "
             "until the hex changes hands. Void Maker ignores this.")),
    ("b", N_("Void Maker (spiral): as a turn, remove a hex next to your territory from the game (cross it "
             "out). Never a special hex or a hex with a demolisher. It counts for nobody.")),
    ("b", N_("Long-range Reclaimer (arrow): you may reclaim a neutral hex two steps from your territory.")),
    ("b", N_("Special Neutralizer (cancellation sign): once, as a turn, strip another special hex of its "
             "power; it keeps its owner as a plain hex. The Neutralizer then turns plain too.")),
    ("b", N_("Lockdown (padlock): as a turn, lock down; your next turn is skipped as well. Until your turn "
             "after that, your hexes and demolisher are safe from demolishers and powers. Next lockdown: "
             "four of your turns after this one.")),
    ("h", N_("Demolishers")),
    ("p", N_("A demolisher only steps onto its owner's hexes. If the hex under it is lost, it stays put and "
             "may still demolish and attack from there. A destroyed demolisher is out of the game.")),
    ("h", N_("In the app")),
    ("p", N_("ReclaimDesk plays Reclamation Wars with one person against two AI players, or up to three "
             "people at one computer, and places the special hexes from the game's seed.")),
)
RULES_STYLE = RulesStyle(start_pt=9.5, leading=1.28, heading_gap=1.6, block_gap=1.0)
LEGEND_MM = 34.0


def _rules_text() -> list[tuple[str, str]]:
    return [(kind, _(text)) for kind, text in RULES]


def _draw_rules(page: Surface, layout: PageLayout) -> None:
    area = content(layout, INSET_MM)
    top = draw_title_bar(page, area, _("{game}: rules summary").format(game=_(GAME_NAME).upper()),
                         _("3 players, 20 turns each, about 30 minutes."))
    draw_rules_columns(page, _rules_text(), area, top, area.y + LEGEND_MM + 6, RULES_STYLE)
    _draw_rules_legend(page, Rect(area.x, area.y + 5, area.width, LEGEND_MM))
    draw_footer(page, area, _("Summary written for ReclaimDesk's print-and-play kit. Print at actual size "
                              "(100 %, no 'fit to page')."), raise_mm=1.0)


def _draw_rules_legend(page: Surface, box: Rect) -> None:
    """How a printed board and pieces read: the six icons and how to mark hexes."""
    page.rect(box.x, box.y, box.width, box.height, stroke=FAINT, line_mm=0.2, radius_mm=2)
    w = box.width / len(SPECIAL_KINDS)
    for i, kind in enumerate(SPECIAL_KINDS):
        cx = box.x + (i + 0.5) * w
        draw_badge(page, kind, cx, box.top - 8.5, 5.0, mark="legend")
        for k, line in enumerate(wrap(_(SPECIAL_NAMES[kind]), w - 2, 7, bold=True)[:2]):
            page.text(cx, box.top - 17.5 - k * 3.0, line, size_pt=7, bold=True, align="centre")
    y = box.y + 5
    x = box.x + 4
    marks = ((HexMark(owner=0), _("a hex of Red")), (HexMark(removed=True), _("removed (void)")),
             (HexMark(hits=1), _("one hit (Fortified)")), (HexMark(blocked=True), _("no reclaiming yet")))
    for mark, text in marks:
        frame = HexFrame(0, x + 3, y, 3.4)
        draw_hex_board(page, frame, marks={(0, 0): mark}, starts=False, legend=True)
        page.text(x + 8, y - 1, text, size_pt=7)
        x += box.width / 4


# --- the print guide and the whole kit -------------------------------------------------------------
def _ink_tip(mode: str) -> str:
    """The cover's word on how this file prints the players' hexes and demolishers (the style table's looks)."""
    if mode == "colour":
        return _("Saving ink: add --greyscale. Red has dots, Blue stripes and Yellow checks, and the demolishers "
                 "are a circle, a triangle and a square, so nothing depends on colour.")
    looks = {key: PIECES.look_in(mode, key) for key in ("hex 0", "hex 1", "hex 2", "demolisher 0")}
    return _("In this file Red's hexes are {red} with dots, Blue's {blue} with stripes and Yellow's {yellow} with "
             "checks; the demolishers are {demolisher}: a circle, a triangle and a square.").format(
                 red=looks["hex 0"], blue=looks["hex 1"], yellow=looks["hex 2"], demolisher=looks["demolisher 0"])


def _print_tips(mode: str = "colour") -> list[str]:
    return [
        _("Print at actual size (100 %), never 'fit to page': the tiles and demolishers are cut to the size "
          "of the board's hexes."),
        _("Each page is single-sided. Print the board you play (standard or large) on thick paper, or glue it "
          "onto card; a plastic sleeve lets you mark it with a dry-wipe pen and play again."),
        _("Mark territory with coloured pencils (your colour, or your pattern when printing in grey) or with "
          "small tokens or coins; cross out a removed hex; a tick in a hex's corner notes a first hit "
          "against Fortified."),
        _("The layout page places the special hexes as the app does for seed {seed}; for another layout, lay the "
          "tiles at random, away from the starts and fairly spread.").format(seed=DEFAULT_SEED),
        _ink_tip(mode),
        _("At the table: the app's companion for Reclamation Wars keeps the turns and scores, and replaces the "
          "turn trackers."),
    ]


def footer() -> str:
    """The line at the foot of every page of Reclamation Wars' kit."""
    return kit_footer(_(GAME_NAME), _("setup {version}").format(version=load_setup().version))


Page = tuple[str, Callable[[Surface, PageLayout], None]]
"""A page of the kit: its note in the footer ("rules", "board"...) and what draws it."""


def _pages_doc(title: str, paper: PaperSize | str, greyscale: InkMode, pages: Sequence[Page]) -> bytes:
    """A PDF of whole ``pages``, each with the kit's footer and its note."""
    layout = page_layout(paper, greyscale)
    doc = PdfDocument(title=title, greyscale=greyscale)
    doc.footer = footer()
    for note, draw in pages:
        with doc.page(layout.paper, note=note) as page:
            draw(page, layout)
    return doc.to_bytes()


def _board_page(board: str) -> Page:
    radius = _radius(board)
    note = _("large board") if radius == large_radius() else _("standard board")
    return note, lambda s, lay: _draw_board_page(s, lay, radius)


def _layout_page(seed: int) -> Page:
    return _("layout"), lambda s, lay: _draw_layout_page(s, lay, seed)


def _cover_page(seed: int) -> Page:
    def draw(page: Surface, layout: PageLayout) -> None:
        single = _("single-sided")
        components = [
            Component(_("Rules summary with every special power"), 1, "2", single),
            Component(_("Standard board, 61 hexes"), 1, "3", _("single-sided, thick paper")),
            Component(_("Large board, 91 hexes"), 1, "4", _("single-sided, thick paper")),
            Component(_("Layout of the special hexes for seed {seed}, both boards").format(seed=seed), 1, "5",
                      single),
            Component(_("Power cards, one per special hex"), len(SPECIAL_KINDS), "6", _("single-sided, card")),
            Component(_("Special tiles (6 for each board size)"), 2 * len(SPECIAL_KINDS), "6", _("with the cards")),
            Component(_("Demolisher tokens (3 for each board size)"), 2 * SEATS, "6", _("with the cards")),
            Component(_("Turn tracker for 20 turns"), 1, "7", single),
        ]
        steps = (
            _("Print the board you play on thick paper (or glue it onto card) and the pieces page on card."),
            _("Cut out the power cards, the tiles for your board's size and the three demolishers."),
            _("Lay the special tiles as the layout page shows, and a demolisher on each start hex."),
            _("Keep the turn tracker beside the board; have three coloured pencils and an eraser at hand."),
        )
        draw_cover(page, layout, game=_(GAME_NAME), tagline=_("print-and-play kit: 3 players, 20 turns each"),
                   components=components, steps=steps, tips=_print_tips(page.doc.mode), credits=kit_credits(GAME_ID), game_id=GAME_ID)
    return _("cover"), draw


def _check_seed(seed: int) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"the seed must be a whole number from 0, not '{seed}'")
    return seed


def reclamation_wars_board_pdf(paper: PaperSize | str = "a4", greyscale: InkMode = False,
                               board: str = "standard") -> bytes:
    """One board sheet (``standard`` or ``large``)."""
    return _pages_doc(_("Reclamation Wars board"), paper, greyscale, [_board_page(board)])


def reclamation_wars_layout_pdf(seed: int = DEFAULT_SEED, paper: PaperSize | str = "a4",
                                greyscale: InkMode = False) -> bytes:
    """The special hexes of ``seed`` on both boards."""
    return _pages_doc(_("Reclamation Wars layout"), paper, greyscale, [_layout_page(_check_seed(seed))])


def reclamation_wars_pieces_pdf(paper: PaperSize | str = "a4", greyscale: InkMode = False) -> bytes:
    return _pages_doc(_("Reclamation Wars pieces"), paper, greyscale, [(_("pieces"), _draw_pieces_page)])


def reclamation_wars_tracker_pdf(paper: PaperSize | str = "a4", greyscale: InkMode = False) -> bytes:
    return _pages_doc(_("Reclamation Wars turn tracker"), paper, greyscale, [(_("tracker"), _draw_tracker_page)])


def reclamation_wars_rules_pdf(paper: PaperSize | str = "a4", greyscale: InkMode = False) -> bytes:
    return _pages_doc(_("Reclamation Wars rules summary"), paper, greyscale, [(_("rules"), _draw_rules)])


def reclamation_wars_sheets_pdf(paper: PaperSize | str = "a4", greyscale: InkMode = False,
                                seed: int = DEFAULT_SEED) -> bytes:
    """What is drawn on or cut out: both boards, the layout, the pieces, the tracker."""
    seed = _check_seed(seed)
    return _pages_doc(_("Reclamation Wars sheets"), paper, greyscale,
                      [_board_page("standard"), _board_page("large"), _layout_page(seed),
                       (_("pieces"), _draw_pieces_page), (_("tracker"), _draw_tracker_page)])


def reclamation_wars_all_pdf(paper: PaperSize | str = "a4", greyscale: InkMode = False,
                             seed: int = DEFAULT_SEED) -> bytes:
    """The whole kit: a cover with the checklist, the rules, both boards, the
    layout of ``seed``, the pieces to cut out and the turn tracker. Every page is
    single-sided."""
    seed = _check_seed(seed)
    return _pages_doc(_("Reclamation Wars print-and-play kit"), paper, greyscale,
                      [_cover_page(seed), (_("rules"), _draw_rules), _board_page("standard"), _board_page("large"),
                       _layout_page(seed), (_("pieces"), _draw_pieces_page), (_("tracker"), _draw_tracker_page)])


def _radius(board: str) -> int:
    known = boards()
    if board not in known:
        raise ValueError(f"unknown board '{board}' (choose {' or '.join(known)})")
    return known[board]


# --- a game's board ------------------------------------------------------------------------------
def _game_marks(state: object) -> tuple[dict[Hex, HexMark], list[tuple[int, Hex]]]:
    """Every hex of a ReclamationWarsState as a printed mark, and the demolishers."""
    geo = state.geo  # type: ignore[attr-defined]
    powers = state.special_hexes()  # type: ignore[attr-defined]
    spent = state.stripped_hexes()  # type: ignore[attr-defined]
    blocked = state.blocked_hexes()  # type: ignore[attr-defined]
    marks: dict[Hex, HexMark] = {}
    for i, h in enumerate(geo.hexes):
        o = state.owner[i]  # type: ignore[attr-defined]
        marks[h] = HexMark(owner=o if o >= 0 else None, removed=o == -2,
                           special=powers.get(h) or spent.get(h, ""), spent=h in spent,
                           hits=state.hits[i], blocked=h in blocked and o == -1)  # type: ignore[attr-defined]
    pieces = [(s, h) for s in range(SEATS) if (h := state.demolisher_hex(s)) is not None]  # type: ignore[attr-defined]
    return marks, pieces


GAME_TABLE_H = 52.0
"""Room under a game's board for the players' counts and the counts after every round."""


def game_frame(layout: PageLayout, radius: int) -> HexFrame:
    """Where a game's board of ``radius`` lies on its page."""
    area = content(layout, INSET_MM)
    top = area.top - 18.5
    return fit_board(radius, Rect(area.x, area.y + GAME_TABLE_H + 4, area.width, top - area.y - GAME_TABLE_H - 6))


def reclamation_wars_game_pdf(state: object, paper: PaperSize | str = "a4", greyscale: InkMode = False,
                              players: Sequence[str] = ()) -> bytes:
    """The board of a running or finished game: every hex with its owner's
    colour and pattern, removed hexes, special hexes with their holder, hits,
    the demolishers, each player's count and the counts after every round."""
    from reclaimdesk.games.reclamation_wars.state import ReclamationWarsState

    if not isinstance(state, ReclamationWarsState):
        raise ExportError("a printed game of Reclamation Wars needs a game of Reclamation Wars")
    return _pages_doc(_("Reclamation Wars game"), paper, greyscale,
                      [(_("a game's board"), lambda page, layout: _draw_game_page(page, layout, state, players))])


def _draw_game_page(page: Surface, layout: PageLayout, state: object, players: Sequence[str] = ()) -> None:
    s = state
    area = content(layout, INSET_MM)
    radius = s.geo.spec.radius  # type: ignore[attr-defined]
    counts = s.counts()  # type: ignore[attr-defined]
    if s.is_terminal():  # type: ignore[attr-defined]
        winners = s.winners()  # type: ignore[attr-defined]
        names = _(", ").join(seat_named(_(SEAT_INKS[w].name), players, w) for w in winners)
        status = _("game over: {names} won with {count} hexes").format(names=names, count=counts[winners[0]])
    else:
        seat = s.current_player  # type: ignore[attr-defined]
        status = _("turn {number} of 20, {player} to play").format(number=s.turn_number(seat),  # type: ignore[attr-defined]
                                                                  player=seat_named(_(SEAT_INKS[seat].name),
                                                                                    players, seat))
    draw_title_bar(page, area, _("{game}: a game's board").format(game=_(GAME_NAME).upper()),
                         _("{board}, seed {seed}; {status}.").format(board=_board_title(radius), seed=s.seed,  # type: ignore[attr-defined]
                                                                     status=status))
    table_h = GAME_TABLE_H
    frame = game_frame(layout, radius)
    marks, pieces = _game_marks(s)
    draw_hex_board(page, frame, marks=marks, demolishers=pieces)
    # each player: count, powers, demolisher
    y = area.y + table_h - 2
    for seat, si in enumerate(SEAT_INKS):
        powers = [_(SPECIAL_NAMES[k]) for k in SPECIAL_KINDS if s.holds(seat, k)]  # type: ignore[attr-defined]
        where = s.demolisher_hex(seat)  # type: ignore[attr-defined]
        demolisher = (_("demolisher on {hex}").format(hex=hex_label(where, radius)) if where is not None
                      else _("demolisher destroyed"))
        draw_territory(page, seat, hexagon(area.x + 3.5, y + 1.2, 3.2), 3.2, 0.25, mark="legend")
        used = page.text(area.x + 9, y, _("{player}: {count} hexes").format(player=seat_named(_(si.name), players, seat),
                                                                             count=counts[seat]),
                  size_pt=9, bold=True, colour=si.ink)
        page.text(max(area.x + 50, area.x + 13 + used), y, _("; ").join([demolisher] + ([_("holds {powers}").format(powers=_(", ").join(powers))]
                                                              if powers else [])), size_pt=8)
        y -= 6
    # the counts after every round
    y -= 3
    page.text(area.x, y, _("Hexes after each round"), size_pt=8.5, bold=True)
    rounds: list[list[int]] = []
    for entry in s.turns:  # type: ignore[attr-defined]
        if entry.seat == SEATS - 1:
            rounds.append(list(entry.counts))
    col = (area.width - 18) / TURNS
    y -= 5
    for r in range(TURNS):
        page.text(area.x + 18 + (r + 0.5) * col, y, str(r + 1), size_pt=MIN_TEXT_PT, colour=FAINT, align="centre")
    for seat, si in enumerate(SEAT_INKS):
        y -= 4.5
        page.text(area.x, y, _(si.name), size_pt=7, bold=True, colour=si.ink)
        for r, row in enumerate(rounds[:TURNS]):
            page.text(area.x + 18 + (r + 0.5) * col, y, str(row[seat]), size_pt=7, align="centre")


# --- the kit, as the dispatcher calls it -------------------------------------------------------------
def _one_board_or(whole: Callable[[PaperSize | str, InkMode], bytes]) -> Callable[[PrintOptions], bytes]:
    """A part that prints the board ``--map`` names on its own, else ``whole``."""
    def part(o: PrintOptions) -> bytes:
        if o.map_id is not None:
            return reclamation_wars_board_pdf(o.paper, o.ink, o.map_id)
        return whole(o.paper, o.ink)
    return part


KIT = GameKit(
    game=GAME_ID,
    parts={
        "sheets": _one_board_or(reclamation_wars_sheets_pdf),
        "cards": lambda o: reclamation_wars_pieces_pdf(o.paper, o.ink),
        "rules": lambda o: reclamation_wars_rules_pdf(o.paper, o.ink),
        "all": _one_board_or(reclamation_wars_all_pdf),
    },
    offer=KitOffer(
        maps=(("standard", N_("the standard board, 61 hexes")), ("large", N_("the large board, 91 hexes"))),
        filled=BOARD,
    ),
    filled=lambda state, o: reclamation_wars_game_pdf(state, o.paper, o.ink, o.players),
)
"""Reclamation Wars' print-and-play kit: boards, layout, pieces and tracker, rules,
the whole kit (``--map`` prints one board instead), and a game's board."""
