"""Alluvium's companion session against the engine: 20 games played by AI
players; each round every sheet is entered as its owner reads it (the checks and
the largest group of each other colour, the largest rectangle's sides) and the
session's direction card and virtual cards are compared with the engine's; the
helper must give the engine's scores and winners on every one."""

from __future__ import annotations

import pytest

from reclaimdesk.core.agents import play_game
from reclaimdesk.core.companion import CompanionError
from reclaimdesk.core.game import get_game
from reclaimdesk.games.alluvium.companion import Session
from reclaimdesk.games.alluvium.state import AlluviumState

GAMES = [(3 + n % 3, 500 + n) for n in range(20)]


def play(players: int, seed: int, colours: str = ""):
    spec = get_game("alluvium")
    rounds: list[dict] = []

    class Watched(AlluviumState):
        def _score_round(self) -> None:
            if self is state:
                sheets = []
                for owner, sheet in enumerate(self.sheets):
                    others = [c for c in self.colours_in_play if c != owner]
                    rect = self.best_rectangle(owner)
                    w, h = (rect.width, rect.height) if rect else (0, 0)
                    assert w * h == self.area_now(owner)
                    sheets.append({"checks": [sheet.checks[c] for c in others],
                                   "groups": [self.largest_group(owner, c) for c in others], "rect": [w, h]})
                rounds.append({"sheets": sheets, "direction": self.direction,
                               "virtual": self.field_card(self.virtual) if self.virtual is not None else None})
            super()._score_round()

    Watched.spec = spec
    state = Watched(players, seed, {"colours": colours})
    agents = [spec.agent("easy" if seat == 0 else "random", seed + seat) for seat in range(players)]
    play_game(state, agents)
    return state, rounds


COLOURED = [(3, 700, "green,blue,red,brown"), (3, 701, "yellow,red,green"), (4, 702, "blue,green,yellow,red"),
            (5, 703, "green,yellow,blue,brown,red")]
"""Games whose players chose their colours (and, at three, the virtual player's)."""


@pytest.mark.parametrize(("players", "seed", "colours"), [(p, s, "") for p, s in GAMES] + COLOURED)
def test_helper_agrees_with_the_engine(players: int, seed: int, colours: str) -> None:
    state, rounds = play(players, seed, colours)
    session = Session({"players": players, "seed": seed, "colours": colours} if colours else
                      {"players": players, "seed": seed})
    assert [session.colour_id(s) for s in range(players)] == [state.colour_of(s) for s in range(players)]
    assert session.virtual_deck == list(virtual_deck_of(state))
    assert len(rounds) == session.rounds == state.rounds
    for seen in rounds:
        assert session.direction == seen["direction"]
        while session.stage != "score":
            session.act({"do": "next"})
        assert session.virtual_card() == seen["virtual"]
        session.act({"do": "score", "sheets": seen["sheets"]})
    assert session.finished
    assert [session.area(s) for s in range(players)] == [s.area for s in state.sheets]
    assert [session.cooperation(s) for s in range(players)] == [state.cooperation_points(s)
                                                                for s in range(players)]
    assert session.scores() == state.scores()
    assert session.winners() == state.winners()
    for owner in range(players):
        assert [p.explanation() for p in session.ranking(owner)] == [
            p.explanation() for p in state.cooperation[owner]]


def virtual_deck_of(state):
    """The virtual player's whole deck in the order the engine turns it."""
    if state.virtual is None:
        return []
    fresh = AlluviumState(state.num_players, state.seed, state.options)
    return fresh.decks[fresh.virtual]


@pytest.mark.parametrize("colours", ["red,red,blue", "red,brown", "purple,red,blue", 5])
def test_a_bad_colour_choice_is_refused(colours) -> None:
    with pytest.raises(CompanionError):
        Session({"players": 3, "seed": 1, "colours": colours})


def test_entries_are_checked() -> None:
    session = Session({"players": 3, "seed": 1})
    for _ in range(3):
        session.act({"do": "next"})
    assert session.virtual_card() is not None and session.virtual_cards_left() == 5
    good = [{"checks": [1, 0, 2], "groups": [3, 4, 5], "rect": [2, 3]} for _ in range(3)]
    with pytest.raises(CompanionError, match="one number per colour"):
        session.act({"do": "score", "sheets": [{**good[0], "checks": [1]}] + good[1:]})
    with pytest.raises(CompanionError, match="width and a height"):
        session.act({"do": "score", "sheets": [{**good[0], "rect": [0, 3]}] + good[1:]})
    session.act({"do": "score", "sheets": good})
    assert session.round == 2 and session.area(0) == [6]
    for _ in range(3):
        session.act({"do": "next"})
    with pytest.raises(CompanionError, match="fewer than last round"):
        session.act({"do": "score", "sheets": [{**good[0], "checks": [0, 0, 2]}] + good[1:]})


def test_back_before_the_virtual_card_asks() -> None:
    session = Session({"players": 3, "seed": 2})
    session.act({"do": "next"})
    assert session.back_hides_card()
    session.back()
    assert session.virtual_card() is None and session.stage == "own"
    four = Session({"players": 4, "seed": 2})
    four.act({"do": "next"})
    assert four.stage == "pass" and not four.back_hides_card()
