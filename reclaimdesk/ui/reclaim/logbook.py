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
from reclaimdesk.games.reclaim.components import GRID
from reclaimdesk.games.reclaim.state import X_PENALTY, ReclaimState
from reclaimdesk.ui.reclaim.model import reason_text
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
    """'cross', 'complete' or 'x'."""
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
