"""Reclaim's table, one behaviour at a time: turning the ghost, telling why a
placement is refused, highlighting the squares that pay, the special action,
undo inside the turn only, and the window scaling the board."""

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from reclaimdesk.core.game import get_game
from reclaimdesk.games.reclaim.actions import ReclaimAction
from reclaimdesk.ui.reclaim import geometry as geo
from .helpers import start_solo

from .player import ViewPlayer

SEED = 4


@pytest.fixture
def page(qtbot, window):
    start_solo(window, "river", SEED)
    return window.page


def play_until(player, stop, level="easy"):
    """Play (through the view) with an AI's choices until ``stop(state)``."""
    brain = get_game("reclaim").agent(level, 3)
    c = player.controller
    while not stop(c.state):
        player.close_scoring()
        player.perform(brain.choose(c.state.clone()))


def test_rotate_with_r_wheel_and_right_click(page):
    player = ViewPlayer(page)
    c = page.controller
    # pick a starting card with four distinct rotations
    four = [cid for cid in c.state.setup_left if len(c.state.shape(cid).rotations()) == 4]
    if not four:
        pytest.skip("no asymmetric starting card for this seed")
    if c.selected_start != four[0]:
        player.key(Qt.Key.Key_1 if c.state.setup_left.index(four[0]) == 0 else Qt.Key.Key_2)
    player.hover_cell((4, 4))
    cells0 = c.ghost.cells
    player.key(Qt.Key.Key_R)
    assert c.rotation == 1 and c.ghost.cells != cells0
    assert page.table.scene.ghost.cells == c.ghost.cells
    player.key(Qt.Key.Key_R, Qt.KeyboardModifier.ShiftModifier)
    assert c.rotation == 0 and c.ghost.cells == cells0
    QTest.mouseClick(page.table.view.viewport(), Qt.MouseButton.RightButton, Qt.KeyboardModifier.NoModifier,
                     player.cell_pos((4, 4)))
    assert c.rotation == 1
    pos = QPointF(player.cell_pos((4, 4)))
    wheel = QWheelEvent(pos, page.table.view.viewport().mapToGlobal(pos), QPoint(0, 0), QPoint(0, -120),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase,
                        False)
    QApplication.sendEvent(page.table.view.viewport(), wheel)
    assert c.rotation == 2
    assert not c.state.history  # turning never acts


def test_illegal_placement_is_red_with_the_reason_in_the_status_bar(qtbot, window, page):
    player = ViewPlayer(page)
    c = page.controller
    corner = (0, 7)  # far from the centre castle during setup, and no castle within 5 squares
    player.hover_cell(corner)
    assert c.ghost is not None and not c.ghost.legal
    assert not page.table.scene.ghost.legal
    message = window.statusBar().currentMessage()
    assert "touch the centre castle" in message
    player.click_cell(corner)
    assert c.state.history == []
    assert "Cannot draw here" in window.statusBar().currentMessage()
    # over the castle itself: another reason
    player.hover_cell((6, 6))
    assert not c.ghost.legal and "castle" in window.statusBar().currentMessage()


def test_payment_highlights_and_clicks(qtbot, window, page):
    player = ViewPlayer(page)
    c = page.controller
    play_until(player, lambda s: s.phase == "pay" and any(a.kind == "pay" for a in s.legal_actions()))
    payable = {a.cell for a in c.state.legal_actions() if a.kind == "pay"}
    assert page.table.scene.highlights["pay"].cells == payable
    # a square outside every section: refused with the reason
    outside = next(cell for cell in [(r, col) for r in range(13) for col in range(13)]
                   if not any(cell in get_cells(m) for m in c.state.sheets[0].sections)
                   and c.state.map.at(cell).value != "castle")
    before = len(c.state.history)
    player.click_cell(outside)
    assert len(c.state.history) == before
    assert "section" in window.statusBar().currentMessage()
    target = sorted(payable)[0]
    unpaid = len(c.state.unpaid)
    player.click_cell(target)
    assert c.state.sheets[0].tri & (1 << (target[0] * 13 + target[1])) or c.state.sheets[0].terr
    assert len(c.state.unpaid) == unpaid - 1 or c.state.phase != "pay"
    assert target not in page.table.scene.highlights["pay"].cells


def get_cells(mask):
    from reclaimdesk.ui.reclaim.items import cells_of

    return cells_of(mask)


def test_pay_for_me_appears_only_when_one_way_exists(qtbot, window):
    start_solo(window, "river", 2)  # this deck soon leaves a single way to pay
    page = window.page
    player = ViewPlayer(page)
    c = page.controller
    seen_offer = False
    brain = get_game("reclaim").agent("easy", 3)
    while c.state.round < 9 and not c.over:
        player.close_scoring()
        unique = c.unique_payment()
        assert page.table.panel.autopay_button.isVisibleTo(page.table.panel) == (unique is not None)
        if unique:
            seen_offer = True
            player.click(page.table.panel.autopay_button)
            continue
        player.perform(brain.choose(c.state.clone()))
    assert seen_offer


def test_special_action_triangles(qtbot, window, page):
    player = ViewPlayer(page)
    c = page.controller
    play_until(player, lambda s: s.phase in ("pay", "place", "post") and "triangles" in s.special_options())
    panel = page.table.panel
    crossed = c.state.sheets[0].crossed
    entry = c.state.track.entries[8 - crossed]
    assert str(entry.points) in panel.special_text.text()
    assert panel.special_tri_button.accessibleName().startswith(str(entry.triangles))
    player.click(panel.special_tri_button)
    assert c.state.phase == "special-triangles"
    assert c.state.sheets[0].crossed == crossed + 1
    empty = set(page.table.scene.highlights["place"].cells)
    assert len(empty) >= entry.triangles
    for cell in sorted(empty)[:entry.triangles]:
        player.click_cell(cell)
    assert c.state.phase != "special-triangles"
    assert not panel.special_tri_button.isEnabled()
    assert "once per round" in panel.special_reason.text().lower()
    # the crossed-out number is struck on the sheet's track
    assert page.table.scene.track[8 - crossed].box.crossed


def test_special_action_shape_draws_the_small_shape(qtbot, window, page):
    player = ViewPlayer(page)
    c = page.controller
    play_until(player, lambda s: s.phase in ("pay", "place", "post") and "shape" in s.special_options())
    player.click(page.table.panel.special_shape_button)
    assert c.state.phase == "special-shape"
    shape_id = c.state.current_shape_id()
    assert shape_id.startswith("t")
    option = next(a for a in c.state.legal_actions())
    player.perform(option)
    assert c.state.phase in ("pay", "place", "post") or c.state.round > 0


def test_undo_and_redo_inside_the_turn_only(qtbot, window, page):
    player = ViewPlayer(page)
    c = page.controller
    play_until(player, lambda s: s.round >= 2 and s.phase == "pay"
               and any(a.kind == "pay" for a in s.legal_actions()))
    start = len(c.state.history)
    assert not c.can_undo() and not window.undo_action.isEnabled()
    QTest.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert len(c.state.history) == start
    pay = next(a for a in c.state.legal_actions() if a.kind == "pay")
    player.perform(pay)
    assert window.undo_action.isEnabled()
    key_before = c.state.state_key()
    QTest.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert len(c.state.history) == start
    assert window.redo_action.isEnabled()
    QTest.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert len(c.state.history) == start + 1 and c.state.state_key() == key_before
    # finish the round: the next card is revealed and nothing can be taken back
    round_no = c.state.round
    play_until(player, lambda s: s.round > round_no)
    assert not c.can_undo()
    history = list(c.state.history)
    QTest.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert c.state.history == history
    # the autosave follows undo too
    from reclaimdesk.core.record import load_record
    from reclaimdesk.ui.common import data_dir

    assert load_record(data_dir() / "autosave-reclaim.json").actions == [str(a) for a in history]


def test_the_board_fits_the_window_and_nothing_is_cut_off_at_1024x768(qtbot, window, page):
    window.resize(1024, 768)
    view = page.table.view

    def board_in_view():
        top_left = view.mapFromScene(QPointF(geo.SCENE[0], geo.SCENE[1]))
        bottom_right = view.mapFromScene(QPointF(geo.SCENE[0] + geo.SCENE[2], geo.SCENE[1] + geo.SCENE[3]))
        viewport = view.viewport().rect()
        assert viewport.contains(top_left) and viewport.contains(bottom_right - QPoint(1, 1))

    qtbot.waitUntil(board_in_view, timeout=10000)
    small_scale = view.transform().m11()
    window.resize(1500, 950)
    qtbot.waitUntil(lambda: view.transform().m11() > small_scale, timeout=10000)
    panel = page.table.panel
    for button in (panel.hint_button, panel.undo_button, panel.redo_button):
        assert button.isVisibleTo(window)


def test_hint_runs_in_a_worker_and_shows_a_ghost(qtbot, window, page):
    c = page.controller
    panel = page.table.panel
    QTest.mouseClick(panel.hint_button, Qt.MouseButton.LeftButton)
    assert c.busy and panel.busy.isVisibleTo(panel)
    qtbot.waitUntil(lambda: c.hint is not None, timeout=20000)
    assert not c.busy
    assert isinstance(c.hint, ReclaimAction) and c.state.why_illegal(c.hint) == ""
    kind, cells = c.hint_cells()
    assert kind == "shape" and cells
    assert "Hint" in window.statusBar().currentMessage()


def test_turn_keys_special_action_with_t(qtbot, window, page):
    player = ViewPlayer(page)
    c = page.controller
    play_until(player, lambda s: s.phase in ("pay", "place", "post") and "triangles" in s.special_options())
    QTest.keyClick(window, Qt.Key.Key_T)
    assert c.state.phase == "special-triangles"


def test_export_the_filled_sheet_as_pdf(qtbot, window, page, tmp_path):
    from reclaimdesk.ui.common import export_available

    if not export_available():
        pytest.skip("the print kit is not installed")
    assert window.export_action.isEnabled()
    player = ViewPlayer(page)
    play_until(player, lambda s: s.round >= 2)
    from reclaimdesk.export.kit import build_print_pdf
    from reclaimdesk.export.options import PrintOptions
    from reclaimdesk.ui.export_dialog import FILLED

    window.export_action.trigger()  # File > Export PDF: the dialog with this sheet chosen
    dialog = page.export_dialog
    assert dialog.what() == FILLED
    dialog.paper_box.setCurrentIndex(dialog.paper_box.findData("a4"))
    qtbot.waitUntil(lambda: dialog.ready, timeout=20_000)
    target = tmp_path / "sheet.pdf"
    assert dialog.save_to(target)
    from reclaimdesk.ui.text import shown_name

    names = tuple(shown_name(str(p.get("name", ""))) for p in page.controller.record().players)
    expected = build_print_pdf("reclaim", PrintOptions(paper="a4", seat=1, players=names), page.controller.state)
    assert target.read_bytes() == expected
