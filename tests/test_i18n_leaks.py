"""No user-visible text bypasses the catalogue: each way English (or an identifier,
or an ISO date) used to reach a Japanese player is checked here once, over every
registered game where the leak belongs to a game.

The leaks (issue 25): the resume banner (the game's English name, Reclaim's map id,
an ISO date), Python's JSON error text, the ``--version`` help and argparse's
"title:" headings, the game id in ``replay`` output, AI level keys in ``play``
output, "unknown language", the kits' footers (map ids, "data sheet 1"), Qt's own
file dialog, dates in sentences, and the ``games`` table misaligned by
double-width names.
"""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

import pytest

from reclaimdesk import __version__
from reclaimdesk.cli import main
from reclaimdesk.core import i18n
from reclaimdesk.core.game import all_games

LEVEL_KEYS = ("random", "easy", "normal", "hard")


@pytest.fixture
def japanese():
    i18n.set_language("ja")
    yield
    i18n.set_language("en")


@pytest.fixture
def english_after():
    yield
    i18n.set_language("en")


def latin_words(text: str, allowed: tuple[str, ...] = ()) -> list[str]:
    """Runs of three or more Latin letters in ``text`` (English words, ids) other
    than ``allowed``."""
    return [w for w in re.findall(r"[A-Za-z]{3,}", text) if w not in allowed]


# --- dates ----------------------------------------------------------------------------------
def test_dates_in_sentences_follow_the_language(japanese):
    when = datetime(2026, 11, 26, 1, 15)
    assert i18n.date_text(when) == "2026年11月26日"
    assert i18n.date_text(when, with_time=True) == "2026年11月26日 1時15分"
    assert i18n.date_cell(when, with_time=True) == "2026/11/26 01:15"
    i18n.set_language("en")
    assert i18n.date_text(when) == "2026-11-26"


# --- the resume banner ------------------------------------------------------------------------
def _game_in_progress(spec):
    state = spec.new_game(spec.min_players, 7, {})
    agents = [spec.agent("random", 7 + seat) for seat in range(spec.min_players)]
    for _step in range(6):
        if state.is_terminal():
            break
        state.apply(agents[state.current_player].choose(state))
    players = [{"name": "Ann", "kind": "human"}] + [
        {"name": f"Bot {seat}", "kind": "ai", "level": "easy"} for seat in range(1, spec.min_players)]
    return state.to_record(players)


def test_resume_banner_says_everything_in_japanese(japanese):
    pytest.importorskip("PySide6")
    from reclaimdesk.ui.autosave import Unfinished
    from reclaimdesk.ui.plugin import table_for

    checked = 0
    for spec in all_games():
        table = table_for(spec.id)
        if table is None:
            continue
        record = _game_in_progress(spec)
        found = Unfinished(record, Path("autosave.json"), datetime(2026, 11, 26, 1, 15))
        text = re.sub(r"<[^>]+>", "", table.resume_text(found))
        assert "2026年11月26日" in text and "2026-11-26" not in text, text
        words = latin_words(text, allowed=("Ann", "Bot"))
        assert words == [], f"{spec.id}: {words} in {text!r}"
        for value in record.options.values():  # an option's id (Reclaim's map 'river') is named, not shown
            if isinstance(value, str) and len(value) > 2:
                assert value not in text, f"{spec.id}: option id {value!r} in {text!r}"
        checked += 1
    assert checked >= 1


# --- files and records ---------------------------------------------------------------------------
def test_json_errors_in_japanese(japanese, tmp_path):
    from reclaimdesk.core.errors import ReclaimDeskError
    from reclaimdesk.core.record import load_record

    for bad in ("{", "", "[1,]", '{"a": 1} x', '{"a" 1}', '"open'):
        path = tmp_path / "bad.json"
        path.write_text(bad, encoding="utf-8")
        with pytest.raises(ReclaimDeskError) as caught:
            load_record(path)
        message = str(caught.value)
        assert latin_words(message, allowed=("JSON", "bad", "json")) == [], message


# --- the command line ---------------------------------------------------------------------------
def test_help_has_no_english(capsys, english_after):
    assert main(["--lang", "ja", "--help"]) == 0
    out = capsys.readouterr().out
    assert "version number" not in out and "バージョン" in out
    # argparse's headings end with the full-width colon, like every Japanese label
    assert "オプション：" in out and "位置引数：" in out and not re.search(r"[^\x00-\x7f]:$", out, re.M)


def test_unknown_language_in_the_systems_language(capsys, monkeypatch, english_after):
    monkeypatch.setenv("LANGUAGE", "ja")
    assert main(["--lang", "xx", "games"]) == 2
    err = capsys.readouterr().err
    assert "「xx」" in err and "unknown" not in err and "ありません" in err


def test_games_table_lines_up_with_double_width_names(capsys, english_after):
    assert main(["--lang", "ja", "games"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(list(all_games()))
    # the summary column starts at the same terminal cell on every line
    starts = {i18n.display_width(line[:line.index("人  ") + 3]) for line in lines}
    assert len(starts) == 1, lines
    assert all("-" not in line.split("人  ")[0].split()[-1] for line in lines), lines  # 1～6人, not 1-6人


def test_play_and_replay_name_levels_and_games(capsys, tmp_path, english_after):
    for spec in all_games():
        record = tmp_path / f"{spec.id}.json"
        assert main(["--lang", "ja", "play", spec.id, "--agents", "random", "--seed", "3",
                     "--players", str(spec.min_players), "--record", str(record)]) == 0
        played = capsys.readouterr().out
        assert main(["--lang", "ja", "replay", str(record)]) == 0
        replayed = capsys.readouterr().out
        i18n.set_language("ja")
        name = i18n._(spec.name)
        for out in (played, replayed):
            assert out.startswith(name), out
            assert not any(re.search(rf"\b{key}\b", out) for key in LEVEL_KEYS), out
        assert spec.id not in replayed, replayed
        assert "ランダム" in played and "ランダム" in replayed


# --- the print kits ------------------------------------------------------------------------------
def test_japanese_kit_footers_have_no_ids():
    pdfium = pytest.importorskip("pypdfium2")
    from reclaimdesk.export.kit import SHEETS_DIR, kit_files

    checked = 0
    for kit in kit_files():
        path = SHEETS_DIR / kit.name
        if kit.lang != "ja" or not path.exists():
            continue
        doc = pdfium.PdfDocument(path.read_bytes())
        try:
            text = doc[0].get_textpage().get_text_bounded()
        finally:
            doc.close()
        footer = next(line for line in text.splitlines() if f"ReclaimDesk {__version__}" in line)
        assert latin_words(footer, allowed=("ReclaimDesk",)) == [], footer
        assert "年" in footer and "データ：" in footer, footer
        checked += 1
    assert checked >= 1


# --- Qt's own words -------------------------------------------------------------------------------
def test_qt_file_dialog_in_japanese(qapp):
    from PySide6.QtCore import QLocale
    from PySide6.QtWidgets import QAbstractButton, QFileDialog, QLabel

    from reclaimdesk.ui.i18n import apply_language

    try:
        apply_language("ja", qapp)
        dialog = QFileDialog(None, "x")
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog)
        texts = [w.text() for w in dialog.findChildren(QLabel) + dialog.findChildren(QAbstractButton) if w.text()]
        assert texts and not any(latin_words(t.replace("&", "")) for t in texts), texts
        assert "場所(&L)：" in texts and "ファイルの種類(&T)：" in texts
        assert QLocale().language() == QLocale.Language.Japanese
        dialog.deleteLater()
    finally:
        apply_language("en", qapp)
    assert QLocale().language() == QLocale.Language.English


# --- fonts ------------------------------------------------------------------------------------------
def test_japanese_face_is_proportional_and_latin_keeps_the_ui_font(qapp):
    from PySide6.QtGui import QFont, QFontInfo, QFontMetricsF, QTextLayout
    from PySide6.QtWidgets import QApplication

    from reclaimdesk.ui import i18n as ui_i18n

    family = ui_i18n.use_japanese_font()
    assert family is not None
    face = QFont(family)
    assert not QFontInfo(face).fixedPitch(), family
    metrics = QFontMetricsF(face)
    assert metrics.horizontalAdvance("i") < metrics.horizontalAdvance("W"), family  # proportional Latin too

    def faces(text: str, font: QFont) -> dict[str, str]:
        layout = QTextLayout(text, font)
        layout.beginLayout()
        layout.createLine()
        layout.endLayout()
        return {run.rawFont().familyName().lower(): text for run in layout.glyphRuns()}

    app_font = QApplication.font()
    latin = QFontInfo(app_font).family()
    assert latin != family, "Latin text (names, seeds, ReclaimDesk) must keep the UI font"
    used = faces("ReclaimDesk 日本語", app_font)
    assert latin.lower() in used and family.lower() in used, used
    # a font asked for by a generic name (a scene item's) falls back the same way
    used = faces("ReclaimDesk 日本語", QFont(app_font.families()[-2] if len(app_font.families()) > 1 else latin))
    assert family.lower() in used and len(used) == 2, used


def test_system_japanese_face_is_preferred():
    from reclaimdesk.ui.i18n import SYSTEM_JAPANESE_FAMILIES, system_japanese_family

    assert system_japanese_family(["DejaVu Sans", "Noto Sans CJK JP"]) == "Noto Sans CJK JP"
    assert system_japanese_family(["Meiryo", "Yu Gothic UI"]) == "Yu Gothic UI"
    assert system_japanese_family(["IPAGothic"]) is None  # fixed pitch: never chosen
    assert "IPAGothic" not in SYSTEM_JAPANESE_FAMILIES


# --- moves in words ---------------------------------------------------------------------------
@pytest.mark.parametrize("spec", all_games(), ids=lambda s: s.id)
def test_every_move_of_a_game_is_told_in_japanese_words(spec, japanese):
    """The review's move list, the computer's view and the status bar tell a move
    with ``describe_action``: in Japanese, no English notation ("pass", "end",
    "shape ...") may reach the player, whatever kind of move it is."""
    state = spec.new_game(spec.min_players, 11, {})
    agents = [spec.agent("random", 11 + seat) for seat in range(spec.min_players)]
    kinds_told = 0
    for _step in range(400):
        if state.is_terminal():
            break
        action = agents[state.current_player].choose(state)
        words = state.describe_action(action)
        assert words and not latin_words(words), (state.action_to_str(action), words)
        kinds_told += 1
        state.apply(action)
    assert kinds_told >= 5
