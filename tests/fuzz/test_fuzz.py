"""Fuzzing every registered game's records and every data file (issue 17).

Damaged records go through the command line's ``main`` (``replay``, and ``print
--record`` for a few) and through the app's open path; damaged data files through
``main`` (a game played headless on them). Every case must end in a clean exit
(0, 1 for an illegal action, 2 for a bad file) with at most one short, clean line
on stderr: no traceback, no hang.

CI runs a bounded slice (2,000 cases by default, well under a minute). Run more
by hand, e.g.::

    RECLAIMDESK_FUZZ_CASES=10000 RECLAIMDESK_FUZZ_SEED=1 QT_QPA_PLATFORM=offscreen \\
        python -m pytest tests/fuzz -q

``RECLAIMDESK_FUZZ_CASES`` is the total number of cases (shared out between the
tests below), ``RECLAIMDESK_FUZZ_SEED`` picks other cases (default 17, so CI is
repeatable), ``RECLAIMDESK_FUZZ_HANG`` the seconds after which a case counts as
a hang (default 20). Failing inputs are written to the test's temporary folder.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import signal
import traceback
from pathlib import Path

import pytest

from reclaimdesk.cli import main
from reclaimdesk.core.data import resources_dir

from tests.fuzz.mutate import mutated_json_bytes
from tests.hardening_helpers import clear_data_caches, copy_resources, data_files, game_ids, record_dict

CASES = int(os.environ.get("RECLAIMDESK_FUZZ_CASES", "2000"))
SEED = int(os.environ.get("RECLAIMDESK_FUZZ_SEED", "17"))
HANG_SECONDS = float(os.environ.get("RECLAIMDESK_FUZZ_HANG", "20"))
SHARES = {"records": 0.70, "hypothesis": 0.10, "data": 0.10, "app": 0.08, "print": 0.02}
"""How the cases are shared out between the tests (each gets at least a few)."""


def cases_for(name: str) -> int:
    return max(5, round(CASES * SHARES[name]))


class Hang(BaseException):
    """A case ran past ``HANG_SECONDS`` (a BaseException: no ``except Exception`` eats it)."""


@contextlib.contextmanager
def deadline(seconds: float = HANG_SECONDS):
    if not hasattr(signal, "setitimer"):  # Windows: no alarm; a hang then stops the run itself
        yield
        return

    def on_alarm(*_):
        raise Hang()

    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


class Findings:
    """Failing cases, kept with their input for a report at the end."""

    def __init__(self, folder: Path, label: str) -> None:
        self.folder = folder / f"fuzz-{label}"
        self.items: list[str] = []
        self.count = 0
        self.outcomes: dict[object, int] = {}

    def record(self, case: str, raw: bytes, problem: str) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / f"{case}.json"
        path.write_bytes(raw)
        self.items.append(f"{case}: {problem.strip()[-1500:]}\n  input: {path}")

    def check(self) -> None:
        print(f"\n{self.count} cases (seed {SEED}); outcomes {self.outcomes}; {len(self.items)} failures")
        assert not self.items, f"{len(self.items)} of {self.count} cases failed:\n" + "\n".join(self.items[:8])


def run_cli(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(args)
    return code, out.getvalue(), err.getvalue()


def judge(code: object, err: str, allowed: tuple[int, ...] = (0, 1, 2)) -> str | None:
    """What is wrong with an outcome, or None."""
    if code not in allowed:
        return f"exit status {code!r}\n{err[-800:]}"
    if "Traceback" in err:
        return f"a traceback on stderr:\n{err[-1500:]}"
    lines = err.rstrip("\n").split("\n") if err else []
    if len(lines) > 1:
        return f"{len(lines)} lines on stderr:\n{err[:800]}"
    if any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 for c in err.rstrip("\n")):
        return f"control characters on stderr: {err[:300]!r}"
    if len(err) > 2000:
        return f"a {len(err)}-character message"
    return None


def attempt(findings: Findings, case: str, raw: bytes, fn) -> None:
    """Run one case under the deadline; any exception, hang or bad outcome is a finding."""
    findings.count += 1
    try:
        with deadline():
            outcome = fn()
    except Hang:
        findings.record(case, raw, f"no answer within {HANG_SECONDS:g} s (a hang)")
        return
    except BaseException:  # noqa: BLE001 - that is what we are looking for
        findings.record(case, raw, traceback.format_exc())
        return
    code, err = outcome
    findings.outcomes[code] = findings.outcomes.get(code, 0) + 1
    problem = judge(code, err)
    if problem:
        findings.record(case, raw, problem)


def base_records() -> list[dict]:
    """Finished and unfinished records of every registered game, two seeds each."""
    return [record_dict(g, seed, finished) for g in game_ids() for seed in (1, 2) for finished in (True, False)]


# --- records through the command line ---------------------------------------------------------
def test_fuzz_records_through_the_command_line(tmp_path):
    rng = random.Random(SEED)
    bases = base_records()
    findings = Findings(tmp_path, "records")
    path = tmp_path / "case.json"
    for n in range(cases_for("records")):
        base = bases[n % len(bases)]
        raw = mutated_json_bytes(rng, base, bases)
        path.write_bytes(raw)

        def replay():
            code, _, err = run_cli(["replay", str(path)])
            return code, err

        attempt(findings, f"record-{SEED}-{n}", raw, replay)
    findings.check()


def test_fuzz_records_through_print(tmp_path):
    rng = random.Random(SEED + 1)
    bases = base_records()
    findings = Findings(tmp_path, "print")
    path, pdf = tmp_path / "case.json", tmp_path / "out.pdf"
    for n in range(cases_for("print")):
        base = bases[n % len(bases)]
        raw = mutated_json_bytes(rng, base, bases)
        path.write_bytes(raw)

        def printed():
            code, _, err = run_cli(["print", base["game"], "--record", str(path), "-o", str(pdf)])
            return code, err

        attempt(findings, f"print-{SEED}-{n}", raw, printed)
    findings.check()


# --- any JSON at all (hypothesis) --------------------------------------------------------------
def test_fuzz_any_json_as_a_record(tmp_path):
    from hypothesis import HealthCheck, given, seed, settings
    from hypothesis import strategies as st

    bases = base_records()
    findings = Findings(tmp_path, "hypothesis")
    path = tmp_path / "case.json"
    scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20)
    values = st.recursive(scalars, lambda kids: st.lists(kids, max_size=4)
                          | st.dictionaries(st.text(max_size=8), kids, max_size=4), max_leaves=12)
    keys = st.sampled_from(["format", "format_version", "game", "seed", "players", "options",
                            "data_versions", "actions", "result", "created"])

    @seed(SEED)
    @settings(max_examples=cases_for("hypothesis"), deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(base=st.sampled_from(range(len(bases))), changes=st.dictionaries(keys, values, max_size=3),
           drop=st.sets(keys, max_size=2))
    def case(base, changes, drop):
        data = {k: v for k, v in json.loads(json.dumps(bases[base])).items() if k not in drop}
        data.update(changes)
        raw = json.dumps(data).encode()
        path.write_bytes(raw)

        def replay():
            code, _, err = run_cli(["replay", str(path)])
            return code, err

        attempt(findings, f"hypothesis-{findings.count}", raw, replay)

    case()
    findings.check()


# --- data files through the command line ---------------------------------------------------------
def test_fuzz_data_files(tmp_path, monkeypatch):
    rng = random.Random(SEED + 2)
    files = data_files()
    root = copy_resources(tmp_path)
    originals = {rel: json.loads((resources_dir() / rel).read_text(encoding="utf-8")) for rel in files}
    monkeypatch.setenv("RECLAIMDESK_RESOURCES", str(root))
    findings = Findings(tmp_path, "data")
    games = game_ids()
    try:
        for n in range(cases_for("data")):
            rel = files[n % len(files)]
            raw = mutated_json_bytes(rng, originals[rel], list(originals.values()))
            (root / rel).write_bytes(raw)
            clear_data_caches()
            owner = rel.parts[0]
            game = next((g for g in games if g.replace("-", "_") == owner), games[n % len(games)])

            def play():
                code, _, err = run_cli(["play", game, "--agents", "random", "--seed", str(n)])
                return code, err

            attempt(findings, f"data-{SEED}-{n}-{rel.as_posix().replace('/', '_')}", raw, play)
            (root / rel).write_text(json.dumps(originals[rel]), encoding="utf-8")
    finally:
        clear_data_caches()
    findings.check()
