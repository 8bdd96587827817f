"""Reclamation Wars' companion session against the engine: 20 games played by AI
players, each turn tapped in as the table would see it (a special hex changing
hands, a hex demolished to neutral, Lockdown, the Special Neutralizer, the end of
the turn); after every turn the trackers (whose turn, powers held, immunity,
cool-down, skipped turns, hexes nobody may reclaim) must be the engine's, and the
final count helper must give the engine's winners."""

from __future__ import annotations

import pytest

from reclaimdesk.core.agents import play_game
from reclaimdesk.core.companion import CompanionError
from reclaimdesk.core.game import get_game
from reclaimdesk.games.reclamation_wars import state as W
from reclaimdesk.games.reclamation_wars.companion import Session
from reclaimdesk.games.reclamation_wars.components import SPECIAL_KINDS, seeded_layout

GAMES = [(700 + n, "standard" if n % 4 else "large") for n in range(20)]


def play(seed: int, board: str):
    spec = get_game("reclamation-wars")
    state = spec.state_class(3, seed, {"board": board, "layout": "seed"})
    snapshots: dict[int, dict] = {}

    def watch(st, _action) -> None:
        if st.moves_used == 0:  # a turn ended (not a demolisher move within one)
            snapshots[st.turn] = snapshot(st)

    levels = ["easy", "random", "random"]
    play_game(state, [spec.agent(levels[i], seed + i) for i in range(3)], watch)
    return state, snapshots


def snapshot(st) -> dict:
    return {"powers": [[k for k in SPECIAL_KINDS if st.holds(s, k)] for s in range(3)], "locked": [st.is_locked(s) for s in range(3)],
            "ready": [st.lock_ready[s] for s in range(3) if st.holds(s, "lockdown")],
            "blocked": {st.geo.names[st.geo.index[h]]: s for h, s in st.blocked_hexes().items()},
            "seat": st.current_player, "number": [st.turn_number(s) for s in range(3)]}


def tracked(session: Session) -> dict:
    return {"powers": [session.powers_of(s) for s in range(3)], "locked": [session.is_locked(s) for s in range(3)],
            "ready": [session.lock_ready[s] for s in range(3) if "lockdown" in session.powers_of(s)],
            "blocked": session.blocked_hexes(),
            "seat": session.seat if session.turn < 60 else -1,
            "number": [session.turn_number(s) for s in range(3)]}


def taps(entry, geo) -> list[dict]:
    out: list[dict] = []
    for ev in entry.events:
        name = geo.names[geo.index[ev.action.hex]] if ev.action.hex is not None else None
        if ev.outcome == W.RECLAIMED and ev.special:
            out.append({"do": "power", "kind": ev.special, "seat": ev.seat})
        elif ev.outcome == W.CONVERTED and ev.special:
            out.append({"do": "power", "kind": ev.special, "seat": ev.seat})
        elif ev.outcome == W.NEUTRALISED:
            if ev.special:
                out.append({"do": "power", "kind": ev.special, "seat": -1})
            out.append({"do": "blocked", "hex": name})
        elif ev.outcome == W.STRIPPED:
            out.append({"do": "neutralize", "kind": ev.special})
        elif ev.outcome == W.LOCKED:
            out.append({"do": "lockdown"})
    if entry.kind not in ("lockdown", "neutralize"):
        out.append({"do": "next"})
    return out


@pytest.mark.parametrize(("seed", "board"), GAMES)
def test_trackers_and_count_agree_with_the_engine(seed: int, board: str) -> None:
    state, snapshots = play(seed, board)
    session = Session({"seed": seed, "board": board})
    assert session.layout == seeded_layout(board, seed) == state.layout
    compared = 0
    for entry in state.turns:
        if entry.kind == "skipped":
            assert (entry.seat, entry.number) in session.skipped
            continue
        assert (session.seat, session.turn_number(session.seat)) == (entry.seat, entry.number)
        for step in taps(entry, state.geo):
            session.act(step)
        if session.turn in snapshots:
            assert tracked(session) == snapshots[session.turn], entry
            compared += 1
    assert compared >= 20 and session.stage == "count"
    session.act({"do": "count", "hexes": state.counts()})
    assert session.scores() == state.scores() and session.winners() == state.winners()


def test_rules_refused_on_the_table() -> None:
    session = Session({"seed": 3, "board": "standard"})
    with pytest.raises(CompanionError, match="does not hold Lockdown"):
        session.act({"do": "lockdown"})
    session.act({"do": "power", "kind": "lockdown", "seat": 0})
    session.act({"do": "power", "kind": "super", "seat": 0})
    with pytest.raises(CompanionError, match="third"):
        session.act({"do": "power", "kind": "void", "seat": 0})
    session.act({"do": "lockdown"})  # player 1's turn 1; turn 2 is skipped, immune until turn 3 begins
    assert session.is_locked(0) and session.lock_ready[0] == 5
    session.act({"do": "next"})
    session.act({"do": "power", "kind": "neutralizer", "seat": 2})
    session.act({"do": "next"})
    assert (0, 2) in session.skipped and session.seat == 1 and session.is_locked(0)
    session.act({"do": "next"})
    with pytest.raises(CompanionError, match="immune"):
        session.act({"do": "neutralize", "kind": "super"})
    session.act({"do": "neutralize", "kind": "fortified"})
    assert "neutralizer" not in session.powers_of(2)
    with pytest.raises(CompanionError, match="no longer"):
        session.act({"do": "power", "kind": "fortified", "seat": 1})
    assert set(session.powers_of(0)) == {"lockdown", "super"} and len(SPECIAL_KINDS) == 6


def test_a_table_kept_before_printed_names_still_loads() -> None:
    """Sessions kept before issue 24 wrote the demolished hex as axial ``q,r``."""
    old = Session({"seed": 3, "board": "standard"})
    old.act({"do": "blocked", "hex": "1,-2"})
    new = Session({"seed": 3, "board": "standard"})
    new.act({"do": "blocked", "hex": "D7"})
    assert old.blocked_hexes() == new.blocked_hexes() == {"D7": 0}
    for bad in ("J5", "9,9", "", 7):
        with pytest.raises(CompanionError, match="not a hex of this board"):
            new.act({"do": "blocked", "hex": bad})
