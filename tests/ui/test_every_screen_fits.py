"""Issue 15, item 8: every screen of every registered game fits a 1024 x 768
window, in English and in Japanese: no control's words cut off, no child outside
what its parent shows unless a scroll bar reaches it (see :mod:`.layout_check`).

The games come from the registries (no game is named here): each game's table
is started through the ui plug-in interface (``page_for_choice`` by way of the
main window) with its fewest and its most players, every seat a person, and
played to its end with random legal actions applied through the controller's
``_apply`` hook (what a click ends in), the screen checked after every action
that changes the game's phase or what the window shows, then its end screen.
The start page, each game's new-game dialog and rules, and the Export PDF
dialog are checked too.
"""
from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from reclaimdesk.core.agents import RandomAgent
from reclaimdesk.core.game import get_game
from reclaimdesk.ui.plugin import tables

from .layout_check import clipped

SIZE = (1024, 768)
DEFAULT_SIZE = (1200, 740)
"""The app's first window size: wider, but less tall."""
GAMES = sorted(tables())
LANGUAGES = ["en", "ja"]


@pytest.fixture
def small(window, styled):
    from reclaimdesk.ui.i18n import install_qt_translations

    window.resize(*SIZE)
    QApplication.processEvents()
    yield window
    install_qt_translations(QApplication.instance(), "en")  # Qt's own words back in English


def speak(window, lang: str) -> None:
    from reclaimdesk.ui.i18n import apply_language

    apply_language(lang)
    window.retranslate()
    window.resize(*SIZE)
    QApplication.processEvents()


def shown_windows(window) -> list[QWidget]:
    """The main window and every other window (a dialog, a question) on screen."""
    out = [window]
    for w in QApplication.topLevelWidgets():
        if w is not window and w.isVisible() and w.isWindow() and w.width() > 1 and w.windowType() not in (
                0x0000000c,):  # Qt.ToolTip
            out.append(w)
    return out


def _geometries() -> tuple:
    return tuple((id(w), w.geometry().getRect()) for top in QApplication.topLevelWidgets() if top.isVisible()
                 for w in top.findChildren(QWidget) if w.isVisible())


def settle() -> None:
    """What a screenshot shows once the window stands still: a layout changed by a
    pass of the event loop (a table of bests filled in, a panel grown in a scroll
    column) asks for more passes, one a level, before it is done: passes until no
    widget moves (at most ten)."""
    QApplication.processEvents()
    before = _geometries()
    for _ in range(10):
        QApplication.processEvents()
        now = _geometries()
        if now == before:
            return
        before = now


def look(window, where: str, screen: tuple[int, int] = SIZE) -> list[str]:
    settle()
    found = []
    for top in shown_windows(window):
        size = screen
        if top is not window:
            # on a 1024 x 768 screen a dialog is at most that large (the window
            # manager keeps it there): it must still show everything
            size = (min(top.width(), screen[0]), min(top.height(), screen[1] - 30))
            top.resize(*size)
            settle()
        found += [f"{where}: {p}" for p in clipped(top, size)]
    return found


WIDE = (2560, 1440)
WIDEST_COLUMN = 700
"""A column of panels beside the board at 2560 px is at most this wide: the board
takes the room."""


def too_wide(window) -> list[str]:
    """At 2560 x 1440: scroll columns of panels wider than :data:`WIDEST_COLUMN`."""
    from PySide6.QtWidgets import QScrollArea

    window.resize(*WIDE)
    QApplication.processEvents()
    page = window.page
    found = []
    for area in page.findChildren(QScrollArea):
        if type(area) is QScrollArea and area.isVisibleTo(page) and area.width() > WIDEST_COLUMN:
            found.append(f"a column of panels {area.width()} px wide (at most {WIDEST_COLUMN})")
    return found


def test_the_checker_finds_a_cut_button_and_a_clipped_column(qtbot, styled):
    """What the layout test looks for: a button too narrow for its word ("St"), and
    a scroll column wider than its viewport with no horizontal scroll bar."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QScrollArea, QVBoxLayout

    top = QWidget()
    qtbot.addWidget(top)
    row = QHBoxLayout(top)
    button = QPushButton("Start page")
    button.setFixedWidth(40)
    row.addWidget(button)
    scroll = QScrollArea()
    scroll.setWidgetResizable(True)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    body = QWidget()
    body.setMinimumWidth(400)
    QVBoxLayout(body).addWidget(QLabel("the 90/100 marks"))
    scroll.setWidget(body)
    scroll.setFixedWidth(200)
    row.addWidget(scroll)
    top.resize(300, 200)
    top.show()
    qtbot.waitExposed(top)
    found = clipped(top)
    assert any("'Start page'" in p and "width" in p for p in found), found
    assert any("no horizontal scroll bar" in p for p in found), found
    button.setFixedWidth(button.sizeHint().width())
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
    QApplication.processEvents()
    assert clipped(top) == []


def test_the_checker_finds_what_a_screenshot_shows_cut(qtbot, styled):
    """Beyond the words of each control: a word sticking out of a scrolling
    column's content where no scroll bar reaches it, two buttons on top of each
    other, and a table's cell whose column elides it."""
    from PySide6.QtWidgets import QPushButton, QScrollArea, QTableWidget, QTableWidgetItem

    top = QWidget()
    qtbot.addWidget(top)
    top.resize(600, 300)
    scroll = QScrollArea(top)
    scroll.setGeometry(0, 0, 200, 200)
    body = QWidget()
    body.resize(180, 180)
    scroll.setWidget(body)  # not resizable: the scroll range follows the body's size
    label = QLabel("Played", body)
    label.setGeometry(150, 10, label.sizeHint().width(), 20)  # sticks out past the range
    a = QPushButton("Undo", top)
    a.setGeometry(220, 10, 80, 30)
    b = QPushButton("Redo", top)
    b.setGeometry(260, 20, 80, 30)
    table = QTableWidget(2, 2, top)
    table.setGeometry(400, 10, 190, 120)
    table.setItem(0, 0, QTableWidgetItem("A result much wider than its column"))
    table.setColumnWidth(0, 60)
    top.show()
    qtbot.waitExposed(top)
    found = clipped(top)
    assert any("'Played'" in p and "outside its parent" in p for p in found), found
    assert any("'Undo'" in p and "'Redo'" in p and "overlap" in p for p in found), found
    assert any("A result much wider" in p and "cut in its column" in p for p in found), found
    body.resize(label.geometry().right() + 4, 180)
    b.move(305, 20)
    table.setColumnWidth(0, table.fontMetrics().horizontalAdvance("A result much wider than its column") + 24)
    QApplication.processEvents()
    assert clipped(top) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_start_page_dialogs_and_rules_fit(qtbot, small, lang):
    window = small
    speak(window, lang)
    found = look(window, "start page")
    for game_id in GAMES:
        window._open_new_game_dialog(game_id)
        dialog = window.dialog
        qtbot.waitExposed(dialog)
        found += look(window, f"{game_id} new-game dialog")
        dialog.reject()
        window.show_rules(game_id)
        qtbot.waitExposed(window.dialog)
        found += look(window, f"{game_id} rules")
        window.dialog.reject()
    window.export_pdf()
    if window.dialog is not None and window.dialog.isVisible():
        found += look(window, "export dialog")
        window.dialog.reject()
    found += look_at_lists(qtbot, window, "start page")
    window.show_about()
    qtbot.waitExposed(window.last_message)
    found += look(window, "about box")
    window.last_message.reject()
    assert found == [], "\n".join(found)


def look_at_lists(qtbot, window, where: str, size: tuple[int, int] = SIZE) -> list[str]:
    """File > Games played and File > Personal bests, as they stand."""
    found = []
    window.show_library()
    qtbot.waitExposed(window.library_dialog)
    found += look(window, f"{where}, games played", size)
    window.library_dialog.reject()
    window.show_bests()
    qtbot.waitExposed(window.dialog)
    found += look(window, f"{where}, personal bests", size)
    window.dialog.reject()
    return found


def _phase(state) -> object:
    return getattr(state, "phase", None)


def _signature(window) -> tuple:
    """What the window shows, coarsely: the visible widgets' types and texts."""
    QApplication.processEvents()
    page = window.page
    if page is None:
        return ()
    out = []
    for w in page.findChildren(QWidget):
        if w.isVisibleTo(page):
            text = getattr(w, "text", None)
            out.append((type(w).__name__, w.objectName(), bool(text()) if callable(text) else None))
    return tuple(sorted(out))


def play_and_look(qtbot, window, game_id: str, count: int, seed: int = 11, size=SIZE,
                  options: dict | None = None) -> list[str]:
    players = [{"name": f"Player {i + 1}", "kind": "human"} for i in range(count)]
    window.start_choice(game_id, {"players": players, "seed": seed, "options": dict(options or {})})
    page = window.page
    assert page is not None and page.game_id == game_id
    controller = page.controller
    agent = RandomAgent(seed)
    where = f"{game_id}, {count} players" + "".join(f", {k}={v}" for k, v in (options or {}).items())
    found = look(window, f"{where}, start", size)
    seen = {_signature(window)}
    phases = {_phase(controller.state)}
    steps = 0
    while not controller.state.is_terminal() and steps < 2000:
        action = agent.choose(controller.state)
        controller._apply(action)
        steps += 1
        phase = _phase(controller.state)
        signature = _signature(window)
        if phase not in phases or signature not in seen:
            phases.add(phase)
            seen.add(signature)
            found += look(window, f"{where}, action {steps} ({phase})", size)
    assert controller.state.is_terminal()
    show_end = getattr(page, "show_end", None)
    if callable(show_end):
        show_end()
        found += look(window, f"{where}, end screen", size)
        found += [f"{where}, end screen at {WIDE[0]}x{WIDE[1]}: {p}" for p in too_wide(window)]
        window.resize(*size)
    window.back_to_start()
    found += look_at_lists(qtbot, window, f"{where}, after the game", size)  # the game is in them now
    return found


@pytest.mark.parametrize(("lang", "size"), [("en", SIZE), ("ja", SIZE), ("en", DEFAULT_SIZE)],
                         ids=["en", "ja", "en-1200x740"])
@pytest.mark.parametrize("game_id", GAMES)
def test_every_table_fits_through_a_whole_game(qtbot, small, game_id, lang, size):
    window = small
    speak(window, lang)
    window.resize(*size)
    spec = get_game(game_id)
    found = []
    for count in sorted({spec.min_players, spec.max_players}):
        found += play_and_look(qtbot, window, game_id, count, size=size)
    # one line per kind of problem is enough to read
    unique = list(dict.fromkeys(p.split(": ", 1)[1] if ": " in p else p for p in found))
    assert unique == [], "\n".join(list(dict.fromkeys(found))[:40])


def _other_choices():
    """(game id, option, value) for every value of a game's options other than its default."""
    out = []
    for game_id in GAMES:
        spec = get_game(game_id)
        for option, values in sorted(spec.option_choices.items()):
            out += [(game_id, option, v) for v in values if v != spec.default_options.get(option)]
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("game_id", "option", "value"), _other_choices())
def test_every_option_of_a_table_fits(qtbot, small, game_id, option, value, lang):
    """Each other choice of a game's options (another map, board or rule set, a
    variant), played through at 1024 x 768 with two players (or the fewest)."""
    window = small
    speak(window, lang)
    spec = get_game(game_id)
    count = min(spec.max_players, max(spec.min_players, 2))
    found = play_and_look(qtbot, window, game_id, count, options={option: value})
    unique = list(dict.fromkeys(p.split(": ", 1)[1] if ": " in p else p for p in found))
    assert unique == [], "\n".join(list(dict.fromkeys(found))[:40])


def _breaks_inside_a_word(label) -> list[str]:
    """Where a card's name breaks inside a word, laid out as its label lays it out."""
    from PySide6.QtGui import QTextDocument

    doc = QTextDocument()
    doc.setDefaultFont(label.font())
    doc.setPlainText(label.text())
    doc.setDocumentMargin(0)
    doc.setTextWidth(label.contentsRect().width())
    block = doc.firstBlock()
    text = block.text()
    layout = block.layout()
    bad = []
    for n in range(1, layout.lineCount()):
        at = layout.lineAt(n).textStart()
        before = text[:at].replace("\u2060", "").rstrip()
        if before and before[-1] not in " ・":
            bad.append(f"{text.replace(chr(0x2060), '')!r} breaks after {before!r}")
    return bad


@pytest.mark.parametrize("width", [SIZE[0], 1600])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_start_cards_share_the_width_and_names_break_between_words(qtbot, small, lang, width):
    window = small
    speak(window, lang)
    window.resize(width, SIZE[1])
    QApplication.processEvents()
    cards = list(window.start_page.cards.values())
    widths = [c.width() for c in cards]
    assert max(widths) - min(widths) <= 4, widths  # (a few pixels: a card's buttons may ask for them)
    bad = [b for c in cards for b in _breaks_inside_a_word(c.findChild(QLabel, "cardName"))]
    assert bad == []


def test_the_export_dialog_opens_within_a_small_screen(qtbot, small):
    """It opened at 1040 x 740 on any screen (wider than a 1024 px one): its first
    size is the screen's free area when that is smaller."""
    from PySide6.QtCore import QRect

    from reclaimdesk.ui.export_dialog import initial_size

    size = initial_size(QRect(0, 0, SIZE[0], SIZE[1] - 30))
    assert size.width() <= SIZE[0] - 20 and size.height() <= SIZE[1] - 30 - 40
    assert initial_size(QRect(0, 0, 2560, 1400)).width() == 1040   # roomy screens: as before
    small.export_pdf()
    dialog = small.dialog
    screen = dialog.screen().availableGeometry()
    assert dialog.width() <= screen.width() and dialog.height() <= screen.height()
    dialog.reject()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_sixth_game_takes_its_place_on_every_shared_screen(qtbot, toy, small, lang):
    """The toy sixth game of ``tests/toy``, registered before the window is made:
    the start page lays out six cards at 1024 x 768 (equal widths, names broken
    between words, nothing cut), the Export dialog lists it, and its table, built
    only on the shared bases, is played through to its end screen."""
    from reclaimdesk.core.game import all_games

    window = small
    speak(window, lang)
    assert toy.id in window.start_page.cards and len(window.start_page.cards) == len(all_games()) == 6
    cards = list(window.start_page.cards.values())
    widths = [c.width() for c in cards]
    assert max(widths) - min(widths) <= 4, widths
    assert [b for c in cards for b in _breaks_inside_a_word(c.findChild(QLabel, "cardName"))] == []
    found = look(window, "start page with six games")
    window.export_pdf()
    dialog = window.dialog
    assert dialog.game_box.findData(toy.id) >= 0 and dialog.game_box.count() == 6
    found += look(window, "export dialog with six games")
    dialog.reject()
    found += play_and_look(qtbot, window, toy.id, 2)
    assert found == [], "\n".join(found)
