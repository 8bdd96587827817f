"""A filled sheet says who played and who won: every registered game whose kit
prints filled sheets is played to its end by random agents, recorded with typed
names, and printed through ``reclaimdesk print --record``; the sheet names the
first seat's player and the winner (or the draw) by the engine's rule."""

from __future__ import annotations

import re

import pytest

from reclaimdesk.core.agents import play_game
from reclaimdesk.core.game import all_games, get_game
from reclaimdesk.core.record import GameRecord, save_record
from reclaimdesk.export.kit import find_kit
from tests.export.kit_checks import page_texts, run

FILLED_GAMES = [spec.id for spec in all_games() if (kit := find_kit(spec.id)) and kit.offer.filled is not None]
NAMES = ("Ada", "Bartholomew", "Cleo", "Dmitri", "Eun")


@pytest.mark.parametrize("game", FILLED_GAMES)
def test_a_filled_sheet_names_the_players_and_the_winner(game, tmp_path, capsys):
    spec = get_game(game)
    n = min(spec.max_players, max(spec.min_players, 2))
    state = play_game(spec.new_game(n, 11), [spec.agent("random", 50 + i) for i in range(n)])
    players = [{"name": NAMES[i], "kind": "human"} for i in range(n)]
    path = tmp_path / "game.json"
    save_record(GameRecord.from_state(state, players), path)
    out = tmp_path / "sheet.pdf"
    code, _stdout, err = run(capsys, "print", game, "--record", str(path), "-o", str(out))
    assert code == 0, err
    text = " ".join(" ".join(page_texts(out.read_bytes())).split())
    assert NAMES[0] in text
    winners = state.winners()
    if len(winners) == 1 and n > 1:
        name = NAMES[winners[0]]
        assert f"Winner: {name}" in text or re.search(rf"{name}( \([^)]*\))? won", text), text[:800]
    elif n > 1:
        assert "Draw:" in text or "draw" in text.lower(), text[:800]
