"""One print path: a record of every registered game that has a filled sheet is
printed through the command line (``print --record``, which replays the record
into a game state) and through the app (File > Open, then File > Export PDF on the
game's page, which hands the page's game state to the same dispatcher); both
give the same bytes, and the same bytes as the kit's own ``filled`` for the
replayed state."""

from __future__ import annotations

import pytest

from reclaimdesk.core.agents import play_game
from reclaimdesk.core.game import all_games, get_game
from reclaimdesk.core.record import GameRecord, load_record, save_record
from reclaimdesk.export.kit import find_kit
from reclaimdesk.export.options import SEAT, PrintOptions

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

FILLED_GAMES = [spec.id for spec in all_games() if (kit := find_kit(spec.id)) and kit.offer.filled is not None]


def players(game: str) -> int:
    """Two seats where the game allows them (so a second seat's sheet can be chosen)."""
    spec = get_game(game)
    return min(spec.max_players, max(spec.min_players, 2))


def write_record(game: str, folder, finished: bool):
    """A record of ``game`` played by random agents: the whole game, or its first half."""
    spec = get_game(game)
    n = players(game)
    state = play_game(spec.new_game(n, 5), [spec.agent("random", 30 + i) for i in range(n)])
    record = GameRecord.from_state(state)
    if not finished:
        record.actions = record.actions[: len(record.actions) // 2]
        record.result = None
    path = folder / f"{game}-{'over' if finished else 'half'}.json"
    save_record(record, path)
    return path


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    from reclaimdesk.core import i18n
    from reclaimdesk.ui.app import MainWindow

    monkeypatch.setenv("RECLAIMDESK_DATA_DIR", str(tmp_path / "data"))
    (tmp_path / "data").mkdir()
    i18n.set_language("en")
    w = MainWindow()
    qtbot.addWidget(w)
    w.show()
    yield w
    w.close()


def app_export(qtbot, window, path, seat: int | None, target) -> bytes:
    """Open ``path`` in the app, export its filled sheet (of ``seat``, from 1) with
    the Export dialog of the game's page, and return the bytes it saved."""
    from reclaimdesk.ui.export_dialog import FILLED, ExportDialog

    assert window.open_record(path)
    window.export_action.trigger()
    dialogs = [d for d in window.findChildren(ExportDialog) if d.isVisible()]
    assert len(dialogs) == 1
    dialog = dialogs[0]
    assert dialog.what() == FILLED
    dialog.paper_box.setCurrentIndex(dialog.paper_box.findData("a4"))
    if seat is not None:
        dialog.seat_box.setCurrentIndex(dialog.seat_box.findData(seat))
    qtbot.waitUntil(lambda: dialog.ready, timeout=20_000)     # the preview matches the options
    assert dialog.save_to(target)
    return target.read_bytes()


@pytest.mark.parametrize("finished", [True, False], ids=["finished", "half-played"])
@pytest.mark.parametrize("game", FILLED_GAMES)
def test_a_record_prints_the_same_filled_sheet_from_the_command_line_and_from_the_app(
        game, finished, qtbot, window, tmp_path, capsys):
    from reclaimdesk.cli import main
    from reclaimdesk.ui.text import shown_name

    kit = find_kit(game)
    assert kit is not None and kit.filled is not None
    path = write_record(game, tmp_path, finished)
    seat = players(game) if kit.offer.filled == SEAT else None
    cli_out = tmp_path / "cli.pdf"
    assert main(["print", game, "--record", str(path), "--paper", "a4", "-o", str(cli_out),
                 *(["--seat", str(seat)] if seat else [])]) == 0, capsys.readouterr().err
    from_cli = cli_out.read_bytes()
    from_app = app_export(qtbot, window, path, seat, tmp_path / "app.pdf")
    assert from_cli.startswith(b"%PDF-") and from_cli == from_app
    record = load_record(path)
    state = record.replay()
    names = tuple(shown_name(str(p["name"])) for p in record.players)   # the players' names, as the app shows them
    assert from_cli == kit.filled(state, PrintOptions(seat=seat, players=names))
    if seat is not None and seat > 1:     # the seat chosen is the one printed
        assert from_cli != kit.filled(state, PrintOptions(seat=1, players=names))


def test_every_game_with_a_kit_that_prints_filled_sheets_is_covered():
    """The list above comes from the registry: a new game with a filled sheet joins it."""
    assert FILLED_GAMES and all(find_kit(g).filled is not None for g in FILLED_GAMES)
