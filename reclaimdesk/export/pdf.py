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
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Literal

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from reclaimdesk.export.errors import ExportError
from reclaimdesk.export.fonts import SANS, font_runs, register_fonts, text_width_pt
from reclaimdesk.export.layout import A4, PT_PER_MM, PaperSize, Rect

Rgb = tuple[float, float, float]
Ink = Rgb | str
"""A colour: an (r, g, b) triple of 0..1 or a ``"#rrggbb"`` string."""

BLACK: Rgb = (0.0, 0.0, 0.0)
WHITE: Rgb = (1.0, 1.0, 1.0)
Align = Literal["left", "centre", "right"]


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
    """

    def __init__(self, *, title: str = "", subject: str = "", greyscale: bool = False) -> None:
        register_fonts()
        self.greyscale = greyscale
        self.page_count = 0
        self._buffer = io.BytesIO()
        self._pdf: bytes | None = None
        # The initial font is written into every page's preamble: make it an
        # embedded one, or reportlab would add an unembedded Helvetica.
        self._canvas = Canvas(self._buffer, pagesize=(A4.width_pt, A4.height_pt), invariant=1,
                              pageCompression=1, initialFontName=SANS, initialFontSize=10)
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
    def page(self, paper: PaperSize) -> Iterator[Surface]:
        """A new page of ``paper``, drawn in millimetres from its bottom-left corner."""
        if self._pdf is not None:
            raise ExportError("the document is already finished")
        canvas = self._canvas
        canvas.setPageSize((paper.width_pt, paper.height_pt))
        canvas.saveState()
        canvas.scale(PT_PER_MM, PT_PER_MM)
        try:
            yield Surface(self, canvas, paper.width_mm, paper.height_mm)
        finally:
            canvas.restoreState()
            canvas.showPage()
            self.page_count += 1

    def to_bytes(self) -> bytes:
        """Finish the document (once) and return the PDF file's bytes."""
        if self._pdf is None:
            if self.page_count == 0:
                raise ExportError("the document has no pages")
            self._canvas.save()
            self._pdf = self._buffer.getvalue()
        return self._pdf


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
    def set_fill(self, ink: Ink) -> None:
        if self.doc.greyscale:
            self.canvas.setFillGray(grey_level(ink))
        else:
            self.canvas.setFillColorRGB(*parse_ink(ink))

    def set_stroke(self, ink: Ink) -> None:
        if self.doc.greyscale:
            self.canvas.setStrokeGray(grey_level(ink))
        else:
            self.canvas.setStrokeColorRGB(*parse_ink(ink))

    # --- shapes -------------------------------------------------------------------
    @contextmanager
    def _paint(self, fill: Ink | None, stroke: Ink | None, line_mm: float,
               dash: Sequence[float] | None) -> Iterator[tuple[bool, bool]]:
        c = self.canvas
        c.saveState()
        if fill is not None:
            self.set_fill(fill)
        if stroke is not None:
            self.set_stroke(stroke)
            c.setLineWidth(line_mm)
            if dash:
                c.setDash(list(dash))
        try:
            yield fill is not None, stroke is not None
        finally:
            c.restoreState()

    def rect(self, x: float, y: float, w: float, h: float, *, fill: Ink | None = None,
             stroke: Ink | None = None, line_mm: float = 0.25, radius_mm: float = 0.0,
             dash: Sequence[float] | None = None) -> None:
        """A rectangle (rounded when ``radius_mm``), filled and/or outlined."""
        with self._paint(fill, stroke, line_mm, dash) as (f, s):
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
        with self._paint(fill, stroke, line_mm, dash) as (f, s):
            self.canvas.drawPath(path, stroke=int(s), fill=int(f and closed))

    def circle(self, cx: float, cy: float, r: float, *, fill: Ink | None = None,
               stroke: Ink | None = None, line_mm: float = 0.25) -> None:
        with self._paint(fill, stroke, line_mm, None) as (f, s):
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
             colour: Ink = BLACK, align: Align = "left", angle_deg: float = 0.0) -> float:
        """One line of text with its baseline at ``y``; ``align`` says whether
        ``x`` is its left end, centre or right end (before turning it by
        ``angle_deg`` anticlockwise about (x, y)). Japanese is set in IPA Gothic,
        everything else in DejaVu Sans. Returns the width in millimetres."""
        size = size_pt / PT_PER_MM
        runs = font_runs(text, bold)
        width = sum(float(stringWidth(chunk, name, size)) for name, chunk in runs)
        start = {"left": 0.0, "centre": -width / 2, "right": -width}[align]
        c = self.canvas
        c.saveState()
        c.translate(x, y)
        if angle_deg:
            c.rotate(angle_deg)
        self.set_fill(colour)
        for name, chunk in runs:
            c.setFont(name, size)
            c.drawString(start, 0, chunk)
            start += stringWidth(chunk, name, size)
        c.restoreState()
        return width

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


def write_pdf_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` so that the file is either the complete new
    document or untouched: the bytes go to a temporary file in the same folder,
    which then replaces ``path`` in one step. Raises :class:`ExportError` naming
    the path when it cannot be written (the temporary file is removed)."""
    target = Path(path)
    temp = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    except OSError as exc:
        raise ExportError(f"cannot write {target}: {exc.strerror or exc}") from exc
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(temp, target)
    except BaseException as exc:
        with suppress(OSError):
            temp.unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise ExportError(f"cannot write {target}: {exc.strerror or exc}") from exc
        raise

