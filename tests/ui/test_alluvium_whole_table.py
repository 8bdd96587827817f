"""Alluvium's whole table in view (issue 24 item 1) and colours chosen at the
table (issue 25 item 5), with real mouse and key events: every sheet a card that
shows what the person looking last saw of it (their own included while a
neighbour draws on it), a click on a card's board shows it larger, nothing behind
the hand-over screen, the piece in hand drawn as its card and turned with R, the
board using a 1920 x 1080 window, and each seat's colour chosen by mouse in the
new-game dialog reaching the record and the table."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from reclaimdesk.games.alluvium.state import OTHERS
from reclaimdesk.ui.alluvium import TABLE
from reclaimdesk.ui.alluvium.model import EMPTY

from .helpers import click_button
from .test_alluvium_table import THREE_PEOPLE, VS_AI, play_by_mouse, wait_for_human


def open_page(qtbot, players, seed=3, options=None, size=(1024, 740)):
    page = TABLE.page_for_choice({"players": players, "seed": seed, "options": options or {}})
    qtbot.addWidget(page)
    page.resize(*size)
    page.controller.ai_pause_ms = 0
    page.show()
    qtbot.waitExposed(page)
    page.started()
    return page


def painted(scene) -> list[list[str]] | None:
    """The colour ids a sheet scene paints (None: no sheet shown)."""
    item = scene.sheet
    if not item.isVisible() or item.view is None:
        return None
    return item.view.squares


def squares_of(state, sheet) -> list[list[str]]:
    grid = state.geo.grid
    out = [[EMPTY] * state.size for _r in range(state.size)]
    for slot, mask in enumerate(sheet.colour_masks):
        for r, c in grid.cells_of(mask):
            out[r][c] = state.colour_of(slot)
    return out


def play_to_a_neighbours_sheet(qtbot, page, step=2):
    """Play by mouse until the person holds a neighbour's sheet at ``step``."""
    c = page.controller
    while not (c.state.phase == OTHERS and c.state.step >= step and c.viewer_acts()):
        wait_for_human(qtbot, page)
        if c.state.phase == OTHERS and c.state.step >= step and c.viewer_acts():
            break
        play_by_mouse(page, c.state.legal_actions()[0])


def test_every_sheet_is_a_card_showing_what_you_last_saw_and_a_click_enlarges_it(qtbot):
    page = open_page(qtbot, VS_AI)
    c = page.controller
    table = page.table
    play_to_a_neighbours_sheet(qtbot, page)
    state = c.state
    assert len(table.thumbs) == 4
    me = c.viewer
    held = state.held_by(me)
    assert held != me
    # your own sheet stays in view, as it was when it left you (nothing drawn since shows)
    own = table.thumbs[me]
    assert "your sheet" in own.title.text()
    assert painted(own.scene) == squares_of(state, state.sheet_as_seen(me, me))
    assert painted(own.scene) != squares_of(state, state.sheets[me])
    # the card of the sheet in hand is the sheet itself, outlined; it says where it goes next
    card = table.thumbs[held]
    assert painted(card.scene) == squares_of(state, state.sheets[held])
    assert "border" in card.styleSheet() and "border" not in own.styleSheet()
    nxt = state.next_holder(held)
    assert c.state.colour_name(nxt) in card.title.text()
    # a click on a card's board shows that sheet larger, as last seen
    viewport = own.board.viewport()
    QTest.mouseClick(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     QPoint(viewport.width() // 2, viewport.height() // 2))
    qtbot.waitUntil(lambda: table.enlarged is not None and table.enlarged.isVisible(), timeout=3000)
    big = table.enlarged
    assert painted(big.scene) == painted(own.scene)
    assert big.board.width() > 2 * own.board.width()
    assert "last saw" in big.caption.text()
    click_button(big.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Close))
    qtbot.waitUntil(lambda: table.enlarged is None, timeout=3000)
    # the next drawing: the card of the sheet it went on follows
    before = painted(card.scene)
    play_by_mouse(page, c.state.legal_actions()[0])
    assert painted(table.thumbs[held].scene) != before


def test_behind_the_hand_over_screen_no_card_shows_a_sheet(qtbot):
    page = open_page(qtbot, THREE_PEOPLE)
    c = page.controller
    click_button(page.table.panel.handover_button)
    for _ in range(2):
        play_by_mouse(page, c.state.legal_actions()[0])
    qtbot.waitUntil(lambda: c.awaiting is not None, timeout=3000)
    assert all(painted(card.scene) is None for card in page.table.thumbs)
    assert all("Checks" not in card.title.text() for card in page.table.thumbs)
    click_button(page.table.panel.handover_button)
    viewer = c.viewer
    assert painted(page.table.thumbs[viewer].scene) is not None


def test_the_piece_in_hand_is_drawn_as_its_card_and_turns_with_r(qtbot):
    page = open_page(qtbot, VS_AI)
    c = page.controller
    cards = page.table.panel.piece_cards
    qtbot.waitUntil(c.viewer_acts, timeout=5000)
    assert cards.isVisible()
    names = [name for _cells, _colour, name, _active in cards.cards]
    assert names == c.pieces() and len(names) == 2          # round 1: both cards, the one in hand outlined
    assert [active for *_rest, active in cards.cards] == [True, False]
    assert all(colour == c.state.colour_of(c.viewer) for _cells, colour, _n, _a in cards.cards)
    before = cards.cards[0][0]
    page.table.view.setFocus()
    QTest.keyClick(page.table.view, Qt.Key.Key_R)
    piece = c.state.piece(c.current_piece())
    turned = piece.orientations[piece.orientation_index(1, False)].cells
    assert cards.cards[0][0] == tuple(turned)
    if len(piece.orientations) > 1:
        assert cards.cards[0][0] != before
    QTest.keyClick(page.table.view, Qt.Key.Key_P)        # P (or Tab) switches the piece in hand
    assert [active for *_rest, active in cards.cards] == [False, True]
    # the log names the squares the piece covers
    action = next(a for a in c.state.legal_actions() if a.kind == "place" and a.piece == c.current_piece())
    play_by_mouse(page, action)
    covered = c.match.state_at(0).squares_text(action)
    assert covered in page.table.panel.log.item(page.table.panel.log.count() - 1).text().replace("\u200b", "")


def test_at_1920_the_board_and_the_cards_use_the_room(qtbot):
    page = open_page(qtbot, VS_AI, size=(1920, 1040))
    area = page.table.area
    qtbot.waitUntil(lambda: area.width() > 1400, timeout=3000)
    board = page.table.view.geometry()
    assert board.height() >= area.height() - 20                  # the sheet as tall as the room
    used = board.united(area.cards[0].geometry())
    for card in area.cards:
        used = used.united(card.geometry())
    assert used.width() >= 0.85 * area.width()                   # no wide empty margins
    assert all(card.board.width() >= 200 for card in area.cards)  # cards large enough to read
    assert all(area.rect().contains(card.geometry()) for card in area.cards)


def test_at_1024_every_card_fits_whole(qtbot):
    page = open_page(qtbot, [{"name": "You", "kind": "human"}] + [{"name": "Computer", "kind": "ai",
                                                                   "level": "random"}] * 4, size=(1024, 700))
    area = page.table.area
    assert len(area.cards) == 5
    for card in area.cards:
        assert area.rect().contains(card.geometry()), card.geometry()
        assert card.board.height() >= 90
        assert card.title.height() >= card.title.heightForWidth(card.title.width())


def pick(qtbot, box, colour: str) -> None:
    """Choose ``colour`` in a combo box with the mouse: open it, click the item."""
    QTest.mouseClick(box, Qt.MouseButton.LeftButton)
    view = box.view()
    qtbot.waitUntil(view.isVisible, timeout=3000)
    # a release sooner than a double click after the list opened is taken as the
    # end of the opening click and ignored: a person lets that much time go by
    QTest.qWait(QApplication.doubleClickInterval() + 50)
    index = box.model().index(box.findData(colour), 0)
    view.scrollTo(index)            # a long list (the companion's large type) is scrolled to the item first
    rect = view.visualRect(index)   # where the list has settled
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, rect.center())
    qtbot.waitUntil(lambda: not view.isVisible(), timeout=3000)
    assert box.currentData() == colour


def test_colours_are_chosen_by_mouse_in_the_new_game_dialog_and_reach_the_table(qtbot, data_dir):
    from PySide6.QtCore import QSettings

    from reclaimdesk.ui.alluvium.newgame import NewGameDialog

    settings = QSettings(str(data_dir / "settings.ini"), QSettings.Format.IniFormat)
    dialog = NewGameDialog(settings)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.count_combo.setCurrentIndex(dialog.count_combo.findData(3))
    assert dialog.virtual_box.isVisible()
    assert dialog.colours() == ["red", "brown", "blue", "yellow"]
    pick(qtbot, dialog.colour_boxes[0], "green")
    assert dialog.colours() == ["green", "brown", "blue", "yellow"]
    pick(qtbot, dialog.colour_boxes[1], "green")          # taken from seat 1: the two swap
    assert dialog.colours() == ["brown", "green", "blue", "yellow"]
    pick(qtbot, dialog.virtual_box, "red")
    assert dialog.colours() == ["brown", "green", "blue", "red"]
    pick(qtbot, dialog.virtual_box, "blue")               # the virtual player takes seat 3's: they swap
    assert dialog.colours() == ["brown", "green", "red", "blue"]
    assert "Green" in dialog.side_box.itemText(1)
    chosen = []
    dialog.chosen.connect(chosen.append)
    click_button(dialog.start_button)
    assert chosen and chosen[0]["options"] == {"colours": "brown,green,red,blue"}
    # remembered for the next dialog
    again = NewGameDialog(settings)
    qtbot.addWidget(again)
    assert [again.colour_boxes[s].currentData() for s in range(3)] == ["brown", "green", "red"]
    # the table plays those colours
    page = TABLE.page_for_choice({"players": [{"name": "You", "kind": "human"}] + [
        {"name": "Computer", "kind": "ai", "level": "random"}] * 2, "seed": 4, "options": chosen[0]["options"]})
    qtbot.addWidget(page)
    page.controller.ai_pause_ms = 0
    page.show()
    page.started()
    c = page.controller
    assert c.state.virtual_colour == "blue"
    assert "Brown" in page.table.thumbs[0].title.text()
    qtbot.waitUntil(c.viewer_acts, timeout=5000)
    assert all(colour == "brown" for _cells, colour, _n, _a in page.table.panel.piece_cards.cards)
    assert c.record().options == {"colours": "brown,green,red,blue"}
