"""Reclamation Wars' table, one behaviour at a time, played through the view:
what the board shows, hovering that says what a click would do (or why not),
reclaiming, a demolisher turn, Void Maker, Special Neutralizer and Lockdown from
the panel, following the AI's turns, take back, hot seat, and the end screen."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from reclaimdesk.core.game import get_game
from reclaimdesk.core.hexgrid import Hex
from reclaimdesk.core.record import GameRecord
from reclaimdesk.games.reclamation_wars.actions import WarsAction

from .helpers import click_button, send_mouse_move

YOU_RED = [{"name": "You", "kind": "human"}, {"name": "Computer", "kind": "ai", "level": "easy"},
           {"name": "Computer", "kind": "ai", "level": "easy"}]
THREE = [{"name": "Ann", "kind": "human"}, {"name": "Bo", "kind": "human"}, {"name": "Cy", "kind": "human"}]
NEAR_RED = "void 3,0; neutralizer 3,1; lockdown 4,-1; super 0,0; fortified -1,2; longrange 1,-2"
"""A fixed layout with three powers next to Red's start (4,0), to reach them in a turn."""


class Hand:
    """Plays through the window like a person: moves the pointer over hexes and
    clicks them on the view; reads the controller only to check what happened."""

    def __init__(self, page) -> None:
        self.page = page
        self.view = page.table.view
        self.c = page.controller

    def pos(self, h: Hex) -> QPointF:
        return self.view.view_pos_of_hex(h)

    def hover(self, h: Hex) -> None:
        send_mouse_move(self.view.viewport(), self.pos(h))

    def click(self, h: Hex, shift: bool = False) -> None:
        mod = Qt.KeyboardModifier.ShiftModifier if shift else Qt.KeyboardModifier.NoModifier
        QTest.mouseClick(self.view.viewport(), Qt.MouseButton.LeftButton, mod, self.pos(h).toPoint())

    def play(self, action: WarsAction) -> None:
        """Do ``action`` through the panel and the board, as a person would."""
        c, p = self.c, self.page.table.panel
        before = len(c.state.history)
        if action.kind == "lockdown":
            click_button(p.lockdown_button)
        elif action.kind == "end":
            click_button(p.end_button)
        else:
            if action.kind == "void":
                click_button(p.void_button)
            elif action.kind == "neutralize":
                click_button(p.neutralize_button)
            shift = c.click_action(action.hex) != action
            self.hover(action.hex)
            assert self.page.table.scene.hover.hover.ok, c.why_not(action.hex)
            self.click(action.hex, shift=shift)
        after = c.state.history
        assert len(after) == before + 1 and after[before] == action, (
            f"the view did not play {action}: {c.state.why_illegal(action)}")


def status_text(window) -> str:
    return window.statusBar().currentMessage()


def open_game(window, players, actions=(), seed=7, options=None):
    state = get_game("reclamation-wars").new_game(3, seed, options)
    for text in actions:
        state.apply_text(text)
    record = GameRecord.from_state(state, players)
    from reclaimdesk.ui.reclamation_wars import TABLE

    page = TABLE.page_from_record(record, window.settings)
    page.controller.ai_pause_ms = 0
    window._show_page(page)
    return page


@pytest.fixture
def page(qtbot, window):
    return open_game(window, YOU_RED)


def test_the_board_shows_starts_specials_and_demolishers(page):
    scene = page.table.scene
    state = page.controller.state
    hexes = {v.hex: v for v in scene.board.hexes}
    assert len(hexes) == 61
    for seat, i in enumerate(state.geo.starts):
        h = state.geo.hexes[i]
        assert hexes[h].owner == seat and hexes[h].start == seat
    assert {v.special for v in hexes.values() if v.special} == set(state.special_hexes().values())
    assert [(d.seat, d.hex) for d in scene.demolishers.pieces] == [
        (s, state.geo.hexes[state.geo.starts[s]]) for s in range(3)]
    # the ringed hexes are exactly where a click does something
    legal = {a.hex for a in state.legal_actions() if a.hex is not None}
    assert set(scene.highlights["target"].hexes) == legal


def test_hovering_says_what_a_click_would_do_or_why_not(qtbot, page, window):
    hand = Hand(page)
    c = page.controller
    target = next(a.hex for a in c.state.legal_actions() if a.kind == "reclaim")
    hand.hover(target)
    hover = page.table.scene.hover.hover
    assert hover.hex == target and hover.ok and hover.label == "Reclaim"
    assert f"Click: Reclaim {c.state.geo.label(target)}" in status_text(window)
    hand.hover((0, 0))                          # the centre: far from Red's corner
    hover = page.table.scene.hover.hover
    assert hover.hex == (0, 0) and not hover.ok and hover.label == "Not allowed"
    assert "is not next to your territory" in status_text(window)
    # a refused click changes nothing and says why again
    hand.click((0, 0))
    assert c.state.history == [] and "is not next to your territory" in status_text(window)


def test_a_reclaim_then_the_two_ai_turns_are_shown(qtbot, page, window):
    hand = Hand(page)
    c = page.controller
    target = next(a.hex for a in c.state.legal_actions() if a.kind == "reclaim")
    hand.click(target)
    assert c.state.owner_of(target) == 0
    qtbot.waitUntil(c.human_turn, timeout=20000)
    assert len(c.state.turns) == 3
    # the panel shows what Blue and Yellow did; the board marks it
    texts = [lab.text() for lab in page.table.panel.last_labels]
    assert "Blue" in texts[0] and "Yellow" in texts[1]
    trails = page.table.scene.trails.trails
    assert {t.seat for t in trails} == {1, 2}
    for t in trails:
        entry = c.state.last_turn(t.seat)
        changed = {e.action.hex for e in entry.events if e.action.hex is not None and e.action.kind != "step"}
        assert set(t.hexes) == changed
    counts = [page.table.panel.seat_counts[s].text() for s in range(3)]
    assert counts == [str(n) for n in c.state.counts()]
    assert page.table.panel.log.count() == 3


def test_a_demolisher_turn_step_demolish_and_the_moves_left(qtbot, window):
    # Red takes two hexes towards Blue's corner, then walks its demolisher
    page = open_game(window, THREE, seed=3)
    c = page.controller
    hand = Hand(page)
    panel = page.table.panel
    start = c.state.demolisher_hex(0)
    own = next(a.hex for a in c.state.legal_actions() if a.kind == "reclaim")
    hand.play(WarsAction("reclaim", own))
    for _ in range(2):                          # Blue and Yellow reclaim something
        hand.play(next(a for a in c.state.legal_actions() if a.kind == "reclaim"))
    hand.hover(own)
    assert page.table.scene.hover.hover.label == "Step"
    hand.play(WarsAction("step", own))
    assert c.state.demolisher_hex(0) == own and c.state.current_player == 0
    assert "1 of 2 made" in panel.moves_label.text() and panel.end_button.isVisible()
    assert page.table.scene.highlights["selected"].hexes == (own,)
    hand.play(WarsAction("end"))
    assert c.state.current_player == 1 and not panel.end_button.isVisible()
    # Blue's view of the board now shows Red's path as an arrow from its start
    red = next(t for t in page.table.scene.trails.trails if t.seat == 0)
    assert red.path == (start, own)


def test_void_neutralise_and_lockdown_from_the_panel(qtbot, window):
    page = open_game(window, THREE, seed=5, options={"layout": NEAR_RED})
    c = page.controller
    hand = Hand(page)
    panel = page.table.panel
    assert not panel.void_button.isVisible()          # Red holds no Void Maker yet
    hand.play(WarsAction("reclaim", (3, 0)))           # Void Maker
    hand.play(next(a for a in c.state.legal_actions() if a.kind == "reclaim"))
    hand.play(next(a for a in c.state.legal_actions() if a.kind == "reclaim"))
    assert panel.void_button.isVisible() and panel.void_button.isEnabled()
    click_button(panel.void_button)
    assert c.mode == "void" and panel.void_button.isChecked()
    assert "Void Maker" in panel.instruction.text()
    lit = set(page.table.scene.highlights["target"].hexes)
    assert lit == {a.hex for a in c.state.legal_actions() if a.kind == "void"}
    hand.hover((3, 1))                                  # the Neutralizer hex: special, so not removable
    assert not page.table.scene.hover.hover.ok and "special hex cannot be removed" in status_text(window)
    QTest.keyClick(page.table.view, Qt.Key.Key_Escape)  # back to reclaiming
    assert c.mode == "play" and not panel.void_button.isChecked()
    hand.play(WarsAction("reclaim", (3, 1)))            # Special Neutralizer (now two specials held)
    for _ in range(2):
        hand.play(next(a for a in c.state.legal_actions() if a.kind == "reclaim"))
    hand.hover((4, -1))                                 # Lockdown: a third special is refused
    assert not page.table.scene.hover.hover.ok and "two special hexes" in status_text(window)
    hand.play(WarsAction("neutralize", (0, 0)))         # strip the Super Demolisher
    assert (0, 0) in c.state.stripped_hexes()
    board = {v.hex: v for v in page.table.scene.board.hexes}
    assert board[(0, 0)].spent and board[(0, 0)].special == "super"
    assert "power gone" in panel.special_texts[0].text()


def test_lockdown_makes_hexes_immune_and_skips_a_turn(qtbot, window):
    page = open_game(window, THREE, seed=5, options={"layout": NEAR_RED})
    c = page.controller
    hand = Hand(page)
    panel = page.table.panel
    hand.play(WarsAction("reclaim", (4, -1)))           # Lockdown
    for _ in range(2):
        hand.play(next(a for a in c.state.legal_actions() if a.kind == "reclaim"))
    assert panel.lockdown_button.isVisible() and panel.lockdown_button.isEnabled()
    hand.play(WarsAction("lockdown"))
    board = {v.hex: v for v in page.table.scene.board.hexes}
    assert board[(4, 0)].locked and board[(4, -1)].locked
    assert "lockdown" in panel.seat_notes[0].text()
    for _ in range(2):
        hand.play(next(a for a in c.state.legal_actions() if a.kind == "reclaim"))
    assert c.state.current_player == 1                  # Red's next turn was skipped
    log = page.table.panel.log
    assert log.item(3).text().startswith("2. Red: locked down")
    assert log.item(log.count() - 1).text() == "3. Red: sat out this turn (Lockdown)"


def test_take_back_undoes_your_turn_and_the_ai_replies(qtbot, page, window):
    hand = Hand(page)
    c = page.controller
    target = next(a.hex for a in c.state.legal_actions() if a.kind == "reclaim")
    hand.click(target)
    qtbot.waitUntil(c.human_turn, timeout=20000)
    assert len(c.state.history) == 3 and c.can_undo()
    click_button(page.table.panel.undo_button)
    assert c.state.history == [] and c.state.owner_of(target) == -1
    assert "AI's replies" in status_text(window)
    assert not c.can_undo()


def test_hot_seat_names_each_person(qtbot, window):
    page = open_game(window, THREE)
    c = page.controller
    assert "Ann, your turn" in page.table.panel.instruction.text()
    Hand(page).play(next(a for a in c.state.legal_actions() if a.kind == "reclaim"))
    assert "Bo, your turn" in page.table.panel.instruction.text()
    assert "Blue (Bo)" in page.table.panel.turn_label.text()


def test_the_end_screen_gives_the_count_and_the_chart(qtbot, window):
    from reclaimdesk.core.agents import play_game

    spec = get_game("reclamation-wars")
    state = play_game(spec.new_game(3, 11), [spec.agent("random", s) for s in range(3)])
    record = GameRecord.from_state(state, YOU_RED)
    from reclaimdesk.ui.reclamation_wars import TABLE
    from reclaimdesk.ui.reclamation_wars.endscreen import EndScreen

    page = TABLE.page_from_record(record, window.settings)
    window._show_page(page)
    assert isinstance(page.currentWidget(), EndScreen)
    end = page.end
    counts = state.counts()
    for seat, label in end.count_labels.items():
        assert str(counts[seat]) in label.text()
    best = max(counts)
    assert str(best) in end.title.text()
    points = end.chart.points
    assert len(points) == len(state.turns) + 1 and points[-1][1] == counts
    assert end.scene.highlights["win"].hexes


FACE_OFF = ["reclaim 3,0", "reclaim 0,-3", "reclaim -3,3", "reclaim 2,0", "reclaim 0,-2", "reclaim -2,2", "step 3,0",
            "step 2,0", "step 0,-3", "step 0,-2", "step -3,3", "step -2,2", "reclaim 1,0", "reclaim 0,-1",
            "reclaim -1,1", "reclaim 0,0", "reclaim -1,0", "reclaim 0,1", "step 1,0", "step 0,0", "step 0,-1", "end",
            "step -1,1", "end"]
"""Seed 0: all three race to the centre; Red's demolisher on 0,0 faces Blue's, which stands on Blue's 0,-1."""


def test_shift_click_picks_the_other_action_on_a_hex(qtbot, window):
    page = open_game(window, THREE, FACE_OFF, seed=0)
    c = page.controller
    hand = Hand(page)
    assert {a.kind for a in c.state.actions_at((0, -1))} >= {"destroy", "demolish"}
    hand.hover((0, -1))
    assert page.table.scene.hover.hover.label == "Destroy"
    status = status_text(window)
    assert "Click: Destroy the demolisher of Blue on D6" in status and "Shift+click: Demolish D6 of Blue" in status
    QTest.keyPress(page.table.view, Qt.Key.Key_Shift)           # holding Shift changes the tag at once
    assert page.table.scene.hover.hover.label in ("Demolish", "Hit (1 of 2)", "Demolish + take")
    QTest.keyRelease(page.table.view, Qt.Key.Key_Shift)
    assert page.table.scene.hover.hover.label == "Destroy"
    hand.click((0, -1), shift=True)
    assert str(c.state.history[-1]) == "demolish 0,-1"
    assert c.state.demolisher_hex(1) == (0, -1)                  # Blue's demolisher survived
    board = {v.hex: v for v in page.table.scene.board.hexes}
    assert board[(0, -1)].owner is None and board[(0, -1)].blocked_by == 0
    click_button(page.table.panel.end_button)
    # Blue may not reclaim the demolished hex before Red's next turn, and the board says why
    hand.hover((0, -1))
    assert not page.table.scene.hover.hover.ok
    assert "nobody may reclaim it before Red's next turn" in status_text(window)


def test_a_turn_by_keyboard(qtbot, page, window):
    c = page.controller
    view = page.table.view
    view.setFocus()
    start = c.pointer
    assert start == c.state.demolisher_hex(0)
    QTest.keyClick(view, Qt.Key.Key_Left)                        # from Red's corner 4,0 to 3,0
    assert c.pointer == (start[0] - 1, start[1]) and c.keyboard
    assert page.table.scene.highlights["cursor"].hexes == (c.pointer,)
    assert page.table.scene.hover.hover.hex == c.pointer and page.table.scene.hover.hover.label == "Reclaim"
    QTest.keyClick(view, Qt.Key.Key_Return)
    assert str(c.state.history[0]) == f"reclaim {c.pointer[0]},{c.pointer[1]}"


def test_the_seats_coloured_titles_are_drawn_not_shown_as_markup(qtbot, page):
    """The Hexes panel colours each seat's title (rich text, names escaped): the
    player sees the name, never the markup around it."""
    from PySide6.QtGui import QTextDocument

    for s, title in enumerate(page.table.panel.seat_titles):
        doc = QTextDocument()
        doc.setHtml(title.text()) if title.textFormat() == Qt.TextFormat.RichText else doc.setPlainText(title.text())
        shown = doc.toPlainText()
        assert shown.strip() and "<" not in shown and "span" not in shown, shown


def _grey(scene):
    """The scene rendered at 100 % and turned to grey as a greyscale print would:
    a function (x, y) -> luminance 0-255."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter

    rect = scene.sceneRect()
    image = QImage(int(rect.width()), int(rect.height()), QImage.Format.Format_RGB32)
    image.fill(0xFFFFFF)
    painter = QPainter(image)
    scene.render(painter, QRectF(image.rect()), rect)
    painter.end()
    grey = image.convertToFormat(QImage.Format.Format_Grayscale8)
    stride, data = grey.bytesPerLine(), bytes(grey.constBits())
    return lambda x, y: data[int(y) * stride + int(x)]


def _ring_luminance(scene, lum, h) -> float:
    """Mean luminance along a ring just inside ``h``'s edge (where nothing else
    but territory and the legal-hex band is drawn)."""
    import math

    geo = scene.geometry
    cx, cy = geo.centre(h)
    samples = []
    for k in range(72):
        a = math.radians(5 * k)
        for f in (0.81, 0.88):
            samples.append(lum(cx + geo.size * f * math.cos(a) * math.cos(math.pi / 6),
                               cy + geo.size * f * math.sin(a) * math.cos(math.pi / 6)))
    return sum(samples) / len(samples)


@pytest.mark.parametrize("seed, actions", [(7, ()), (0, FACE_OFF[:22])])
def test_legal_hexes_differ_from_the_others_in_grey(qtbot, window, seed, actions):
    """Issue 24.3: the hexes a click acts on read at a glance, in grey too: each
    is darker along its edge than it is unlit, and than every unlit bare hex."""
    page = open_game(window, THREE, actions, seed=seed)
    scene, state = page.table.scene, page.controller.state
    legal = {a.hex for a in state.legal_actions() if a.hex is not None}
    assert legal and set(scene.highlights["target"].hexes) == legal
    lit = _grey(scene)
    target = scene.highlights["target"]
    target.setVisible(False)
    unlit = _grey(scene)
    target.setVisible(True)
    for h in legal:
        assert _ring_luminance(scene, unlit, h) - _ring_luminance(scene, lit, h) > 40, state.geo.label(h)
    bare = [h for h in state.geo.hexes if h not in legal and state.owner_of(h) == -1
            and h not in state.special_hexes() and h not in scene.trails.trails]
    darkest_bare = min(_ring_luminance(scene, lit, h) for h in bare)
    for h in legal:
        if state.owner_of(h) == -1:
            assert _ring_luminance(scene, lit, h) < darkest_bare - 60, state.geo.label(h)


def _printed_hex_position(scene, name: str):
    """Where a person finds ``name`` (like ``H5``) by the board's edge: the row
    whose number is printed beside it, along the column that leans up to the right
    from its printed letter. Scene coordinates."""
    labels = scene.geometry.edge_labels()
    letter, number = name[0], name[1:]
    row_y = next(y for text, _x, y in labels if text == number)
    lx, ly = next((x, y) for text, x, y in labels if text == letter)
    return lx + (ly - row_y) * 0.5 / (3 ** 0.5 / 2), row_y


@pytest.mark.parametrize("board", ["standard", "large"])
def test_a_click_on_a_hex_found_by_its_printed_name(qtbot, window, board):
    """A person reads a legal hex's name off the edge, clicks there with the mouse,
    and the log, the panel and the record name that hex the same way."""
    page = open_game(window, YOU_RED, options={"board": board})
    page.table.view.resize(900, 700)
    scene, c = page.table.scene, page.controller
    geo = c.state.geo
    edge = {text for text, _x, _y in scene.geometry.edge_labels()}
    assert set(str(k) for k in range(1, 2 * geo.spec.radius + 2)) | set("ABCDEFGHIJK"[: 2 * geo.spec.radius + 1]) == edge
    for name in geo.names:                       # every printed name leads to its hex
        x, y = _printed_hex_position(scene, name)
        assert geo.label(scene.geometry.hex_at(x, y)) == name
    name = sorted(geo.label(a.hex) for a in c.state.legal_actions() if a.kind == "reclaim")[0]
    x, y = _printed_hex_position(scene, name)
    view = page.table.view
    from PySide6.QtCore import QPointF

    point = view.mapFromScene(QPointF(x, y))
    send_mouse_move(view.viewport(), QPointF(point))
    assert f"{name}." in status_text(window) and f"Click: Reclaim {name}" in status_text(window)
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
    assert c.state.owner_of(geo.find(name)) == 0
    assert c.match.record().actions[0] == f"reclaim {name}"
    qtbot.waitUntil(c.human_turn, timeout=20000)
    log = page.table.panel.log
    assert log.item(0).text().replace("\u200b", "").endswith(f"reclaimed {name}")
    for lab in page.table.panel.last_labels:     # the AIs' turns, named by the edge too
        assert not __import__("re").search(r"-?\d+,-?\d+", lab.text())


def test_an_old_record_opens_and_is_reviewed_in_printed_names(qtbot, window, data_dir):
    """A record saved before issue 24 (axial ``q,r``) opens in the app, File > Open
    and File > Review a record alike, and everything shown names hexes as printed."""
    import shutil
    from pathlib import Path

    old = Path(__file__).parents[1] / "games" / "reclamation_wars" / "data" / "old-notation-standard.json"
    path = data_dir / "old-game.json"
    shutil.copyfile(old, path)
    assert window.open_record(path)
    page = window.page
    assert page is not None and page.game_id == "reclamation-wars"
    state = page.controller.state
    assert state.is_terminal() and len(state.history) == len(GameRecord.from_dict(
        __import__("json").loads(old.read_text(encoding="utf-8"))).actions)
    assert window.review_record(path)
    review = window.page
    qtbot.waitUntil(lambda: window.stack.currentWidget() is review)
    moves = [review.moves.item(i).text() for i in range(review.moves.count())]
    import re

    axial = re.compile(r"-?\d+,-?\d+")
    assert len(moves) > 20 and not any(axial.search(m) for m in moves), moves[:5]
    assert moves[1].endswith("Reclaim H5")            # the record says 'reclaim 3,0'
    log = [review.game_page.table.panel.log.item(i).text() for i in range(review.game_page.table.panel.log.count())]
    assert log and not any(axial.search(line) for line in log)


def test_arrow_keys_follow_the_printed_rows_and_columns(qtbot, page):
    """Left and right change the letter, up and down the number, as the edge names hexes."""
    c = page.controller
    view = page.table.view
    view.setFocus()
    geo = c.state.geo
    assert geo.label(c.pointer) == "I5"                          # Red's corner
    seen = []
    for key in (Qt.Key.Key_Left, Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_Down, Qt.Key.Key_Left, Qt.Key.Key_Right):
        QTest.keyClick(view, key)
        seen.append(geo.label(c.pointer))
    assert seen == ["H5", "H6", "H5", "H4", "G4", "H4"]
    QTest.keyClick(view, Qt.Key.Key_Right)                       # I4
    QTest.keyClick(view, Qt.Key.Key_Up)                          # I5
    QTest.keyClick(view, Qt.Key.Key_Up)                          # off the board: stays
    assert geo.label(c.pointer) == "I5"
