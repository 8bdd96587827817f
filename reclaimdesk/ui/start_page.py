"""The start page: one card per registered game (built from its spec and its
table), the list of unfinished games with Resume and Discard, and each game's
personal bests (those its table keeps).

Everything about a game comes from the registries: the name, player counts,
summary and credits from its :class:`~reclaimdesk.core.game.GameSpec`, the buttons
and the card's choice from its :class:`~reclaimdesk.ui.plugin.TablePlugin`. A game
registered without a table shows a "Table coming" badge.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from reclaimdesk.core.fields import Fields
from reclaimdesk.core.i18n import _
from reclaimdesk.ui.common import APP_NAME, icon_file, rules_file, start_icons
from reclaimdesk.ui.score_table import WrappedLabel

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from PySide6.QtCore import QRect


MAX_CARDS_IN_A_ROW = 5
"""More games than this take two rows (or more) of cards on the start page."""


class CardEntry(Fields):
    """A game as the start page shows it: its spec and its table (None: no table yet)."""

    spec: Any
    table: Any


WORD_JOINER = "\u2060"


NAME_POINTS = 13.0
"""The size of a game's name on its card; smaller when a word of it would not fit."""
SMALLEST_NAME_POINTS = 9.0


def unbroken_words(name: str) -> str:
    """A game's name that wraps only between words or after a "・", never inside
    a word: Qt may break Japanese between any two characters ("ザ・リクラメーショ|ン",
    "クレームコント|ロール"), so the letters of each word are held together with
    word joiners (the card makes its name smaller when a word is wider than it).

    >>> unbroken_words("ザ・リクラ") == "ザ・リ\u2060ク\u2060ラ"
    True
    >>> unbroken_words("クレーム") == "ク\u2060レ\u2060ー\u2060ム"
    True
    >>> unbroken_words("Claim Control")
    'Claim Control'
    """
    if name.isascii():
        return name
    out = []
    for before, ch in zip(name, name[1:]):
        out.append(before)
        if before not in " ・" and ch not in " ・":
            out.append(WORD_JOINER)
    return "".join(out) + name[-1:]


def name_words(name: str) -> list[str]:
    """The parts of a name a line may not break inside (split after spaces and "・")."""
    words, word = [], ""
    for ch in name:
        word += ch
        if ch in " ・":
            words.append(word.strip())
            word = ""
    if word:
        words.append(word)
    return [w for w in words if w]


class _PlacingLayout(QVBoxLayout):
    """A column that tells its widget the width each time it places the contents
    (the card fits its name there, not in a resizeEvent: the first event Qt hands
    to Python builds QEvent's 180 Python enums, a few ms of the start)."""

    def __init__(self, parent: QWidget, on_width: Callable[[int], None]) -> None:
        super().__init__(parent)
        self._on_width = on_width

    def setGeometry(self, rect: QRect) -> None:
        self._on_width(rect.width())
        super().setGeometry(rect)


class GameCard(QFrame):
    """One game: picture, name, players, summary, the card's choice (if the table
    declares one), a Resume button while an unfinished game is kept, the table's
    buttons, and a link to the rules (with the credits)."""

    actionRequested = Signal(str, str, object)
    """(game id, card action key, the card's choice value or None)"""
    resumeRequested = Signal(str)
    rulesRequested = Signal(str)

    def __init__(self, entry: CardEntry, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        spec, table = entry
        self.game_id: str = spec.id
        self.spec = spec
        self.table = table
        self.setObjectName("card")
        layout = _PlacingLayout(self, self._fit_name)
        layout.setContentsMargins(14, 14, 14, 14)
        layout.setSpacing(6)
        picture_name = f"game-{spec.id}.svg"
        if icon_file(picture_name).exists():
            picture = QLabel(self)
            picture.setPixmap(start_icons().pixmap(picture_name, 64, self.devicePixelRatioF()))
            picture.setFixedSize(64, 64)
            layout.addWidget(picture)
        # the name, the players and the summary in plain-text labels: rich text
        # costs a text document each and lays out about twice as slowly
        self.name = _(spec.name)
        self.name_points = NAME_POINTS
        words = QVBoxLayout()
        words.setSpacing(0)
        self.name_label = WrappedLabel(unbroken_words(self.name), self)
        self.name_label.setObjectName("cardName")  # 13 pt, semi-bold (the style sheet)
        self.name_label.setWordWrap(True)
        # (as narrow as the card: its longest word would otherwise set the card's
        # least width; _fit_name makes the name smaller instead)
        self.name_label.setMinimumWidth(40)
        players = QLabel(spec.players_text(), self)
        players.setObjectName("muted")
        self.text = text = WrappedLabel(_(spec.summary) if spec.summary else "", self)
        text.setObjectName("blurb")  # aligned top-left by the style sheet
        text.setWordWrap(True)
        text.setMinimumHeight(78)
        words.addWidget(self.name_label)
        words.addWidget(players)
        words.addSpacing(6)
        words.addWidget(text, 1)
        layout.addLayout(words, 1)
        self.choice_box: QComboBox | None = None
        self.resume_button = QPushButton(_("Resume"), self)
        self.resume_button.setObjectName("primary")
        self.resume_button.setToolTip(_("Go on with the unfinished game where it stopped"))
        self.resume_button.clicked.connect(lambda: self.resumeRequested.emit(self.game_id))
        self.resume_button.hide()
        self.buttons: dict[str, QPushButton] = {}
        self.playable = table is not None
        if table is not None:
            choice = table.card_choice
            if choice is not None:
                self.choice_box = QComboBox(self)
                for value, label in choice.items:
                    self.choice_box.addItem(_(label), value)
                self.choice_box.setToolTip(_(choice.tip))
                layout.addWidget(self.choice_box)
            layout.addWidget(self.resume_button)
            for action in table.card_actions:
                button = QPushButton(_(action.label), self)
                if action.primary:
                    button.setObjectName("primary")
                button.setToolTip(_(action.tip))
                button.clicked.connect(lambda _checked=False, key=action.key: self.actionRequested.emit(
                    self.game_id, key, self.choice_value()))
                layout.addWidget(button)
                self.buttons[action.key] = button
        else:
            badge = QLabel(_("Table coming"), self)
            badge.setObjectName("badge")
            layout.addWidget(badge)
            self.setToolTip(_("The rules of {game} are built; its table is not there yet").format(game=_(spec.name)))
        if rules_file(spec.id).exists():
            rules = QPushButton(_("Read the rules"), self)
            rules.setObjectName("link")
            rules.clicked.connect(lambda: self.rulesRequested.emit(self.game_id))
            row = QHBoxLayout()
            row.addWidget(rules)
            row.addStretch(1)
            layout.addLayout(row)

    def _fit_name(self, width: int) -> None:
        """The name as large as it can be up to 13 pt with no word of it wider than
        the card's column (``width``: inside the frame, with the margins), so that
        a word never breaks inside."""
        margins = self.layout().contentsMargins()
        room = width - margins.left() - margins.right() - 2
        if room <= 0:
            return
        # the label's own metrics (at its present size): making a QFont here would
        # build the font classes' Python enums, start-up time a bare window does not spend
        metrics = self.name_label.fontMetrics()
        widest = max((metrics.horizontalAdvance(w) for w in name_words(self.name)), default=0)
        widest = widest * NAME_POINTS / self.name_points  # as wide at 13 pt
        points = NAME_POINTS
        if widest > room:
            points = max(SMALLEST_NAME_POINTS, int(NAME_POINTS * room / widest * 2) / 2)
        if points != self.name_points:
            self.name_points = points
            self.name_label.setStyleSheet("" if points == NAME_POINTS else f"font-size: {points:g}pt;")

    def choice_value(self) -> Any:
        return self.choice_box.currentData() if self.choice_box is not None else None

    def set_choice(self, value: Any) -> None:
        if self.choice_box is not None:
            index = self.choice_box.findData(value)
            if index >= 0:
                self.choice_box.setCurrentIndex(index)

    def set_unfinished(self, unfinished: bool) -> None:
        """Say "Resume" (above the table's buttons) while an unfinished game of this
        one is kept."""
        self.resume_button.setVisible(unfinished and self.playable)

    def set_broken(self, reason: str) -> None:
        """The game's rules failed to load: the card stays, its buttons go grey."""
        for button in (*self.buttons.values(), self.resume_button):
            button.setEnabled(False)
        self.setToolTip(reason)


class ResumeRow(QFrame):
    """One unfinished game on the start page: what it is, Resume and Discard."""

    def __init__(self, game_id: str, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game_id = game_id
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.text = WrappedLabel(text, self)
        self.text.setWordWrap(True)
        row.addWidget(self.text, 1)
        self.resume_button = QPushButton(_("Resume"), self)
        self.resume_button.setObjectName("primary")
        self.discard_button = QPushButton(_("Discard it"), self)
        row.addWidget(self.resume_button)
        row.addWidget(self.discard_button)


class StartPage(QWidget):
    """The games, every unfinished game (Resume, Discard), and each game's
    personal bests."""

    actionRequested = Signal(str, str, object)
    resumeRequested = Signal(str)
    discardRequested = Signal(str)
    rulesRequested = Signal(str)

    def __init__(self, entries: Sequence[CardEntry], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("page")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        outer.addWidget(scroll)
        body = QWidget()
        scroll.setWidget(body)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(28, 22, 28, 22)
        layout.setSpacing(16)

        head = QHBoxLayout()
        logo = QLabel(body)
        logo.setPixmap(start_icons().pixmap("app.svg", 48, self.devicePixelRatioF()))
        head.addWidget(logo)
        titles = QVBoxLayout()
        title = QLabel(APP_NAME, body)
        title.setObjectName("title")
        subtitle = QLabel(_("Small games of reclaiming land. Pick one to play."), body)
        subtitle.setObjectName("subtitle")
        titles.addWidget(title)
        titles.addWidget(subtitle)
        head.addLayout(titles, 1)
        layout.addLayout(head)

        self.banner = QFrame(body)
        self.banner.setObjectName("banner")
        self.banner_rows = QVBoxLayout(self.banner)
        self.banner_rows.setContentsMargins(14, 8, 10, 8)
        self.resume_rows: dict[str, ResumeRow] = {}
        self.banner.hide()
        layout.addWidget(self.banner)

        self.cards_box = QWidget(body)
        self.cards_layout = QGridLayout(self.cards_box)
        self.cards_layout.setContentsMargins(0, 0, 0, 0)
        self.cards_layout.setSpacing(12)
        layout.addWidget(self.cards_box)
        self.cards: dict[str, GameCard] = {}
        # at most five cards a row, the rows as even as they can be (six games: two rows of three)
        rows = max(1, -(-len(entries) // MAX_CARDS_IN_A_ROW))
        per_row = max(1, -(-len(entries) // rows))
        for i, entry in enumerate(entries):
            card = GameCard(entry, self.cards_box)
            card.actionRequested.connect(self.actionRequested)
            card.resumeRequested.connect(self.resumeRequested)
            card.rulesRequested.connect(self.rulesRequested)
            self.cards[entry.spec.id] = card
            self.cards_layout.addWidget(card, i // per_row, i % per_row)
            self.cards_layout.setColumnStretch(i % per_row, 1)  # equal widths, however wide the window

        self.bests_box = QVBoxLayout()
        self.bests_box.setSpacing(8)
        layout.addLayout(self.bests_box)
        self.bests: dict[str, Any] = {}
        """Game id -> its personal-bests table (a ``ScoreTable``), in card order."""
        self.bests_notes: dict[str, QLabel] = {}
        self._bests_widgets: list[QWidget] = []
        layout.addStretch(1)

    def set_bests(self, tables: dict[str, Any]) -> None:
        """Each game's personal bests (game id -> :class:`~reclaimdesk.ui.plugin.BestsTable`,
        in card order), a heading with the game's name over each."""
        from reclaimdesk.ui.score_table import ScoreTable

        for widget in self._bests_widgets:
            widget.setParent(None)
            widget.deleteLater()
        self._bests_widgets.clear()
        self.bests.clear()
        self.bests_notes.clear()
        body = self.cards_box.parentWidget()
        for game_id, table in tables.items():
            card = self.cards.get(game_id)
            game = _(card.spec.name) if card is not None else game_id
            head = QWidget(body)
            row = QHBoxLayout(head)
            row.setContentsMargins(0, 8, 0, 0)
            heading = QLabel(_("{game}: {title}").format(game=game, title=table.title), head)
            heading.setObjectName("heading")
            row.addWidget(heading)
            row.addStretch(1)
            note = QLabel(table.note, head)
            note.setObjectName("muted")
            note.setVisible(bool(table.note))
            row.addWidget(note)
            grid = ScoreTable(body)
            grid.set_table(table)
            self.bests_box.addWidget(head)
            self.bests_box.addWidget(grid)
            self._bests_widgets += [head, grid]
            self.bests[game_id] = grid
            self.bests_notes[game_id] = note

    def set_unfinished(self, texts: dict[str, str]) -> None:
        """The unfinished games (game id -> the table's line about it), in card order."""
        for row in self.resume_rows.values():
            row.setParent(None)
            row.deleteLater()
        self.resume_rows.clear()
        for game_id in [g for g in self.cards if g in texts] + [g for g in texts if g not in self.cards]:
            row = ResumeRow(game_id, texts[game_id], self.banner)
            row.resume_button.clicked.connect(lambda _c=False, g=game_id: self.resumeRequested.emit(g))
            row.discard_button.clicked.connect(lambda _c=False, g=game_id: self.discardRequested.emit(g))
            self.banner_rows.addWidget(row)
            self.resume_rows[game_id] = row
        for game_id, card in self.cards.items():
            card.set_unfinished(game_id in texts)
        self.banner.setVisible(bool(texts))
