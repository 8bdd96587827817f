"""Issue 23, item 1: File > Games played with real clicks, every registered game's
finished game ending in the library, and the old bests moved in (the games come
from the registries; a game's own bests are read through its table's hook)."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel, QMessageBox

from reclaimdesk.core.agents import RandomAgent, play_game
from reclaimdesk.core.game import all_games, get_game
from reclaimdesk.core.library import Library
from reclaimdesk.core.record import GameRecord, save_record
from reclaimdesk.ui.library_dialog import PLAYED_ON_INK
from reclaimdesk.ui.plugin import tables

GAMES = sorted(tables())


def seats(n: int, ai: int, level: str = "easy") -> list[dict]:
    return ([{"name": "You", "kind": "human"}] * (n - ai)
            + [{"name": f"AI {i + 1}", "kind": "ai", "level": level} for i in range(ai)])


def filed(folder, spec, players, seed, created):
    state = spec.new_game(len(players), seed)
    play_game(state, [RandomAgent(seed + i) for i in range(len(players))])
    record = GameRecord.from_state(state, players)
    record.created = created
    (folder / "games").mkdir(exist_ok=True)
    path = folder / "games" / f"{spec.id}-{seed}.json"
    save_record(record, path)
    return record, path


@pytest.fixture
def stocked(data_dir):
    """Two finished games of every registered game in the data folder's games/."""
    for i, spec in enumerate(sorted(all_games(), key=lambda s: s.order)):
        n = max(2, spec.min_players)
        if spec.min_players <= n <= spec.max_players:
            filed(data_dir, spec, seats(n, n - 1, "hard"), 10 + i, f"2026-03-{10 + i:02d}T12:00:00+00:00")
        filed(data_dir, spec, seats(spec.min_players, spec.min_players - 1), 30 + i,
              f"2026-05-{10 + i:02d}T12:00:00+00:00")
    return data_dir


def open_dialog(window, qtbot):
    window.library_action.trigger()
    dialog = window.library_dialog
    qtbot.waitUntil(dialog.isVisible)
    return dialog


def shown_ids(dialog) -> list[int]:
    t = dialog.table
    return [t.item(r, 0).data(Qt.ItemDataRole.UserRole) for r in range(t.rowCount())]


def pick(qtbot, combo, data) -> None:
    """Choose an item of a combo box with the keyboard, as a person would."""
    combo.setFocus()
    target = combo.findData(data)
    assert target >= 0
    while combo.currentIndex() != target:
        QTest.keyClick(combo, Qt.Key.Key_Down if combo.currentIndex() < target else Qt.Key.Key_Up)


def click_row(qtbot, dialog, row: int) -> None:
    t = dialog.table
    rect = t.visualItemRect(t.item(row, 0))
    QTest.mouseClick(t.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def test_the_list_filters_and_sorts_with_clicks(qtbot, window, stocked):
    dialog = open_dialog(window, qtbot)
    lib = Library(stocked)
    everything = lib.games()
    assert len(everything) >= len(GAMES) + 1 and sorted(shown_ids(dialog)) == sorted(e.id for e in everything)
    game = GAMES[0]
    pick(qtbot, dialog.game_filter, game)
    assert sorted(shown_ids(dialog)) == sorted(e.id for e in lib.games(game=game)) and shown_ids(dialog)
    pick(qtbot, dialog.game_filter, None)
    pick(qtbot, dialog.players_filter, 2)
    assert sorted(shown_ids(dialog)) == sorted(e.id for e in everything if e.num_players == 2)
    pick(qtbot, dialog.players_filter, None)
    pick(qtbot, dialog.result_filter, "lost")
    assert sorted(shown_ids(dialog)) == sorted(e.id for e in everything if e.outcome == "lost")
    pick(qtbot, dialog.result_filter, None)
    dialog.since.setFocus()
    dialog.since.setDate(dialog.since.date().fromString("2026-05-01", "yyyy-MM-dd"))
    assert sorted(shown_ids(dialog)) == sorted(e.id for e in everything if e.day >= "2026-05-01")
    dialog.since.setDate(dialog.since.minimumDate())
    assert len(shown_ids(dialog)) == len(everything)
    # sorting: a click on the Actions header sorts by length, numerically; a second the other way
    header = dialog.table.horizontalHeader()
    at = QPoint(header.sectionViewportPosition(5) + header.sectionSize(5) // 2, header.height() // 2)
    QTest.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=at)
    lengths = [lib.get(i).length for i in shown_ids(dialog)]
    assert lengths in (sorted(lengths), sorted(lengths, reverse=True)) and len(set(lengths)) > 1
    QTest.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=at)
    again = [lib.get(i).length for i in shown_ids(dialog)]
    assert again in (sorted(lengths), sorted(lengths, reverse=True)) and again != lengths
    dialog.close()


def test_open_opens_the_record_as_file_open_does(qtbot, window, stocked):
    dialog = open_dialog(window, qtbot)
    click_row(qtbot, dialog, 0)
    entry = dialog.selected()
    assert entry is not None and dialog.open_button.isEnabled()
    QTest.mouseClick(dialog.open_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert window.page is not None and window.page.game_id == entry.game
    assert window.page.source == entry.path


def test_delete_asks_first_and_cancel_keeps_everything(qtbot, window, stocked):
    dialog = open_dialog(window, qtbot)
    before = shown_ids(dialog)
    click_row(qtbot, dialog, 0)
    entry = dialog.selected()
    QTest.mouseClick(dialog.delete_button, Qt.MouseButton.LeftButton)
    box = dialog.question
    qtbot.waitUntil(box.isVisible)
    assert entry.path.name in box.informativeText()
    QTest.mouseClick(box.button(QMessageBox.StandardButton.Cancel), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not box.isVisible())
    assert shown_ids(dialog) == before and entry.path.exists()
    click_row(qtbot, dialog, 0)
    QTest.mouseClick(dialog.delete_button, Qt.MouseButton.LeftButton)
    box = dialog.question
    qtbot.waitUntil(box.isVisible)
    delete = next(b for b in box.buttons() if box.buttonRole(b) == QMessageBox.ButtonRole.DestructiveRole)
    QTest.mouseClick(delete, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(shown_ids(dialog)) == len(before) - 1)
    assert entry.id not in shown_ids(dialog) and not entry.path.exists()
    with pytest.raises(KeyError):
        Library(stocked).get(entry.id)


def test_export_opens_the_export_dialog_with_that_games_state(qtbot, window, stocked):
    from reclaimdesk.export.kit import find_kit

    dialog = open_dialog(window, qtbot)
    rows = [r for r, i in enumerate(shown_ids(dialog)) if find_kit(Library(stocked).get(i).game) is not None]
    assert rows
    click_row(qtbot, dialog, rows[0])
    entry = dialog.selected()
    QTest.mouseClick(dialog.export_button, Qt.MouseButton.LeftButton)
    export = dialog.export_dialog
    qtbot.waitUntil(export.isVisible)
    from reclaimdesk.core.record import load_record

    expected = load_record(entry.path).replay()
    assert export.game.game == entry.game
    assert export.game.state.state_key() == expected.state_key()
    export.close()


def test_review_button_only_when_the_window_can_review(qtbot, window, stocked, monkeypatch):
    dialog = open_dialog(window, qtbot)
    assert dialog.review_button.isHidden() == (not callable(getattr(window, "review_record", None)))
    dialog.close()
    reviewed = []
    monkeypatch.setattr(type(window), "review_record", lambda self, path: reviewed.append(path), raising=False)
    dialog = open_dialog(window, qtbot)
    assert not dialog.review_button.isHidden()
    click_row(qtbot, dialog, 0)
    QTest.mouseClick(dialog.review_button, Qt.MouseButton.LeftButton)
    assert len(reviewed) == 1 and reviewed[0].exists() and not dialog.isVisible()


def test_charts_show_the_persons_scores_tiers_and_results_per_level(qtbot, window, stocked):
    dialog = open_dialog(window, qtbot)
    lib = Library(stocked)
    dialog.tabs.setCurrentIndex(1)
    for game_id in GAMES:
        pick(qtbot, dialog.chart_game, game_id)
        table = tables()[game_id]
        entries = lib.games(game=game_id)
        choice = table.card_choice
        if choice is not None:
            entries = [e for e in entries if e.options.get(choice.option) == dialog.chart_choice.currentData()]
        mine = sorted((e.played_at, max(e.scores[s] for s in e.human_seats())) for e in entries)
        assert dialog.score_chart.points == mine
        assert dialog.score_chart.tiers == tuple(table.score_tiers({}))
        played_hard = [e for e in entries if "hard" in e.ai_levels() and e.outcome in ("won", "lost", "drawn")]
        assert sum(dialog.level_chart.counts.get("hard", {}).values()) == len(played_hard)
        assert not dialog.score_chart.grab().isNull()
    assert any(tables()[g].score_tiers({}) for g in GAMES)  # some game names goals


@pytest.mark.parametrize("game_id", GAMES)
def test_a_finished_game_of_every_game_ends_up_in_the_library(qtbot, window, game_id, data_dir):
    spec = get_game(game_id)
    players = [{"name": f"Player {i + 1}", "kind": "human"} for i in range(spec.min_players)]
    window.start_choice(game_id, {"players": players, "seed": 5, "options": {}})
    page = window.page
    controller = page.controller
    agent = RandomAgent(5)
    steps = 0
    while not controller.state.is_terminal() and steps < 3000:
        controller._apply(agent.choose(controller.state))
        steps += 1
    qtbot.waitUntil(lambda: page.library_id is not None)
    entry = Library(data_dir).get(page.library_id)
    assert entry.game == game_id and entry.path == page.archived and entry.path.exists()
    assert entry.length == len(controller.record().actions) == steps
    assert list(entry.scores) == pytest.approx(list(controller.state.scores()))
    window.back_to_start()


def test_old_alluvium_style_bests_file_is_migrated_nothing_lost(qtbot, data_dir):
    """A game's bests file of an earlier version (found through its table's hook,
    whichever game keeps one) moves into the library: every row an entry, the
    start page's table unchanged, the old file kept renamed."""
    from reclaimdesk.ui.main_window import MainWindow

    old = {"3": [{"name": "Ada", "score": 88, "seed": 4, "date": "2026-01-03"},
                 {"name": "Bo", "score": 88, "seed": 5, "date": "2026-01-04"},
                 {"name": "Cy", "score": 60, "seed": 6, "date": "2026-01-05"}],
           "5": [{"name": "Ada", "score": 120, "seed": 9, "date": "2026-02-01"}]}
    bests_files = []
    for game_id in GAMES:
        path = data_dir / f"bests-{game_id}.json"
        path.write_text(json.dumps(old), encoding="utf-8")
        bests_files.append(path)
    w = MainWindow()
    qtbot.addWidget(w)
    w.show()
    w.finish_start_page()
    with_file = [p for p in bests_files if not p.exists()]
    assert with_file, "some game migrates a bests file"
    for path in with_file:
        game_id = path.name[len("bests-"):-len(".json")]
        assert path.with_name(path.name + ".before-library").exists()
        lib = Library(data_dir)
        got = sorted((e.num_players, e.players[0]["name"], e.scores[0], e.seed, e.day) for e in lib.games(game=game_id))
        want = sorted((int(n), r["name"], r["score"], r["seed"], r["date"]) for n, rows in old.items() for r in rows)
        assert got == want
        table = w.start_page.bests[game_id]
        assert table.cells == (("3", "1", "88", "Ada", "4", "2026-01-03"), ("3", "2", "88", "Bo", "5", "2026-01-04"),
                               ("3", "3", "60", "Cy", "6", "2026-01-05"), ("5", "1", "120", "Ada", "9", "2026-02-01"))
    # once only: a second start changes nothing
    count = Library(data_dir).count()
    w.finish_start_page()
    assert Library(data_dir).count() == count
    w.close()


def test_old_solo_bests_in_the_scores_table_move_in_and_meet_their_records(qtbot, data_dir):
    """Rows of the database's old ``scores`` table (a game's solo bests, read by its
    table's hook): one whose record lies in games/ marks that record's entry, the
    others become entries; the start page shows the same rows as before."""
    from reclaimdesk.ui.main_window import MainWindow
    from reclaimdesk.ui.scores import PersonalBests

    solo = [g for g in GAMES if get_game(g).min_players == 1]
    assert solo
    game_id = solo[0]
    spec = get_game(game_id)
    record, path = filed(data_dir, spec, seats(1, 0), 77, "2026-04-02T09:00:00+00:00")
    from reclaimdesk.core.library import local_time

    old = PersonalBests(data_dir / "scores.sqlite3")
    options = record.options
    day_of_record = local_time(record.created)
    kept = old.add(map_id=str(options.get("map", "")), seed=77, score=int(record.result["scores"][0]),
                   tier=record.result.get("tier"), daily=True, played_at=__import__("datetime").datetime.fromisoformat(
                       day_of_record[:10] + " 09:30:00"))
    old.add(map_id="lake", seed=8, score=101, tier=100)
    old.add(map_id="river", seed=9, score=55, tier=None)
    w = MainWindow()
    qtbot.addWidget(w)
    w.show()
    w.finish_start_page()
    lib = Library(data_dir)
    entries = lib.games(game=game_id)
    migrated = [e for e in entries if e.source == "imported"]
    assert sorted(e.scores[0] for e in migrated) == [55, 101]
    matched = next(e for e in entries if e.source == "record")
    assert matched.path == path and matched.extra == {"daily": True, "bests_row": kept}
    assert len(entries) == 3
    if game_id in w.start_page.bests:
        cells = w.start_page.bests[game_id].cells
        assert sorted(int(r[1]) for r in cells) == sorted([55, 101, int(record.result["scores"][0])])
    w.close()


def test_role_names_show_in_the_language_of_the_moment(qtbot, window, stocked):
    """A seat kept as the role "You" reads あなた in Japanese in Games played, in
    its delete question's date, and in every game's personal bests (Alluvium's
    once showed "You" in a Japanese start page)."""
    from reclaimdesk.core.i18n import using_language
    from reclaimdesk.ui.i18n import apply_language

    apply_language("ja", QApplication.instance())
    try:
        dialog = open_dialog(window, qtbot)
        t = dialog.table
        players = [t.item(r, c).text() for r in range(t.rowCount()) for c in range(t.columnCount())
                   if t.item(r, c) is not None]
        assert any("あなた" in text for text in players)
        assert not any(text == "You" or text.startswith("You ") or "You," in text for text in players)
        # the filter on the number of players is headed 人数; the column of names プレイヤー
        buddies = {label.buddy(): label.text() for label in dialog.findChildren(QLabel) if label.buddy()}
        assert buddies[dialog.players_filter] == "人数"
        assert t.horizontalHeaderItem(2).text() == "プレイヤー"
        dialog.close()
        with using_language("ja"):
            for gid in GAMES:
                table = tables()[gid].personal_bests(stocked, 10)
                cells = [cell for row in (table.rows if table else ()) for cell in row]
                assert "You" not in cells, (gid, cells)
    finally:
        apply_language("en", QApplication.instance())


def test_a_game_played_on_from_a_review_is_told_apart_in_the_list(qtbot, window, data_dir):
    """"Play on from here" counts for no personal best: its row says so (Result),
    is greyed (not italic: Japanese is never set in italics) and explains it in a tooltip; an ordinary game's row does not."""
    spec = get_game(GAMES[0])
    players = seats(spec.min_players, spec.min_players - 1)
    plain, _ = filed(data_dir, spec, players, 5, "2026-04-01T12:00:00+00:00")
    state = spec.new_game(len(players), 6)
    play_game(state, [RandomAgent(6 + i) for i in range(len(players))])
    record = GameRecord.from_state(state, players)
    record.created, record.played_on_from = "2026-04-02T12:00:00+00:00", 3
    save_record(record, data_dir / "games" / f"{spec.id}-played-on.json")
    dialog = open_dialog(window, qtbot)
    t = dialog.table
    rows = {Library(data_dir).get(t.item(r, 0).data(Qt.ItemDataRole.UserRole)).counts_for_bests: r
            for r in range(t.rowCount())}
    assert set(rows) == {True, False}
    on, off = rows[False], rows[True]
    assert t.item(on, 3).text().endswith("(played on)") and not t.item(on, 0).font().italic()
    assert t.item(on, 0).foreground().color() == PLAYED_ON_INK
    assert "no personal best" in t.item(on, 0).toolTip()
    assert not t.item(off, 3).text().endswith("(played on)")
    assert t.item(off, 0).foreground().color() != PLAYED_ON_INK
    assert not t.item(off, 0).toolTip()
    dialog.close()
