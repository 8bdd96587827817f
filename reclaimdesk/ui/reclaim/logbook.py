"""The table's log, read from the game's record: what the engine did (sections
completed, squares marked X, numbers crossed out), each line tagged with the
round and the seat it belongs to. Qt-free.

The log is never kept beside the game: it is rebuilt from ``state.events``, the
list of what happened that the engine fills while the record's actions are
replayed (:func:`log_from_record`) or applied one by one. So after a take back,
a redo, a resumed game, an opened file or a language switch (the page is built
again from the record) the log shows what the record holds, and nothing else.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reclaimdesk.core.grid import cell_name
from reclaimdesk.core.i18n import _, ngettext
from reclaimdesk.core.record import GameRecord
from reclaimdesk.games.reclaim.actions import ReclaimAction
from reclaimdesk.games.reclaim.components import GRID
from reclaimdesk.games.reclaim.state import GIFT, OVER, SETUP, SPECIAL_SHAPE, X_PENALTY, ReclaimState
from reclaimdesk.ui.reclaim.model import reason_text
from reclaimdesk.ui.reclaim.words import icon_name
from reclaimdesk.ui.text import shown_name

LOGGED = ("cross", "complete", "x")
"""The kinds of event the log lists (a drawn section is seen on the map)."""

MAX_WHERE = 6
"""How many X squares a line names before '...'."""


@dataclass(frozen=True)
class LogEntry:
    round: int
    """The round the event happened in (0: setup)."""
    seat: int
    kind: str
    """'cross', 'complete', 'x' or 'step' (a computer seat's step, :class:`TableStory`)."""
    text: str
    important: bool = False
    """Lost points: a penalty or squares marked X."""


def round_heading(round_no: int) -> str:
    """The heading of a round's lines in the log."""
    return _("Setup") if round_no == 0 else _("Round {round}").format(round=round_no)


def log_entries(state: ReclaimState, names: Sequence[str], seats: Sequence[int] | None = None,
                since: int = 0) -> list[LogEntry]:
    """The log of ``state`` (oldest first): one entry per logged event of the
    seats in ``seats`` (default: every seat), from event ``since`` on (a table
    adds the lines of the events an action added). ``names`` names the seats;
    with one seat the lines say 'you'."""
    solo = len(names) == 1
    shown = set(range(len(names)) if seats is None else seats)
    out: list[LogEntry] = []
    for kind, seat, detail, round_no in state.events[since:]:
        if kind not in LOGGED or seat not in shown:
            continue
        name = names[seat] if 0 <= seat < len(names) else "?"
        if kind == "cross":
            entry, reason = detail
            points = state.track.entries[entry - 1].points
            penalty = not str(reason).startswith("special")
            why = reason_text(reason)
            text = (_("You crossed out {points}: {reason}.").format(points=points, reason=why) if solo else
                    _("{name} crossed out {points}: {reason}.").format(name=name, points=points, reason=why))
            out.append(LogEntry(round_no, seat, kind, text, penalty))
        elif kind == "complete":
            text = (_("A section is complete and becomes territory.") if solo else
                    _("{name}: a section is complete and becomes territory.").format(name=name))
            out.append(LogEntry(round_no, seat, kind, text))
        else:
            cells = GRID.cells_of(int(detail))
            n = len(cells)
            where = _(", ").join(cell_name(c) for c in cells[:MAX_WHERE]) + ("..." if n > MAX_WHERE else "")
            if solo:
                text = ngettext("{count} square cut off and marked X ({where}): -{points} points.",
                                "{count} squares cut off and marked X ({where}): -{points} points.",
                                n).format(count=n, where=where, points=X_PENALTY * n)
            else:
                text = ngettext("{name}: {count} square cut off and marked X ({where}): -{points} points.",
                                "{name}: {count} squares cut off and marked X ({where}): -{points} points.",
                                n).format(name=name, count=n, where=where, points=X_PENALTY * n)
            out.append(LogEntry(round_no, seat, kind, text, True))
    return out


def log_from_record(record: GameRecord, seats: Sequence[int] | None = None) -> list[LogEntry]:
    """The log of a whole record: its actions replayed through the rules."""
    state = record.replay()
    assert isinstance(state, ReclaimState)
    names = [shown_name(str(p.get("name", ""))) for p in record.players]
    return log_entries(state, names, seats)


# --- a table's log: every step of the computer's seats, and what is new on each sheet -----------

STEP_KINDS = ("shape", "pay", "triangle", "gift", "special-triangles", "special-shape", "pass")
"""The computer's steps that get a line of their own ('end' only passes the turn on)."""


@dataclass(frozen=True)
class StepNote:
    """What the log needs to know of the position just before an action (taken
    by :meth:`TableStory.before`, used by :meth:`TableStory.after`)."""

    action: ReclaimAction
    seat: int
    """Who acts."""
    sheet: int
    """Whose sheet the action is taken on (a neighbour's for the variant's gift)."""
    phase: str
    round: int
    events: int
    """How many events the game held before the action."""
    castles: int
    score: int
    icon: str = ""
    """The cost icon a payment pays."""


class TableStory:
    """The log of a game at a table and, for every seat, what is new on its sheet.

    The log holds the events of every seat (:func:`log_entries`) and, for each
    step a computer seat takes, one line saying who did what and where (squares
    named as the printed sheet names them), what it paid and what it brought
    (a section completed, squares walled off, castles linked, the score); the
    events that step caused on its own sheet are said in that line, not again.
    "New" on a sheet is what was drawn on it (sections, triangles) since its seat's
    latest turn began: it stays until that seat's next turn begins.

    Qt-free; built by replaying a record's actions (:meth:`replayed`), then kept
    step by step (:meth:`before` and :meth:`after` around each action)."""

    def __init__(self, state: ReclaimState, names: Sequence[str], computer: Sequence[int]) -> None:
        self.names = list(names)
        self.computer = set(computer)
        self.entries: list[LogEntry] = []
        self._marks: dict[int, tuple[int, int]] = {}
        """Seat -> its sheet's (sections, triangles) masks when its latest turn began."""
        self._turns: dict[int, object] = {}
        self.actions: list[ReclaimAction] = []
        """The actions told so far (the record's line up to the position)."""
        self._checkpoints: list[tuple[int, dict, dict]] = []
        """Before each action: how many lines, the marks and the turns (for :meth:`cut`)."""
        self._rectangles: dict[int, int] = {}
        """Territory mask -> its rectangle's points (the costly part of a total)."""
        self._measured: dict[tuple, tuple[int, int]] = {}
        """A sheet's marks -> (castles linked, total): see :meth:`_measure`."""
        self._note_turn(state)

    @classmethod
    def replayed(cls, start: ReclaimState, actions: Sequence[ReclaimAction], names: Sequence[str],
                 computer: Sequence[int]) -> "TableStory":
        """The story of ``actions`` played from ``start`` (a new game; it is played on)."""
        story = cls(start, names, computer)
        story.extend(start, actions)
        return story

    def extend(self, state: ReclaimState, actions: Sequence[ReclaimAction]) -> list[LogEntry]:
        """Play ``actions`` on ``state`` (the position after the actions told so far)
        and tell them; the lines they add."""
        told = len(self.entries)
        for action in actions:
            note = self.before(state, action)
            state.apply(action)
            self.after(note, state)
        return self.entries[told:]

    # --- step by step ----------------------------------------------------------------
    def before(self, state: ReclaimState, action: ReclaimAction) -> StepNote:
        """What :meth:`after` needs of the position before ``action`` (legal there)."""
        seat = state.current_player
        target = state.gift_target(seat) if state.phase == GIFT else seat
        icon = ""
        if action.kind == "pay" and action.cell is not None:
            terrain = state.map.at(action.cell)
            icon = next((i.value for i in state.unpaid if i.terrain is terrain), "")
        castles, total = self._measure(state, target) if seat in self.computer else (0, 0)
        return StepNote(action, seat, target, state.phase, state.round, len(state.events), castles, total, icon)

    def after(self, note: StepNote, state: ReclaimState) -> list[LogEntry]:
        """The log's lines for the action ``note`` was taken before (``state`` is
        the position after it); they are added to :attr:`entries`."""
        self._checkpoints.append((len(self.entries), dict(self._marks), dict(self._turns)))
        self.actions.append(note.action)
        events = state.events[note.events:]
        out: list[LogEntry] = []
        rest = events
        if note.seat in self.computer and note.action.kind in STEP_KINDS:
            line, rest = self._step_line(note, state, events)
            out.append(line)
        out += log_entries(_Events(state, rest), self.names)
        self.entries += out
        self._note_turn(state)
        return out

    def cut(self, actions: Sequence[ReclaimAction]) -> bool:
        """Go back to the story of ``actions`` when they begin the line told (a take
        back); False (nothing changed) when they do not: replay it then."""
        n = len(actions)
        if n > len(self.actions) or list(actions) != self.actions[:n]:
            return False
        if n < len(self.actions):
            lines, marks, turns = self._checkpoints[n]
            del self.entries[lines:], self.actions[n:], self._checkpoints[n:]
            self._marks, self._turns = marks, turns
        return True

    def newest(self, state: ReclaimState, seat: int) -> tuple[int, int]:
        """The sections and triangles (as masks) new on ``seat``'s sheet: drawn since
        its latest turn began (cleared when its next turn begins)."""
        if not 0 <= seat < len(state.sheets):
            return 0, 0
        sheet = state.sheets[seat]
        sections, triangles = self._marks.get(seat, (0, 0))
        return sheet.occupied & ~sections, (sheet.tri | sheet.terr) & ~triangles

    def _measure(self, state: ReclaimState, seat: int) -> tuple[int, int]:
        """The largest group of linked castles on ``seat``'s sheet and its total if
        the game ended now (``projected_total``), found once per sheet's marks."""
        sheet = state.sheets[seat]
        key = (sheet.tri, sheet.terr, sheet.xs, sheet.crossed, sheet.half1, sheet.half2)
        found = self._measured.get(key)
        if found is None:
            rectangle = self._rectangles.get(sheet.terr)
            if rectangle is None:
                rectangle = self._rectangles[sheet.terr] = state.rectangle_points(sheet)
            found = self._measured[key] = (state.connected_castles(sheet)[0], state.sheet_total(sheet, rectangle))
        return found

    def _note_turn(self, state: ReclaimState) -> None:
        """A seat's turn that begins now: what its sheet holds is no longer new."""
        if state.phase == OVER:
            return
        seat = state.current_player
        key = state.turn_key()
        if self._turns.get(seat) != key:
            self._turns[seat] = key
            sheet = state.sheets[seat]
            self._marks[seat] = (sheet.occupied, sheet.tri | sheet.terr)

    # --- the computer's step in words ---------------------------------------------------
    def _step_line(self, note: StepNote, state: ReclaimState,
                   events: Sequence[tuple[str, int, object, int]]) -> tuple[LogEntry, list]:
        """One line for a computer seat's step, and the events it does not say."""
        action = note.action
        name = self.names[note.seat] if 0 <= note.seat < len(self.names) else "?"
        said: set[int] = set()
        cross = next((i for i, e in enumerate(events) if e[0] == "cross" and e[1] == note.seat), None)
        points = 0
        reason = ""
        if cross is not None and action.kind in ("special-triangles", "special-shape", "pass"):
            said.add(cross)
            entry, reason = events[cross][2]  # type: ignore[misc]
            points = state.track.entries[entry - 1].points
        kind = action.kind
        where = ""
        if kind == "shape" and action.cell is not None:
            cells = sorted(state.shape(action.shape).rotations()[action.rotation].placed(action.cell))
            where = _(", ").join(cell_name(c) for c in cells)
            if note.phase == SETUP:
                text = _("{name} drew a starting shape on {where}.").format(name=name, where=where)
            elif note.phase == SPECIAL_SHAPE:
                text = _("{name} drew the special action's shape on {where}.").format(name=name, where=where)
            else:
                text = ngettext("{name} drew the card's shape ({count} square) on {where}.",
                                "{name} drew the card's shape ({count} squares) on {where}.",
                                len(cells)).format(name=name, count=len(cells), where=where)
        elif kind == "pay" and action.cell is not None:
            text = _("{name} paid {icon} with a triangle on {cell}.").format(
                name=name, icon=icon_name(note.icon), cell=cell_name(action.cell))
        elif kind == "triangle" and action.cell is not None:
            text = _("{name} put a special action triangle on {cell}.").format(
                name=name, cell=cell_name(action.cell))
        elif kind == "gift" and action.cell is not None:
            owner = self.names[note.sheet] if 0 <= note.sheet < len(self.names) else "?"
            text = _("{name} gave {owner} a triangle on {cell}.").format(
                name=name, owner=owner, cell=cell_name(action.cell))
        elif kind == "pass":
            text = (_("{name} accepted the penalty and crossed out {points} ({reason}).").format(
                name=name, points=points, reason=reason_text(reason)) if points else
                _("{name} accepted the penalty (no number was left to cross out).").format(name=name))
        else:  # the special action
            if kind == "special-triangles":
                n = state.track.entries[events[cross][2][0] - 1].triangles if cross is not None else 0  # type: ignore[index]
                text = ngettext("{name} used the special action: crossed out {points} for {count} triangle.",
                                "{name} used the special action: crossed out {points} for {count} triangles.",
                                n).format(name=name, points=points, count=n)
            else:
                text = _("{name} used the special action: crossed out {points} for its shape.").format(
                    name=name, points=points)
        effects: list[str] = []
        completed = 0
        walled: list = []
        for i, (what, seat, detail, _round) in enumerate(events):
            if seat != note.sheet or what not in ("section", "complete", "x"):
                continue
            said.add(i)
            if what == "complete":
                completed += len(GRID.cells_of(int(detail)))  # type: ignore[arg-type]
            elif what == "x":
                walled += GRID.cells_of(int(detail))  # type: ignore[arg-type]
        if completed:
            effects.append(ngettext("A section is complete: its {count} square is territory now.",
                                    "A section is complete: its {count} squares are territory now.",
                                    completed).format(count=completed))
        if walled:
            effects.append(ngettext("{where} is cut off and marked X ({points} points).",
                                    "{where} are cut off and marked X ({points} points).",
                                    len(walled)).format(where=_(", ").join(cell_name(c) for c in sorted(walled)),
                                                        points=-X_PENALTY * len(walled)))
        castles, score = self._measure(state, note.sheet)
        if castles != note.castles:
            effects.append(_("Castles linked: {before} → {after}.").format(
                before=note.castles, after=castles))
        if score != note.score:
            effects.append(_("Score: {before} → {after} ({change}).").format(
                before=note.score, after=score, change=f"{score - note.score:+d}"))
        for effect in effects:
            text = _("{step} {effect}").format(step=text, effect=effect)
        important = bool(walled) or (points > 0 and kind == "pass")
        line = LogEntry(note.round, note.seat, "step", text, important)
        return line, [e for i, e in enumerate(events) if i not in said]


class _Events:
    """A state's view for :func:`log_entries` holding only some of its events."""

    def __init__(self, state: ReclaimState, events: Sequence[tuple[str, int, object, int]]) -> None:
        self.events = list(events)
        self.track = state.track
