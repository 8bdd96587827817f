"""Issue 17: kill -9 at random moments while the app's autosave and score code
write (in a child process that plays games and saves after every action), 50
times, each after a random number of the child's reports. After each kill the autosave loads, holds every action the child reported
as saved, and the personal-best database holds every best it reported and passes
SQLite's integrity check. Every registered game takes its turn."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from reclaimdesk.core.game import all_games
from reclaimdesk.core.record import load_record

ROOT = Path(__file__).resolve().parents[1]
KILLS = int(os.environ.get("RECLAIMDESK_CRASH_KILLS", "50"))

CHILD = r"""
import sys
from pathlib import Path
from reclaimdesk.core.agents import RandomAgent
from reclaimdesk.core.game import get_game
from reclaimdesk.ui.autosave import Autosave
from reclaimdesk.ui.scores import PersonalBests

folder, game, first_seed = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
spec = get_game(game)
autosave = Autosave(folder, game)
bests = PersonalBests(folder / "scores.sqlite3")
spec.new_game(spec.min_players, first_seed).legal_actions()  # rules and data loaded before the clock runs
print("ready", flush=True)
seed = first_seed
while True:
    players = spec.min_players
    state = spec.new_game(players, seed)
    agent = RandomAgent(seed)
    seats = [{"name": f"Seat {i + 1}", "kind": "human"} for i in range(players)]
    while not state.is_terminal():
        state.apply(agent.choose(state))
        autosave.write(state.to_record(seats))
        print(f"saved {seed} {len(state.history)}", flush=True)
        if len(state.history) % 7 == 0:  # more score writes than one per game, to be killed in
            row = bests.add(map_id=game, seed=seed, score=len(state.history), tier=None)
            print(f"best {row}", flush=True)
    row = bests.add(map_id=game, seed=seed, score=int(state.scores()[0]), tier=None)
    print(f"best {row}", flush=True)
    seed += 1
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="kill -9 is POSIX")
def test_kill_9_during_autosave_and_best_writes_loses_nothing(tmp_path):
    rng = random.Random(int(os.environ.get("RECLAIMDESK_CRASH_SEED", "9")))
    games = [spec.id for spec in all_games()]
    env = dict(os.environ)
    env.pop("RECLAIMDESK_DATA_DIR", None)
    checked_saves = checked_bests = 0
    for run in range(KILLS):
        game = games[run % len(games)]
        folder = tmp_path / f"run{run % len(games)}"  # every game keeps its folder: kills pile up on one database
        folder.mkdir(exist_ok=True)
        child = subprocess.Popen([sys.executable, "-c", CHILD, str(folder), game, str(1000 * run)],
                                 cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            assert child.stdout.readline().strip() == "ready", child.stderr.read()
            # killed after a random number of its reports, not a random time: the
            # child writes on while the lines are read, so the kill still lands at
            # any moment of a write, and a loaded machine kills as often mid-game
            # as an idle one (a sleep killed most children before their first save)
            early = [child.stdout.readline() for _ in range(rng.randint(1, 60))]
            child.send_signal(signal.SIGKILL)
            out, err = child.communicate(timeout=30)
            out = "".join(early) + out
        finally:
            if child.poll() is None:
                child.kill()
                child.wait()
        assert child.returncode == -signal.SIGKILL, err
        lines = out.splitlines()
        saves = [line.split() for line in lines if line.startswith("saved ")]
        bests = [line for line in lines if line.startswith("best ")]
        if saves:
            _, seed, count = saves[-1]
            record = load_record(folder / f"autosave-{game}.json")  # loads: never half written
            if record.seed == int(seed):
                assert len(record.actions) >= int(count), (run, game, len(record.actions), count)
            else:  # killed after the next game's first save, before it was reported
                assert record.seed == int(seed) + 1 and len(record.actions) == 1, (run, record.seed, seed)
            record.replay()
            checked_saves += 1
        db = folder / "scores.sqlite3"
        con = sqlite3.connect(db)
        try:
            assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            rows = {r[0] for r in con.execute("SELECT id FROM scores")}
        finally:
            con.close()
        reported = {int(b.split()[1]) for b in bests}
        assert reported <= rows, (run, reported - rows)
        checked_bests += len(reported)
        assert not list(folder.glob("*.damaged"))
    assert checked_saves == KILLS, checked_saves  # every kill came after a reported save
    print(f"\n{KILLS} kills; {checked_saves} autosaves checked; {checked_bests} reported bests found")
