"""Reclamation Wars at the table: the companion's screen (the session is
:mod:`reclaimdesk.games.reclamation_wars.companion`). The seed's special hexes drawn
large, as the kit's layout page places them; whose turn it is; each player's powers
and Lockdown state; the hexes nobody may reclaim yet (a click on a hex marks the one
the demolisher just made neutral); the taps for what happened; the final count."""

from __future__ import annotations

import math
import secrets
from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from reclaimdesk.core.i18n import N_, _
from reclaimdesk.games.reclamation_wars.components import SPECIAL_KINDS, SPECIAL_NAMES, load_setup
from reclaimdesk.ui.companion.widgets import SetupForm, label, number_box
from reclaimdesk.ui.companion.window import CompanionScreen, CompanionWindow
from reclaimdesk.ui.reclamation_wars.items import BLOCK_INK, look

BOARDS = (("standard", N_("Standard board (61 hexes)")), ("large", N_("Large board (91 hexes)")))


class LayoutView(QWidget):
    """The board's hexes, large: starts, the special hexes with their letter (the
    holder's colour around them) and the hexes nobody may reclaim yet. A click on a
    hex emits ``hexClicked(name)``."""

    hexClicked = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session: Any = None

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(560, 560)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(260, 260)

    def set_session(self, session: Any) -> None:
        self.session = session
        self.update()

    def _frame(self) -> tuple[float, float, float, int]:
        radius = self.session.geo.spec.radius
        across = math.sqrt(3) * (2 * radius + 1) + 0.4
        tall = 3 * radius + 2 + 0.4
        size = min(self.width() / across, self.height() / tall)
        return self.width() / 2, self.height() / 2, size, radius

    def _centre(self, h: tuple[int, int], cx: float, cy: float, size: float) -> QPointF:
        x, y = self.session.geo.board.to_pixel(h, size)  # as the kit's layout page places it
        return QPointF(cx + x, cy + y)

    def paintEvent(self, _event: Any) -> None:  # noqa: N802 - Qt's name
        s = self.session
        if s is None:
            return
        cx, cy, size, _radius = self._frame()
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        codes = {sp.kind: sp.code for sp in load_setup().specials}
        special_at = {i: k for k, i in s.layout.items()}
        blocked = {s.geo.names.index(n): seat for n, seat in s.blocked_hexes().items()}
        font = QFont(self.font())
        font.setBold(True)
        font.setPixelSize(max(9, int(size * 0.55)))
        small = QFont(self.font())
        small.setPixelSize(max(8, int(size * 0.3)))
        for i, h in enumerate(s.geo.hexes):
            c = self._centre(h, cx, cy, size)
            poly = QPolygonF([c + QPointF(size * 0.97 * math.cos(math.radians(-90 + 60 * k)),
                                          size * 0.97 * math.sin(math.radians(-90 + 60 * k))) for k in range(6)])
            fill = QColor("#f3eddc")
            if i in s.geo.starts:
                fill = look(s.geo.starts.index(i)).fill
            p.setPen(QPen(QColor("#c5b693"), 1.2))
            p.setBrush(fill)
            p.drawPolygon(poly)
            box = QRectF(c.x() - size, c.y() - size * 0.8, 2 * size, 1.6 * size)
            if i in blocked:
                p.setPen(QPen(BLOCK_INK, max(2.0, size / 8)))
                d = size * 0.45
                p.drawLine(c + QPointF(-d, -d), c + QPointF(d, d))
                p.drawLine(c + QPointF(-d, d), c + QPointF(d, -d))
            if i in s.geo.starts:
                p.setPen(QColor("#26302e"))
                p.setFont(font)
                p.drawText(box, Qt.AlignmentFlag.AlignCenter, str(s.geo.starts.index(i) + 1))
            kind = special_at.get(i)
            if kind is not None:
                holder = s.holder[kind]
                gone = kind in s.stripped
                ring = look(holder).ink if holder >= 0 and not gone else QColor("#9c958a")
                p.setPen(QPen(ring, max(2.0, size / 7)))
                p.setBrush(QColor("#fffdf7"))
                p.drawEllipse(c, size * 0.62, size * 0.62)
                p.setPen(QColor("#9c958a") if gone else QColor("#3a352d"))
                p.setFont(font)
                p.drawText(box, Qt.AlignmentFlag.AlignCenter, codes[kind])
            p.setPen(QColor("#8d7b5a"))
            p.setFont(small)
            p.drawText(QRectF(c.x() - size, c.y() + size * 0.35, 2 * size, size * 0.5),
                       Qt.AlignmentFlag.AlignCenter, s.geo.names[i])
        p.end()

    def hex_at(self, x: float, y: float) -> str | None:
        s = self.session
        if s is None:
            return None
        cx, cy, size, _radius = self._frame()
        px, py = (x - cx) / size, (y - cy) / size
        r = py * 2 / 3
        q = px / math.sqrt(3) - r / 2
        from reclaimdesk.ui.reclamation_wars.geometry import cube_round

        h = cube_round(q, r)
        return s.geo.names[s.geo.index[h]] if h in s.geo.index else None

    def mousePressEvent(self, event: Any) -> None:  # noqa: N802 - Qt's name
        name = self.hex_at(event.position().x(), event.position().y())
        if name is None:
            event.ignore()  # off the board: the window's "next"
            return
        self.hexClicked.emit(name)


class Screen(CompanionScreen):
    """Reclamation Wars' companion screen (see the module)."""

    next_stages = ("play",)

    def __init__(self, shell: CompanionWindow) -> None:
        super().__init__(shell)
        self.session: Any = None
        self._build_setup()
        self._build_play()
        self._build_count()
        self.over_page = QWidget()
        self.pages.addWidget(self.over_page)

    # --- setup ----------------------------------------------------------------------
    def _build_setup(self) -> None:
        page = SetupForm()
        self.board_box = page.add_field(_("Board"), QComboBox(page))
        for key, name in BOARDS:
            self.board_box.addItem(_(name), key)
        self.seed_edit = page.add_field(_("Layout seed"), QLineEdit(str(secrets.randbelow(10**6)), page))
        self.seed_edit.setMaxLength(20)
        page.add_note(_("The seed printed on a kit's layout page gives the same special hexes."))
        self.start_button = page.add_start(_("Show the layout"), self.start)
        self.seed_edit.returnPressed.connect(self.start)
        self.pages.addWidget(page)
        self.setup_page = page

    def start(self) -> None:
        text = self.seed_edit.text().strip()
        if not text.isascii() or not text.isdigit():
            self.shell.say(_("The seed is a whole number, such as 1234."))
            return
        self.shell.begin({"seed": int(text), "board": self.board_box.currentData()})

    # --- play -------------------------------------------------------------------------
    def _build_play(self) -> None:
        page = QWidget()
        row = QHBoxLayout(page)
        row.setContentsMargins(0, 0, 0, 0)
        left = QVBoxLayout()
        self.board = LayoutView(page)
        self.board.hexClicked.connect(self._hex_clicked)
        left.addWidget(self.board, 1)
        codes = {sp.kind: sp.code for sp in load_setup().specials}
        self.legend = label(" \u00b7 ".join(f"{codes[k]} {_(SPECIAL_NAMES[k])}" for k in SPECIAL_KINDS), page)
        self.legend.setObjectName("companionKeys")
        left.addWidget(self.legend)
        row.addLayout(left, 3)
        side = QVBoxLayout()
        self.turn_label = label("", page, big=True)
        side.addWidget(self.turn_label)
        self.players_label = label("", page)
        self.players_label.setTextFormat(Qt.TextFormat.RichText)
        side.addWidget(self.players_label)
        side.addWidget(label(_("Tap what happened this turn:"), page))
        self.power_box = QComboBox(page)
        self.holder_box = QComboBox(page)
        self.power_button = QPushButton(_("Changed hands"), page)
        self.power_button.clicked.connect(self._power_changed)
        side.addWidget(self.power_box)
        power_row = QHBoxLayout()
        power_row.addWidget(self.holder_box, 1)
        power_row.addWidget(self.power_button)
        side.addLayout(power_row)
        self.lockdown_button = QPushButton(_("Activated Lockdown"), page)
        self.lockdown_button.clicked.connect(lambda: self.shell.act({"do": "lockdown"}))
        side.addWidget(self.lockdown_button)
        self.strip_box = QComboBox(page)
        self.strip_button = QPushButton(_("Neutralized it"), page)
        self.strip_button.clicked.connect(
            lambda: self.shell.act({"do": "neutralize", "kind": self.strip_box.currentData()}))
        strip_row = QHBoxLayout()
        strip_row.addWidget(self.strip_box, 1)
        strip_row.addWidget(self.strip_button)
        side.addLayout(strip_row)
        self.blocked_label = label("", page)
        side.addWidget(self.blocked_label)
        side.addStretch(1)
        for w in (self.power_box, self.holder_box, self.power_button, self.lockdown_button, self.strip_box,
                  self.strip_button):
            w.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Space stays "end the turn"
        row.addLayout(side, 2)
        self.pages.addWidget(page)
        self.play_page = page

    def _hex_clicked(self, name: str) -> None:
        s = self.session
        if s is None or s.stage != "play":
            return
        kind = "unblocked" if s.blocked_hexes().get(name) == s.seat else "blocked"
        self.shell.act({"do": kind, "hex": name})

    def _power_changed(self) -> None:
        self.shell.act({"do": "power", "kind": self.power_box.currentData(), "seat": self.holder_box.currentData()})

    def _show_play(self) -> None:
        s = self.session
        self.board.set_session(s)
        seat = s.seat
        self.turn_label.setText(_("{player}: turn {n} of 20").format(player=s.player_name(seat),
                                                                     n=s.turn_number(seat)))
        lines = []
        for p in range(3):
            powers = ", ".join(s.power_name(k) for k in s.powers_of(p)) or _("no powers")
            state = []
            if s.is_locked(p):
                state.append(_("immune until turn {n} begins").format(n=s.lock_until[p]))
            if s.skip_turn[p]:
                state.append(_("skips turn {n}").format(n=s.skip_turn[p]))
            if "lockdown" in s.powers_of(p) and s.turn_number(p) < s.lock_ready[p]:
                state.append(_("Lockdown again from turn {n}").format(n=s.lock_ready[p]))
            name = s.player_name(p)
            head = f"<b>{name}</b>" if p == seat else name
            colour = look(p).ink.name()
            line = _("{player}: {powers}").format(player=head, powers=powers)
            if state:
                line = _("{line} ({state})").format(line=line, state=_("; ").join(state))
            lines.append(f"<span style='color:{colour}'>\u2b22</span> {line}")
        for n, turn in s.skipped[-1:]:
            lines.append(_("{player} skipped turn {n} (Lockdown).").format(player=s.player_name(n), n=turn))
        self.players_label.setText("<br>".join(lines))
        current_power = self.power_box.currentData()
        self.power_box.clear()
        for kind in SPECIAL_KINDS:
            if kind not in s.stripped:
                self.power_box.addItem(s.power_name(kind), kind)
        index = self.power_box.findData(current_power)
        self.power_box.setCurrentIndex(max(0, index))
        self.holder_box.clear()
        for p in range(3):
            self.holder_box.addItem(_("now {player}'s").format(player=s.player_name(p)), p)
        self.holder_box.addItem(_("now nobody's"), -1)
        self.holder_box.setCurrentIndex(seat)
        self.lockdown_button.setEnabled(s.lockdown_ready(seat))
        self.strip_box.clear()
        has_neutralizer = "neutralizer" in s.powers_of(seat)
        for kind in SPECIAL_KINDS:
            if kind != "neutralizer" and kind not in s.stripped:
                self.strip_box.addItem(s.power_name(kind), kind)
        self.strip_box.setEnabled(has_neutralizer)
        self.strip_button.setEnabled(has_neutralizer)
        blocked = s.blocked_hexes()
        self.blocked_label.setText(
            _("Nobody may reclaim: {hexes}").format(hexes=", ".join(
                _("{hex} (until {player}'s next turn)").format(hex=h, player=s.player_name(p))
                for h, p in blocked.items())) if blocked else
            _("Click a hex the demolisher made neutral: nobody may reclaim it until this player's next turn."))

    # --- count ------------------------------------------------------------------------
    def _build_count(self) -> None:
        page = QWidget()
        grid = QGridLayout(page)
        grid.setColumnStretch(2, 1)
        grid.addWidget(label(_("Count the hexes"), page, big=True), 0, 0, 1, 3)
        self.count_boxes = []
        for p in range(3):
            grid.addWidget(label(_("Player {number}").format(number=p + 1), page), 1 + p, 0)
            box = number_box(0, 91, page)
            grid.addWidget(box, 1 + p, 1)
            self.count_boxes.append(box)
        self.count_button = QPushButton(_("Give the winner"), page)
        self.count_button.setObjectName("primary")
        self.count_button.clicked.connect(
            lambda: self.shell.act({"do": "count", "hexes": [b.value() for b in self.count_boxes]}))
        grid.addWidget(self.count_button, 4, 0, 1, 2)
        grid.setRowStretch(5, 1)
        self.pages.addWidget(page)
        self.count_page = page

    def _show_over(self) -> None:
        s = self.session
        old = self.over_page
        page = QWidget()
        box = QVBoxLayout(page)
        winners = s.winners()
        names = ", ".join(s.player_name(w) for w in winners)
        box.addWidget(label(_("{names} wins").format(names=names) if len(winners) == 1 else
                            _("A shared win: {names}").format(names=names), page, big=True))
        for p in range(3):
            box.addWidget(label(_("{player}: {n} hexes").format(player=s.player_name(p), n=s.hexes[p]), page))
        box.addWidget(label(_("Equal counts share the win."), page))
        box.addStretch(1)
        self.over_page = self.replace_page(old, page)

    # --- the shell's questions ------------------------------------------------------------
    def show_session(self, session: Any) -> None:
        self.session = session
        if session is None:
            self.pages.setCurrentWidget(self.setup_page)
        elif session.stage == "play":
            self._show_play()
            self.pages.setCurrentWidget(self.play_page)
        elif session.stage == "count":
            for b in self.count_boxes:
                b.setMaximum(len(session.geo))
            self.pages.setCurrentWidget(self.count_page)
        else:
            self._show_over()
            self.pages.setCurrentWidget(self.over_page)
        self.setFocus()

    def where(self) -> str:
        s = self.session
        if s is None:
            return ""
        return _("Seed {seed}").format(seed=s.seed)
