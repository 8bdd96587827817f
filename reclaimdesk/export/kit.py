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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reclaimdesk.core.i18n import _, using_language
from reclaimdesk.export.cards import DrawFaces
from reclaimdesk.export.layout import PAPER_SIZES, CardLayout
from reclaimdesk.export.options import PARTS, KitOffer, PrintOptions, option_problem, why_not
from reclaimdesk.export.pdf import write_pdf_atomic

if TYPE_CHECKING:
    from reclaimdesk.core.game import GameState

SHEETS_DIR = Path(__file__).resolve().parents[2] / "sheets"
"""Where the committed kits live (``sheets/`` at the top of the repository)."""

Part = Callable[[PrintOptions], bytes]
"""Makes one part of a kit (what ``--what`` chooses) as PDF bytes."""
Filled = Callable[["GameState", PrintOptions], bytes]
"""Makes a game's filled sheet (or board) from its rules state, as PDF bytes."""
CardFaces = tuple[Sequence[Any], CardLayout, DrawFaces]
"""The cards of a kit, their layout and the drawings of a front and a back."""


@dataclass(frozen=True)
class GameKit:
    """A game's print-and-play kit, declared as ``KIT`` in the game's own export
    module (``reclaimdesk/export/<pkg>_kit.py``):

    - ``parts``: what ``--what`` can choose (names of :data:`PARTS`; ``all`` is
      required: it is the default and the file of ``sheets/``), each made from
      :class:`PrintOptions` already checked against ``offer``;
    - ``offer``: the options it takes besides its parts (maps, bleed, ...), and
      whether its filled sheet is one seat's or the whole board;
    - ``filled(state, options)``: the sheet (or board) of a game, from its rules
      state (never from a record file: the caller replays the record);
    - ``card_faces(options)``: its cards, for ``--cards-as-images``.

    :func:`build_print_pdf` is the one entry that calls them."""

    game: str
    parts: Mapping[str, Part]
    offer: KitOffer = field(default_factory=KitOffer)
    filled: Filled | None = None
    card_faces: Callable[[PrintOptions], CardFaces] | None = None

    def __post_init__(self) -> None:
        unknown = [p for p in self.parts if p not in PARTS]
        if unknown or "all" not in self.parts:
            raise TypeError(f"{self.game}: a kit's parts are some of {PARTS} with 'all'; not {list(self.parts)}")
        if self.offer.parts:
            raise TypeError(f"{self.game}: a kit declares its parts as GameKit(parts=...), not in its offer")
        if (self.filled is None) != (self.offer.filled is None):
            raise TypeError(f"{self.game}: a filled sheet needs both filled= and offer.filled (seat or board)")
        if (self.card_faces is None) == self.offer.cards_as_images:
            raise TypeError(f"{self.game}: card images need both card_faces= and offer.cards_as_images")
        object.__setattr__(self, "offer", replace(self.offer, parts=tuple(p for p in PARTS if p in self.parts)))

    @property
    def name(self) -> str:
        """The game's name in the current language (from its spec)."""
        from reclaimdesk.core.game import get_game

        return _(get_game(self.game).name)

    def problem(self, options: PrintOptions, state: GameState | None = None) -> str:
        """What ``options`` (for ``state``, when a game is printed filled in) ask
        that this kit lacks, as one line ("" when nothing)."""
        return option_problem(self.offer, options, self.name, state, self.game)

    def build(self, paper_key: str) -> bytes:
        """The whole kit on a paper (``a4``, ``letter``): the file of ``sheets/``."""
        return self.parts["all"](PrintOptions(paper=paper_key))


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
    from reclaimdesk.core.game import import_if_present

    kit = getattr(import_if_present(kit_module(game)), "KIT", None)
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


def build_print_pdf(game: str, options: PrintOptions, state: GameState | None = None) -> bytes:
    """The PDF that ``options`` ask for from ``game``'s kit, as bytes: the part
    they choose, or with ``state`` (a game's rules state, replayed by the caller)
    that game's filled sheet or board. What the kit does not offer is refused
    first, here and only here (``ValueError``, one line)."""
    kit = kit_for(game)
    problem = kit.problem(options, state)
    if problem:
        raise ValueError(problem)
    if state is not None:
        assert kit.filled is not None  # the check above refuses a kit without one
        return kit.filled(state, options)
    return kit.parts[options.what or "all"](options)


def card_faces_for(game: str, options: PrintOptions) -> CardFaces:
    """The cards of ``game``'s kit for ``--cards-as-images``, after the same
    check of ``options`` as :func:`build_print_pdf`."""
    kit = kit_for(game)
    problem = why_not(kit.offer, "cards_as_images", kit.name) if kit.card_faces is None else kit.problem(options)
    if problem:
        raise ValueError(problem)
    assert kit.card_faces is not None
    return kit.card_faces(options)


def bleed_given(game: str, options: PrintOptions) -> float | None:
    """The bleed ``game``'s cards get with ``options`` (the paper may leave room for
    less than asked: see :func:`~reclaimdesk.export.kit_pages.card_layout_for`), or
    None when the kit has no cards laid out for it."""
    kit = kit_for(game)
    if kit.card_faces is None or not kit.offer.bleed:
        return None
    return kit.card_faces(options)[1].bleed_mm


def bleed_cards_per_page(game: str, options: PrintOptions) -> int:
    """How many of ``game``'s cards a page holds with ``options``."""
    kit = kit_for(game)
    assert kit.card_faces is not None
    return kit.card_faces(options)[1].per_page


@dataclass(frozen=True)
class Variant:
    """A ready-made variant of every kit that offers what it needs, committed in
    ``sheets/`` beside the kit, for players who have only the PDFs: ``name`` goes
    into the file name, ``options`` makes it from the paper (and the kit's offer),
    ``offered`` says which kits have it."""

    name: str
    offered: Callable[[KitOffer], bool]
    options: Callable[[str, KitOffer], PrintOptions]


FULL_BLEED_MM = 3.0
CUTTING_GUTTER_MM = 4.0
"""The cards file's bleed and the space between bleeds: each card cut on its own with a trimmer."""

VARIANTS: tuple[Variant, ...] = (
    Variant("", lambda offer: True, lambda paper, offer: PrintOptions(paper=paper)),
    Variant("cards-bleed", lambda offer: offer.bleed and "cards" in offer.parts,
            lambda paper, offer: PrintOptions(paper=paper, what="cards", bleed_mm=FULL_BLEED_MM,
                                              gutter_mm=CUTTING_GUTTER_MM if offer.gutter else 0.0)),
    Variant("cards-fold", lambda offer: offer.fold_over and "cards" in offer.parts,
            lambda paper, offer: PrintOptions(paper=paper, what="cards", fold_over=True)),
    Variant("ink-saver", lambda offer: offer.greyscale, lambda paper, offer: PrintOptions(paper=paper, ink_saver=True)),
)
"""What ``sheets/`` holds of each kit: the whole kit; its cards with the full 3 mm
bleed (spaced by a gutter where the kit offers one); its cards to fold over (no
duplex printer); the whole kit in ink saver."""


@dataclass(frozen=True)
class KitFile:
    """One file of ``sheets/``: which kit, on which paper, in which language
    (English files are ``<game>[-<variant>]-<paper>.pdf``, others
    ``<game>[-<variant>]-<paper>-<lang>.pdf``), and which variant (``""``: the kit)."""

    kit: GameKit
    paper_key: str
    lang: str = "en"
    variant: str = ""

    @property
    def name(self) -> str:
        suffix = "" if self.lang == "en" else f"-{self.lang}"
        middle = f"-{self.variant}" if self.variant else ""
        return f"{self.kit.game}{middle}-{self.paper_key}{suffix}.pdf"

    @property
    def options(self) -> PrintOptions:
        found = next(v for v in VARIANTS if v.name == self.variant)
        return found.options(self.paper_key, self.kit.offer)

    def build(self) -> bytes:
        with using_language(self.lang):
            return build_print_pdf(self.kit.game, self.options) if self.variant else self.kit.build(self.paper_key)


SHEET_LANGUAGES: dict[str, tuple[str, ...]] = {"en": ("a4", "letter"), "ja": ("a4",)}
"""The papers each language's kits are committed on (Japan prints on A4)."""


def kit_files(of: Sequence[GameKit] | None = None, variants: bool = True) -> list[KitFile]:
    """Every file the kits make (by default every registered game's): each game on
    each paper size (A4, Letter) in English, and on A4 in Japanese; with
    ``variants``, each :data:`VARIANTS` a kit offers as well."""
    return [KitFile(kit, key, lang, v.name) for kit in (kits() if of is None else of)
            for v in VARIANTS if (variants or not v.name) and v.offered(kit.offer)
            for lang, papers in SHEET_LANGUAGES.items() for key in PAPER_SIZES if key in papers]


def _build_one(index: int) -> tuple[bytes, float]:
    """The bytes of ``kit_files()[index]`` and the seconds they took (run in a worker)."""
    t = time.perf_counter()
    data = kit_files()[index].build()
    return data, time.perf_counter() - t


def build_all(workers: int | None = None) -> list[tuple[KitFile, bytes, float]]:
    """Every kit file built: (file, bytes, seconds it took), in :func:`kit_files`'
    order. The files are independent, so they are built on ``workers`` processes
    (default: one a core) where the system forks; each file's bytes are the same
    whichever process builds it (a test compares them with the committed ones)."""
    import multiprocessing
    import os

    items = kit_files()
    count = workers if workers is not None else (os.cpu_count() or 1)
    methods = multiprocessing.get_all_start_methods()
    if count <= 1 or len(items) < 2 or "fork" not in methods:
        return [(item, *_build_one(i)) for i, item in enumerate(items)]
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=min(count, len(items)),
                             mp_context=multiprocessing.get_context("fork")) as pool:
        built = list(pool.map(_build_one, range(len(items))))
    return [(item, data, seconds) for item, (data, seconds) in zip(items, built)]


def regenerate(folder: Path = SHEETS_DIR, check: bool = False,
               out: Callable[[str], None] = print, workers: int | None = None) -> int:
    """Write (or with ``check``, compare) every kit file; returns the number of
    files that were out of date."""
    stale = total = 0
    start = time.perf_counter()
    built = build_all(workers)
    for item, data, seconds in built:
        path = folder / item.name
        same = path.is_file() and path.read_bytes() == data
        if not same:
            stale += 1
            if not check:
                folder.mkdir(parents=True, exist_ok=True)
                write_pdf_atomic(path, data)
        state = "up to date" if same else ("OUT OF DATE" if check else "written")
        total += len(data)
        out(f"{path.name:40} {len(data) / 1024:8.1f} KiB  {seconds:5.2f} s  {state}")
    out(f"{len(built)} files, {total / 1e6:.1f} MB, in {time.perf_counter() - start:.2f} s")
    return stale


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m reclaimdesk.export.kit",
                                     description="Regenerate the print-and-play kits in sheets/.")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 when a file is missing or out of date")
    parser.add_argument("--out", type=Path, default=SHEETS_DIR, help="folder (default: sheets/)")
    parser.add_argument("--list", action="store_true", help="only name the files, one a line; build nothing")
    args = parser.parse_args(argv)
    if args.list:
        for item in kit_files():
            print(item.name)
        return 0
    stale = regenerate(args.out, check=args.check)
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    # run as the imported module: the kits import ``reclaimdesk.export.kit``, and their
    # GameKit must be the class this module checks against (not ``__main__``'s copy)
    from reclaimdesk.export import kit as _module

    sys.exit(_module.main())
