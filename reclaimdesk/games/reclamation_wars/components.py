"""Reclamation Wars' components: the board geometry, the start hexes, the six special
hexes and how they are placed.

Everything that a player who owns a printed board might want to change lives in
``resources/reclamation_wars/setup.json`` (id ``setup``): board sizes, start corners,
the special kinds with their short codes and icons, and the placement constraints.
:func:`load_setup` validates it and names the file and field of any problem.

Hexes use the core's axial coordinates (:mod:`reclaimdesk.core.hexgrid`) inside the
code; players, the notation and the records name them as the board's edge prints them
(:func:`hex_label`: a column letter and a row number, ``E5`` for the centre of the
standard board). Records written before issue 24 named hexes ``q,r``; every reader
here still accepts that form (:meth:`Geometry.find`). Internally hexes are numbered
(``Geometry.index``) so that the rules work on plain lists.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from reclaimdesk.core.data import DataFile, resource_path
from reclaimdesk.core.errors import DataError
from reclaimdesk.core.hexgrid import Hex, HexBoard, hex_distance, hex_name, parse_hex
from reclaimdesk.core.i18n import N_, _
from reclaimdesk.core.rng import Rng

SETUP_KIND = "reclamation-wars-setup"
SETUP_FILE = "setup.json"
SEATS = 3
TURNS_PER_PLAYER = 20

SUPER = "super"
FORTIFIED = "fortified"
VOID = "void"
LONGRANGE = "longrange"
NEUTRALIZER = "neutralizer"
LOCKDOWN = "lockdown"
SPECIAL_KINDS: tuple[str, ...] = (SUPER, FORTIFIED, VOID, LONGRANGE, NEUTRALIZER, LOCKDOWN)
"""The six powers, in the order the data file lists them."""

SPECIAL_NAMES: dict[str, str] = {
    SUPER: N_("Super Demolisher"),
    FORTIFIED: N_("Fortified"),
    VOID: N_("Void Maker"),
    LONGRANGE: N_("Long-range Reclaimer"),
    NEUTRALIZER: N_("Special Neutralizer"),
    LOCKDOWN: N_("Lockdown"),
}
"""Display names (pass through ``_()`` where shown)."""

SPECIAL_DESCRIPTIONS: dict[str, str] = {
    SUPER: N_("Your demolisher gets a third move each turn, and a hex it demolishes "
              "becomes yours at once (against a Fortified player it only turns neutral)."),
    FORTIFIED: N_("Each of your hexes takes two demolish hits before it turns neutral. "
                  "A Super Demolisher and the Void Maker ignore this."),
    VOID: N_("As a whole turn, take one hex next to your territory out of the game for "
             "good. Not a special hex, not a hex with a demolisher on it."),
    LONGRANGE: N_("You may reclaim a neutral hex two steps away from your territory."),
    NEUTRALIZER: N_("Once, as a whole turn, strip another special hex of its power. "
                    "Both hexes become ordinary hexes and keep their owners."),
    LOCKDOWN: N_("As a whole turn, lock yourself in: your next turn is skipped, and until "
                 "the turn after it your hexes and demolisher are immune to demolishers "
                 "and special powers. Usable again four turns after activation."),
}
"""What each power does, in a sentence or two (pass through ``_()`` where shown)."""

BOARD_NAMES: dict[str, str] = {
    "standard": N_("Standard (61 hexes)"),
    "large": N_("Large (91 hexes)"),
}


@dataclass(frozen=True)
class BoardSpec:
    name: str
    radius: int
    min_start_distance: int
    min_spacing: int
    max_sum_difference: int


@dataclass(frozen=True)
class SpecialSpec:
    kind: str
    code: str
    """One letter, used in printed layouts."""
    icon: str


@dataclass(frozen=True)
class Setup:
    id: str
    version: int
    boards: dict[str, BoardSpec]
    start_corners: tuple[int, int, int]
    specials: tuple[SpecialSpec, ...]
    placement_attempts: int

    def special(self, kind: str) -> SpecialSpec:
        return next(s for s in self.specials if s.kind == kind)


def parse_setup(f: DataFile) -> Setup:
    """A :class:`Setup` from a loaded data file; DataError names any bad field."""
    boards: dict[str, BoardSpec] = {}
    raw_boards = f.dict("boards")
    if not raw_boards:
        raise f.fail("boards", "must name at least one board")
    for name in raw_boards:
        path = f"boards.{name}"
        f.dict(path)
        radius = f.int(f"{path}.radius", minimum=3, maximum=8)
        boards[name] = BoardSpec(
            name=name,
            radius=radius,
            min_start_distance=f.int(f"{path}.min_start_distance", minimum=1, maximum=radius),
            min_spacing=f.int(f"{path}.min_spacing", minimum=1, maximum=radius),
            max_sum_difference=f.int(f"{path}.max_sum_difference", minimum=0, maximum=100),
        )
    if "standard" not in boards:
        raise f.fail("boards", "must include the 'standard' board")
    corners = f.list("start_corners", length=SEATS)
    starts = tuple(f.int(f"start_corners[{i}]", minimum=0, maximum=5) for i in range(len(corners)))
    if len(set(starts)) != SEATS:
        raise f.fail("start_corners", "must name three different corners")
    if any((b - a) % 6 < 2 for a in starts for b in starts if a != b):
        raise f.fail("start_corners", "must be alternate corners (no two next to each other)")
    raw = f.list("specials", length=len(SPECIAL_KINDS))
    specials: list[SpecialSpec] = []
    for i in range(len(raw)):
        f.dict(f"specials[{i}]")
        kind = f.str(f"specials[{i}].kind", choices=SPECIAL_KINDS)
        code = f.str(f"specials[{i}].code")
        if len(code) != 1 or not code.isalpha():
            raise f.fail(f"specials[{i}].code", f"must be one letter, not '{code}'")
        specials.append(SpecialSpec(kind, code.upper(), f.str(f"specials[{i}].icon")))
    if len({s.kind for s in specials}) != len(SPECIAL_KINDS):
        raise f.fail("specials", "must list each of the six kinds once")
    if len({s.code for s in specials}) != len(SPECIAL_KINDS):
        raise f.fail("specials", "each kind needs its own code letter")
    attempts = f.int("placement_attempts", minimum=1, maximum=1_000_000)
    return Setup(f.id, f.version, boards, starts, tuple(specials), attempts)  # type: ignore[arg-type]


def hex_label(h: Hex, radius: int) -> str:
    """The name a player reads on the board's edge: the column letter (the lines that
    lean up to the right, ``A`` the leftmost) and the row number (``1`` the bottom
    row), like a chess square.

    >>> hex_label((0, 0), 4), hex_label((-4, 4), 4), hex_label((4, -4), 4), hex_label((-4, 0), 4)
    ('E5', 'E1', 'E9', 'A5')
    >>> hex_label((0, 0), 5), hex_label((5, 0), 5)
    ('F6', 'K6')
    """
    q, r = h
    return f"{chr(ord('A') + q + r + radius)}{radius + 1 - r}"


def label_hex(text: str, radius: int) -> Hex | None:
    """The hex a board label like ``E5`` names (any case), or None when ``text`` is
    not a label of that form; the hex may lie off the board.

    >>> label_hex("e5", 4), label_hex("A9", 4), label_hex("5,0", 4)
    ((0, 0), (0, -4), None)
    """
    m = _LABEL.fullmatch(text.strip())
    if m is None:
        return None
    r = radius + 1 - int(m.group(2))
    return ord(m.group(1).upper()) - ord("A") - radius - r, r


_LABEL = re.compile(r"([A-Za-z])([0-9]{1,2})")


def column_letters(radius: int) -> str:
    """The column letters of a board, left to right: ``ABCDEFGHI`` for radius 4."""
    return "".join(chr(ord("A") + k) for k in range(2 * radius + 1))


def edge_labels(radius: int) -> list[tuple[str, Hex, Hex]]:
    """What the board's edge prints, for the app and the print kit alike: (text,
    the edge hex it names, the axial step from that hex towards where the text
    stands). Every row's number at both its ends (1 the bottom row); every
    column's letter where the column meets the top or the bottom row, in line
    with it (the middle column at both). A column ending on a slanted edge is not
    labelled there: its letter would stand where the next row's number stands.

    >>> labels = edge_labels(4)
    >>> len(labels), labels[0], labels[-1]
    (28, ('9', (0, -4), (-1, 0)), ('I', (0, 4), (-1, 1)))
    """
    n = radius
    out: list[tuple[str, Hex, Hex]] = []
    for r in range(-n, n + 1):
        number = str(n + 1 - r)
        out.append((number, (max(-n, -r - n), r), (-1, 0)))
        out.append((number, (min(n, -r + n), r), (1, 0)))
    for k, letter in enumerate(column_letters(n)):
        c = k - n                                  # q + r along the column
        if c <= 0:                                 # it meets the top row at q = c + n
            out.append((letter, (c + n, -n), (1, -1)))
        if c >= 0:                                 # it meets the bottom row at q = c - n
            out.append((letter, (c - n, n), (-1, 1)))
    return out


DATA_VERSIONS = (1,)
"""The versions of ``setup.json`` this code understands."""


@lru_cache(maxsize=None)
def load_setup() -> Setup:
    """``resources/reclamation_wars/setup.json``, validated."""
    path = resource_path("reclamation_wars", SETUP_FILE)
    return parse_setup(DataFile.load(path, expected_kind=SETUP_KIND, versions=DATA_VERSIONS))


class Geometry:
    """A board's hexes numbered ``0..n-1`` with neighbour tables, and the starts.

    >>> g = geometry("standard")
    >>> len(g), g.hexes[g.starts[0]], g.hexes[g.starts[1]], g.hexes[g.starts[2]]
    (61, (4, 0), (0, -4), (-4, 4))
    """

    def __init__(self, spec: BoardSpec, start_corners: tuple[int, ...]) -> None:
        self.spec = spec
        self.board = HexBoard(spec.radius)
        self.hexes: tuple[Hex, ...] = tuple(self.board.hexes())
        self.index: dict[Hex, int] = {h: i for i, h in enumerate(self.hexes)}
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(self.index[n] for n in self.board.neighbours(h)) for h in self.hexes
        )
        self.ring2: tuple[tuple[int, ...], ...] = tuple(
            tuple(self.index[n] for n in self.board.within(h, 2)) for h in self.hexes
        )
        """Hexes at distance 1 or 2."""
        corners = self.board.corners()
        self.starts: tuple[int, ...] = tuple(self.index[corners[c]] for c in start_corners)
        self.names: tuple[str, ...] = tuple(hex_label(h, spec.radius) for h in self.hexes)
        """Each hex's name as printed on the board's edge (:func:`hex_label`)."""

    def find(self, text: str) -> Hex:
        """The hex named ``text``: a board label (``E5``) or, as records written
        before issue 24 did, axial ``q,r``; ValueError when it is neither. The hex
        may lie off the board (the rules say so, naming it).

        >>> g = geometry("standard")
        >>> g.find("E5"), g.find("0,0"), g.find("i1")
        ((0, 0), (0, 0), (0, 4))
        """
        h = label_hex(text, self.spec.radius)
        if h is None:
            try:
                h = parse_hex(text)
            except ValueError:
                raise ValueError(_("'{text}' is not a hex like '{example}'").format(
                    text=text, example=self.names[len(self.hexes) // 2])) from None
        return h

    def label(self, h: Hex) -> str:
        """``h``'s printed name; off the board, the name it would have, or its axial
        ``q,r`` beyond the letters and numbers.

        >>> g = geometry("standard")
        >>> g.label((0, 0)), g.label((5, 0)), g.label((-9, 0))
        ('E5', 'J5', '-9,0')
        """
        i = self.index.get(h)
        if i is not None:
            return self.names[i]
        col, row = h[0] + h[1] + self.spec.radius, self.spec.radius + 1 - h[1]
        return hex_label(h, self.spec.radius) if 0 <= col < 26 and 1 <= row <= 99 else hex_name(h)

    def __len__(self) -> int:
        return len(self.hexes)

    def distance(self, a: int, b: int) -> int:
        return hex_distance(self.hexes[a], self.hexes[b])


@lru_cache(maxsize=None)
def geometry(board: str) -> Geometry:
    setup = load_setup()
    return Geometry(setup.boards[board], setup.start_corners)


def layout_problems(geo: Geometry, layout: dict[str, int], strict: bool) -> list[str]:
    """What is wrong with a layout (kind -> hex index). ``strict`` adds the seeded
    placement's spread and fairness rules to the rules any layout must follow."""
    problems = []
    if set(layout) != set(SPECIAL_KINDS):
        problems.append("a layout places each of the six special kinds once")
        return problems
    spots = list(layout.values())
    if len(set(spots)) != len(spots):
        problems.append("two special hexes share a hex")
    for kind, i in layout.items():
        if i in geo.starts:
            problems.append(f"the {kind} hex {geo.names[i]} is a start hex")
    if strict:
        spec = geo.spec
        for kind, i in layout.items():
            near = min(geo.distance(i, s) for s in geo.starts)
            if near < spec.min_start_distance:
                problems.append(f"the {kind} hex {geo.names[i]} is too close to a start")
        for a in range(len(spots)):
            for b in range(a + 1, len(spots)):
                if geo.distance(spots[a], spots[b]) < spec.min_spacing:
                    problems.append(f"{geo.names[spots[a]]} and {geo.names[spots[b]]} are too close")
        sums = [sum(geo.distance(s, i) for i in spots) for s in geo.starts]
        if max(sums) - min(sums) > spec.max_sum_difference:
            problems.append(f"distance sums {sums} differ by more than {spec.max_sum_difference}")
    return problems


def seeded_layout(board: str, seed: int) -> dict[str, int]:
    """The special hexes for ``seed``: kind -> hex index, placed at random under the
    spread and fairness rules of the setup file."""
    setup = load_setup()
    geo = geometry(board)
    spec = geo.spec
    rng = Rng(seed).derive("reclamation-wars/layout")
    eligible = [i for i in range(len(geo))
                if min(geo.distance(i, s) for s in geo.starts) >= spec.min_start_distance]
    kinds = list(SPECIAL_KINDS)
    for _attempt in range(setup.placement_attempts):
        spots = rng.sample(eligible, len(kinds))
        if any(geo.distance(a, b) < spec.min_spacing for k, a in enumerate(spots) for b in spots[k + 1:]):
            continue
        sums = [sum(geo.distance(s, i) for i in spots) for s in geo.starts]
        if max(sums) - min(sums) > spec.max_sum_difference:
            continue
        rng.shuffle(kinds)
        return dict(zip(kinds, spots))
    raise DataError(
        SETUP_FILE, f"boards.{board}",
        f"no placement of the special hexes meets the constraints in {setup.placement_attempts} attempts",
    )


def layout_to_text(geo: Geometry, layout: dict[str, int]) -> str:
    """A layout in the ``layout`` option's notation: ``super F2; fortified ...``.

    >>> g = geometry("standard")
    >>> text = layout_to_text(g, seeded_layout("standard", 1))
    >>> parse_layout(g, text) == seeded_layout("standard", 1)
    True
    """
    return "; ".join(f"{kind} {geo.names[layout[kind]]}" for kind in SPECIAL_KINDS)


def parse_layout(geo: Geometry, text: str) -> dict[str, int]:
    """A fixed layout from text like ``super D7; fortified G3; void C5; longrange
    D8; neutralizer G2; lockdown G4`` (hexes as the board's edge names them, or
    axial ``q,r`` as before issue 24); ValueError says what is wrong."""
    layout: dict[str, int] = {}
    for part in text.replace("\n", ";").split(";"):
        words = part.split()
        if not words:
            continue
        if len(words) != 2:
            raise ValueError(f"'{part.strip()}' should be a kind and a hex, like 'super D7'")
        kind, where = words[0].lower(), words[1]
        if kind not in SPECIAL_KINDS:
            raise ValueError(f"'{kind}' is not a special kind ({', '.join(SPECIAL_KINDS)})")
        if kind in layout:
            raise ValueError(f"'{kind}' is placed twice")
        h = geo.find(where)
        if h not in geo.index:
            raise ValueError(f"{where} is not on the board")
        layout[kind] = geo.index[h]
    problems = layout_problems(geo, layout, strict=False)
    if problems:
        raise ValueError("; ".join(problems))
    return layout
