"""Reclaim's companion session against the engine: 20 games played by AI
players, each table's deck turned by the session and each sheet entered into the
score helper as a player reads it (castles linked and track crossings when the
first half is scored, then the same at the end with the rectangle's sides and the
X marks); the helper must give the engine's scores and winners on every one."""

from __future__ import annotations

from datetime import date

import pytest

from reclaimdesk.core.agents import play_game
from reclaimdesk.core.companion import CompanionError, CompanionSession, load_session, save_session
from reclaimdesk.core.game import get_game
from reclaimdesk.games.reclaim.companion import Session, daily_seed, deck_code, read_deck_code
from reclaimdesk.games.reclaim.state import ReclaimState

GAMES = [(1 + n % 6, 1000 + n, ("river", "lake")[n % 2]) for n in range(20)]


def play(players: int, seed: int, map_id: str):
    """An AI game; what each sheet shows at the first half and at the end, and the
    cards face up in each round."""
    spec = get_game("reclaim")
    fields: dict[int, list[str]] = {}
    half: dict[str, list[int]] = {}

    class Watched(ReclaimState):
        """The game, noting each round's face-up cards and each sheet at the half as
        the round ends (the AI's searches on copies are left out)."""

        def _after_round(self) -> None:
            if self is state:
                fields[self.round] = list(self.field)
                if self.round == 10:
                    half["castles"] = [self.connected_castles(sheet)[0] for sheet in self.sheets]
                    half["crossed"] = [sheet.crossed for sheet in self.sheets]
            super()._after_round()

    Watched.spec = spec
    state = Watched(players, seed, {"map": map_id, "variant": False})
    agents = [spec.agent("easy" if seat == 0 else "random", seed + seat) for seat in range(players)]
    play_game(state, agents)
    assert len(fields) == 16 and half
    rects = []
    for sheet in state.sheets:
        rect = state.best_rectangle(sheet)
        rects.append([rect.width, rect.height] if rect else None)
    final = {"castles": [state.connected_castles(s)[0] for s in state.sheets],
             "crossed": [s.crossed for s in state.sheets],
             "rectangles": rects, "xs": [state.x_count(s) for s in state.sheets]}
    return state, fields, half, final


@pytest.mark.parametrize(("players", "seed", "map_id"), GAMES)
def test_helper_agrees_with_the_engine(players: int, seed: int, map_id: str) -> None:
    state, fields, half, final = play(players, seed, map_id)
    session = Session({"players": players, "map": map_id, "seed": seed})
    assert [session.start_cards(s) for s in range(players)] == [s.start_cards for s in state.sheets]
    while session.stage != "half":
        session.act({"do": "next"})
        assert session.field() == fields[session.round]
    session.act({"do": "half", **half})
    assert session.field() == fields[11]
    while session.stage != "final":
        session.act({"do": "next"})
        assert session.field() == fields[session.round]
        assert session.deck_left() == 16 - session.round
    session.act({"do": "final", **final})
    assert session.finished
    assert session.scores() == state.scores()
    assert session.winners() == state.winners()
    for seat, row in enumerate(session.results()):
        assert row["first_half"] == state.sheets[seat].half1
        assert row["second_half"] == state.sheets[seat].half2


def test_checks_entries_against_the_map() -> None:
    session = Session({"players": 2, "map": "river", "seed": 3})
    for _ in range(11):
        session.act({"do": "next"})
    with pytest.raises(CompanionError, match="castles linked"):
        session.act({"do": "half", "castles": [session.castles_on_map + 1, 0], "crossed": [0, 0]})
    session.act({"do": "half", "castles": [2, 3], "crossed": [1, 0]})
    for _ in range(6):
        session.act({"do": "next"})
    good = {"do": "final", "castles": [4, 3], "crossed": [1, 2], "rectangles": [[3, 4], None], "xs": [2, 0]}
    with pytest.raises(CompanionError, match="fewer track numbers"):
        session.act({**good, "crossed": [0, 2]})
    with pytest.raises(CompanionError, match="width"):
        session.act({**good, "rectangles": [[1, 4], None]})
    with pytest.raises(CompanionError, match="do not fit"):
        session.act({**good, "rectangles": [[13, 13], None], "xs": [1, 0]})
    assert session.stage == "final"  # nothing refused changed anything
    session.act(good)
    assert session.results()[1]["rectangle"] == -5


def test_back_hides_cards_and_replays() -> None:
    session = Session({"players": 1, "map": "lake", "seed": 9})
    session.act({"do": "next"})
    assert session.back_hides_card()
    seen = session.field()
    session.act({"do": "next"})
    session.back()
    assert session.field() == seen and session.round == 1
    session.back()
    assert session.stage == "setup" and not session.can_go_back()


def test_deck_code_round_trips_between_two_data_folders(tmp_path) -> None:
    """A deck dealt in one data folder, its code typed in another: the same cards
    in the same order, round after round (the code read back as a person might type it)."""
    here, there = tmp_path / "here", tmp_path / "there"
    here.mkdir()
    there.mkdir()
    first = Session({"players": 4, "map": "lake", "seed": 4242})
    save_session(first, here / "companion-reclaim.json")
    code = load_session(here / "companion-reclaim.json").code()
    typed = code.lower().replace("-", " ").replace("0", "o").replace("1", "l")
    second = Session({"players": 2, **read_deck_code(typed)})
    save_session(second, there / "companion-reclaim.json")
    a, b = load_session(here / "companion-reclaim.json"), load_session(there / "companion-reclaim.json")
    assert isinstance(a, CompanionSession) and b.map_id == "lake"
    for _ in range(10):
        assert a.field() == b.field()
        a.act({"do": "next"})
        b.act({"do": "next"})


def test_deck_of_the_day_code() -> None:
    day = date(2026, 11, 26)
    back = read_deck_code(deck_code("river", day=day))
    assert back == {"map": "river", "day": "2026-11-26"}
    assert Session({"players": 1, **back}).seed == daily_seed(day)


@pytest.mark.parametrize("position", range(7))
def test_every_single_typing_error_is_caught(position: int) -> None:
    code = deck_code("river", seed=98765).replace("-", "")
    alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
    for ch in alphabet:
        if ch == code[position]:
            continue
        typed = code[:position] + ch + code[position + 1:]
        if {code[position], ch} == {"0", "Z"}:
            continue  # 31 apart: the one change a mod-31 check letter cannot see
        with pytest.raises(CompanionError):
            read_deck_code(typed)
    swapped = code[:position] + code[position + 1: position + 2] + code[position] + code[position + 2:]
    if position < 6 and swapped != code:
        with pytest.raises(CompanionError):
            read_deck_code(swapped)
