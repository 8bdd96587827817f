"""What every game's kit has in common: papers and page areas, text wrapping,
documents of whole pages, page titles, the print guide, the two-column rules
summary, the cover and the cards' layout that
:class:`~reclaimdesk.export.options.PrintOptions` ask for.

Each helper draws exactly what the kits drew before they shared it, so the
committed kits in ``sheets/`` stay byte-identical.

>>> wrap("one two three", 20, 9)
['one two', 'three']
>>> wrap("カードを一枚めくり、場札にします。", 20, 9)
['カードを一枚', 'めくり、場札', 'にします。']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reclaimdesk import RELEASE_DATE, __version__
from reclaimdesk.core import i18n
from reclaimdesk.core.i18n import N_, _, pgettext
from reclaimdesk.export.errors import ExportError
from reclaimdesk.export.fonts import text_width_pt
from reclaimdesk.export.options import PrintOptions
from reclaimdesk.export.layout import (
    PAPER_SIZES,
    PT_PER_MM,
    CardLayout,
    PageLayout,
    PaperSize,
    Rect,
    fitted_bleed,
)
from reclaimdesk.export.pdf import BLACK, FOOTER_BAND_MM, InkMode, PdfDocument, Surface

MARGIN_MM = 6.0
LINE = "#3a3a3a"
FAINT = "#5f5f5f"
"""Secondary text and light lines: dark enough to survive a photocopy."""
BODY_PT = 9.0
"""The body text of every kit (rules summaries, covers, guides)."""
MIN_TEXT_PT = 7.0
"""Nothing in a kit is set smaller."""
SUMMARY_NOTE = N_("Summary written for ReclaimDesk's print-and-play kit. Print everything at actual size "
                  "(100 %, no 'fit to page').")

Draw = Callable[[Surface, PageLayout], None]
"""Draws one whole page."""
Part = Callable[[PdfDocument, PageLayout], object]
"""Adds pages to a document."""


# --- text -------------------------------------------------------------------------------------
_NO_LINE_START = frozenset("、。，．・：；？！ー～…‥）」』】〉》〕ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ%),.:;!?")
"""Characters that may not begin a line (Japanese line-breaking rules, kinsoku)."""
_NO_LINE_END = frozenset("（「『【〈《〔(")
"""Characters that may not end a line."""


def _is_cjk(char: str) -> bool:
    """Whether a line may break beside ``char`` without a space (kana, kanji,
    full-width forms and Japanese punctuation)."""
    code = ord(char)
    return (0x3000 <= code <= 0x30FF or 0x3400 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF
            or 0xFF00 <= code <= 0xFFEF)


def _pieces(word: str) -> list[str]:
    """``word`` (text without spaces) cut where a line may break inside it: between
    Japanese characters, but never before closing or after opening punctuation,
    nor between a number and its counter (4枚, 12マス).

    >>> _pieces("カード4枚（黒）")
    ['カー', 'ド', '4枚', '（黒）']
    """
    out: list[str] = []
    piece = ""
    for char in word:
        if piece and (_is_cjk(char) or _is_cjk(piece[-1])) and char not in _NO_LINE_START \
                and piece[-1] not in _NO_LINE_END and not (piece[-1].isdigit() and _is_cjk(char)):
            out.append(piece)
            piece = ""
        piece += char
    if piece:
        out.append(piece)
    return out


def wrap(text: str, width_mm: float, size_pt: float, bold: bool = False) -> list[str]:
    """``text`` broken into lines no wider than ``width_mm``: at spaces, and in
    Japanese text between characters (following the kinsoku rules: no closing
    punctuation at a line's start, no digit parted from its counter). A Japanese
    paragraph never ends on a line of one character: the line before gives it
    its last piece(s).

    >>> wrap("ルールの要約を読む", 25.5, 9)        # greedy: 'ルールの要約を読' and 'む'
    ['ルールの要約を', '読む']
    """
    limit = width_mm * PT_PER_MM
    lines: list[list[tuple[str, str]]] = []        # each line's pieces, with the joint before each
    line: list[tuple[str, str]] = []
    for word in text.split():
        for k, piece in enumerate(_pieces(word)):
            joint = " " if k == 0 else ""
            if line and text_width_pt(_joined(line + [(joint, piece)]), size_pt, bold) > limit:
                lines.append(line)
                line = [(joint, piece)]
            else:
                line.append((joint, piece))
    if line:
        lines.append(line)
    _no_short_last_line(lines)
    return [_joined(pieces) for pieces in lines]


JUSTIFY_MOST = 0.35
"""The most a justified line spreads its characters, as a share of the text size."""


def justified_width(line: str, following: str, width_mm: float, size_pt: float) -> float:
    """The width to set ``line`` across (0: as it is): a Japanese line that
    broke between characters (``following`` begins with one) fills ``width_mm``,
    unless that spreads its characters more than :data:`JUSTIFY_MOST` of the size;
    a paragraph's last line (no ``following``) stays as it is.

    >>> justified_width("カードを一枚", "めくります。", 21, 9), justified_width("めくります。", "", 21, 9)
    (21, 0.0)
    """
    if not following or not line or not (_is_cjk(line[-1]) or _is_cjk(following[0])):
        return 0.0
    natural = text_width_pt(line, size_pt, False) / PT_PER_MM
    if len(line) < 2 or (width_mm - natural) / (len(line) - 1) > JUSTIFY_MOST * size_pt / PT_PER_MM:
        return 0.0
    return width_mm


LAST_LINE_CHARS = 2
"""The fewest characters a Japanese paragraph's last line holds (see :func:`wrap`)."""


def _joined(pieces: list[tuple[str, str]]) -> str:
    """A line's text: its pieces with the joint before each but the first."""
    return "".join(joint + piece if k else piece for k, (joint, piece) in enumerate(pieces))


def _no_short_last_line(lines: list[list[tuple[str, str]]]) -> None:
    """Move the previous line's last pieces down while the last line (Japanese)
    is shorter than :data:`LAST_LINE_CHARS`: the line above only gets shorter, so
    it still fits."""
    while len(lines) >= 2 and len(_joined(lines[-1])) < LAST_LINE_CHARS and len(lines[-2]) >= 2:
        if not _is_cjk(lines[-1][0][1][0]):
            return                                 # a short word may end an English paragraph
        lines[-1].insert(0, lines[-2].pop())


# --- filled sheets ------------------------------------------------------------------------------
def seat_named(side: str, players: Sequence[str], seat: int) -> str:
    """A seat on a filled sheet: "Ada (Circles)", or ``side`` alone when the
    record names nobody there (``players``: the names in seat order)."""
    name = players[seat].strip() if 0 <= seat < len(players) else ""
    return _("{name} ({side})").format(name=name, side=side) if name else side


def winner_text(state: object, label: Callable[[int], str]) -> str:
    """"Winner: ...", "Draw: ..." by the engine's rule, or "" while the game goes on."""
    if not state.is_terminal():  # type: ignore[attr-defined]
        return ""
    winners = state.winners()  # type: ignore[attr-defined]
    names = _(", ").join(label(w) for w in winners)
    return _("Winner: {names}").format(names=names) if len(winners) == 1 else _("Draw: {names}").format(names=names)


# --- papers and pages -------------------------------------------------------------------------
def paper_size(paper: PaperSize | str) -> PaperSize:
    """A paper size from a :class:`PaperSize` or its name (``"a4"``, ``"letter"``)."""
    if isinstance(paper, PaperSize):
        return paper.portrait()
    found = PAPER_SIZES.get(str(paper).lower())
    if found is None:
        raise ExportError(_("unknown paper '{paper}' (choose {choices})").format(
            paper=paper, choices=_(" or ").join(PAPER_SIZES)))
    return found


def page_layout(paper: PaperSize | str, greyscale: InkMode) -> PageLayout:
    """A kit's pages: ``paper`` (portrait) with the kits' margin."""
    return PageLayout(paper_size(paper), MARGIN_MM, greyscale)


def content(layout: PageLayout, inset: float = 0.5) -> Rect:
    """Where a page's drawing goes: inside the margin, above the page footer's
    strip, less ``inset`` for the ink's edge."""
    area = layout.printable.expanded(-inset)
    return Rect(area.x, area.y + FOOTER_BAND_MM, area.width, area.height - FOOTER_BAND_MM)


def kit_footer(game_name: str, data: str) -> str:
    """The line at the foot of every page of a kit: the game, the app's version
    and release date and the versions of the game's data (never today's date, so
    the same input gives the same bytes)."""
    return _("{game} print-and-play kit, ReclaimDesk {version} ({date}), data {data}").format(
        game=game_name, version=__version__, date=i18n.date_text(RELEASE_DATE), data=data)


def begin_kit(title: str, layout: PageLayout, footer: str, cover: Draw, rules: Draw) -> PdfDocument:
    """A whole kit's document, ``title`` (translated), begun with its cover and its
    rules summary (their footers say "cover" and "rules"); ``footer`` on every page."""
    doc = PdfDocument(title=title, greyscale=layout.greyscale)
    doc.footer = footer
    with doc.page(layout.paper, note=_("cover")) as page:
        cover(page, layout)
    with doc.page(layout.paper, note=_("rules")) as page:
        rules(page, layout)
    return doc


def add_page(doc: PdfDocument, layout: PageLayout, draw: Draw) -> None:
    """One page of ``layout``'s paper, drawn by ``draw``."""
    with doc.page(layout.paper) as page:
        draw(page, layout)


def page_part(draw: Draw) -> Part:
    """``draw`` as a part of :func:`kit_document`: a single page."""
    return lambda doc, layout: add_page(doc, layout, draw)


def kit_document(title: str, paper: PaperSize | str, greyscale: InkMode, *parts: Part, footer: str = "") -> bytes:
    """A PDF titled ``title`` of ``parts``, one after the other, on ``paper``,
    with ``footer`` on every page."""
    layout = page_layout(paper, greyscale)
    doc = PdfDocument(title=_(title), greyscale=greyscale)
    doc.footer = footer
    for part in parts:
        part(doc, layout)
    return doc.to_bytes()


# --- titles, lists and notes ------------------------------------------------------------------
def draw_title(page: Surface, area: Rect, title: str) -> None:
    """A page's title at the top of ``area``."""
    size = min(17.0, 17.0 * area.width / max(1e-6, page.text_width(title, size_pt=17, bold=True)))
    page.text(area.x, area.top - 7, title, size_pt=size, bold=True)      # a long title is set smaller


def draw_title_bar(page: Surface, area: Rect, title: str, subtitle: str) -> float:
    """The title, a one-line subtitle and a rule under them; returns the y below."""
    draw_title(page, area, title)
    page.text(area.x, area.top - 12.5, subtitle, size_pt=8, colour=LINE)
    page.line(area.x, area.top - 15, area.right, area.top - 15, stroke=LINE, line_mm=0.3)
    return area.top - 18.5


def draw_footer(page: Surface, area: Rect, note: str = SUMMARY_NOTE, raise_mm: float = 1.5) -> None:
    """A small note along the bottom of ``area``."""
    page.text(area.x, area.y + raise_mm, _(note), size_pt=MIN_TEXT_PT, colour=FAINT)


def draw_bullets(page: Surface, x: float, y: float, width: float, items: Sequence[str]) -> float:
    """A bulleted list in 9 pt, each item wrapped to ``width``; returns the last line's y."""
    for item in items:
        lines = wrap(_(item), width - 6, 9)
        y -= 2.5
        page.text(x + 1, y - 3.6, "\u2022", size_pt=9)
        for i, line in enumerate(lines):
            y -= 4.6
            fill = justified_width(line, lines[i + 1] if i + 1 < len(lines) else "", width - 6, 9)
            page.text(x + 5, y + 1.0, line, size_pt=9, justify_mm=fill)
    return y


# --- the rules summary ------------------------------------------------------------------------
Rules = Sequence[tuple[str, str]]
"""(kind, text) blocks: ``h`` a heading, ``p`` a paragraph, ``b`` a bullet,
``n`` a numbered step whose text starts with its number (``"1. "``). The texts are
English, marked with ``N_``; they are translated where they are laid out."""
Block = tuple[str, list[str], float]
"""(kind, lines, height): a block of the rules laid out (a step's kind is ``n`` and its number)."""


@dataclass(frozen=True)
class RulesStyle:
    """How a rules summary is set: the body size it starts from (smaller until it
    fits), line spacing, the space a heading takes and the indents."""

    start_pt: float = 9.0
    leading: float = 1.28
    heading_lead: float = 1.25
    heading_gap: float = 1.6
    bullet_indent: float = 3.2
    number_indent: float = 4.6
    block_gap: float = 0.8
    gutter: float = 7.0
    min_pt: float = 7.5


def rules_blocks(rules: Rules, width: float, size: float, style: RulesStyle = RulesStyle()) -> list[Block]:
    """(kind, lines, height) of each block at body size ``size``."""
    lead = size * style.leading / PT_PER_MM
    out: list[Block] = []
    for kind, english in rules:
        text = _(english)
        if kind == "h":
            out.append((kind, [text], lead * style.heading_lead + style.heading_gap))
            continue
        indent = {"b": style.bullet_indent, "n": style.number_indent}.get(kind, 0.0)
        body = text[3:] if kind == "n" else text
        lines = wrap(body, width - indent, size)
        out.append((kind if kind != "n" else f"n{text[:2]}", lines, len(lines) * lead + style.block_gap))
    return out


def split_columns(blocks: list[Block], height: float) -> list[list[Block]] | None:
    """The blocks in two columns as even as possible (a column never ends on a
    heading), or None when they do not fit."""
    best: tuple[float, int] | None = None
    for cut in range(1, len(blocks)):
        if blocks[cut - 1][0] == "h":
            continue
        a = sum(b[2] for b in blocks[:cut])
        b = sum(b[2] for b in blocks[cut:])
        if a <= height and b <= height and (best is None or max(a, b) < best[0]):
            best = (max(a, b), cut)
    if best is None:
        return None
    return [blocks[:best[1]], blocks[best[1]:]]


def draw_rules_columns(page: Surface, rules: Rules, area: Rect, top: float, bottom: float,
                       style: RulesStyle = RulesStyle()) -> float:
    """``rules`` in two columns across ``area`` between ``top`` and ``bottom``, at
    the largest body size (from ``style.start_pt`` down in quarter points) at
    which they fit; returns that size. Raises :class:`ExportError` when they do
    not fit even at ``style.min_pt``."""
    gutter = style.gutter
    col_w = (area.width - gutter) / 2
    col_h = top - bottom
    size = style.start_pt
    while True:
        blocks = rules_blocks(rules, col_w, size, style)
        columns = split_columns(blocks, col_h)
        if columns is not None or size <= style.min_pt:
            break
        size -= 0.25
    if columns is None:
        raise ExportError(_("the rules summary does not fit on one page"))
    lead = size * style.leading / PT_PER_MM
    gap = style.heading_gap
    for ci, column in enumerate(columns):
        x = area.x + ci * (col_w + gutter)
        y = top
        for kind, lines, height in column:
            if kind == "h":
                y -= gap
                page.text(x, y - lead, lines[0], size_pt=size * 1.2, bold=True)
                page.line(x, y - lead - 1.0, x + col_w, y - lead - 1.0, stroke=FAINT, line_mm=0.15)
                y -= height - gap
                continue
            indent = 0.0 if kind == "p" else style.bullet_indent if kind == "b" else style.number_indent
            if kind == "b":
                page.text(x + 0.6, y - lead + 0.1, "\u2022", size_pt=size)
            elif kind.startswith("n"):
                page.text(x, y - lead, kind[1:], size_pt=size, bold=True)
            for i, line in enumerate(lines):
                fill = justified_width(line, lines[i + 1] if i + 1 < len(lines) else "", col_w - indent, size)
                page.text(x + indent, y - lead * (i + 1), line, size_pt=size, justify_mm=fill)
            y -= height
    return size


# --- cards ------------------------------------------------------------------------------------
def card_layout_for(paper: PaperSize | str = "a4", greyscale: InkMode = False, bleed_mm: float = 0.0,
                    back_offset: tuple[float, float] = (0.0, 0.0), gutter_mm: float = 0.0) -> CardLayout:
    """Poker cards on ``paper`` with ``bleed_mm`` of bleed (0: none) and the backs
    moved by ``back_offset``. The bleed is cut down where that keeps 9 cards on
    a page with at least 2 mm of it (A4: 2.25 mm); where even that does not fit
    (Letter), the page holds fewer cards with the bleed asked for. With a
    ``gutter_mm`` between the cards' bleeds, every card keeps the whole bleed
    asked for and the page holds as many as fit (for cutting one by one).

    >>> card_layout_for("a4", bleed_mm=3, gutter_mm=4).per_page, card_layout_for("a4", bleed_mm=3).bleed_mm
    (6, 2.25)
    """
    page = page_layout(paper, greyscale)
    layout = CardLayout(page=page, bleed=bleed_mm > 0, bleed_size_mm=bleed_mm or 3.0,
                        back_offset_mm=back_offset, gap_mm=gutter_mm if bleed_mm > 0 else 0.0)
    return layout if layout.gap_mm else fitted_bleed(layout)


def card_layout_of(options: PrintOptions) -> CardLayout:
    """The cards' layout that checked ``options`` ask for (paper, ink, bleed, gutter, back offset)."""
    return card_layout_for(options.paper, options.ink, options.bleed_mm, options.back_offset, options.gutter_mm)


# --- the calibration bar -----------------------------------------------------------------------
CALIBRATION_MM = 50.0
CALIBRATION_IN_MM = 2 * 25.4
CALIBRATION_WIDTH_MM = CALIBRATION_IN_MM + 12.0
"""The room the bar takes across: its longer scale (2 in) and the labels after it."""
CALIBRATION_HEIGHT_MM = 12.0
CALIBRATION_CHECK = N_("Check the print size first: lay a ruler along the bars at the top right of this page. "
                       "The upper bar must measure exactly 50 mm and the lower one 2 inches. Shorter bars mean "
                       "the printer shrank the page: choose actual size (100 %, no fit to page) and print again.")


def draw_calibration_bar(page: Surface, x: float, y: float) -> None:
    """Two rulers from (x, y) upwards, their left ends lined up: 50 mm in 10 mm
    steps above, 2 inches in quarter inches below, each labelled at its right end.
    Printed at actual size they measure exactly that, so a ruler tells whether the
    printer scaled the page."""
    for k, (length, steps, label) in enumerate(((CALIBRATION_MM, 5, "50 mm"), (CALIBRATION_IN_MM, 8, "2 in"))):
        base = y + CALIBRATION_HEIGHT_MM - 5.0 - 6.0 * k
        tick = 2.2 if k == 0 else -2.2
        page.line(x, base, x + length, base, stroke=BLACK, line_mm=0.3)
        for i in range(steps + 1):
            t = abs(tick) if i in (0, steps) else abs(tick) * (0.7 if steps == 8 and i % 4 else 1.0) * 0.75
            page.line(x + length * i / steps, base, x + length * i / steps, base + (t if tick > 0 else -t),
                      stroke=BLACK, line_mm=0.2)
        page.text(x + length + 1.5, base - 1.0, label, size_pt=MIN_TEXT_PT, colour=BLACK)


# --- the cover ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Component:
    """One line of a kit's checklist: what, how many, on which pages, how to print it."""

    what: str
    count: int
    pages: str
    how: str


def kit_credits(game_id: str) -> list[str]:
    """The cover's credits: who made the game, as its spec names them (the
    engine's :class:`~reclaimdesk.core.game.Credits`), and who made this kit."""
    from reclaimdesk.core.game import get_game

    return [*get_game(game_id).credits.lines(),
            _("This kit: drawn by ReclaimDesk from the game's data; rules summary in our own words.")]


def pages_text(first: int, count: int) -> str:
    """"3" or "5-12" (Japanese "5～12"): the pages from ``first``, ``count`` of them."""
    if count == 1:
        return str(first)
    return pgettext("page range", "{first}-{last}").format(first=first, last=first + count - 1)


FILE_ROLES: dict[str, str] = {
    "": N_("{file}: this kit"),
    "cards-bleed": N_("{file}: the cards with 3 mm of bleed all round and space between them, to cut one by one "
                      "(a trimmer helps); a back printed up to 3 mm off still looks right"),
    "cards-fold": N_("{file}: the cards to fold in half, for a printer without duplex (nothing to line up)"),
    "ink-saver": N_("{file}: this kit as grey line art on white"),
}
"""What each file of ``sheets/`` is for, by variant (see :data:`~reclaimdesk.export.kit.VARIANTS`)."""


def sheet_files_text(game_id: str, paper: PaperSize) -> str:
    """The cover's guide to the files of ``sheets/`` that ``game_id``'s kit comes
    in, on ``paper`` and in the current language where that file exists ("" when
    the game has no kit)."""
    from reclaimdesk.core.i18n import language
    from reclaimdesk.export.kit import SHEET_LANGUAGES, VARIANTS, KitFile, find_kit

    kit = find_kit(game_id)
    if kit is None:
        return ""
    key = next((k for k, size in PAPER_SIZES.items() if size == paper.portrait()), "a4")
    lang = language() if key in SHEET_LANGUAGES.get(language(), ()) else "en"
    roles = [_(FILE_ROLES[v.name]).format(file=KitFile(kit, key, lang, v.name).name)
             for v in VARIANTS if v.offered(kit.offer) and v.name in FILE_ROLES]
    return _("Which file to print (all in sheets/): {roles}.").format(roles=_("; ").join(roles))


def draw_cover(page: Surface, layout: PageLayout, *, game: str, tagline: str, components: Sequence[Component],
               steps: Sequence[str], tips: Sequence[str], credits: Sequence[str],
               extra: Callable[[Surface, Rect], None] | None = None, game_id: str = "") -> None:
    """A kit's cover: the game, what the kit holds (a checklist with the count of
    each component, its pages and how to print them), the order of work, how to
    print (first the calibration check, last, with ``game_id``, which file of
    ``sheets/`` to print), and the credits; ``extra`` draws a player aid in the
    room left between the printing notes and the credits (given as a rectangle)."""
    area = content(layout)
    draw_calibration_bar(page, area.right - CALIBRATION_WIDTH_MM, area.top - 15.5)
    page.text(area.x, area.top - 9, game.upper(), size_pt=24, bold=True)
    page.text(area.x, area.top - 15.5, tagline, size_pt=BODY_PT + 1, colour=LINE)
    page.line(area.x, area.top - 18, area.right, area.top - 18, stroke=LINE, line_mm=0.4)
    y = area.top - 26
    page.text(area.x, y, _("Checklist: what this kit makes"), size_pt=11, bold=True)
    cols = (area.x + 7, area.x + 94, area.x + 108, area.x + 128)
    y -= 6
    for x, head in zip(cols, (_("component"), _("count"), _("pages"), _("print"))):
        page.text(x, y, head, size_pt=MIN_TEXT_PT + 0.5, bold=True, colour=FAINT)
    for item in components:
        lines = wrap(item.what, cols[1] - cols[0] - 2, BODY_PT)
        how = wrap(item.how, area.right - cols[3], BODY_PT)
        y -= 5.2
        page.rect(area.x + 1, y - 0.4, 3.4, 3.4, stroke=LINE, line_mm=0.3)
        page.text(cols[1] + 8, y, str(item.count), size_pt=BODY_PT, bold=True, align="right")
        page.text(cols[2], y, item.pages, size_pt=BODY_PT)
        for k in range(max(len(lines), len(how))):
            if k < len(lines):
                page.text(cols[0], y - 4.2 * k, lines[k], size_pt=BODY_PT)
            if k < len(how):
                page.text(cols[3], y - 4.2 * k, how[k], size_pt=BODY_PT, colour=LINE)
        y -= 4.2 * (max(len(lines), len(how)) - 1)
    y -= 10
    page.text(area.x, y, _("Order of work"), size_pt=11, bold=True)
    y -= 1.5
    for n, step in enumerate(steps, start=1):
        lines = wrap(step, area.width - 7, BODY_PT)
        y -= 4.8
        page.text(area.x + 1, y, f"{n}.", size_pt=BODY_PT, bold=True)
        for k, line in enumerate(lines):
            fill = justified_width(line, lines[k + 1] if k + 1 < len(lines) else "", area.width - 7, BODY_PT)
            page.text(area.x + 7, y - 4.2 * k, line, size_pt=BODY_PT, justify_mm=fill)
        y -= 4.2 * (len(lines) - 1)
    y -= 10
    page.text(area.x, y, _("Printing"), size_pt=11, bold=True)
    files = sheet_files_text(game_id, layout.paper) if game_id else ""
    y = draw_bullets(page, area.x, y, area.width, [_(CALIBRATION_CHECK), *tips, *([files] if files else [])])
    lines = [line for credit in credits for line in wrap(credit, area.width, MIN_TEXT_PT + 0.5)]
    top = area.y + 4 + 4.0 * len(lines)
    if y - 8 < top:
        raise ExportError(f"the cover of {game} does not fit on one page")
    if extra is not None:
        extra(page, Rect(area.x, top + 9, area.width, y - 8 - (top + 9)))
    page.line(area.x, top, area.right, top, stroke=FAINT, line_mm=0.2)
    page.text(area.x, top + 1.5, _("Credits"), size_pt=MIN_TEXT_PT + 0.5, bold=True, colour=LINE)
    for k, line in enumerate(lines):
        page.text(area.x, top - 4.5 - 4.0 * k, line, size_pt=MIN_TEXT_PT + 0.5, colour=LINE)
