"""What a placement would do and what a hint advises, in plain words, and the
side panel's widgets that show them (with the button that takes the hint).

The words are made from a :class:`~reclaimdesk.games.reclaim.consequences.Consequences`
(the engine's own forecast); the widgets show what they are given and emit requests."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from reclaimdesk.core.grid import Cell, cell_name
from reclaimdesk.core.i18n import _, ngettext
from reclaimdesk.games.reclaim.actions import ReclaimAction
from reclaimdesk.games.reclaim.consequences import Consequences
from reclaimdesk.ui.board.panels import label
from reclaimdesk.ui.reclaim.words import icon_list, icon_name, terrain_name

# --- words ---------------------------------------------------------------------------------


def squares(cells: Iterable[Cell]) -> str:
    """Squares for a sentence: ``d4, d5 and e5``."""
    names = [cell_name(c) for c in cells]
    if len(names) <= 1:
        return "".join(names)
    return _("{first} and {last}").format(first=_(", ").join(names[:-1]), last=names[-1])


def signed(points: int) -> str:
    """Points with their sign: ``+4``, ``-8``, ``0``."""
    return f"{points:+d}" if points else "0"


def effect_lines(f: Consequences) -> list[str]:
    """Each thing the action changes, one sentence each, the costly ones first."""
    lines = []
    kind = getattr(f.action, "kind", "")
    n = len(f.walled_off)
    if n:
        lines.append(ngettext(
            "Walls off {count} square ({where}): it becomes X, {points} points.",
            "Walls off {count} squares ({where}): they become X, {points} points.",
            n).format(count=n, where=squares(f.walled_off), points=signed(f.x_points)))
    elif kind == "shape":
        lines.append(_("Walls off no square."))
    for points in f.crossed_out:
        lines.append(_("Crosses out {points} on your scoring track.").format(points=points))
    for group in f.links_cut:
        lines.append(_("Cuts the link between the castles on {where}.").format(where=squares(group)))
    if f.pays:
        lines.append(_("Pays {icon}.").format(icon=icon_list(f.pays)))
    if f.completed:
        lines.append(ngettext(
            "Completes a section: its {count} square becomes territory.",
            "Completes a section: its {count} squares become territory.",
            len(f.completed)).format(count=len(f.completed)))
    for group in f.links_made:
        lines.append(_("Links the castles on {where}.").format(where=squares(group)))
    if f.castles_reached:
        lines.append(ngettext("Reaches the castle on {where}.", "Reaches the castles on {where}.",
                              len(f.castles_reached)).format(where=squares(f.castles_reached)))
    if f.castles_after != f.castles_before:
        lines.append(_("Largest group of linked castles: {before} becomes {after}.").format(
            before=f.castles_before, after=f.castles_after))
    if f.score_change:
        lines.append(_("Score if the game ended now: {before} becomes {after} ({change}).").format(
            before=f.score_before, after=f.score_after, change=signed(f.score_change)))
    else:
        lines.append(_("Score if the game ended now: stays {score}.").format(score=f.score_before))
    return lines


def effect_summary(f: Consequences) -> str:
    """The effects that cost or gain something, in a few words for the status bar ('' for none)."""
    parts = []
    n = len(f.walled_off)
    if n:
        parts.append(ngettext("walls off {count} square: {points} points",
                              "walls off {count} squares: {points} points", n).format(
            count=n, points=signed(f.x_points)))
    if f.links_cut:
        parts.append(_("cuts a castle link"))
    if f.completed:
        parts.append(_("completes a section"))
    if f.links_made:
        parts.append(_("links castles"))
    if f.score_change and not (n and f.score_change == f.x_points):
        parts.append(_("score {change}").format(change=signed(f.score_change)))
    return _("; ").join(parts)


def squares_to_pay_on(state, cells: Iterable[Cell]) -> str:
    """What a new section's squares can pay later, in a sentence: ``New squares to
    pay on later: 2 forest (wood), 1 water (water).``"""
    from reclaimdesk.games.reclaim.components import Icon

    pays = {icon.terrain.value: icon.value for icon in Icon}
    counts: dict[str, int] = {}
    for cell in cells:
        terrain = state.map.at(cell).value
        if terrain in pays:
            counts[terrain] = counts.get(terrain, 0) + 1
    if not counts:
        return _("Its squares pay nothing (grass).")
    parts = [_("{count} {terrain} ({icon})").format(count=n, terrain=terrain_name(t), icon=icon_name(pays[t]))
             for t, n in sorted(counts.items(), key=lambda item: (-item[1], item[0]))]
    return _("New squares to pay on later: {squares}.").format(squares=_(", ").join(parts))


def hint_what(action: ReclaimAction, state, cells: list[Cell]) -> str:
    """What the hint says to do, as an order."""
    if action.kind == "shape" and cells:
        return _("Draw the shape on {where} (the blue dashed outline).").format(where=squares(sorted(cells)))
    if action.kind == "pay" and action.cell is not None:
        return _("Pay with a triangle on {cell} ({terrain}).").format(
            cell=cell_name(action.cell), terrain=terrain_name(state.map.at(action.cell).value))
    if action.kind in ("triangle", "gift") and action.cell is not None:
        return _("Put the triangle on {cell}.").format(cell=cell_name(action.cell))
    if action.kind == "special-triangles":
        return _("Use the special action and take its triangles.")
    if action.kind == "special-shape":
        return _("Use the special action and take its shape.")
    if action.kind == "pass":
        return _("Accept the penalty: nothing better can be done now.")
    if action.kind == "end":
        return _("End your turn.")
    return str(action)


# --- the widgets ---------------------------------------------------------------------------


class ForecastLines(QWidget):
    """In the turn's panel, under what to do: what the placement pointed at would
    do (hidden while the pointer shows nothing)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 4, 0, 0)
        column.setSpacing(2)
        self.title = label("", "")
        bold = self.title.font()
        bold.setBold(True)
        self.title.setFont(bold)
        column.addWidget(self.title)
        self.text = label("", "small", wrap=True)
        self.text.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        column.addWidget(self.text)
        self.hide()

    def set_lines(self, title: str, lines: list[str]) -> None:
        """What the placement pointed at would do (no lines: hidden)."""
        self.title.setText(title)
        self.text.setText("\n".join(lines))
        self.setVisible(bool(lines))


class HintBox(QFrame):
    """The hint: what to do, why it is good, and the buttons that take it or put it
    away (hidden while no hint is on the board)."""

    takeRequested = Signal()
    dismissRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("panel")
        self.setStyleSheet("QFrame#panel { background: #eef3fb; border-color: #8fb0dc; }")
        column = QVBoxLayout(self)
        column.setContentsMargins(12, 8, 12, 8)
        column.setSpacing(4)
        self.title = label(_("Hint"), "heading")
        column.addWidget(self.title)
        self.what = label("", wrap=True)
        column.addWidget(self.what)
        self.why = label("", "small", wrap=True)
        column.addWidget(self.why)
        row = QHBoxLayout()
        self.take_button = QPushButton(_("Take it (Enter)"))
        self.take_button.setObjectName("primary")
        self.take_button.setToolTip(_("Do what the hint says (Enter)"))
        self.dismiss_button = QPushButton(_("Hide (Esc)"))
        self.dismiss_button.setToolTip(_("Put the hint away and carry on your own way (Esc)"))
        for button in (self.take_button, self.dismiss_button):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            row.addWidget(button)
        row.addStretch(1)
        column.addLayout(row)
        self.take_button.clicked.connect(self.takeRequested)
        self.dismiss_button.clicked.connect(self.dismissRequested)
        self.hide()

    def set_hint(self, what: str, why: list[str]) -> None:
        """The hint on the board ('' what: no hint, hidden)."""
        self.what.setText(what)
        self.why.setText("\n".join(why))
        self.why.setVisible(bool(why))
        self.setVisible(bool(what))
