"""The ready-to-print kits in ``sheets/``: one PDF per game and paper size.

Regenerate them all with::

    python -m reclaimdesk.export.kit            # writes sheets/<game>-<paper>[-ja].pdf
    python -m reclaimdesk.export.kit --check    # exit 1 if a committed file is out of date

A game joins by adding one :class:`GameKit` to :data:`KITS`: its id and a
function that builds its whole kit for a paper size. The output is
byte-identical for the same code and data, so a test regenerates every file in
memory and compares it with the committed one.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from os import PathLike
from pathlib import Path

from reclaimdesk.core.i18n import using_language
from reclaimdesk.export.layout import PAPER_SIZES, PaperSize
from reclaimdesk.export.pdf import write_pdf_atomic

SHEETS_DIR = Path(__file__).resolve().parents[2] / "sheets"
"""Where the committed kits live (``sheets/`` at the top of the repository)."""


def _reclaim(paper: PaperSize) -> bytes:
    from reclaimdesk.export.reclaim_kit import reclaim_all_pdf

    return reclaim_all_pdf(paper)


@dataclass(frozen=True)
class PrintOptions:
    """What to print, as ``reclaimdesk print`` and the app's Export PDF dialog ask
    for it. A game's kit checks them and answers with one-line errors
    (``ValueError`` or :class:`~reclaimdesk.export.errors.ExportError`)."""

    paper: str = "a4"
    what: str | None = None
    """sheets, cards, rules or all; None: all (or the filled sheet with a record or game)."""
    map_id: str | None = None
    """The map of blank sheets; None: every map."""
    greyscale: bool = False
    bleed_mm: float = 0.0
    """Card bleed in mm; 0: none."""
    back_offset: str | tuple[float, float] = (0.0, 0.0)
    """Card backs moved by (x, y) mm, or the text "X,Y"."""
    record: str | PathLike[str] | None = None
    """A game record file: print its filled sheet."""
    seat: int | None = None
    """With ``record`` or ``game``: whose sheet, from 1 (default 1)."""
    game: object | None = field(default=None, compare=False, repr=False)
    """A running or finished game (its rules state): print its filled sheet."""
    ink_saver: bool = False
    """Grey line art on white: no large dark areas (wins over ``greyscale``)."""
    fold_over: bool = False
    """Cards as fold-over pages (fronts above a fold, backs below) for printers without duplex."""
    sheets_per_page: int = 1
    """Player sheets (Reclaim) on a page: 1, or 2 smaller ones for a pad."""

    @property
    def ink(self) -> bool | str:
        """The ink mode of :class:`~reclaimdesk.export.pdf.PdfDocument`: colour,
        greyscale (True) or ``"ink-saver"``."""
        return "ink-saver" if self.ink_saver else self.greyscale


def _reclaim_print(options: PrintOptions) -> bytes:
    from reclaimdesk.export.reclaim_kit import build_reclaim_pdf

    return build_reclaim_pdf(options)


@dataclass(frozen=True)
class GameKit:
    """A game's print-and-play kit: ``build`` makes the complete PDF for a paper;
    ``print_pdf`` makes what :class:`PrintOptions` ask for (``reclaimdesk print
    <game>`` and the app's Export PDF dialog both call it)."""

    game: str
    name: str
    build: Callable[[PaperSize], bytes]
    print_pdf: Callable[[PrintOptions], bytes]


def _the_reclamation(paper: PaperSize) -> bytes:
    from reclaimdesk.export.the_reclamation_kit import the_reclamation_all_pdf

    return the_reclamation_all_pdf(paper)


def _the_reclamation_print(options: PrintOptions) -> bytes:
    from reclaimdesk.export.the_reclamation_kit import build_the_reclamation_pdf

    return build_the_reclamation_pdf(options)


def _claim_control(paper: PaperSize) -> bytes:
    from reclaimdesk.export.claim_control_kit import claim_control_all_pdf

    return claim_control_all_pdf(paper)


def _claim_control_print(options: PrintOptions) -> bytes:
    from reclaimdesk.export.claim_control_kit import build_claim_control_pdf

    return build_claim_control_pdf(options)


KITS: tuple[GameKit, ...] = (
    GameKit("reclaim", "Reclaim", _reclaim, _reclaim_print),
    GameKit("the-reclamation", "The Reclamation", _the_reclamation, _the_reclamation_print),
    GameKit("claim-control", "Claim Control", _claim_control, _claim_control_print),
)


def kit_for(game: str) -> GameKit:
    for kit in KITS:
        if kit.game == game:
            return kit
    raise ValueError(f"there is no print kit for '{game}' (kits: {', '.join(k.game for k in KITS)})")


def build_print_pdf(game: str, options: PrintOptions) -> bytes:
    """The PDF that ``options`` ask for from ``game``'s kit, as bytes."""
    return kit_for(game).print_pdf(options)


@dataclass(frozen=True)
class KitFile:
    """One file of ``sheets/``: which kit, on which paper, in which language
    (English files are ``<game>-<paper>.pdf``, others ``<game>-<paper>-<lang>.pdf``)."""

    kit: GameKit
    paper_key: str
    lang: str = "en"

    @property
    def name(self) -> str:
        suffix = "" if self.lang == "en" else f"-{self.lang}"
        return f"{self.kit.game}-{self.paper_key}{suffix}.pdf"

    def build(self) -> bytes:
        with using_language(self.lang):
            return self.kit.build(PAPER_SIZES[self.paper_key])


SHEET_LANGUAGES: dict[str, tuple[str, ...]] = {"en": ("a4", "letter"), "ja": ("a4",)}
"""The papers each language's kits are committed on (Japan prints on A4)."""


def kit_files(kits: Sequence[GameKit] = KITS) -> list[KitFile]:
    """Every file the kits make: each game on each paper size (A4, Letter) in
    English, and on A4 in Japanese."""
    return [KitFile(kit, key, lang) for kit in kits for lang, papers in SHEET_LANGUAGES.items()
            for key in PAPER_SIZES if key in papers]


def regenerate(folder: Path = SHEETS_DIR, check: bool = False,
               out: Callable[[str], None] = print) -> int:
    """Write (or with ``check``, compare) every kit file; returns the number of
    files that were out of date."""
    stale = 0
    start = time.perf_counter()
    for item in kit_files():
        t = time.perf_counter()
        data = item.build()
        path = folder / item.name
        same = path.is_file() and path.read_bytes() == data
        if not same:
            stale += 1
            if not check:
                folder.mkdir(parents=True, exist_ok=True)
                write_pdf_atomic(path, data)
        state = "up to date" if same else ("OUT OF DATE" if check else "written")
        out(f"{path.name:24} {len(data) / 1024:8.1f} KiB  {time.perf_counter() - t:5.2f} s  {state}")
    out(f"{len(kit_files())} files in {time.perf_counter() - start:.2f} s")
    return stale


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m reclaimdesk.export.kit",
                                     description="Regenerate the print-and-play kits in sheets/.")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 when a file is missing or out of date")
    parser.add_argument("--out", type=Path, default=SHEETS_DIR, help="folder (default: sheets/)")
    args = parser.parse_args(argv)
    stale = regenerate(args.out, check=args.check)
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
