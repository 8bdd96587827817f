"""A whole solo game played through the window with the mouse and keyboard only,
checked against the engine's replay of the autosaved record; the personal-best
table keeps it across restarts."""

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLabel

from reclaimdesk.core.game import get_game
from reclaimdesk.core.record import load_record
from reclaimdesk.ui.reclaim.endscreen import EndScreen
from reclaimdesk.ui.scores import open_default

from .player import ViewPlayer


def start_solo_with_seed(qtbot, window, seed: int):
    """Ctrl+N, choose solo, type the deck number, press Start: all by keys and clicks."""
    QTest.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    dialog = window.dialog
    assert dialog is not None and dialog.isVisible()
    QTest.mouseClick(dialog.solo_radio, Qt.MouseButton.LeftButton)
    QTest.mouseClick(dialog.fixed_seed, Qt.MouseButton.LeftButton)
    dialog.seed_box.selectAll()
    QTest.keyClicks(dialog.seed_box, str(seed))
    QTest.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    page = window.page
    assert page is not None and page.controller.state.seed == seed
    return page


def test_a_whole_solo_game_through_the_view(qtbot, window, data_dir):
    page = start_solo_with_seed(qtbot, window, 20261121)
    player = ViewPlayer(page, keyboard_every=4)
    c = page.controller
    brain = get_game("reclaim").agent("easy", 5)   # decides; the view acts
    halves = []
    page.table.scoringDone.connect(halves.append)
    while not c.over:
        if player.close_scoring():
            continue
        action = brain.choose(c.state.clone())
        player.perform(action)
    assert player.close_scoring()  # the final scoring panel leads to the end screen
    assert halves == [1, 2]
    assert isinstance(page.currentWidget(), EndScreen)

    shown = int(c.state.scores()[0])
    saved = load_record(data_dir / "autosave-reclaim.json")
    replayed = saved.replay()
    assert replayed.is_terminal()
    assert replayed.scores() == [float(shown)]
    assert saved.result is not None and saved.result["scores"] == [float(shown)]
    assert f"Final score: {shown}" in page.end.findChild(QLabel, "title").text()

    from reclaimdesk.core.library import Library
    from reclaimdesk.ui.reclaim.bests import solo_bests

    bests = solo_bests(Library(data_dir))  # the library of played games keeps the bests
    assert [(b.seed, b.score, b.map) for b in bests] == [(20261121, shown, "river")]
    assert bests[0].id == page.score_row and Library(data_dir).get(page.score_row).path == page.archived


def test_personal_bests_persist_across_restarts(qtbot, data_dir):
    from reclaimdesk.ui.app import MainWindow

    table = open_default()
    table.add(map_id="river", seed=7, score=92, tier=90)
    table.add(map_id="lake", seed=8, score=101, tier=100, daily=True)
    table.add(map_id="river", seed=9, score=55, tier=None)

    w = MainWindow()
    qtbot.addWidget(w)
    w.show()
    w.refresh_start_page()
    rows = w.start_page.bests["reclaim"]
    assert rows.rowCount() == 3
    assert [rows.cells[i][1] for i in range(3)] == ["101", "92", "55"]
    assert rows.cells[0][2] == "100" and rows.cells[2][2] == "-"
    assert "(day)" in rows.cells[0][4] and "101" in rows.text() and "(day)" in rows.text()
    w.close()
    assert [r.score for r in open_default().best(map_id="river")] == [92, 55]


def test_table_play_with_ai_seats_thumbnails_and_the_variant_gift(qtbot, window):
    players = [{"name": "Ada", "kind": "human"}, {"name": "Bot", "kind": "ai", "level": "easy"},
               {"name": "Rnd", "kind": "ai", "level": "random"}]
    window.start_choice("reclaim", {"players": players, "seed": 8, "options": {"map": "river", "variant": True}})
    page = window.page
    c = page.controller
    table = page.table
    assert sorted(table.thumbs) == [0, 1, 2]
    player = ViewPlayer(page)
    brain = get_game("reclaim").agent("easy", 2)
    gave = False
    ai_turns = 0
    while c.state.round <= 11 and not c.over:
        player.close_scoring()
        if not c.human_turn():
            ai_turns += 1
            qtbot.waitUntil(lambda: c.human_turn() or c.over, timeout=20000)
            continue
        if c.state.phase == "gift":
            assert c.display_seat() == 1  # Ada writes on her left neighbour's sheet
            assert table.scene.highlights["gift"].cells
            gave = True
        player.perform(brain.choose(c.state.clone()))
    assert gave and ai_turns > 0
    assert all(s.kind == "ai" for s in c.seats[1:])
    # the thumbnails show each seat's own sheet
    for seat, card in table.thumbs.items():
        assert card.scene.current.sections == tuple(c.state.sheets[seat].sections)
