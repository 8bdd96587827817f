"""Reclaim at a real table: the app turns the deck for 1-6 paper players and
scores their sheets (the companion's session; the screen is
``reclaimdesk.ui.reclaim.companion``).

The deck is the rules' own: a :class:`~reclaimdesk.games.reclaim.state.ReclaimState`
of the session's seed deals the start cards and the 17 deck cards, and its
``_begin_round`` turns them (the leftmost card to the discard pile, a new one on
the right), so the paper table sees what the app's game would show. Scores come
from the rules too: the track's ``points_for``, ``sheet_points``, ``winners_of``
and ``tier_reached``.

A deck is shared with a **deck code**: seven letters and digits (shown as
``XXXX-XXX``) holding the map, whether it is a deck of the day (then the date) or
a dealt deck (then its seed), and a check letter that catches a mistyped or
swapped character.

>>> code = deck_code("lake", seed=123456)
>>> read_deck_code(code.lower().replace("-", " "))
{'map': 'lake', 'seed': 123456}
>>> read_deck_code(code[:-1] + ("0" if code[-1] != "0" else "1"))
Traceback (most recent call last):
...
reclaimdesk.core.companion.CompanionError: this deck code has a typing error: check each letter and digit
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, timedelta
from typing import Any

from reclaimdesk.core.companion import CompanionError, CompanionSession, whole_number as _int
from reclaimdesk.core.i18n import _
from reclaimdesk.core.rng import seed_from_text
from reclaimdesk.games.reclaim import MAP_IDS

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Crockford's base 32: no I, L, O or U (typed I and L read as 1, O as 0)."""
_TYPED = {"I": "1", "L": "1", "O": "0"}
DATA_CHARS = 6
PAYLOAD_BITS = DATA_CHARS * 5 - 2  # one bit for the kind, one for the map
CODE_SEEDS = 1 << PAYLOAD_BITS
"""Dealt decks that fit a code have a seed below this."""
DAY_ZERO = date(2000, 1, 1)

SETUP, ROUND, HALF, FINAL, OVER = "setup", "round", "half", "final", "over"
MIN_PLAYERS, MAX_PLAYERS = 1, 6
LAST_ROUND = 16
HALF_ROUND = 10


def daily_seed(day: date) -> int:
    """The seed of the deck of the day (the app's "Deck of the day" deals the same)."""
    return seed_from_text(day.isoformat())


def _check(values: list[int]) -> int:
    return sum((i + 1) * v for i, v in enumerate(values)) % 31


def _encode(kind: int, map_id: str, payload: int) -> str:
    value = (kind << (PAYLOAD_BITS + 1)) | (MAP_IDS.index(map_id) << PAYLOAD_BITS) | payload
    values = [(value >> (5 * (DATA_CHARS - 1 - i))) & 31 for i in range(DATA_CHARS)]
    chars = "".join(ALPHABET[v] for v in values) + ALPHABET[_check(values)]
    return f"{chars[:4]}-{chars[4:]}"


def deck_code(map_id: str, seed: int | None = None, day: date | None = None) -> str:
    """The code of a dealt deck (``seed`` below :data:`CODE_SEEDS`) or of the deck of ``day``."""
    if map_id not in MAP_IDS:
        raise CompanionError(_("unknown map"))
    if day is not None:
        return _encode(1, map_id, (day - DAY_ZERO).days)
    if seed is None or not 0 <= seed < CODE_SEEDS:
        raise CompanionError(_("this deck has no short code"))
    return _encode(0, map_id, seed)


def read_deck_code(text: str) -> dict[str, Any]:
    """The deck a typed code names: ``{"map", "seed"}`` or ``{"map", "day"}`` (ISO
    date). Spaces, dashes and case do not matter; raises :class:`CompanionError`
    with a sentence for the player."""
    chars = [_TYPED.get(ch, ch) for ch in text.upper() if ch not in " -\t"]
    if len(chars) != DATA_CHARS + 1:
        raise CompanionError(_("a deck code has {n} letters and digits").format(n=DATA_CHARS + 1))
    wrong = [ch for ch in chars if ch not in ALPHABET]
    if wrong:
        raise CompanionError(_("a deck code has no \u201c{char}\u201d").format(char=wrong[0]))
    values = [ALPHABET.index(ch) for ch in chars]
    if _check(values[:-1]) != values[-1]:
        raise CompanionError(_("this deck code has a typing error: check each letter and digit"))
    value = 0
    for v in values[:-1]:
        value = value * 32 + v
    kind = value >> (PAYLOAD_BITS + 1)
    map_index = (value >> PAYLOAD_BITS) & 1
    payload = value & (CODE_SEEDS - 1)
    if map_index >= len(MAP_IDS):
        raise CompanionError(_("this deck code has a typing error: check each letter and digit"))
    if kind:
        try:
            day = DAY_ZERO + timedelta(days=payload)
        except OverflowError:
            raise CompanionError(_("this deck code has a typing error: check each letter and digit")) from None
        return {"map": MAP_IDS[map_index], "day": day.isoformat()}
    return {"map": MAP_IDS[map_index], "seed": payload}


class Session(CompanionSession):
    """Reclaim's deck and score helper. Setup: ``players`` (1-6), ``map``, and
    either ``seed`` or ``day`` (ISO date: the deck of the day)."""

    game_id = "reclaim"

    def _start(self) -> None:
        from reclaimdesk.games.reclaim.components import load_track
        from reclaimdesk.games.reclaim.state import ReclaimState

        setup = self.setup
        self.players = _int(setup.get("players"), MIN_PLAYERS, MAX_PLAYERS, _("the number of players"))
        if setup.get("map") not in MAP_IDS:
            raise CompanionError(_("unknown map"))
        self.map_id: str = setup["map"]
        if "day" in setup:
            try:
                self.day: date | None = date.fromisoformat(str(setup["day"]))
            except ValueError:
                raise CompanionError(_("not a date")) from None
            self.seed = daily_seed(self.day)
        else:
            self.day = None
            self.seed = _int(setup.get("seed"), 0, (1 << 64) - 1, _("the seed"))
        self.rules = ReclaimState(self.players, self.seed, {"map": self.map_id, "variant": False})
        self.track = load_track()
        self.castles_on_map = len(self.rules.map.castles)
        self.stage = SETUP
        self.first_half: dict[str, list] | None = None
        self.final: dict[str, list] | None = None

    # --- what the table sees ---------------------------------------------------
    @property
    def round(self) -> int:
        return self.rules.round

    @property
    def finished(self) -> bool:
        return self.stage == OVER

    def code(self) -> str | None:
        """The deck code friends elsewhere type to get this deck (None: the seed is too large)."""
        if self.day is not None:
            return deck_code(self.map_id, day=self.day)
        return deck_code(self.map_id, seed=self.seed) if self.seed < CODE_SEEDS else None

    def start_cards(self, seat: int) -> list[str]:
        return list(self.rules.sheets[seat].start_cards)

    def field(self) -> list[str]:
        """The two face-up cards (left: the shape drawn this round)."""
        return list(self.rules.field)

    def costs(self) -> list[str]:
        """The icons every player pays this round (the left card's; both cards' from round 11)."""
        return [icon.value for icon in self.rules.costs()]

    def deck_left(self) -> int:
        return len(self.rules.deck)

    def discard(self) -> list[str]:
        return list(self.rules.discard)

    def half(self) -> int:
        return 1 if self.round <= HALF_ROUND else 2

    def next_label(self) -> str:
        """What the next step does, for the screen's footer."""
        if self.stage == SETUP:
            return _("Turn up the first round's cards")
        if self.stage == ROUND:
            if self.round == HALF_ROUND:
                return _("Score the first half")
            if self.round == LAST_ROUND:
                return _("Score the sheets")
            return _("Turn up round {round}").format(round=self.round + 1)
        return ""

    # --- steps -------------------------------------------------------------------
    def reveals(self, step: Mapping[str, Any]) -> bool:
        """Each new round turns up a card; so does leaving the setup (the first two).
        Asked after the step is taken: a step that leads into a round revealed it."""
        return step.get("do") in ("next", "half") and self.stage == ROUND

    def _do(self, step: Mapping[str, Any]) -> None:
        kind = step.get("do")
        if kind == "next":
            if self.stage == SETUP:
                self.stage = ROUND
                self.rules._begin_round(1)
            elif self.stage == ROUND and self.round == HALF_ROUND:
                self.stage = HALF
            elif self.stage == ROUND and self.round == LAST_ROUND:
                self.stage = FINAL
            elif self.stage == ROUND:
                self.rules._begin_round(self.round + 1)
            else:
                raise CompanionError(_("enter the scores first"))
        elif kind == "half":
            if self.stage != HALF:
                raise CompanionError(_("the first half is not being scored now"))
            self.first_half = self._half_entries(step)
            self.stage = ROUND
            self.rules._begin_round(HALF_ROUND + 1)
        elif kind == "final":
            if self.stage != FINAL:
                raise CompanionError(_("the sheets are not being scored now"))
            entries = self._half_entries(step)
            assert self.first_half is not None
            for seat, (before, now) in enumerate(zip(self.first_half["crossed"], entries["crossed"])):
                if now < before:
                    raise CompanionError(_("{player}: fewer track numbers crossed out than after the first half "
                                           "({before})").format(player=self.player_name(seat), before=before))
            rects = step.get("rectangles")
            xs = step.get("xs")
            if not isinstance(rects, list) or not isinstance(xs, list) or len(rects) != self.players \
                    or len(xs) != self.players:
                raise CompanionError(_("one entry per player"))
            checked_rects: list[list[int] | None] = []
            for seat, rect in enumerate(rects):
                checked_rects.append(self.rectangle_problem_free(seat, rect, xs[seat]))
            entries["rectangles"] = checked_rects
            entries["xs"] = list(xs)
            self.final = entries
            self.stage = OVER
        else:
            raise CompanionError(_("not a step of this game"))

    def player_name(self, seat: int) -> str:
        names = self.setup.get("names")
        if isinstance(names, list) and seat < len(names) and isinstance(names[seat], str) and names[seat]:
            return names[seat]
        return _("Player {n}").format(n=seat + 1)

    def _half_entries(self, step: Mapping[str, Any]) -> dict[str, list]:
        castles, crossed = step.get("castles"), step.get("crossed")
        if not isinstance(castles, list) or not isinstance(crossed, list) \
                or len(castles) != self.players or len(crossed) != self.players:
            raise CompanionError(_("one entry per player"))
        from reclaimdesk.games.reclaim.components import TRACK_LENGTH

        for seat in range(self.players):
            who = self.player_name(seat)
            _int(castles[seat], 0, self.castles_on_map,
                 _("{player}: castles linked (this map has {n})").format(player=who, n=self.castles_on_map))
            _int(crossed[seat], 0, TRACK_LENGTH, _("{player}: track numbers crossed out").format(player=who))
        return {"castles": list(castles), "crossed": list(crossed)}

    def rectangle_problem_free(self, seat: int, rect: Any, xs: Any) -> list[int] | None:
        """``rect`` (``[width, height]`` or None) and ``xs`` checked against the map."""
        from reclaimdesk.games.reclaim.components import SIZE

        who = self.player_name(seat)
        x_count = _int(xs, 0, SIZE * SIZE - self.castles_on_map, _("{player}: X marks").format(player=who))
        if rect is None:
            return None
        if not isinstance(rect, list) or len(rect) != 2:
            raise CompanionError(_("{player}: a rectangle is its width and height").format(player=who))
        w = _int(rect[0], 2, SIZE, _("{player}: the rectangle's width").format(player=who))
        h = _int(rect[1], 2, SIZE, _("{player}: the rectangle's height").format(player=who))
        if w * h + x_count > SIZE * SIZE:
            raise CompanionError(_("{player}: a {w}\u00d7{h} rectangle and {xs} X marks do not fit on one map")
                                 .format(player=who, w=w, h=h, xs=x_count))
        return [w, h]

    # --- scores ------------------------------------------------------------------
    def half_points(self, castles: int, crossed: int) -> int:
        """Castle points as the track gives them (crossed-out numbers fall back left)."""
        return self.track.points_for(castles, crossed)

    def second_half_points(self, castles: int, crossed: int, rect: list[int] | None, xs: int) -> int:
        """What the end adds to a sheet: castle points, the rectangle (or its absence), the X marks."""
        from reclaimdesk.games.reclaim.state import NO_RECTANGLE_POINTS, sheet_points

        return sheet_points(0, self.half_points(castles, crossed),
                            rect[0] * rect[1] if rect else NO_RECTANGLE_POINTS, xs)

    def results(self) -> list[dict[str, Any]]:
        """Per player: each column of the score sheet, the total, the tier reached."""
        from reclaimdesk.games.reclaim.state import NO_RECTANGLE_POINTS, X_PENALTY, sheet_points, tier_reached

        assert self.first_half is not None and self.final is not None
        out = []
        for seat in range(self.players):
            h1 = self.half_points(self.first_half["castles"][seat], self.first_half["crossed"][seat])
            h2 = self.half_points(self.final["castles"][seat], self.final["crossed"][seat])
            rect = self.final["rectangles"][seat]
            rect_points = rect[0] * rect[1] if rect else NO_RECTANGLE_POINTS
            xs = self.final["xs"][seat]
            total = sheet_points(h1, h2, rect_points, xs)
            out.append({"first_half": h1, "second_half": h2, "rectangle": rect_points,
                        "x_penalty": -X_PENALTY * xs, "total": total, "tier": tier_reached(total),
                        "crossed": self.final["crossed"][seat]})
        return out

    def scores(self) -> list[float]:
        return [float(r["total"]) for r in self.results()]

    def winners(self) -> list[int]:
        from reclaimdesk.games.reclaim.state import winners_of

        return winners_of(self.scores(), [r["crossed"] for r in self.results()])
