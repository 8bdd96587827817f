"""The ready-to-print kits in ``sheets/``: one PDF per game and paper size.

Regenerate them all with::

    python -m reclaimdesk.export.kit            # writes sheets/<game>-<paper>[-ja].pdf
    python -m reclaimdesk.export.kit --check    # exit 1 if a committed file is out of date

A game joins by declaring ``KIT = GameKit(...)`` in its own module
``reclaimdesk/export/<pkg>_kit.py``; :func:`kits` finds it from the game registry. The output is
byte-identical for the same code and data, so a test regenerates every file in
memory and compares it with the committed one.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from reclaimdesk.core.i18n import _, using_language
from reclaimdesk.export.layout import PAPER_SIZES, PaperSize
from reclaimdesk.export.options import KitOffer, PrintOptions, check_options
from reclaimdesk.export.pdf import write_pdf_atomic

SHEETS_DIR = Path(__file__).resolve().parents[2] / "sheets"
"""Where the committed kits live (``sheets/`` at the top of the repository)."""


@dataclass(frozen=True)
class GameKit:
    """A game's print-and-play kit, declared as ``KIT`` in the game's own export
    module (``reclaimdesk/export/<pkg>_kit.py``): ``build`` makes the complete PDF
    for a paper (the files of ``sheets/``); ``print_pdf`` makes what
    :class:`PrintOptions` ask for (``reclaimdesk print <game>`` and the app's
    Export PDF dialog both call it, through :func:`build_print_pdf`); ``offer``
    says what it can print; ``card_faces`` (if it has cards) gives the cards and
    their two drawings for ``--cards-as-images``."""

    game: str
    build: Callable[[PaperSize], bytes]
    print_pdf: Callable[[PrintOptions], bytes]
    offer: KitOffer = KitOffer()
    card_faces: Callable[[PrintOptions], object] | None = None

    @property
    def name(self) -> str:
        """The game's name in the current language (from its spec)."""
        from reclaimdesk.core.game import get_game

        return _(get_game(self.game).name)

    def check(self, options: PrintOptions) -> None:
        """Refuse (``ValueError``, one line) what ``options`` ask that this kit lacks."""
        check_options(self.offer, options, self.name)


_REGISTERED: dict[str, GameKit] = {}


def register_kit(kit: GameKit) -> GameKit:
    """Add a kit that does not live in ``reclaimdesk/export`` (a test's toy game)."""
    _REGISTERED[kit.game] = kit
    return kit


def unregister_kit(game: str) -> None:
    _REGISTERED.pop(game, None)


def kit_module(game: str) -> str:
    """The module that declares a registered game's kit, by convention."""
    return f"reclaimdesk.export.{game.replace('-', '_')}_kit"


def _declared(game: str) -> GameKit | None:
    import importlib
    import importlib.util

    name = kit_module(game)
    try:
        if importlib.util.find_spec(name) is None:
            return None
    except (ImportError, ValueError):
        return None
    kit = getattr(importlib.import_module(name), "KIT", None)
    return kit if isinstance(kit, GameKit) else None


def find_kit(game: str) -> GameKit | None:
    """The kit of ``game``, or None when the game has none (yet)."""
    if game in _REGISTERED:
        return _REGISTERED[game]
    return _declared(game)


def kits() -> list[GameKit]:
    """The kit of every registered game that has one, in the games' order."""
    from reclaimdesk.core.game import all_games

    return [kit for kit in (find_kit(spec.id) for spec in all_games()) if kit is not None]


def kit_for(game: str) -> GameKit:
    kit = find_kit(game)
    if kit is None:
        raise ValueError(_("there is no print kit for '{game}' (kits: {kits})").format(
            game=game, kits=", ".join(k.game for k in kits())))
    return kit


def build_print_pdf(game: str, options: PrintOptions) -> bytes:
    """The PDF that ``options`` ask for from ``game``'s kit, as bytes (what the kit
    does not offer is refused first, in one place)."""
    kit = kit_for(game)
    kit.check(options)
    return kit.print_pdf(options)


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


def kit_files(of: Sequence[GameKit] | None = None) -> list[KitFile]:
    """Every file the kits make (by default every registered game's): each game on
    each paper size (A4, Letter) in English, and on A4 in Japanese."""
    return [KitFile(kit, key, lang) for kit in (kits() if of is None else of)
            for lang, papers in SHEET_LANGUAGES.items() for key in PAPER_SIZES if key in papers]


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
    # run as the imported module: the kits import ``reclaimdesk.export.kit``, and their
    # GameKit must be the class this module checks against (not ``__main__``'s copy)
    from reclaimdesk.export import kit as _module

    sys.exit(_module.main())
