"""Review mode (issue 23): every registered game (and the toy sixth game) reviewed
move by move with real keys and buttons, the move list clicked, the board
read-only, hidden information kept hidden in an unfinished game, play on from
here (a new record that counts for no personal best), and the AI's view kept in
the library (the second review reads it). No game is named: the registry is
iterated."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from reclaimdesk.core.game import GameState, all_games, get_game
from reclaimdesk.core.record import save_record


GAMES = [spec.id for spec in all_games()]


def played_record(game_id: str, stop: int | None = None, seed: int = 5):
    """A game of ``game_id``: seat 0 a person, the others the computer, played by
    random players to its end (or ``stop`` actions)."""
    spec = get_game(game_id)
    n = spec.min_players
    state = spec.new_game(n, seed, {})
    agents = [spec.agent("random", seed + i) for i in range(n)]
    while not state.is_terminal() and (stop is None or len(state.history) < stop):
        state.apply(agents[state.current_player].choose(state))
    players = [{"name": "You", "kind": "human"}] + [
        {"name": f"AI {i}", "kind": "ai", "level": "easy"} for i in range(1, n)]
    return state.to_record(players)


def filed(data_dir, record, name="game.json"):
    """The record saved in the data folder and, when finished, in the library."""
    from reclaimdesk.ui.played import open_library

    path = data_dir / name
    save_record(record, path)
    library_id = open_library(data_dir).add_record(record, path) if record.result is not None else None
    return path, library_id


def review_of(window, qtbot, data_dir, record, upto=None):
    path, _id = filed(data_dir, record)
    assert window.review_record(path, upto)
    review = window.page
    assert review is not None and hasattr(review, "review_record")
    qtbot.waitUntil(lambda: window.stack.currentWidget() is review)
    return review


def board_view(review):
    return review.game_page.table.view


def press(review, key):
    QTest.keyClick(board_view(review), key)


def nothing_to_do(review):
    """The table shows no end screen and its own take back and hint buttons are
    off (also when the review opens on the position the table was drawn at)."""
    assert review.game_page.currentWidget() is review.game_page.table
    for name in ("undo_button", "hint_button"):
        for owner in (review.game_page.table, getattr(review.game_page.table, "panel", None)):
            button = getattr(owner, name, None)
            if button is not None:
                assert not button.isEnabled(), name


def check_navigation(window, qtbot, data_dir, game_id):
    record = played_record(game_id)
    review = review_of(window, qtbot, data_dir, record)
    nothing_to_do(review)
    c = review.controller
    total = len(record.actions)
    assert review.length == total and review.cursor == total and review.moves.count() == total + 1
    press(review, Qt.Key.Key_Home)
    assert review.cursor == 0 and c.state.history == []
    for _ in range(3):
        press(review, Qt.Key.Key_Right)
    assert review.cursor == 3 and review.moves.currentRow() == 3
    assert [c.state.action_to_str(a) for a in c.state.history] == record.actions[:3]
    press(review, Qt.Key.Key_Left)
    assert review.cursor == 2
    press(review, Qt.Key.Key_End)
    assert review.cursor == total and c.state.is_terminal()
    QTest.mouseClick(review.first_button, Qt.MouseButton.LeftButton)
    assert review.cursor == 0 and not review.back_button.isEnabled()
    QTest.mouseClick(review.forward_button, Qt.MouseButton.LeftButton)
    QTest.mouseClick(review.forward_button, Qt.MouseButton.LeftButton)
    assert review.cursor == 2
    QTest.mouseClick(review.back_button, Qt.MouseButton.LeftButton)
    assert review.cursor == 1
    QTest.mouseClick(review.last_button, Qt.MouseButton.LeftButton)
    assert review.cursor == total and not review.forward_button.isEnabled()
    # the move list: a click on a row shows the position after that many actions
    row = min(4, total)
    rect = review.moves.visualItemRect(review.moves.item(row))
    if not review.moves.viewport().rect().contains(rect.center()):
        review.moves.scrollToItem(review.moves.item(row))
        rect = review.moves.visualItemRect(review.moves.item(row))
    QTest.mouseClick(review.moves.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert review.cursor == row
    # the window treats it as a page with nothing to undo, redo or hint
    assert not window.undo_action.isEnabled() and not window.hint_action.isEnabled()


@pytest.mark.parametrize("game_id", GAMES)
def test_review_navigation_keys_buttons_and_move_list(window, qtbot, data_dir, game_id):
    check_navigation(window, qtbot, data_dir, game_id)


def test_review_navigation_of_the_toy_game(window, qtbot, data_dir, toy):
    check_navigation(window, qtbot, data_dir, toy.id)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_board_is_read_only(window, qtbot, data_dir, game_id):
    record = played_record(game_id)
    review = review_of(window, qtbot, data_dir, record, upto=2)
    c = review.controller
    before = c.state.state_key()
    view = board_view(review)
    for spot in (view.viewport().rect().center(), QPoint(view.viewport().width() // 3, view.viewport().height() // 3)):
        QTest.mouseMove(view.viewport(), spot)
        QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=spot)
        QTest.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=spot)
        QTest.mouseClick(view.viewport(), Qt.MouseButton.RightButton, pos=spot)
    for key in (Qt.Key.Key_Return, Qt.Key.Key_Space, Qt.Key.Key_R, Qt.Key.Key_H, Qt.Key.Key_Escape):
        QTest.keyClick(view, key)
    for button in review.game_page.table.findChildren(type(review.first_button)):
        if button.isVisible():
            QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    window.undo()
    window.hint()
    assert review.cursor == 2 and c.state.state_key() == before and c.match.length == len(record.actions)
    assert not c.act(c.state.legal_actions()[0])
    assert not c.undo() and not c.redo() and not c.request_hint()
    assert not c.busy  # no computer seat plays in a review
    nothing_to_do(review)
    assert window.unfinished(game_id) is None  # nothing was autosaved


def hidden_info_games():
    return [spec.id for spec in all_games() if type(spec.new_game(spec.min_players, 1, {})).determinize
            is not GameState.determinize]


@pytest.mark.parametrize("game_id", hidden_info_games())
def test_hidden_information_is_not_shown_in_an_unfinished_game(window, qtbot, data_dir, game_id):
    """What the person could not see (resampled by the game's own ``determinize``
    from the person's seat) changes nothing on screen: the review's table draws
    the same with the real hidden parts and with any other guess of them."""
    from reclaimdesk.core.match import JUMP, Changes
    from reclaimdesk.core.rng import Rng

    spec = get_game(game_id)
    full = played_record(game_id)
    record = played_record(game_id, stop=len(full.actions) // 2)
    assert record.result is None
    review = review_of(window, qtbot, data_dir, record)
    c = review.controller
    table = review.game_page.table
    cursor = review.cursor
    real = c.match.state

    def drawn(state):
        c.match.state = state
        c.changed.emit(Changes(JUMP, cursor, cursor, rebuilt=True))
        for _ in range(3):  # the layout settles and the widgets a table replaced are gone
            QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
            QApplication.processEvents()
        return table.grab().toImage()

    drawn(real)
    shown = drawn(real)
    changed = 0
    for k in range(3):
        other = real.determinize(0, Rng(k + 11))
        other.history = list(real.history)
        if other.state_key() != real.state_key():
            changed += 1
        image = drawn(other)
        if image != shown:
            shown.save(f"/tmp/hidden-{spec.id}-real.png")
            image.save(f"/tmp/hidden-{spec.id}-guess.png")
        assert image == shown, f"{spec.id}: the table shows something hidden"
    assert changed, "the game hid nothing at this point: the test proves nothing"
    c.match.state = real
    assert window.unfinished(game_id) is None  # the reviewed unfinished game was not autosaved
    # the move list does not tell the computer's private turns either
    if real.private_turns:
        hidden = [review.moves.item(i + 1).text() for i, step in enumerate(c.match.line) if not c.is_human(step.seat)]
        assert hidden and all("did not see" in t for t in hidden)


def test_play_on_from_here_counts_for_no_personal_best(window, qtbot, data_dir, toy):
    from reclaimdesk.core.library import Library

    record = played_record(toy.id)
    review = review_of(window, qtbot, data_dir, record, upto=2)
    person = review.person()
    QTest.mouseClick(review.play_on_button, Qt.MouseButton.LeftButton)
    page = window.page
    assert page is not review and not hasattr(page, "review_record")
    c = page.controller
    rec = c.record()
    assert rec.actions == record.actions[:2] and rec.played_on_from == 2
    assert [p["kind"] for p in rec.players] == ["human" if i == person else "ai" for i in range(len(rec.players))]
    assert window.unfinished(toy.id) is not None  # kept at once, like any new game
    while not c.over:  # the person plays; the computer answers on its own
        if c.human_turn():
            c.act(c.state.legal_actions()[0])
        else:
            qtbot.waitUntil(lambda: c.over or c.human_turn(), timeout=10000)
    qtbot.waitUntil(lambda: page.library_id is not None)  # filed just after the last move is drawn
    library = Library(data_dir)
    entries = [e for e in library.games(game=toy.id) if e.extra.get("played_on_from") == 2]
    assert len(entries) == 1 and not entries[0].counts_for_bests
    assert entries[0].id not in {e.id for e in library.games(game=toy.id, for_bests=True)}
    # the record on disk keeps the mark, and reading it back keeps it too
    from reclaimdesk.core.record import load_record

    assert load_record(entries[0].path).played_on_from == 2


def test_end_screen_offers_review_of_every_game(window, qtbot, data_dir, toy):
    """The base page adds "Review this game" to every end screen."""
    record = played_record(toy.id)
    path, _id = filed(data_dir, record, "finished.json")
    assert window.open_record(path)
    page = window.page
    qtbot.waitUntil(lambda: page.end is not None and page.currentWidget() is page.end)
    QTest.mouseClick(page.review_button, Qt.MouseButton.LeftButton)
    review = window.page
    assert hasattr(review, "review_record") and review.review_record.actions == record.actions


@pytest.fixture
def toy_analysis(toy):
    """The toy game with an AI view (the cheapest game to analyse)."""
    from reclaimdesk.core import analysis

    analysis.register_evaluator(toy.id, analysis.Evaluator("win", "random", 1))
    yield toy
    analysis._EVALUATORS.pop(toy.id, None)


def test_the_ai_view_runs_in_the_background_and_is_kept(window, qtbot, data_dir, toy_analysis, monkeypatch):
    from reclaimdesk.ui.board.analysis_view import AnalysisView

    monkeypatch.setattr(AnalysisView, "budget", 1)
    monkeypatch.setattr(AnalysisView, "level", "easy")
    record = played_record(toy_analysis.id, seed=8)
    path, library_id = filed(data_dir, record)
    assert window.review_record(path)
    review = window.page
    view = review.analysis
    assert view.result is None and view.run_button.isEnabled()
    with qtbot.waitSignal(view.finishedAnalysis, timeout=60000):
        QTest.mouseClick(view.run_button, Qt.MouseButton.LeftButton)
        assert view.progress.isVisible() and view.cancel_button.isVisible()
    assert view.result is not None and not view.from_cache and view.graph.isVisible()
    from reclaimdesk.core.library import Library

    kept = Library(data_dir).analysis(library_id)
    assert kept == view.result.to_dict()
    # a click on the graph goes to the decision under the pointer
    d = view.result.decisions[-1]
    x = int(view.graph.point(d.index, d.value_played).x())
    QTest.mouseClick(view.graph, Qt.MouseButton.LeftButton, pos=QPoint(x, view.graph.height() // 2))
    assert review.cursor == d.index and "Decision" in view.verdict.text()
    # a costly decision shows the AI's choice on the board (the table's hint)
    costly = view.result.costliest()
    assert costly  # (this seed's game has one)
    review.go_to(costly[0].index)
    assert review.controller.hint is not None
    assert review.controller.state.action_to_str(review.controller.hint) == costly[0].ai
    box = review.game_page.table.hint_box
    assert box.isVisible() and box.take_button.isHidden()  # shown, never to be taken here
    assert review.moves.item(costly[0].index + 1).font().bold()  # marked in the move list
    # the second review reads what was kept: nothing runs
    window.back_to_start()
    assert window.review_record(path)
    again = window.page.analysis
    assert again.from_cache and again.result == view.result and not again.running


def test_the_ai_view_can_be_cancelled(window, qtbot, data_dir, toy_analysis, monkeypatch):
    import threading

    from reclaimdesk.ui.board.analysis_view import AnalysisView

    monkeypatch.setattr(AnalysisView, "budget", 1)
    monkeypatch.setattr(AnalysisView, "level", "easy")
    gate = threading.Event()
    from reclaimdesk.core import analysis

    real_judge = analysis.judge

    def slow_judge(*args, **kwargs):
        gate.wait(10)  # held until the cancel was pressed
        return real_judge(*args, **kwargs)

    monkeypatch.setattr(analysis, "judge", slow_judge)
    record = played_record(toy_analysis.id, seed=9)
    path, library_id = filed(data_dir, record)
    window.review_record(path)
    view = window.page.analysis
    QTest.mouseClick(view.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: view.running)
    # the window still answers while the analysis runs
    press(window.page, Qt.Key.Key_Home)
    assert window.page.cursor == 0
    QTest.mouseClick(view.cancel_button, Qt.MouseButton.LeftButton)
    gate.set()
    qtbot.waitUntil(lambda: not view.running, timeout=30000)
    assert view.result is None and "Stopped" in view.note.text()
    from reclaimdesk.core.library import Library

    assert Library(data_dir).analysis(library_id) is None


def test_the_played_on_mark_is_read_strictly():
    from reclaimdesk.core.errors import RecordError
    from reclaimdesk.core.record import GameRecord

    record = played_record(GAMES[0], stop=4)
    data = record.to_dict()
    assert "played_on_from" not in data  # records of ordinary games are as before
    for bad in (-1, 5, "2", True, 2.0):
        with pytest.raises(RecordError, match="played_on_from"):
            GameRecord.from_dict({**data, "played_on_from": bad})
    assert GameRecord.from_dict({**data, "played_on_from": 3}).played_on_from == 3


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game_id", GAMES)
def test_the_review_fits_1024x768(window, qtbot, data_dir, game_id, lang, styled):
    """Nothing of the review is cut at 1024 x 768 (the layout check of every
    screen), in English and Japanese, at the start, a third of the way and the end."""
    from .layout_check import clipped
    from .test_every_screen_fits import SIZE, speak

    window.resize(*SIZE)
    record = played_record(game_id)
    review = review_of(window, qtbot, data_dir, record)
    speak(window, lang)
    review = window.page
    assert hasattr(review, "review_record")
    for upto in (0, review.length // 3, review.length):
        review.go_to(upto)
        for _ in range(3):  # as the event loop does: widgets a table replaced are deleted, layouts settle
            QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
            QApplication.processEvents()
        assert clipped(window, SIZE) == [], f"{game_id} {lang} after {upto}"


def test_the_ai_view_fits_1024x768_in_japanese(window, qtbot, data_dir, toy_analysis, monkeypatch, styled):
    from reclaimdesk.ui.board.analysis_view import AnalysisView

    from .layout_check import clipped
    from .test_every_screen_fits import SIZE, speak

    monkeypatch.setattr(AnalysisView, "budget", 1)
    monkeypatch.setattr(AnalysisView, "level", "easy")
    window.resize(*SIZE)
    record = played_record(toy_analysis.id, seed=8)
    path, _library_id = filed(data_dir, record)
    window.review_record(path)
    with qtbot.waitSignal(window.page.analysis.finishedAnalysis, timeout=60000):
        QTest.mouseClick(window.page.analysis.run_button, Qt.MouseButton.LeftButton)
    speak(window, "ja")  # the review comes back in Japanese, reading the kept view
    review = window.page
    assert review.analysis.from_cache
    review.go_to(review.analysis.result.decisions[0].index)
    QApplication.processEvents()
    assert clipped(window, SIZE) == []


def test_closing_the_review_lets_a_running_analysis_go(window, qtbot, data_dir, toy_analysis, monkeypatch):
    """Closing a review mid-analysis does not wait for it: the analysis is told to
    stop, its worker is deleted once it has, and nothing is kept."""
    import threading

    from reclaimdesk.core import analysis
    from reclaimdesk.core.library import Library
    from reclaimdesk.ui.board import analysis_view
    from reclaimdesk.ui.board.analysis_view import AnalysisView

    monkeypatch.setattr(AnalysisView, "budget", 1)
    monkeypatch.setattr(AnalysisView, "level", "easy")
    gate = threading.Event()
    real_judge = analysis.judge
    monkeypatch.setattr(analysis, "judge", lambda *a, **k: (gate.wait(10), real_judge(*a, **k))[1])
    record = played_record(toy_analysis.id, seed=10)
    path, library_id = filed(data_dir, record)
    window.review_record(path)
    view = window.page.analysis
    QTest.mouseClick(view.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: view.running)
    window.back_to_start()  # returns while the analysis still waits at the gate
    assert window.page is None and analysis_view._LET_GO
    gate.set()
    qtbot.waitUntil(lambda: not analysis_view._LET_GO, timeout=30000)
    assert Library(data_dir).analysis(library_id) is None


@pytest.mark.parametrize("game_id", GAMES)
def test_play_on_from_here_in_every_game(window, qtbot, data_dir, game_id):
    record = played_record(game_id)
    upto = len(record.actions) // 2
    review = review_of(window, qtbot, data_dir, record, upto=upto)
    person = review.person()
    assert person is not None and review.play_on_button.isEnabled()
    QTest.mouseClick(review.play_on_button, Qt.MouseButton.LeftButton)
    page = window.page
    assert not hasattr(page, "review_record") and not page.controller.reviewing
    rec = page.controller.record()
    assert rec.played_on_from == upto and rec.actions[:upto] == record.actions[:upto]
    assert [p["kind"] for p in rec.players] == ["human" if i == person else "ai" for i in range(len(rec.players))]
    assert window.unfinished(game_id).record.played_on_from == upto
    # at the end of a finished game there is nothing to play on
    window.back_to_start()
    review = review_of(window, qtbot, data_dir, record)
    assert not review.play_on_button.isEnabled()


def test_the_library_review_button_opens_the_review(window, qtbot, data_dir):
    """File > Games played, a game chosen, Review: the review of its record, which
    knows its library entry (where its AI view is kept)."""
    from .test_games_played import click_row, open_dialog

    record = played_record(GAMES[-1])
    path, library_id = filed(data_dir, record)
    dialog = open_dialog(window, qtbot)
    assert not dialog.review_button.isHidden()
    click_row(qtbot, dialog, 0)
    QTest.mouseClick(dialog.review_button, Qt.MouseButton.LeftButton)
    review = window.page
    assert hasattr(review, "review_record") and review.library_id == library_id
    assert review.review_record.actions == record.actions and review.cursor == len(record.actions)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_japanese_move_list_never_splits_a_number_from_its_counter(window, qtbot, data_dir, game_id, styled):
    """The move list wraps Japanese lines at zero-width spaces (Qt's item views
    wrap only at spaces): never one right after a digit (3手, 12個) nor between 第 and
    its number, and the line reads the same without them."""
    from reclaimdesk.ui.text import ZERO_WIDTH_SPACE

    from .test_every_screen_fits import speak

    review = review_of(window, qtbot, data_dir, played_record(game_id))
    speak(window, "ja")
    review = window.page
    lines = [review.moves.item(r).text() for r in range(review.moves.count())]
    assert any(ZERO_WIDTH_SPACE in line for line in lines)  # the lines are Japanese and breakable
    for line in lines:
        for i in range(1, len(line) - 1):
            if line[i] == ZERO_WIDTH_SPACE:
                assert not line[i - 1].isdigit(), line
                assert not (line[i - 1] == "第" and line[i + 1].isdigit()), line
