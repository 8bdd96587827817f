"""The engine's list of what happened (``state.events``) tags every event with the
round it happened in, and a replayed record holds the same events: the table's
log is read from it (issue 15, item 4)."""

from reclaimdesk.core.game import get_game
from reclaimdesk.core.record import GameRecord
from reclaimdesk.games.reclaim.actions import ReclaimAction
from reclaimdesk.ui.reclaim.logbook import log_entries, log_from_record

ROUND_2_UNPAYABLE = ["shape r13 2 g5", "shape r21 0 b7", "pay e7", "pay g6", "shape r05 0 b8", "end",
                     "pay i6"]


def round_2_state():
    state = get_game("reclaim").new_game(1, 2, {"map": "river"})
    for text in ROUND_2_UNPAYABLE:
        state.apply_text(text)
    assert state.round == 2 and state.phase == "pay"
    return state


def test_a_penalty_that_ends_the_round_is_tagged_with_that_round():
    state = round_2_state()
    state.apply(ReclaimAction.pass_())
    assert state.round == 3
    kind, seat, (entry, reason), round_no = state.events[-1]
    assert (kind, seat, entry, reason, round_no) == ("cross", 0, 9, "cost unpaid", 2)
    assert state.sheets[0].crossings == [(2, "cost unpaid")]


def test_a_replayed_record_holds_the_same_events_and_log():
    spec = get_game("reclaim")
    state = spec.new_game(1, 2, {"map": "river"})
    brain = spec.agent("easy", 4)
    while not state.is_terminal():
        state.apply(brain.choose(state.clone()))
    record = GameRecord.from_state(state, [{"name": "You", "kind": "human"}])
    assert record.replay().events == state.events
    log = log_from_record(record)
    assert log == log_entries(state, ["You"])
    assert log and all(0 <= e.round <= 16 for e in log)
    assert [e.round for e in log] == sorted(e.round for e in log)
    # every crossed-out number is logged under the round the sheet records for it
    crossed = [(e.round, e.kind) for e in log if e.kind == "cross"]
    assert [r for r, _k in crossed] == [r for r, _why in state.sheets[0].crossings]


def test_the_log_lists_only_the_seats_asked_for_and_names_them_at_a_table():
    spec = get_game("reclaim")
    state = spec.new_game(3, 5, {"map": "lake"})
    brain = spec.agent("easy", 4)
    while state.round < 9:
        state.apply(brain.choose(state.clone()))
    names = ["Ann", "Bo", "Cy"]
    everyone = log_entries(state, names)
    only_bo = log_entries(state, names, [1])
    assert only_bo == [e for e in everyone if e.seat == 1]
    assert all(e.text.startswith("Bo") for e in only_bo)
