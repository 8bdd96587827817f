"""Alluvium at a real table: the app keeps the direction card, the rounds and (with
three players) the virtual colour's deck, and scores each round's sheets (the
companion's session; the screen is ``reclaimdesk.ui.alluvium.companion``).

The rules give everything: the round count (``rounds_for``), the direction card
and its flips, the virtual colour's deck as an
:class:`~reclaimdesk.games.alluvium.state.AlluviumState` of the session's seed
shuffles it, the cooperation ranking (``rank_colours``) and the winners
(``winners_by``). A round is: each player draws their own card (``own``); at three,
the app turns the virtual colour's card (``virtual``); the sheets go round in the
card's direction (``pass``); the sheets are scored (``score``: each sheet's checks
and largest group per colour, and its largest rectangle).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from reclaimdesk.core.companion import CompanionError, CompanionSession, whole_number as _int
from reclaimdesk.core.i18n import _
from reclaimdesk.games.alluvium.components import COLOUR_NAMES

OWN, VIRTUAL, PASS, SCORE, OVER = "own", "virtual", "pass", "score", "over"


class Session(CompanionSession):
    """Alluvium's rounds and score helper. Setup: ``players`` (3-5), ``seed`` and
    optionally ``colours`` (the game's option: each seat's colour, then with three
    players the virtual player's; missing or empty: the rule book's order)."""

    game_id = "alluvium"

    def _start(self) -> None:
        from reclaimdesk.games.alluvium.state import AlluviumState, rounds_for

        self.players = _int(self.setup.get("players"), 3, 5, _("the number of players"))
        self.seed = _int(self.setup.get("seed"), 0, (1 << 64) - 1, _("the seed"))
        colours = self.setup.get("colours", "")
        if not isinstance(colours, str) or len(colours) > 60:
            raise CompanionError(_("the colours must be a list of colour names"))
        try:
            self.rules = AlluviumState(self.players, self.seed, {"colours": colours})
        except ValueError as exc:
            raise CompanionError(str(exc)) from None
        self.palette = self.rules.palette
        self.size = self.rules.size
        self.rounds = rounds_for(self.players)
        self.virtual = self.rules.virtual
        self.virtual_deck = list(self.rules.decks[self.virtual]) if self.virtual is not None else []
        self.virtual_cards: list[str] = []
        self.direction = self.rules.components.direction.start
        self.round = 1
        self.stage = OWN
        self.rounds_scored: list[list[dict[str, Any]]] = []
        """Each scored round: per sheet ``{"checks", "groups", "rect"}`` as entered."""

    # --- what the table sees -------------------------------------------------------
    @property
    def finished(self) -> bool:
        return self.stage == OVER

    def colours_in_play(self) -> tuple[int, ...]:
        return self.rules.colours_in_play

    def colour_name(self, colour: int) -> str:
        return _(COLOUR_NAMES[self.palette[colour]])

    def colour_id(self, colour: int) -> str:
        """The colour id of a slot (a seat, or the virtual player's)."""
        return self.palette[colour]

    def other_colours(self, owner: int) -> list[int]:
        """The colours whose checks ``owner``'s sheet tracks (the virtual one last)."""
        return [c for c in self.colours_in_play() if c != owner]

    def step(self) -> int:
        """+1: sheets go clockwise (to the player on the left) this round; -1: the other way."""
        return self.rules.components.direction.step(self.direction)

    def virtual_card(self) -> str | None:
        return self.virtual_cards[-1] if self.virtual_cards else None

    def virtual_cards_left(self) -> int:
        return len(self.virtual_deck) - len(self.virtual_cards)

    def piece_cells(self, piece_id: str) -> tuple:
        return tuple(self.rules.components.piece(piece_id).shape.cells)

    def next_label(self) -> str:
        if self.stage == OWN:
            return _("Turn up the virtual colour's card") if self.virtual is not None else _("Pass the sheets")
        if self.stage == VIRTUAL:
            return _("Pass the sheets")
        if self.stage == PASS:
            return _("Score the round")
        return ""

    # --- steps ---------------------------------------------------------------------------
    def reveals(self, step: Mapping[str, Any]) -> bool:
        return step.get("do") == "next" and self.stage == VIRTUAL

    def _do(self, step: Mapping[str, Any]) -> None:
        kind = step.get("do")
        if kind == "next":
            if self.stage == OWN and self.virtual is not None:
                self.virtual_cards.append(self.virtual_deck[len(self.virtual_cards)])
                self.stage = VIRTUAL
            elif self.stage in (OWN, VIRTUAL):
                self.stage = PASS
            elif self.stage == PASS:
                self.stage = SCORE
            else:
                raise CompanionError(_("enter the scores first"))
        elif kind == "score":
            if self.stage != SCORE:
                raise CompanionError(_("the round is not being scored now"))
            self.rounds_scored.append(self._sheets(step.get("sheets")))
            self.direction = self.rules.components.direction.other(self.direction)
            if self.round == self.rounds:
                self.stage = OVER
            else:
                self.round += 1
                self.stage = OWN
        else:
            raise CompanionError(_("not a step of this game"))

    def player_name(self, seat: int) -> str:
        return _("{colour} player").format(colour=self.colour_name(seat))

    def _sheets(self, sheets: Any) -> list[dict[str, Any]]:
        if not isinstance(sheets, list) or len(sheets) != self.players:
            raise CompanionError(_("one entry per sheet"))
        before = self.rounds_scored[-1] if self.rounds_scored else None
        out = []
        squares = self.size * self.size
        for owner, entry in enumerate(sheets):
            who = self.player_name(owner)
            if not isinstance(entry, dict):
                raise CompanionError(_("one entry per sheet"))
            checks, groups, rect = entry.get("checks"), entry.get("groups"), entry.get("rect")
            others = self.other_colours(owner)
            if not isinstance(checks, list) or not isinstance(groups, list) \
                    or len(checks) != len(others) or len(groups) != len(others):
                raise CompanionError(_("{player}: one number per colour").format(player=who))
            for i, colour in enumerate(others):
                what = _("{player}: {colour} checks").format(player=who, colour=self.colour_name(colour))
                _int(checks[i], 0, 4 * squares, what)
                if before is not None and checks[i] < before[owner]["checks"][i]:
                    raise CompanionError(_("{what}: fewer than last round ({n})").format(
                        what=what, n=before[owner]["checks"][i]))
                _int(groups[i], 0, squares, _("{player}: the largest {colour} group").format(
                    player=who, colour=self.colour_name(colour)))
            if sum(groups) > squares:
                raise CompanionError(_("{player}: these groups do not fit on one sheet").format(player=who))
            if not isinstance(rect, list) or len(rect) != 2:
                raise CompanionError(_("{player}: enter the rectangle as a width and a height").format(player=who))
            w = _int(rect[0], 0, self.size, _("{player}: width of the rectangle").format(player=who))
            h = _int(rect[1], 0, self.size, _("{player}: height of the rectangle").format(player=who))
            if (w == 0) != (h == 0):
                raise CompanionError(_("{player}: a rectangle has both a width and a height").format(player=who))
            out.append({"checks": list(checks), "groups": list(groups), "rect": [w, h]})
        return out

    # --- scores ------------------------------------------------------------------------------
    def ranking(self, owner: int, round_index: int = -1) -> list:
        """``owner``'s sheet's cooperation ranking as entered in a scored round (the
        rules' ``rank_colours``: places, points and a sentence for each colour)."""
        from reclaimdesk.games.alluvium.state import rank_colours

        entry = self.rounds_scored[round_index][owner]
        others = self.other_colours(owner)
        return rank_colours(dict(zip(others, entry["checks"])), dict(zip(others, entry["groups"])), self.virtual,
                            self.palette)

    def area(self, seat: int) -> list[int]:
        """Each scored round's area bonus of ``seat``'s sheet (its largest rectangle)."""
        return [r[seat]["rect"][0] * r[seat]["rect"][1] for r in self.rounds_scored]

    def cooperation(self, seat: int, round_index: int = -1) -> int:
        """The cooperation bonus ``seat``'s colour gets from the other sheets (as the
        sheets stood in that round; the last round's is final)."""
        colour = self.palette[seat]
        return sum(p.points for owner in range(self.players) if owner != seat
                   for p in self.ranking(owner, round_index) if p.colour == colour)

    def cooperation_from(self, seat: int, owner: int, round_index: int = -1) -> int:
        colour = self.palette[seat]
        return sum(p.points for p in self.ranking(owner, round_index) if p.colour == colour)

    def running_total(self, seat: int) -> int:
        """The area bonuses so far plus the cooperation bonus as the sheets stand."""
        return sum(self.area(seat)) + (self.cooperation(seat) if self.rounds_scored else 0)

    def scores(self) -> list[float]:
        return [float(self.running_total(s)) for s in range(self.players)]

    def winners(self) -> list[int]:
        from reclaimdesk.games.alluvium.state import winners_by

        return winners_by(self.scores(), [self.cooperation(s) for s in range(self.players)])
