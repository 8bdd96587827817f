"""File > Games played: every finished game in the library
(:mod:`reclaimdesk.core.library`), filtered (game, players, result, dates) and
sorted by any column, with Open, Review, Export the filled sheet and Delete; and a
Charts tab (the person's scores over time per game and map with the game's goals,
results against each AI level). No game is named here: the games come from the
registries."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QDate, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from reclaimdesk.core.game import all_games
from reclaimdesk.core.i18n import N_, _, date_cell, date_text, pgettext
from reclaimdesk.core.library import Entry, Library, results_by_level, score_series
from reclaimdesk.ui.common import data_dir
from reclaimdesk.ui.guard import guarded
from reclaimdesk.ui.library_chart import LevelChart, ScoreChart
from reclaimdesk.ui.plugin import table_for
from reclaimdesk.ui.text import level_word, shown_name

OUTCOME_WORDS = {
    "won": N_("Won"), "lost": N_("Lost"), "drawn": N_("Shared win"), "solo": N_("Solo score"),
    "people": N_("Between people"), "computers": N_("Computers only"),
}
FILTERED_OUTCOMES = ("won", "lost", "drawn", "solo", "people")
COLUMNS = (N_("Played"), N_("Game"), N_("Players"), N_("Result"), N_("Scores"), N_("Actions"))
NO_DATE = QDate(2000, 1, 1)
"""The date edits' lowest date, shown as "any"."""


def outcome_text(entry: Entry) -> str:
    """The Result column's words; a game played on from a review says so."""
    words = _(OUTCOME_WORDS.get(entry.outcome, entry.outcome))
    if entry.counts_for_bests:
        return words
    return _("{result} (played on)").format(result=words)


class SortItem(QTableWidgetItem):
    """A cell sorted by ``key`` (a number or text), not by the words it shows."""

    def __init__(self, text: str, key: Any) -> None:
        super().__init__(text)
        self.key = key

    def __lt__(self, other: QTableWidgetItem) -> bool:
        if isinstance(other, SortItem):
            return self.key < other.key
        return super().__lt__(other)


PLAYED_ON_INK = QColor(120, 120, 120)
"""The rows of games played on from a review (they count for no personal best)."""


def player_text(p: dict) -> str:
    name = shown_name(str(p.get("name", ""))) or _("You")
    if p.get("kind") == "ai":
        return _("{name} ({level})").format(name=name, level=level_word(str(p.get("level", ""))))
    return name


def scores_text(entry: Entry) -> str:
    return " · ".join(f"{s:g}" for s in entry.scores)


class LibraryDialog(QDialog):
    """The library of ``folder`` (default: the data folder). ``window``: the main
    window (its ``open_record`` opens a game; its ``review_record``, when it has
    one, reviews it: the Review button is hidden without it)."""

    def __init__(self, window: Any, settings: Any = None, folder: Any = None) -> None:
        super().__init__(window)
        self.window_ = window
        self.settings = settings
        self.setObjectName("libraryDialog")
        self.setWindowTitle(_("Games played"))
        from reclaimdesk.ui.played import open_library

        self.library: Library = open_library(folder if folder is not None else data_dir())
        self.specs = {s.id: s for s in sorted(all_games(), key=lambda s: s.order)}
        self.entries: list[Entry] = []
        self.question: QMessageBox | None = None
        self.export_dialog: Any = None
        self.tabs = QTabWidget()
        self.tabs.addTab(self._games_tab(), _("Games"))
        self.tabs.addTab(self._charts_tab(), _("Charts"))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        layout.addWidget(buttons)
        self.resize(900, 600)
        self.refresh()

    def _guard(self, slot: Any, what: str) -> Any:
        return guarded(slot, what)

    # --- the list ---------------------------------------------------------------------
    def _games_tab(self) -> QWidget:
        tab = QWidget()
        self.game_filter = QComboBox()
        self.game_filter.addItem(_("All games"), None)
        for gid, spec in self.specs.items():
            self.game_filter.addItem(_(spec.name), gid)
        self.players_filter = QComboBox()
        self.players_filter.addItem(_("Any number"), None)
        most = max((s.max_players for s in self.specs.values()), default=1)
        least = min((s.min_players for s in self.specs.values()), default=1)
        for n in range(least, most + 1):
            self.players_filter.addItem(str(n), n)
        self.result_filter = QComboBox()
        self.result_filter.addItem(_("Any result"), None)
        for key in FILTERED_OUTCOMES:
            self.result_filter.addItem(_(OUTCOME_WORDS[key]), key)
        self.since = self._date_edit(_("The first day shown (any: from the first game)"))
        self.until = self._date_edit(_("The last day shown (any: up to today)"))
        for combo in (self.game_filter, self.players_filter, self.result_filter):
            combo.currentIndexChanged.connect(self._guard(self.refresh, N_("show the games played")))
        for edit in (self.since, self.until):
            edit.dateChanged.connect(self._guard(self.refresh, N_("show the games played")))
        filters = QGridLayout()
        for col, (label, widget) in enumerate(((_("Game"), self.game_filter), (pgettext("a count of players", "Players"), self.players_filter),
                                               (_("Result"), self.result_filter), (_("From"), self.since),
                                               (_("To"), self.until))):
            caption = QLabel(label)
            caption.setBuddy(widget)
            filters.addWidget(caption, 0, col)
            filters.addWidget(widget, 1, col)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setObjectName("gamesPlayed")
        self.table.setHorizontalHeaderLabels([_(c) for c in COLUMNS])
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSortingEnabled(True)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        # every column as wide as its longest text (a long list of players was
        # elided in a stretched column): the table scrolls sideways instead
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.table.sortByColumn(0, Qt.SortOrder.DescendingOrder)
        self.table.itemSelectionChanged.connect(self._update_buttons)
        self.table.itemDoubleClicked.connect(self._guard(lambda *_a: self.open_selected(), N_("open the record")))
        self.count_label = QLabel()
        self.count_label.setObjectName("muted")
        self.open_button = QPushButton(_("&Open"))
        self.open_button.setToolTip(_("Open the game as File > Open does"))
        self.review_button = QPushButton(_("&Review"))
        self.review_button.setToolTip(_("Go through the game move by move"))
        self.export_button = QPushButton(_("&Export sheet..."))
        self.export_button.setToolTip(_("Print the filled sheet of this game"))
        self.delete_button = QPushButton(_("&Delete..."))
        self.delete_button.setToolTip(_("Remove the game from the list and delete its file"))
        self.open_button.clicked.connect(self._guard(self.open_selected, N_("open the record")))
        self.review_button.clicked.connect(self._guard(self.review_selected, N_("review the game")))
        self.export_button.clicked.connect(self._guard(self.export_selected, N_("export the PDF")))
        self.delete_button.clicked.connect(self._guard(self.delete_selected, N_("delete the game")))
        self.review_button.setVisible(callable(getattr(self.window_, "review_record", None)))
        row = QHBoxLayout()
        row.addWidget(self.count_label, 1)
        for b in (self.open_button, self.review_button, self.export_button, self.delete_button):
            row.addWidget(b)
        layout = QVBoxLayout(tab)
        layout.addLayout(filters)
        layout.addWidget(self.table, 1)
        layout.addLayout(row)
        return tab

    def _date_edit(self, tip: str) -> QDateEdit:
        edit = QDateEdit()
        edit.setCalendarPopup(True)
        edit.setDisplayFormat("yyyy-MM-dd")
        edit.setMinimumDate(NO_DATE)
        edit.setSpecialValueText(_("any"))
        edit.setDate(NO_DATE)
        edit.setToolTip(tip)
        return edit

    @staticmethod
    def _day(edit: QDateEdit) -> str | None:
        return None if edit.date() == NO_DATE else edit.date().toString("yyyy-MM-dd")

    def filters(self) -> dict[str, Any]:
        return {"game": self.game_filter.currentData(), "players": self.players_filter.currentData(),
                "outcome": self.result_filter.currentData(), "since": self._day(self.since),
                "until": self._day(self.until)}

    def refresh(self, *_args: Any) -> None:
        self.entries = self.library.games(**self.filters())
        table = self.table
        sort_column = table.horizontalHeader().sortIndicatorSection()
        sort_order = table.horizontalHeader().sortIndicatorOrder()
        table.setSortingEnabled(False)
        table.setRowCount(len(self.entries))
        for r, e in enumerate(self.entries):
            spec = self.specs.get(e.game)
            you = next((e.scores[s] for s in e.human_seats() if s < len(e.scores)), 0)
            cells = (
                SortItem(date_cell(e.played_at, with_time=True), (e.played_at, e.id)),
                SortItem(_(spec.name) if spec else e.game, (spec.order if spec else 999, e.game)),
                SortItem(", ".join(player_text(p) for p in e.players) or str(e.num_players),
                         (e.num_players, e.id)),
                SortItem(outcome_text(e), (e.outcome, e.id)),
                SortItem(scores_text(e), (you, e.id)),
                SortItem(str(e.length) if e.source == "record" else "-", (e.length, e.id)),
            )
            if not e.counts_for_bests:  # played on from a review: told apart at a glance
                for item in cells:  # (greyed, not italic: Japanese is never set in italics)
                    item.setForeground(PLAYED_ON_INK)
                    item.setToolTip(_("Played on from a review of another game: it counts for no personal best"))
            for c, item in enumerate(cells):
                item.setData(Qt.ItemDataRole.UserRole, e.id)
                table.setItem(r, c, item)
        table.setSortingEnabled(True)
        table.sortByColumn(sort_column, sort_order)
        total = self.library.count()
        self.count_label.setText(_("{shown} of {total} games shown").format(shown=len(self.entries), total=total))
        self._update_buttons()
        self._refresh_charts()

    def selected(self) -> Entry | None:
        rows = self.table.selectionModel().selectedRows() if self.table.selectionModel() else []
        if not rows:
            return None
        entry_id = self.table.item(rows[0].row(), 0).data(Qt.ItemDataRole.UserRole)
        return next((e for e in self.entries if e.id == entry_id), None)

    def _update_buttons(self) -> None:
        e = self.selected()
        playable = e is not None and e.replayable and table_for(e.game) is not None
        self.open_button.setEnabled(playable)
        self.review_button.setEnabled(playable)
        self.export_button.setEnabled(e is not None and e.replayable)
        self.delete_button.setEnabled(e is not None)
        why = ""
        if e is not None and not e.replayable:
            why = (_("A game scored at the table: no moves to open.") if e.source == "table"
                   else _("A best score kept by an earlier version: no record of its moves."))
        for b in (self.open_button, self.review_button, self.export_button):
            b.setStatusTip(why)
        self.count_label.setToolTip(why)

    # --- the commands -----------------------------------------------------------------
    def open_selected(self) -> None:
        e = self.selected()
        if e is None or not e.replayable:
            return
        if self.window_.open_record(e.path):
            self.accept()

    def review_selected(self) -> None:
        e = self.selected()
        review = getattr(self.window_, "review_record", None)
        if e is None or not e.replayable or not callable(review):
            return
        review(e.path)
        self.accept()

    def export_selected(self) -> None:
        """The Export dialog with the chosen game's state, its filled sheet chosen
        (the same dialog a game's page opens)."""
        from reclaimdesk.core.record import load_record
        from reclaimdesk.export.kit import find_kit
        from reclaimdesk.ui.export_dialog import GameSnapshot, open_export_dialog

        e = self.selected()
        if e is None or not e.replayable:
            return
        if find_kit(e.game) is None:
            self._say(_("This game has no print kit yet."))
            return
        record = load_record(e.path)
        state = record.replay()
        names = tuple(str(p.get("name", "")) for p in record.players)
        seat = next(iter(e.human_seats()), 0)
        self.export_dialog = open_export_dialog(
            self, self.settings, GameSnapshot(state, names, seat, e.game),
            on_saved=lambda path: self._say(_("Saved the PDF to {path}").format(path=path)))

    def delete_selected(self) -> None:
        """Ask first; Delete removes the entry and its file."""
        e = self.selected()
        if e is None:
            return
        spec = self.specs.get(e.game)
        name = _(spec.name) if spec else e.game
        text = _("Delete the game of {game} played on {when}?").format(game=name, when=date_text(e.played_at, with_time=True))
        detail = (_("Its file {file} is deleted too. This cannot be undone.").format(file=e.path.name)
                  if e.path is not None else _("This cannot be undone."))
        box = QMessageBox(QMessageBox.Icon.Question, _("Delete this game?"), text,
                          QMessageBox.StandardButton.Cancel, self)
        box.setInformativeText(detail)
        box.setObjectName("deleteQuestion")
        box.addButton(_("Delete"), QMessageBox.ButtonRole.DestructiveRole)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.setWindowModality(Qt.WindowModality.WindowModal)
        entry_id = e.id

        def answered(button: Any) -> None:
            if box.buttonRole(button) == QMessageBox.ButtonRole.DestructiveRole:
                self.library.delete(entry_id)
                self.refresh()
                self._say(_("Deleted the game."))

        box.buttonClicked.connect(self._guard(answered, N_("delete the game")))
        self.question = box
        box.open()

    def _say(self, text: str) -> None:
        self.count_label.setText(text)

    # --- the charts ---------------------------------------------------------------------
    def _charts_tab(self) -> QWidget:
        tab = QWidget()
        self.chart_game = QComboBox()
        for gid, spec in self.specs.items():
            self.chart_game.addItem(_(spec.name), gid)
        self.chart_choice = QComboBox()
        self.chart_choice_label = QLabel()
        self.chart_choice_label.setBuddy(self.chart_choice)
        self.chart_game.currentIndexChanged.connect(self._guard(self._chart_game_changed, N_("draw the charts")))
        self.chart_choice.currentIndexChanged.connect(self._guard(self._refresh_charts, N_("draw the charts")))
        form = QFormLayout()
        form.addRow(_("Game"), self.chart_game)
        form.addRow(self.chart_choice_label, self.chart_choice)
        self.score_chart = ScoreChart()
        self.level_chart = LevelChart()
        self.score_title = QLabel()
        self.score_title.setObjectName("heading")
        self.level_title = QLabel(_("Your results against each AI level"))
        self.level_title.setObjectName("heading")
        layout = QVBoxLayout(tab)
        layout.addLayout(form)
        layout.addWidget(self.score_title)
        layout.addWidget(self.score_chart, 3)
        layout.addWidget(self.level_title)
        layout.addWidget(self.level_chart, 2)
        self._chart_game_changed()
        return tab

    def _chart_game_changed(self, *_args: Any) -> None:
        """The game's own choice (its map), when its table has one, splits the scores."""
        gid = self.chart_game.currentData()
        table = table_for(gid) if gid else None
        choice = getattr(table, "card_choice", None)
        self.chart_choice.blockSignals(True)
        self.chart_choice.clear()
        if choice is not None:
            for value, label in choice.items:
                self.chart_choice.addItem(_(label), value)
        self.chart_choice.blockSignals(False)
        shown = choice is not None
        self.chart_choice.setVisible(shown)
        self.chart_choice_label.setVisible(shown)
        self.chart_choice_label.setText(_(choice.tip) if choice is not None else "")
        self._refresh_charts()

    def chart_data(self) -> tuple[list[tuple[str, float]], tuple[float, ...], dict[str, dict[str, int]]]:
        """What the charts show for the chosen game (and map)."""
        gid = self.chart_game.currentData()
        if gid is None:
            return [], (), {}
        entries = self.library.games(game=gid)
        table = table_for(gid)
        choice = getattr(table, "card_choice", None)
        option = choice.option if choice is not None and self.chart_choice.count() else None
        value = self.chart_choice.currentData() if option else None
        points = score_series(entries, option, value)
        chosen = [e for e in entries if option is None or e.options.get(option) == value]
        tiers = tuple(getattr(table, "score_tiers", lambda _o: ())({option: value} if option else {}) or ())
        return points, tiers, results_by_level(chosen)

    def _refresh_charts(self, *_args: Any) -> None:
        if not hasattr(self, "score_chart"):
            return
        points, tiers, levels = self.chart_data()
        self.score_title.setText(_("Your scores over time"))
        self.score_chart.set_data(points, tiers)
        self.level_chart.set_data(levels)
