"""A small PDF document over reportlab's canvas: pages in millimetres, embedded
fonts, colours that turn grey in ink-saving mode, and byte-identical output.

>>> doc = PdfDocument(title="demo")
>>> with doc.page(A4) as page:
...     page.rect(10, 10, 63, 88, stroke=BLACK)
...     _ = page.text(15, 90, "Alvium アルヴィウム", size_pt=10)
>>> doc.to_bytes()[:5]
b'%PDF-'
"""

from __future__ import annotations

import io
import math
import os
import secrets
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from reclaimdesk.export.errors import ExportError
from reclaimdesk.export.fonts import JAPANESE, SANS, font_runs, register_fonts, text_width_pt
from reclaimdesk.export.layout import A4, PT_PER_MM, PaperSize, Rect

_LOG_E_10 = math.log(10.0)
_FP_FORMATS = ("%.0f", "%.1f", "%.2f", "%.3f", "%.4f", "%.5f", "%.6f")


def fast_fp_str(*a: float) -> str:
    """reportlab's ``fp_str`` (numbers written into a page's content, 6 decimals at
    most, trailing zeros and a leading zero dropped) giving the same text, with
    string methods where reportlab's pure-Python fallback loops over characters:
    it wrote a third of the time of a kit. Installed by :func:`_speed_up_reportlab`
    only when reportlab's C accelerator is absent.

    >>> fast_fp_str(0.25, 1000, -0.5, 2.0, 1e-9, 123.456789)
    '.25 1000 -0.5 2 0 123.4568'
    """
    if len(a) == 1 and isinstance(a[0], (tuple, list)):
        a = a[0]
    out = []
    for i in a:
        sa = abs(i)
        if sa <= 1e-7:
            out.append("0")
            continue
        places = 6 if sa <= 1 else min(max(0, 6 - int(math.log(sa) / _LOG_E_10)), 6)
        n = _FP_FORMATS[places] % i
        if places:
            n = n.rstrip("0")
            if n[-1] == ".":
                n = n[:-1]
        out.append(n[1:] if n[0] == "0" and len(n) > 1 else n)
    return " ".join(out)


def _speed_up_reportlab() -> None:
    """Hand :func:`fast_fp_str` to the reportlab modules that write page content,
    when they use the pure-Python ``fp_str`` (the output is the same text)."""
    import reportlab.lib.colors
    import reportlab.lib.rl_accel as accel
    import reportlab.pdfbase.pdfdoc
    import reportlab.pdfgen.canvas
    import reportlab.pdfgen.pathobject
    import reportlab.pdfgen.textobject

    slow = getattr(accel, "_py_fp_str", None)
    if slow is None or accel.fp_str is not slow:
        return
    for module in (accel, reportlab.lib.colors, reportlab.pdfbase.pdfdoc, reportlab.pdfgen.canvas,
                   reportlab.pdfgen.pathobject, reportlab.pdfgen.textobject):
        if getattr(module, "fp_str", None) is slow:
            module.fp_str = fast_fp_str  # type: ignore[attr-defined]


_speed_up_reportlab()

Rgb = tuple[float, float, float]
Ink = Rgb | str
"""A colour: an (r, g, b) triple of 0..1 or a ``"#rrggbb"`` string."""

BLACK: Rgb = (0.0, 0.0, 0.0)
WHITE: Rgb = (1.0, 1.0, 1.0)
Align = Literal["left", "centre", "right"]
FAUX_BOLD_STROKE = 0.035
"""Bold Japanese: the outline stroked around IPA Gothic's glyphs, as a share of the size."""
JUSTIFY_MOST_EM = 0.25
"""The most a justified line spreads its characters apart, in ems a gap; a line
needing more is left ragged (Japanese type lets a line go short rather than
space it out letter by letter)."""

InkMode = bool | str
"""How a document spends ink: ``False`` or ``"colour"`` full colour, ``True`` or
``"greyscale"`` every colour as its grey, ``"ink-saver"`` grey line art: white
bodies, outlined symbols and no large dark areas (see :class:`PdfDocument`)."""
INK_MODES = ("colour", "greyscale", "ink-saver")

LARGE_AREA_MM2 = 150.0
"""In ink-saver mode a filled shape larger than this (its bounding box, in mm\u00b2)
is a body: printed as a faint tint with no outline added."""
INK_SAVER_TINT = 0.12
"""A body keeps this share of its grey's darkness in ink-saver mode."""
INK_SAVER_LIGHT = 0.85
"""Fills at least this light stay as they are in ink-saver mode (they use little ink)."""
INK_SAVER_LINE_MM = 0.25


def ink_mode(mode: InkMode) -> str:
    """One of :data:`INK_MODES` from a mode or the old greyscale flag.

    >>> ink_mode(False), ink_mode(True), ink_mode("ink-saver")
    ('colour', 'greyscale', 'ink-saver')
    """
    if mode is False or mode is None:
        return "colour"
    if mode is True:
        return "greyscale"
    if mode in INK_MODES:
        return str(mode)
    raise ExportError(f"unknown ink mode {mode!r} (choose {', '.join(INK_MODES)})")


def parse_ink(ink: Ink) -> Rgb:
    """The (r, g, b) triple of a colour.

    >>> parse_ink("#ff8000")
    (1.0, 0.5019607843137255, 0.0)
    """
    if isinstance(ink, str):
        text = ink.removeprefix("#")
        if len(text) != 6:
            raise ExportError(f"colour {ink!r} is not of the form #rrggbb")
        try:
            r, g, b = (int(text[i:i + 2], 16) / 255 for i in (0, 2, 4))
        except ValueError:
            raise ExportError(f"colour {ink!r} is not of the form #rrggbb") from None
        return (r, g, b)
    r, g, b = ink
    if not all(0.0 <= v <= 1.0 for v in (r, g, b)):
        raise ExportError(f"colour {ink!r} has a component outside 0..1")
    return (float(r), float(g), float(b))


def grey_level(ink: Ink) -> float:
    """The lightness of a colour as a grey from 0 (black) to 1 (white), using the
    Rec. 601 luma weights, so that light colours stay light when printed grey.

    >>> grey_level(WHITE), grey_level("#000000")
    (1.0, 0.0)
    """
    r, g, b = parse_ink(ink)
    return round(0.299 * r + 0.587 * g + 0.114 * b, 6)


class PdfDocument:
    """A PDF being written: add pages with :meth:`page`, then call :meth:`to_bytes`.

    The output depends only on what is drawn: creation date and document id are
    fixed (reportlab's ``invariant`` mode), every font is an embedded TrueType
    subset, and nothing is rasterised. With ``greyscale`` every colour is printed
    as the grey of the same lightness (DeviceGray), which needs no colour ink.
    ``greyscale="ink-saver"`` goes further (:attr:`ink_saver`): every drawing is
    grey line art; large filled areas become faint tints, small dark shapes
    white with a dark outline, and light text or lines (meant for dark ground)
    turn dark. ``greyscale`` is then true as well, so a kit that draws
    differently in grey does so here too.

    ``footer`` (set at any time) draws a line at the foot of every later page,
    with the page's number and the document's page count (see :meth:`page`).
    """

    def __init__(self, *, title: str = "", subject: str = "", greyscale: InkMode = False,
                 lang: str | None = None) -> None:
        from reclaimdesk.core.i18n import language

        register_fonts()
        self.mode = ink_mode(greyscale)
        self.greyscale = self.mode != "colour"
        self.ink_saver = self.mode == "ink-saver"
        self.footer: str = ""
        self.double_sided = False
        """Set by whatever adds pages meant to be printed back to back (cards with
        backs, two-sided sheets): the file then asks for long-edge duplex."""
        self.lang = lang or language()
        """The document's language (``/Lang``): the language it was built in."""
        self.page_count = 0
        self.marks: list[Mark] = []
        """Where legend swatches and the pieces they name were drawn (:meth:`Surface.mark`)."""
        self.literal_fills = 0
        """While above 0 (:meth:`Surface.fills_as_given`), ink-saver mode prints fills
        as their grey, whatever their size: a style that chose its own ink-saver look."""
        self._buffer = io.BytesIO()
        self._pdf: bytes | None = None
        # The initial font is written into every page's preamble: make it an
        # embedded one, or reportlab would add an unembedded Helvetica.
        self._canvas = Canvas(self._buffer, pagesize=(A4.width_pt, A4.height_pt), invariant=1,
                              pageCompression=1, initialFontName=SANS, initialFontSize=10,
                              lang=self.lang)
        # the release date is the creation date: the same bytes from the same code and data
        self._canvas.setDateFormatter(release_timestamp)
        self._canvas.setTitle(title)
        self._canvas.setSubject(subject)
        self._canvas.setAuthor("ReclaimDesk")
        self._canvas.setCreator("ReclaimDesk")

    def ink(self, ink: Ink) -> Rgb:
        """The colour as it will be printed: unchanged, or its grey when greyscale."""
        if self.greyscale:
            g = grey_level(ink)
            return (g, g, g)
        return parse_ink(ink)

    @contextmanager
    def page(self, paper: PaperSize, footer: FooterSpot | None = None, *, note: str = "") -> Iterator[Surface]:
        """A new page of ``paper``, drawn in millimetres from its bottom-left corner.

        When :attr:`footer` is set, the page ends with it and "page N of M"
        (M filled in when the document is finished), at ``footer`` (a point and
        an angle) or, by default, along the bottom of the printable area
        (:data:`FOOTER_BASELINE_MM` up, inside a 6 mm margin). ``note`` says
        what the page is, at the start of the footer."""
        if self._pdf is not None:
            raise ExportError("the document is already finished")
        canvas = self._canvas
        canvas.setPageSize((paper.width_pt, paper.height_pt))
        canvas.saveState()
        canvas.scale(PT_PER_MM, PT_PER_MM)
        surface = Surface(self, canvas, paper.width_mm, paper.height_mm)
        try:
            yield surface
            if self.footer:
                self._draw_footer(surface, footer, note)
        finally:
            canvas.restoreState()
            canvas.showPage()
            self.page_count += 1

    def _draw_footer(self, page: Surface, spot: FooterSpot | None, note: str) -> None:
        from reclaimdesk.core.i18n import _

        number = self.page_count + 1
        text = _("{footer} \u00b7 page {number} of").format(footer=self.footer, number=number) + " "
        if note:
            text = f"{note} \u00b7 {text}"
        if spot is None:
            x, y, angle, align = FOOTER_MARGIN_MM, FOOTER_BASELINE_MM, 0.0, "left"
        else:
            x, y, angle, align = spot
        c = self._canvas
        width = page.text_width(text, size_pt=FOOTER_PT) + page.text_width("999", size_pt=FOOTER_PT)
        start = {"left": 0.0, "centre": -width / 2, "right": -width}[align]
        along = page.height if angle % 180 else page.width      # the paper's side the footer runs along
        at = y if angle % 180 else x
        if at + start < FOOTER_MARGIN_MM - 0.4 - 1e-6 or at + start + width > along - FOOTER_MARGIN_MM + 0.4 + 1e-6:
            raise ExportError(f"the footer of page {number} ({width:.1f} mm) does not fit inside the "
                              f"6 mm margin: shorten it: {text}")
        c.saveState()
        c.translate(x, y)
        if angle:
            c.rotate(angle)
        page.text(start, 0, text, size_pt=FOOTER_PT, colour=FOOTER_INK)
        c.translate(start + page.text_width(text, size_pt=FOOTER_PT), 0)
        c.doForm("pageCount")
        c.restoreState()

    def to_bytes(self) -> bytes:
        """Finish the document (once) and return the PDF file's bytes."""
        if self._pdf is None:
            if self.page_count == 0:
                raise ExportError("the document has no pages")
            if self.footer:
                c = self._canvas
                c.beginForm("pageCount")
                Surface(self, c, 0, 0).text(0, 0, str(self.page_count), size_pt=FOOTER_PT, colour=FOOTER_INK)
                c.endForm()
            # printed at actual size; the printer's duplex set to what the pages need
            self._canvas.setViewerPreference("PrintScaling", "None")
            self._canvas.setViewerPreference("Duplex", "DuplexFlipLongEdge" if self.double_sided else "Simplex")
            self._canvas.save()
            self._pdf = self._buffer.getvalue()
            if _RECORDINGS:
                _RECORDINGS[-1].append((self._pdf, list(self.marks)))
        return self._pdf


_RECORDINGS: list[list[tuple[bytes, list[Mark]]]] = []


@contextmanager
def recording_marks() -> Iterator[list[tuple[bytes, list[Mark]]]]:
    """Within it, every document finished is listed with its marks, (bytes, marks):
    how a test sees where a kit drew its keys and pieces."""
    found: list[tuple[bytes, list[Mark]]] = []
    _RECORDINGS.append(found)
    try:
        yield found
    finally:
        _RECORDINGS.remove(found)


@dataclass(frozen=True)
class Mark:
    """Where something a key names was drawn: ``role`` ``"legend"`` (the key's
    swatch) or ``"piece"`` (the thing itself), ``key`` what it is, ``look`` the word
    the key uses for it in this ink mode, ``box`` (left, bottom, right, top) in
    points on page ``page`` (0 the first), ``core`` the share of it (a centred box)
    the look is judged on."""

    page: int
    role: str
    key: str
    look: str
    box: tuple[float, float, float, float]
    core: float = 1.0


class Surface:
    """Somewhere to draw, in millimetres: a page or a frame on it (a card, a
    board part), with the origin at its bottom-left corner and y upwards.

    ``width`` x ``height`` is its trimmed size; ``bleed`` is how far beyond that
    the drawing should reach (and is kept, up to a clip) so that a slightly-off
    cut shows no white edge. ``canvas`` is the reportlab canvas in these same
    units, for anything not covered here; set its colours with :meth:`set_fill`
    and :meth:`set_stroke` so that greyscale printing still applies.
    """

    def __init__(self, doc: PdfDocument, canvas: Canvas, width: float, height: float,
                 bleed: float = 0.0) -> None:
        self.doc = doc
        self.canvas = canvas
        self.width = width
        self.height = height
        self.bleed = bleed

    # --- colours ------------------------------------------------------------------
    def _use(self, ink: Ink, gray: Callable[[float], None], rgb: Callable[[float, float, float], None]) -> None:
        """Hand ``ink`` as the document prints it to the canvas's ``gray`` or ``rgb``
        setter: a grey level in greyscale; in ink-saver mode light inks turn dark,
        as a light ink was meant for a dark ground that is not printed; else its colour."""
        if self.doc.ink_saver:
            gray(_line_grey(ink))
        elif self.doc.greyscale:
            gray(grey_level(ink))
        else:
            rgb(*parse_ink(ink))

    def set_fill(self, ink: Ink) -> None:
        """The fill colour for what follows (text and symbols drawn directly)."""
        self._use(ink, self.canvas.setFillGray, self.canvas.setFillColorRGB)

    def set_stroke(self, ink: Ink) -> None:
        """The line colour for what follows."""
        self._use(ink, self.canvas.setStrokeGray, self.canvas.setStrokeColorRGB)

    def _saver_fill(self, fill: Ink, area: float, stroked: bool) -> tuple[float, bool]:
        """(grey, add an outline) of a filled shape of ``area`` mm\u00b2 in ink-saver mode."""
        g = grey_level(fill)
        if g >= INK_SAVER_LIGHT:
            return g, False
        if area > LARGE_AREA_MM2:
            return 1.0 - (1.0 - g) * INK_SAVER_TINT, False
        return 1.0, not stroked

    # --- shapes -------------------------------------------------------------------
    @contextmanager
    def _paint(self, fill: Ink | None, stroke: Ink | None, line_mm: float,
               dash: Sequence[float] | None, area: float = 0.0) -> Iterator[tuple[bool, bool]]:
        c = self.canvas
        c.saveState()
        outline = False
        if fill is not None:
            if self.doc.ink_saver and self.doc.literal_fills:
                c.setFillGray(grey_level(fill))
            elif self.doc.ink_saver:
                grey, outline = self._saver_fill(fill, area, stroke is not None)
                c.setFillGray(grey)
                if outline:
                    c.setStrokeGray(_line_grey(fill))
                    c.setLineWidth(INK_SAVER_LINE_MM)
            else:
                self.set_fill(fill)
        if stroke is not None:
            self.set_stroke(stroke)
            c.setLineWidth(line_mm)
            if dash:
                c.setDash(list(dash))
        try:
            yield fill is not None, stroke is not None or outline
        finally:
            c.restoreState()

    def rect(self, x: float, y: float, w: float, h: float, *, fill: Ink | None = None,
             stroke: Ink | None = None, line_mm: float = 0.25, radius_mm: float = 0.0,
             dash: Sequence[float] | None = None) -> None:
        """A rectangle (rounded when ``radius_mm``), filled and/or outlined."""
        with self._paint(fill, stroke, line_mm, dash, abs(w * h)) as (f, s):
            if radius_mm > 0:
                self.canvas.roundRect(x, y, w, h, radius_mm, stroke=int(s), fill=int(f))
            else:
                self.canvas.rect(x, y, w, h, stroke=int(s), fill=int(f))

    def line(self, x1: float, y1: float, x2: float, y2: float, *, stroke: Ink = BLACK,
             line_mm: float = 0.25, dash: Sequence[float] | None = None) -> None:
        with self._paint(None, stroke, line_mm, dash):
            self.canvas.line(x1, y1, x2, y2)

    def polygon(self, points: Sequence[tuple[float, float]], *, fill: Ink | None = None,
                stroke: Ink | None = None, line_mm: float = 0.25, closed: bool = True,
                dash: Sequence[float] | None = None) -> None:
        """A polygon (or, with ``closed=False``, a polyline) through ``points``."""
        if len(points) < 2:
            return
        path = self.canvas.beginPath()
        path.moveTo(*points[0])
        for p in points[1:]:
            path.lineTo(*p)
        if closed:
            path.close()
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        area = (max(xs) - min(xs)) * (max(ys) - min(ys))
        with self._paint(fill if closed else None, stroke, line_mm, dash, area) as (f, s):
            self.canvas.drawPath(path, stroke=int(s), fill=int(f and closed))

    def circle(self, cx: float, cy: float, r: float, *, fill: Ink | None = None,
               stroke: Ink | None = None, line_mm: float = 0.25) -> None:
        with self._paint(fill, stroke, line_mm, None, 4 * r * r) as (f, s):
            self.canvas.circle(cx, cy, r, stroke=int(s), fill=int(f))

    def hatch(self, x: float, y: float, w: float, h: float, *, spacing_mm: float = 1.5,
              angle_deg: float = 45.0, stroke: Ink = BLACK, line_mm: float = 0.15) -> None:
        """Parallel lines across a rectangle: a pattern that tells areas apart
        without relying on colour (for greyscale prints and colour-blind players)."""
        c = self.canvas
        c.saveState()
        clip = c.beginPath()
        clip.rect(x, y, w, h)
        c.clipPath(clip, stroke=0, fill=0)
        c.translate(x + w / 2, y + h / 2)
        c.rotate(angle_deg)
        half = math.hypot(w, h) / 2
        count = int(half // spacing_mm)
        with self._paint(None, stroke, line_mm, None):
            for i in range(-count, count + 1):
                c.line(i * spacing_mm, -half, i * spacing_mm, half)
        c.restoreState()

    # --- text ---------------------------------------------------------------------
    def text_width(self, text: str, *, size_pt: float = 9.0, bold: bool = False) -> float:
        """The width of ``text`` in millimetres."""
        return text_width_pt(text, size_pt, bold) / PT_PER_MM

    def text(self, x: float, y: float, text: str, *, size_pt: float = 9.0, bold: bool = False,
             colour: Ink = BLACK, align: Align = "left", angle_deg: float = 0.0, justify_mm: float = 0.0) -> float:
        """One line of text with its baseline at ``y``; ``align`` says whether
        ``x`` is its left end, centre or right end (before turning it by
        ``angle_deg`` anticlockwise about (x, y)). Japanese is set in IPA Gothic,
        everything else in DejaVu Sans. Returns the width in millimetres.
        ``justify_mm`` (left-aligned text): the width to fill, by spreading the
        characters evenly (justified Japanese), when it is wider than the text."""
        size = size_pt / PT_PER_MM
        runs = font_runs(text, bold)
        width = sum(float(stringWidth(chunk, name, size)) for name, chunk in runs)
        chars = sum(len(chunk) for _name, chunk in runs)
        spread = (justify_mm - width) / (chars - 1) if justify_mm > width and chars > 1 else 0.0
        if spread > size * JUSTIFY_MOST_EM:
            # a short line before a long unbreakable word (a file name) would be
            # spaced out letter by letter: it stays ragged instead
            spread = 0.0
        start = {"left": 0.0, "centre": -width / 2, "right": -width}[align]
        c = self.canvas
        c.saveState()
        c.translate(x, y)
        if angle_deg:
            c.rotate(angle_deg)
        self.set_fill(colour)
        for name, chunk in runs:
            c.setFont(name, size)
            if bold and name == JAPANESE:
                # IPA Gothic has no bold face: its glyphs are filled and stroked,
                # which thickens them like a bold weight
                self.set_stroke(colour)
                c.setLineWidth(size * FAUX_BOLD_STROKE)
                glyphs = c.beginText(start, 0)
                glyphs.setTextRenderMode(2)
                if spread:
                    glyphs.setCharSpace(spread)
                glyphs.textOut(chunk)
                c.drawText(glyphs)
            elif spread:
                glyphs = c.beginText(start, 0)
                glyphs.setCharSpace(spread)
                glyphs.textOut(chunk)
                c.drawText(glyphs)
            else:
                c.drawString(start, 0, chunk)
            start += stringWidth(chunk, name, size) + spread * len(chunk)
        c.restoreState()
        return width

    # --- styles and keys ------------------------------------------------------------
    @contextmanager
    def fills_as_given(self) -> Iterator[None]:
        """Within it, ink-saver mode prints every fill as its grey, large or small,
        and adds no outline: for a style that chose its ink-saver look itself, so
        that it looks the same at every size (a key's swatch and its piece)."""
        self.doc.literal_fills += 1
        try:
            yield
        finally:
            self.doc.literal_fills -= 1

    @contextmanager
    def scaled(self, x: float, y: float, factor: float) -> Iterator[None]:
        """Within it, (0, 0) is at (x, y) and every length is ``factor`` times as long:
        a key draws a piece at its own size, shrunk into the swatch."""
        c = self.canvas
        c.saveState()
        try:
            c.translate(x, y)
            c.scale(factor, factor)
            yield
        finally:
            c.restoreState()

    def mark(self, role: str, key: str, x: float, y: float, w: float, h: float, look: str = "",
             core: float = 1.0) -> None:
        """Record (for tests, nothing is drawn) that the box (x, y, w, h) here holds
        ``key`` as a legend swatch or a piece (:class:`Mark`)."""
        a, b, cc, d, e, f = self.canvas._currentMatrix
        xs, ys = [], []
        for px, py in ((x, y), (x + w, y), (x, y + h), (x + w, y + h)):
            xs.append(a * px + cc * py + e)
            ys.append(b * px + d * py + f)
        self.doc.marks.append(Mark(self.doc.page_count, role, key, look, (min(xs), min(ys), max(xs), max(ys)),
                                   core))

    # --- frames -------------------------------------------------------------------
    @contextmanager
    def frame(self, rect: Rect, *, bleed: float = 0.0, clip: bool = True,
              upside_down: bool = False) -> Iterator[Surface]:
        """A surface for ``rect`` (in this surface's coordinates), with its origin at
        the rectangle's bottom-left corner; drawing is clipped to the rectangle
        grown by ``bleed`` unless ``clip`` is off. ``upside_down`` turns the frame's
        content by 180 degrees within the rectangle."""
        c = self.canvas
        c.saveState()
        try:
            if clip:
                path = c.beginPath()
                box = rect.expanded(bleed)
                path.rect(box.x, box.y, box.width, box.height)
                c.clipPath(path, stroke=0, fill=0)
            if upside_down:
                c.translate(rect.right, rect.top)
                c.rotate(180)
            else:
                c.translate(rect.x, rect.y)
            yield Surface(self.doc, c, rect.width, rect.height, bleed)
        finally:
            c.restoreState()


FooterSpot = tuple[float, float, float, Align]
"""Where a page's footer goes: (x, y, angle in degrees, alignment), in page mm."""
FOOTER_PT = 7.0
FOOTER_INK = "#4a4a4a"
FOOTER_MARGIN_MM = 6.4
FOOTER_BASELINE_MM = 6.8
"""The footer's baseline, up from the bottom edge: its descenders stay 6 mm clear."""
FOOTER_BAND_MM = 4.5
"""The strip above the 6 mm margin a page leaves free for its footer."""


def release_timestamp(*_now: int) -> str:
    """The PDF date of every document (its creation and modification date): the
    app's release date at midnight UTC, whatever the clock says (reportlab hands
    in the time it would use, which is ignored).

    >>> release_timestamp(2000, 1, 1, 0, 0, 0)
    'D:20261123000000Z'
    """
    from reclaimdesk import RELEASE_DATE

    return "D:" + RELEASE_DATE.replace("-", "") + "000000Z"


def _line_grey(ink: Ink) -> float:
    """The grey of a line or text in ink-saver mode: dark stays, light (other
    than white, which only ever masks) becomes its dark counterpart.

    >>> _line_grey("#000000"), _line_grey(WHITE), _line_grey("#f0f0f0"), _line_grey("#8c8c8c")
    (0.0, 1.0, 0.0, 0.54902)
    """
    g = grey_level(ink)
    if g >= 0.999 or g <= 0.8:
        return g
    return 0.0


def write_pdf_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` so that the file is either the complete new
    document or untouched, through the one writer
    (:func:`reclaimdesk.core.files.write_file`): a symbolic link's target is
    replaced, a folder, FIFO, socket or device is refused. Raises
    :class:`ExportError` naming the path when it cannot be written."""
    from reclaimdesk.core.files import WriteProblem, write_file

    try:
        write_file(path, data)
    except WriteProblem as exc:
        raise ExportError(str(exc)) from exc

