"""Reclaim at the table: the companion's screen (the session is
:mod:`reclaimdesk.games.reclaim.companion`). The setup (players, map, a new deck,
the deck of the day or a typed deck code), each player's two starting cards, the
round's two face-up cards with what to pay, the deck and the discard pile, then
the score helper at the half and at the end, and the totals."""

from __future__ import annotations

from datetime import date
from typing import Any

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from reclaimdesk.core.companion import CompanionError
from reclaimdesk.core.i18n import N_, _, ngettext, pgettext
from reclaimdesk.games.reclaim.components import ICON_WORDS, cards_by_id
from reclaimdesk.ui.companion.widgets import SetupForm, label as _label, number_box as _spin, scroll_area
from reclaimdesk.ui.companion.window import CompanionScreen, CompanionWindow
from reclaimdesk.ui.reclaim import geometry as g
from reclaimdesk.ui.reclaim.items import _paint_card
from reclaimdesk.ui.reclaim.model import CardFace

MAP_NAMES = {"river": N_("River (beginner)"), "lake": N_("Lake (advanced)")}


def card_face(card_id: str, caption: str = "", faded: bool = False) -> CardFace:
    card = cards_by_id()[card_id]
    return CardFace(card_id, tuple(card.shape.cells), tuple(i.value for i in card.cost), caption, faded=faded)


class CardView(QWidget):
    """One card drawn as the table's cards are, scaled to the room it has."""

    def __init__(self, parent: QWidget | None = None, smallest: int = 60) -> None:
        super().__init__(parent)
        self.face: CardFace | None = None
        self.smallest = smallest

    def set_face(self, face: CardFace | None) -> None:
        self.face = face
        self.setToolTip(face.id if face else "")
        self.update()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(int(g.CARD_W * 1.5), int(g.CARD_H * 1.5))

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(int(self.smallest * g.CARD_W / g.CARD_H), self.smallest)

    def paintEvent(self, _event: Any) -> None:  # noqa: N802 - Qt's name
        if self.face is None:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        scale = min(self.width() / (g.CARD_W + 8), self.height() / (g.CARD_H + 8))
        p.translate((self.width() - g.CARD_W * scale) / 2, (self.height() - g.CARD_H * scale) / 2)
        p.scale(scale, scale)
        _paint_card(p, QRectF(0, 0, g.CARD_W, g.CARD_H), self.face)
        p.end()


class Screen(CompanionScreen):
    """Reclaim's companion screen (see the module)."""

    next_stages = ("setup", "round")

    def __init__(self, shell: CompanionWindow) -> None:
        super().__init__(shell)
        self.session: Any = None
        self.preset_map = "river"
        self._build_setup()
        self._build_deal()
        self._build_round()
        self.entry_page = QWidget()
        self.pages.addWidget(self.entry_page)
        self.entry_rows: list[dict[str, Any]] = []

    def preset(self, setup: dict) -> None:
        self.preset_map = str(setup.get("options", {}).get("map") or setup.get("map") or "river")
        index = self.map_box.findData(self.preset_map)
        if index >= 0:
            self.map_box.setCurrentIndex(index)

    # --- the setup form -------------------------------------------------------------
    def _build_setup(self) -> None:
        page = SetupForm()
        self.players_box = page.add_field(pgettext("a count of players", "Players"), _spin(1, 6, page))
        self.players_box.setValue(3)
        self.map_box = page.add_field(_("Map"), QComboBox(page))
        for map_id, name in MAP_NAMES.items():
            self.map_box.addItem(_(name), map_id)
        self.deck_choice = QButtonGroup(page)
        self.new_deck = QRadioButton(_("A newly shuffled deck"), page)
        self.daily_deck = QRadioButton(_("The deck of the day (the same as the app's)"), page)
        self.code_deck = QRadioButton(_("The deck of a code from friends:"), page)
        self.new_deck.setChecked(True)
        for button in (self.new_deck, self.daily_deck, self.code_deck):
            self.deck_choice.addButton(button)
        self.code_edit = QLineEdit(page)
        self.code_edit.setMaxLength(12)
        self.code_edit.textEdited.connect(lambda _t: self.code_deck.setChecked(True))
        self.code_edit.returnPressed.connect(self.start)
        page.add_wide(self.new_deck)
        page.add_wide(self.daily_deck)
        page.add_wide(self.code_deck, beside=self.code_edit)
        self.start_button = page.add_start(_("Deal the cards"), self.start)
        self.pages.addWidget(page)
        self.setup_page = page

    def setup_choice(self) -> dict:
        """The setup the form describes (raises CompanionError for a bad code)."""
        from reclaimdesk.games.reclaim.companion import CODE_SEEDS, read_deck_code
        from reclaimdesk.core.rng import Rng
        import secrets

        setup: dict[str, Any] = {"players": self.players_box.value(), "map": self.map_box.currentData()}
        if self.daily_deck.isChecked():
            setup["day"] = date.today().isoformat()
        elif self.code_deck.isChecked():
            setup.update(read_deck_code(self.code_edit.text()))
        else:
            setup["seed"] = Rng(secrets.randbits(64)).randrange(CODE_SEEDS)
        return setup

    def start(self) -> None:
        try:
            setup = self.setup_choice()
        except CompanionError as exc:
            self.shell.say(str(exc))
            return
        self.shell.begin(setup)

    # --- the starting cards -------------------------------------------------------------
    def _build_deal(self) -> None:
        page = QWidget()
        box = QVBoxLayout(page)
        self.deal_title = _label("", page, big=True)
        self.deal_text = _label("", page)
        box.addWidget(self.deal_title)
        box.addWidget(self.deal_text)
        self.deal_grid = QGridLayout()
        box.addLayout(self.deal_grid, 1)
        self.pages.addWidget(page)
        self.deal_page = page
        self.deal_widgets: list[QWidget] = []

    def _show_deal(self, session: Any) -> None:
        for w in self.deal_widgets:
            w.setParent(None)
            w.deleteLater()
        self.deal_widgets = []
        self.deal_title.setText(_("Each player draws two starting shapes"))
        code = session.code()
        self.deal_text.setText(
            _("Take the {map} map. Each player draws both shapes dealt to them, each touching the centre "
              "castle.").format(map=_(MAP_NAMES[session.map_id]))
            + ("  " + _("Deck code: {code}").format(code=code) if code else ""))
        columns = 3 if session.players > 2 else session.players
        for seat in range(session.players):
            cell = QWidget(self.deal_page)
            inner = QVBoxLayout(cell)
            inner.setContentsMargins(4, 4, 4, 4)
            inner.addWidget(_label(session.player_name(seat), cell, wrap=False), 0, Qt.AlignmentFlag.AlignHCenter)
            row = QHBoxLayout()
            for card_id in session.start_cards(seat):
                view = CardView(cell, 50)
                view.set_face(card_face(card_id))
                row.addWidget(view)
            inner.addLayout(row, 1)
            self.deal_grid.addWidget(cell, seat // columns, seat % columns)
            self.deal_widgets.append(cell)

    # --- a round ---------------------------------------------------------------------------
    def _build_round(self) -> None:
        page = QWidget()
        row = QHBoxLayout(page)
        cards = QVBoxLayout()
        pair = QHBoxLayout()
        self.left_card = CardView(page, 140)
        self.right_card = CardView(page, 140)
        pair.addWidget(self.left_card, 3)
        pair.addWidget(self.right_card, 2)
        cards.addLayout(pair, 1)
        self.pay_label = _label("", page, big=True)
        cards.addWidget(self.pay_label)
        self.draw_label = _label("", page)
        cards.addWidget(self.draw_label)
        row.addLayout(cards, 3)
        side = QVBoxLayout()
        self.round_label = _label("", page, big=True)
        self.deck_label = _label("", page)
        self.code_label = _label("", page)
        self.code_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.discard_label = _label("", page)
        self.discard_card = CardView(page, 80)
        side.addWidget(self.round_label)
        side.addWidget(self.deck_label)
        side.addWidget(self.code_label)
        side.addWidget(self.discard_label)
        self.discard_card.setMaximumHeight(int(g.CARD_H * 1.6))
        side.addWidget(self.discard_card, 1)
        row.addLayout(side, 2)
        self.pages.addWidget(page)
        self.round_page = page

    def _show_round(self, session: Any) -> None:
        left, right = session.field()
        self.left_card.set_face(card_face(left, _("Draw this shape")))
        self.right_card.set_face(card_face(right))
        icons = " + ".join(_(ICON_WORDS[i]) for i in session.costs())
        self.pay_label.setText(_("Pay: {icons}").format(icons=icons))
        self.draw_label.setText(
            _("Pay with the left card's icons, then draw its shape.") if session.round <= 10 else
            _("Second half: pay the icons of both cards, then draw the left card's shape."))
        self.round_label.setText(_("Round {round} of 16").format(round=session.round))
        left_n = session.deck_left()
        self.deck_label.setText(ngettext("{n} card left in the deck", "{n} cards left in the deck",
                                         left_n).format(n=left_n))
        code = session.code()
        self.code_label.setText(_("Deck code: {code}").format(code=code) if code else "")
        pile = session.discard()
        self.discard_label.setText(ngettext("Discard pile: {n} card", "Discard pile: {n} cards",
                                            len(pile)).format(n=len(pile)))
        self.discard_card.set_face(card_face(pile[-1], faded=True) if pile else None)

    # --- the score helper ---------------------------------------------------------------------
    def _show_entry(self, session: Any, final: bool) -> None:
        old = self.entry_page
        page = QWidget()
        outer = QVBoxLayout(page)
        outer.setContentsMargins(0, 0, 0, 0)
        top = QHBoxLayout()
        top.addWidget(_label(_("Score the sheets") if final else _("Score the first half"), page, big=True), 1)
        done = QPushButton(_("Give the totals") if final else _("Score and turn up round 11"), page)
        done.setObjectName("primary")
        done.clicked.connect(lambda: self.shell.act(self.entry_step()))
        top.addWidget(done)
        self.entry_button = done
        outer.addLayout(top)
        outer.addWidget(_label(
            _("Per sheet: most castles linked by triangles, track numbers crossed out, the largest "
              "rectangle (none: no rectangle), X marks.") if final else
            _("Per sheet: most castles linked by triangles (not territory), track numbers crossed out."), page))
        body = QWidget()
        grid = QGridLayout(body)
        grid.setVerticalSpacing(2)
        heads = [_("Player"), _("Castles"), _("Crossed")]
        if final:
            heads += [_("Width"), _("Height"), _("X marks")]
        heads.append(_("Points"))
        for col, text in enumerate(heads):
            grid.addWidget(_label(f"<b>{text}</b>", body), 0, col)
        self.entry_rows = []
        before = session.first_half
        for seat in range(session.players):
            row: dict[str, Any] = {}
            grid.addWidget(_label(session.player_name(seat), body, wrap=False), seat + 1, 0)
            row["castles"] = _spin(0, session.castles_on_map, body)
            row["crossed"] = _spin(before["crossed"][seat] if final and before else 0, 9, body)
            widgets = [row["castles"], row["crossed"]]
            if final:
                row["width"] = _spin(0, 13, body, _("none"))
                row["height"] = _spin(0, 13, body, _("none"))
                row["xs"] = _spin(0, 169 - session.castles_on_map, body)
                widgets += [row["width"], row["height"], row["xs"]]
            row["points"] = _label("0", body, wrap=False)
            for col, w in enumerate(widgets, 1):
                grid.addWidget(w, seat + 1, col)
                w.valueChanged.connect(lambda _v, s=seat: self._preview(s))
            grid.addWidget(row["points"], seat + 1, len(widgets) + 1)
            self.entry_rows.append(row)
            self._preview(seat)
        grid.setRowStretch(session.players + 1, 1)
        outer.addWidget(scroll_area(body, page), 1)
        self.entry_page = self.replace_page(old, page)
        self.entry_final = final

    def _preview(self, seat: int) -> None:
        row = self.entry_rows[seat] if seat < len(self.entry_rows) else None
        if row is None or self.session is None:
            return
        points = self.session.half_points(row["castles"].value(), row["crossed"].value())
        if "width" in row:
            w, h = row["width"].value(), row["height"].value()
            points = self.session.second_half_points(row["castles"].value(), row["crossed"].value(),
                                                     [w, h] if w >= 2 and h >= 2 else None, row["xs"].value())
        row["points"].setText(str(points))

    def entry_step(self) -> dict:
        rows = self.entry_rows
        step: dict[str, Any] = {"do": "final" if self.entry_final else "half",
                                "castles": [r["castles"].value() for r in rows],
                                "crossed": [r["crossed"].value() for r in rows]}
        if self.entry_final:
            step["rectangles"] = [[r["width"].value(), r["height"].value()]
                                  if r["width"].value() or r["height"].value() else None for r in rows]
            step["xs"] = [r["xs"].value() for r in rows]
        return step

    def _show_results(self, session: Any) -> None:
        from reclaimdesk.ui.reclaim.endscreen import tier_sentence

        old = self.entry_page
        page = QWidget()
        outer = QVBoxLayout(page)
        winners = session.winners()
        names = [session.player_name(s) for s in winners]
        if session.players == 1:
            title = _("{total} points").format(total=session.results()[0]["total"])
        elif len(winners) == 1:
            title = _("{name} wins").format(name=names[0])
        else:
            title = _("A tie: {names}").format(names=", ".join(names))
        outer.addWidget(_label(title, page, big=True))
        grid = QGridLayout()
        grid.setHorizontalSpacing(24)
        heads = [_("Player"), _("First half"), _("Second half"), _("Rectangle"), _("X marks"), _("Total"), _("Tier")]
        for col, text in enumerate(heads):
            grid.addWidget(_label(f"<b>{text}</b>", page), 0, col)
        for seat, row in enumerate(session.results()):
            values = [session.player_name(seat), row["first_half"], row["second_half"], row["rectangle"],
                      row["x_penalty"], row["total"],
                      _("{tier}+").format(tier=row["tier"]) if row["tier"] else "\u2014"]
            for col, value in enumerate(values):
                text = f"<b>{value}</b>" if col == 5 and seat in winners else str(value)
                grid.addWidget(_label(text, page), seat + 1, col)
        outer.addLayout(grid)
        if session.players == 1:
            outer.addWidget(_label(tier_sentence(int(session.results()[0]["total"])), page))
        elif len(set(session.scores())) < session.players:
            outer.addWidget(_label(_("Equal totals are split by the fewest track numbers crossed out."), page))
        outer.addStretch(1)
        self.entry_page = self.replace_page(old, page)
        self.entry_final = True

    # --- the shell's questions -------------------------------------------------------------------
    def show_session(self, session: Any) -> None:
        self.session = session
        if session is None:
            self.pages.setCurrentWidget(self.setup_page)
            self.players_box.setFocus()
            return
        if session.stage == "setup":
            self._show_deal(session)
            self.pages.setCurrentWidget(self.deal_page)
        elif session.stage == "round":
            self._show_round(session)
            self.pages.setCurrentWidget(self.round_page)
        elif session.stage in ("half", "final"):
            self._show_entry(session, session.stage == "final")
            self.pages.setCurrentWidget(self.entry_page)
        else:
            self._show_results(session)
            self.pages.setCurrentWidget(self.entry_page)
        self.setFocus()

    def where(self) -> str:
        s = self.session
        if s is None:
            return ""
        who = ngettext("{n} player", "{n} players", s.players).format(n=s.players)
        if s.stage == "setup":
            return _("{who} \u00b7 setting up").format(who=who)
        if s.stage == "round":
            half = _("first half") if s.half() == 1 else _("second half")
            return _("{who} \u00b7 round {round} of 16 \u00b7 {half}").format(who=who, round=s.round, half=half)
        if s.stage == "over":
            return _("{who} \u00b7 the game is over").format(who=who)
        return _("{who} \u00b7 scoring").format(who=who)
