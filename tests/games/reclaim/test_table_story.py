"""The story of a Reclaim table (``ui/reclaim/logbook.TableStory``, Qt-free): one
log line per step of a computer seat, told the same way step by step, after a take
back (cut) and from a replay; what is new on each sheet from its seat's latest turn
on; and the lines in Japanese (issue 24, item 2)."""

from __future__ import annotations

import re

import pytest

from reclaimdesk.core import i18n
from reclaimdesk.core.game import get_game
from reclaimdesk.games.reclaim.components import GRID
from reclaimdesk.ui.reclaim.logbook import STEP_KINDS, TableStory

NAMES = ["Ann", "Bot", "Cy"]
OPTIONS = {"map": "lake", "variant": True}


@pytest.fixture(scope="module")
def game():
    """A whole 3-seat game (easy AI at every seat, the variant's gift included)."""
    spec = get_game("reclaim")
    state = spec.new_game(3, 12, OPTIONS)
    brains = [spec.agent("easy", 20 + seat) for seat in range(3)]
    while not state.is_terminal():
        state.apply(brains[state.current_player].choose(state.clone()))
    return list(state.history)


def fresh():
    return get_game("reclaim").new_game(3, 12, OPTIONS)


def test_every_computer_step_but_the_end_of_a_turn_has_one_line_of_its_own(game) -> None:
    state = fresh()
    story = TableStory(state, NAMES, [1, 2])
    kinds = set()
    for action in game:
        seat = state.current_player
        note = story.before(state, action)
        state.apply(action)
        lines = story.after(note, state)
        steps = [e for e in lines if e.kind == "step"]
        if seat in (1, 2) and action.kind in STEP_KINDS:
            kinds.add(action.kind)
            assert len(steps) == 1 and steps[0].seat == seat and steps[0].text.startswith(NAMES[seat])
        else:
            assert steps == []
        # a section a computer completed is said in its step's line only
        if steps:
            assert not [e for e in lines if e.kind in ("complete", "x") and e.seat == note.sheet]
    assert {"shape", "pay", "gift"} <= kinds
    assert story.entries == TableStory.replayed(fresh(), game, NAMES, [1, 2]).entries


def test_a_cut_story_is_the_story_of_the_shorter_line(game) -> None:
    story = TableStory.replayed(fresh(), game, NAMES, [1, 2])
    for n in (len(game) - 1, len(game) * 2 // 3, 40, 7, 0):
        assert story.cut(game[:n])
        state = fresh()
        again = TableStory.replayed(state, game[:n], NAMES, [1, 2])
        assert story.entries == again.entries and story.actions == game[:n]
        assert [story.newest(state, s) for s in range(3)] == [again.newest(state, s) for s in range(3)]
    assert not story.cut(game[:3][::-1])  # another line: the caller replays
    state = fresh()
    assert story.extend(state, game) == TableStory.replayed(fresh(), game, NAMES, [1, 2]).entries


def test_what_is_new_on_a_sheet_is_what_was_drawn_since_its_seats_turn_began(game) -> None:
    state = fresh()
    story = TableStory(state, NAMES, [1, 2])
    begun = {(state.current_player, state.turn_key()): True}
    for action in game:
        seat = state.current_player
        note = story.before(state, action)
        state.apply(action)
        story.after(note, state)
        if state.is_terminal():
            break
        now = state.current_player
        if (now, state.turn_key()) not in begun:  # a turn begins: its seat's sheet has nothing new
            begun[(now, state.turn_key())] = True
            assert story.newest(state, now) == (0, 0)
        if action.kind == "shape" and note.sheet == seat and seat != now:
            cells = state.shape(action.shape).rotations()[action.rotation].placed(action.cell)
            assert GRID.mask(cells) & story.newest(state, seat)[0] == GRID.mask(cells)


def test_the_lines_speak_japanese(game) -> None:
    with i18n.using_language("ja"):
        story = TableStory.replayed(fresh(), game, ["アン", "ボット", "シー"], [1, 2])
    steps = [e.text for e in story.entries if e.kind == "step"]
    assert steps and all(t.endswith("。") for t in steps)
    for text in steps:  # only square names (a1..m13) and signed points in Latin letters
        assert not re.search(r"[A-Za-z]{2,}", text), text
