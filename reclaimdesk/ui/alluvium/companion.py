"""Alluvium at the table: the companion's screen (the session is
:mod:`reclaimdesk.games.alluvium.companion`). The round and the direction card,
the virtual colour's card at three, the passing of the sheets, each round's score
helper (checks and largest group per colour, the largest rectangle), the colours'
ranking with its reasons and the running totals, then the final ranking."""

from __future__ import annotations

import secrets
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from reclaimdesk.core.i18n import _, ngettext, pgettext
from reclaimdesk.core.rng import Rng
from reclaimdesk.ui.alluvium.colours import ColourChooser
from reclaimdesk.ui.alluvium.model import colour_rgb
from reclaimdesk.ui.companion.widgets import SetupForm, ShapeView, label, number_box, scroll_area
from reclaimdesk.ui.companion.window import CompanionScreen, CompanionWindow


def swatch(colour: str, text: str) -> str:
    """``text`` after a square of the colour's ink (rich text)."""
    return f"<span style='color:{colour_rgb(colour)}'>\u25a0</span>\u00a0{text}"


class Screen(CompanionScreen):
    """Alluvium's companion screen (see the module)."""

    next_stages = ("own", "virtual", "pass")

    def __init__(self, shell: CompanionWindow) -> None:
        super().__init__(shell)
        self.session: Any = None
        self.entry_rows: list[dict[str, Any]] = []
        self._build_setup()
        self._build_round()
        self.entry_page = QWidget()
        self.pages.addWidget(self.entry_page)

    # --- setup ------------------------------------------------------------------------
    def _build_setup(self) -> None:
        page = SetupForm()
        self.players_box = page.add_field(pgettext("a count of players", "Players"), number_box(3, 5, page))
        self.chooser = page.add_field(_("Colours"), ColourChooser(page, columns=3), span=2, top=True)
        self.players_box.valueChanged.connect(self.chooser.set_count)
        self.chooser.set_count(self.players_box.value())
        page.add_note(_("Each player takes a sheet and the six cards of the colour they chose, shuffles "
                        "them and keeps them face down. The app keeps the direction card and, with "
                        "three players, the virtual player's own deck of the colour chosen for it."))
        self.start_button = page.add_start(_("Begin"), self.start)
        self.pages.addWidget(page)
        self.setup_page = page

    def start(self) -> None:
        self.shell.begin({"players": self.players_box.value(), "seed": Rng(secrets.randbits(64)).randrange(1 << 30),
                          "colours": self.chooser.option()})

    # --- the round ---------------------------------------------------------------------
    def _build_round(self) -> None:
        page = QWidget()
        row = QHBoxLayout(page)
        left = QVBoxLayout()
        self.round_title = label("", page, big=True)
        self.direction_label = label("", page, big=True)
        self.direction_label.setObjectName("direction")
        self.round_text = label("", page)
        self.shape = ShapeView(page)
        left.addWidget(self.round_title)
        left.addWidget(self.direction_label)
        left.addWidget(self.round_text)
        left.addWidget(self.shape, 1)
        row.addLayout(left, 3)
        self.totals = label("", page)
        self.totals.setTextFormat(Qt.TextFormat.RichText)
        self.totals.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        row.addWidget(scroll_area(self.totals, page), 2)
        self.pages.addWidget(page)
        self.round_page = page

    def _direction_text(self) -> str:
        s = self.session
        if s.step() > 0:
            return _("\u21bb Clockwise: pass your sheet to the player on your left")
        return _("\u21ba Counterclockwise: pass your sheet to the player on your right")

    def _show_round(self) -> None:
        s = self.session
        self.round_title.setText(_("Round {round} of {rounds}").format(round=s.round, rounds=s.rounds))
        self.direction_label.setText(self._direction_text())
        self.shape.set_shape(())
        if s.stage == "own":
            self.round_text.setText(
                _("Everyone turns up their own top card and draws its piece on their own sheet; this round "
                  "also the hand card, each piece on a start square.") if s.round == 1 else
                _("Everyone turns up their own top card and draws its piece on their own sheet."))
        elif s.stage == "virtual":
            card = s.virtual_card()
            self.round_text.setText(swatch(s.colour_id(s.virtual), _(
                "The virtual player's card: everyone draws this piece on their own sheet in {colour} "
                "({n} left).").format(colour=s.colour_name(s.virtual), n=s.virtual_cards_left())))
            self.shape.set_shape(s.piece_cells(card), colour_rgb(s.colour_id(s.virtual)))
        else:
            passes = s.players - 1
            self.round_text.setText(ngettext(
                "Pass the sheets {n} time. On each sheet you receive, draw your card's piece or fill one "
                "enclosed square; the sheets are home when the passing is done.",
                "Pass the sheets {n} times. On each sheet you receive, draw your card's piece or fill one "
                "enclosed square; the sheets are home when the passing is done.", passes).format(n=passes))
        self.totals.setText(self._totals_text())

    def _totals_text(self) -> str:
        s = self.session
        if not s.rounds_scored:
            return _("Running totals appear once a round is scored.")
        after = _("After round {round}").format(round=len(s.rounds_scored))
        lines = [f"<b>{after}</b>"]
        for seat in range(s.players):
            w, h = s.rounds_scored[-1][seat]["rect"]
            lines.append(swatch(s.colour_id(seat), _("{player}: {total} (area {area}: {w}\u00d7{h} this round; "
                                        "cooperation {coop} as the sheets stand)").format(
                player=s.player_name(seat), total=s.running_total(seat), area=sum(s.area(seat)), w=w, h=h,
                coop=s.cooperation(seat))))
        heading = _("The colours on each sheet")
        lines.append(f"<br><b>{heading}</b>")
        for owner in range(s.players):
            sheet = _("Sheet of the {player}").format(player=s.player_name(owner))
            lines.append(swatch(s.colour_id(owner), f"<b>{sheet}</b>"))
            lines += ["\u2003" + p.explanation() for p in s.ranking(owner)]
        return "<br>".join(lines)

    # --- the score helper ------------------------------------------------------------------
    def _show_entry(self) -> None:
        s = self.session
        old = self.entry_page
        page = QWidget()
        outer = QVBoxLayout(page)
        outer.setContentsMargins(0, 0, 0, 0)
        top = QHBoxLayout()
        top.addWidget(label(_("Score round {round}").format(round=s.round), page, big=True), 1)
        done = QPushButton(_("Score the round"), page)
        done.setObjectName("primary")
        done.clicked.connect(lambda: self.shell.act(self.entry_step()))
        top.addWidget(done)
        self.entry_button = done
        outer.addLayout(top)
        outer.addWidget(label(_("Per sheet and colour: its checks on the track and its largest group of squares; then the "
                                "sheet's largest rectangle of filled squares."), page))
        body = QWidget()
        px = int(self.property("typePx") or 20)
        body.setStyleSheet(f"font-size: {max(13, int(px * 0.8))}px;")  # a form of up to 5 x 6 numbers
        grid = QGridLayout(body)
        grid.setVerticalSpacing(2)
        grid.setHorizontalSpacing(6)
        colours = list(s.colours_in_play())
        sheet_head = _("Sheet")
        grid.addWidget(label(f"<b>{sheet_head}</b>", body), 0, 0)
        for i, colour in enumerate(colours):
            grid.addWidget(label(swatch(s.colour_id(colour), s.colour_name(colour)), body, wrap=False), 0, 2 + i,
                           Qt.AlignmentFlag.AlignHCenter)
        rect_col = 2 + len(colours)
        rect_head = _("Rectangle")
        grid.addWidget(label(f"<b>{rect_head}</b>", body, wrap=False), 0, rect_col, 1, 3,
                       Qt.AlignmentFlag.AlignHCenter)
        before = s.rounds_scored[-1] if s.rounds_scored else None
        self.entry_rows = []
        for owner in range(s.players):
            top_row, low_row = 1 + 2 * owner, 2 + 2 * owner
            grid.addWidget(label(swatch(s.colour_id(owner), s.colour_name(owner)), body, wrap=False), top_row, 0, 2, 1)
            grid.addWidget(label(_("Checks"), body, wrap=False), top_row, 1)
            grid.addWidget(label(_("Group"), body, wrap=False), low_row, 1)
            others = s.other_colours(owner)
            row: dict[str, Any] = {"checks": [], "groups": []}
            for i, colour in enumerate(colours):
                if colour not in others:
                    grid.addWidget(label("\u2014", body), top_row, 2 + i, 2, 1, Qt.AlignmentFlag.AlignHCenter)
                    continue
                k = others.index(colour)
                checks = number_box(0, 4 * s.size * s.size, body)
                group = number_box(0, s.size * s.size, body)
                checks.setMaximumWidth(int(px * 3.6))
                group.setMaximumWidth(int(px * 3.6))
                if before is not None:
                    checks.setValue(before[owner]["checks"][k])
                    group.setValue(before[owner]["groups"][k])
                grid.addWidget(checks, top_row, 2 + i)
                grid.addWidget(group, low_row, 2 + i)
                row["checks"].append(checks)
                row["groups"].append(group)
            row["width"] = number_box(0, s.size, body)
            row["height"] = number_box(0, s.size, body)
            row["width"].setMaximumWidth(int(px * 3.6))
            row["height"].setMaximumWidth(int(px * 3.6))
            if before is not None:
                row["width"].setValue(before[owner]["rect"][0])
                row["height"].setValue(before[owner]["rect"][1])
            grid.addWidget(row["width"], top_row, rect_col)
            grid.addWidget(label("\u00d7", body, wrap=False), top_row, rect_col + 1)
            grid.addWidget(row["height"], top_row, rect_col + 2)
            self.entry_rows.append(row)
        grid.setRowStretch(2 * s.players + 1, 1)
        grid.setColumnStretch(rect_col + 3, 1)
        outer.addWidget(scroll_area(body, page), 1)
        self.entry_page = self.replace_page(old, page)

    def entry_step(self) -> dict:
        return {"do": "score", "sheets": [
            {"checks": [b.value() for b in row["checks"]], "groups": [b.value() for b in row["groups"]],
             "rect": [row["width"].value(), row["height"].value()]} for row in self.entry_rows]}

    def _show_over(self) -> None:
        s = self.session
        old = self.entry_page
        page = QWidget()
        outer = QVBoxLayout(page)
        outer.setContentsMargins(0, 0, 0, 0)
        winners = s.winners()
        names = ", ".join(s.player_name(w) for w in winners)
        outer.addWidget(label(_("{names} wins").format(names=names) if len(winners) == 1 else
                              _("A shared win: {names}").format(names=names), page, big=True))
        body = QWidget()
        grid = QGridLayout(body)
        for col, text in enumerate((_("Place"), _("Player"), _("Area"), _("Cooperation"), _("Total"))):
            grid.addWidget(label(f"<b>{text}</b>", body, wrap=False), 0, col)
        scores = s.scores()
        coop = [s.cooperation(seat) for seat in range(s.players)]
        order = sorted(range(s.players), key=lambda seat: (-scores[seat], -coop[seat], seat))
        for row, seat in enumerate(order, 1):
            place = 1 + sum(1 for o in range(s.players) if (scores[o], coop[o]) > (scores[seat], coop[seat]))
            values = [str(place), swatch(s.colour_id(seat), s.player_name(seat)), str(sum(s.area(seat))), str(coop[seat]),
                      f"<b>{int(scores[seat])}</b>"]
            for col, text in enumerate(values):
                grid.addWidget(label(text, body, wrap=False), row, col)
        note = label(_("Equal totals: the most cooperation points wins; still equal, the win is shared."), body)
        grid.addWidget(note, s.players + 1, 0, 1, 5)
        reasons = label(self._totals_text(), body)
        grid.addWidget(reasons, s.players + 2, 0, 1, 5)
        grid.setRowStretch(s.players + 3, 1)
        outer.addWidget(scroll_area(body, page), 1)
        self.entry_page = self.replace_page(old, page)

    # --- the shell's questions --------------------------------------------------------------
    def show_session(self, session: Any) -> None:
        self.session = session
        if session is None:
            self.pages.setCurrentWidget(self.setup_page)
            return
        if session.stage == "score":
            self._show_entry()
            self.pages.setCurrentWidget(self.entry_page)
        elif session.stage == "over":
            self._show_over()
            self.pages.setCurrentWidget(self.entry_page)
        else:
            self._show_round()
            self.pages.setCurrentWidget(self.round_page)
        self.setFocus()

    def where(self) -> str:
        s = self.session
        if s is None:
            return ""
        who = ngettext("{n} player", "{n} players", s.players).format(n=s.players)
        if s.finished:
            return _("{who} \u00b7 the game is over").format(who=who)
        return _("{who} \u00b7 round {round} of {rounds}").format(who=who, round=s.round, rounds=s.rounds)
