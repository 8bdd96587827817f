"""Responsiveness of every game's table in ``reclaimdesk bench`` (issue 24,
item 7), for each game of the registry (none named here):

- **hint**: from asking (Game > Hint, H) to the hint shown on the board, the
  strongest AI thinking on the worker thread as in the app;
- **AI turn**: from a person's move to their turn again, the computer seats
  thinking and playing (the pause a table may put between a computer's actions
  is set to 0, so this is the thinking and the redraws);
- **move to redrawn**: from a person's move handed to the controller (what a
  click on the board becomes) to the table's last repaint it causes (the board,
  a card row, the panel: until the event loop paints nothing more), budget p95
  under 100 ms. The move that ends a game counts until the page's step after it
  begins (``GamePage.ending``: the move is painted by then, and everything that
  ran before is in the time); that step, the game filed and the end screen
  painted, is timed on its own from the same click (**end screen**, ``end_*``).

Each is reported with its median and p95, over the positions of games played
by the hints (one person, the fewest computer seats at the dialogs' middle
level). Run headless on Qt's offscreen platform unless a display is set.

Beside the wall-clock times, the CPU time each took (``*_cpu``): the worker's for
a hint and an AI turn (the process's CPU time less the main thread's), the main
thread's for a move to redrawn. On a machine shared with other busy programs the
wall clock mostly measures the wait for a processor; the CPU time is what the
same work takes on an idle machine (give or take the caches)."""

from __future__ import annotations

import os
import tempfile
import time
from typing import Any

from reclaimdesk.bench import Result, register

WAIT_S = 120.0
"""The longest any one wait may take before the bench gives up on the game."""
REDRAW_BUDGET_MS = 100.0


def _app() -> Any:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    if not os.environ.get("RECLAIMDESK_DATA_DIR"):  # the bench's autosaves stay out of the player's folder
        os.environ["RECLAIMDESK_DATA_DIR"] = tempfile.mkdtemp(prefix="reclaimdesk-bench-")
    from PySide6.QtWidgets import QApplication

    from reclaimdesk.ui.style import apply_style

    app = QApplication.instance() or QApplication([])
    apply_style(app)  # type: ignore[arg-type]
    return app


def _wait(app: Any, done: Any) -> None:
    deadline = time.perf_counter() + WAIT_S
    while not done():
        if time.perf_counter() > deadline:
            raise RuntimeError("the table did not answer in time")
        app.processEvents()
        time.sleep(0.0005)


def _players(game_id: str) -> list[dict]:
    from reclaimdesk.core.game import get_game
    from reclaimdesk.ui.plugin import table_for

    spec = get_game(game_id)
    keys = [lv.key for lv in table_for(game_id).levels]
    level = "normal" if "normal" in keys else keys[len(keys) // 2]
    return [{"name": "Bench", "kind": "human"}] + [{"name": "Computer", "kind": "ai", "level": level}
                                                   for _ in range(max(spec.min_players, 2) - 1)]


def _page(app: Any, game_id: str, seed: int) -> Any:
    from reclaimdesk.ui.common import make_settings
    from reclaimdesk.ui.plugin import table_for

    page = table_for(game_id).page_for_choice({"players": _players(game_id), "seed": seed, "options": {}},
                                              make_settings())
    page.controller.ai_pause_ms = 0
    page.resize(1200, 800)
    page.show()
    page.started()
    return page


def measure(game_id: str, samples: int) -> dict[str, list[float]]:
    """Hint, AI turn and move-to-redrawn times (ms) over ``samples`` moves."""
    from PySide6.QtCore import QEvent, QObject

    class Paints(QObject):
        count = 0
        start_count = 0

        def eventFilter(self, obj: Any, event: Any) -> bool:  # noqa: N802 - Qt's name
            if event.type() == QEvent.Type.Paint:
                self.count += 1
            return False

    app = _app()
    out: dict[str, list[float]] = {"hint": [], "ai": [], "redraw": [], "hint_cpu": [], "ai_cpu": [],
                                   "redraw_cpu": [], "end": [], "end_cpu": []}
    seed = 1
    page = None
    paints = Paints()
    ending: list[tuple[float, tuple[float, float], int]] = []  # the step after a game's last move: begun, done
    app.installEventFilter(paints)  # any part of the table repainted (the board, a card row, the panel)
    while len(out["redraw"]) < samples:
        if page is None or page.controller.over:
            if page is not None:
                page.shutdown()
                page.deleteLater()
            page = _page(app, game_id, seed)
            page.ending.connect(lambda: ending.append((time.perf_counter(), _cpu(), paints.count)))
            page.ended.connect(lambda: ending.append((time.perf_counter(), _cpu(), paints.count)))
            seed += 1
        c = page.controller
        _wait(app, lambda: c.over or (c.human_turn() and not c.busy))
        if c.over:
            continue
        start, cpu = time.perf_counter(), _cpu()
        if not c.request_hint():
            raise RuntimeError("the hint was refused")
        _wait(app, lambda: c.hint is not None)
        out["hint"].append((time.perf_counter() - start) * 1000)
        out["hint_cpu"].append(_cpu_since(cpu)[0])
        action = c.hint
        app.processEvents()
        ending.clear()
        paints.start_count = paints.count
        start, cpu = time.perf_counter(), _cpu()
        c._apply(action)  # a click's action, past any question it asks
        played = len(c.state.history)
        last = _redrawn(app, paints, start, lambda: len(c.state.history) != played, ending)
        if ending:  # the game ended: the move up to the step after it, then the whole
            out["redraw"].append((ending[0][0] - start) * 1000)
            out["redraw_cpu"].append(_cpu_since(cpu, ending[0][1])[1])
            out["end"].append(last)
            out["end_cpu"].append(_cpu_since(cpu)[1])
        else:
            out["redraw"].append(last)
            out["redraw_cpu"].append(_cpu_since(cpu)[1])
        if not c.over and not c.human_turn():
            start, cpu = time.perf_counter(), _cpu()
            _wait(app, lambda: c.over or (c.human_turn() and not c.busy))
            out["ai"].append((time.perf_counter() - start) * 1000)
            out["ai_cpu"].append(_cpu_since(cpu)[0])
    app.removeEventFilter(paints)
    if page is not None:
        page.shutdown()
        page.deleteLater()
        app.processEvents()
    return out


def _cpu() -> tuple[float, float]:
    """(the process's CPU time, the main thread's), in seconds."""
    return time.process_time(), time.thread_time()


def _cpu_since(before: tuple[float, float], now: tuple[float, float] | None = None) -> tuple[float, float]:
    """Milliseconds of CPU from ``before`` to ``now`` (default: now): (the other
    threads': the worker's, the main thread's)."""
    process, main = now or _cpu()
    main_ms = (main - before[1]) * 1000
    return max(0.0, (process - before[0]) * 1000 - main_ms), main_ms


def _redrawn(app: Any, paints: Any, start: float, moved_on: Any, ending: list | None = None) -> float:
    """Milliseconds from ``start`` to the last repaint the move caused: the event
    loop is run until a pass paints nothing after something was painted, or a
    computer seat has played (its move's repaints are not this move's). When the
    move ended the game (``ending`` filled by the page's ``ending``, then ``ended``),
    that is the last repaint after the step that follows it (or that step's end)."""
    deadline = start + WAIT_S
    last = None
    quiet = 0
    while quiet < 3 and not (last is not None and moved_on()):
        if time.perf_counter() > deadline:
            raise RuntimeError("the table was not redrawn in time")
        before = paints.count
        app.processEvents()
        if ending and len(ending) == 1:
            raise RuntimeError("the step after a game's last move did not finish in one pass")
        if ending and ending[0][2] == paints.start_count:
            raise RuntimeError("the game's last move was not painted before the step after it")
        if paints.count != before:
            last = time.perf_counter()
            quiet = 0
        elif ending and (last is None or last < ending[1][0]):
            last, quiet = ending[1][0], 0  # that step painted nothing (yet)
        elif last is not None:
            quiet += 1
        else:
            time.sleep(0.0005)
    return (last - start) * 1000


def _p95(samples: list[float]) -> float:
    s = sorted(samples)
    return round(s[min(len(s) - 1, int(0.95 * len(s)))], 3)


def _bench_for(game_id: str) -> Any:
    def bench(quick: bool) -> Result:
        times = measure(game_id, 4 if quick else 12)
        extra: dict[str, Any] = {"game": game_id}
        for key in ("hint", "ai", "hint_cpu", "ai_cpu", "redraw_cpu", "end", "end_cpu"):
            if times[key]:
                extra[f"{key}_median"] = round(sorted(times[key])[len(times[key]) // 2], 3)
                extra[f"{key}_p95"] = _p95(times[key])
                extra[f"{key}_n"] = len(times[key])
        extra["redraw_median"] = round(sorted(times["redraw"])[len(times["redraw"]) // 2], 3)
        extra["redraw_p95"] = _p95(times["redraw"])
        note = (f"hint median {extra.get('hint_median', 0):.0f} ms, p95 {extra.get('hint_p95', 0):.0f}; "
                f"AI turn median {extra.get('ai_median', 0):.0f} ms, p95 {extra.get('ai_p95', 0):.0f} "
                f"(n={extra.get('ai_n', 0)}); move to redrawn p95 {extra['redraw_p95']:.1f} ms; CPU: hint "
                f"median {extra.get('hint_cpu_median', 0):.0f} ms, p95 {extra.get('hint_cpu_p95', 0):.0f}, "
                f"move to redrawn median {extra.get('redraw_cpu_median', 0):.0f}, "
                f"p95 {extra.get('redraw_cpu_p95', 0):.0f}")
        if times["end"]:  # a game ended by a sampled move: up to that step above, the whole here
            note += (f"; a game's last move to its end screen painted median {extra['end_median']:.0f} ms, "
                     f"p95 {extra['end_p95']:.0f} (n={extra['end_n']}), CPU median {extra['end_cpu_median']:.0f}")
        return Result(f"ui {game_id}: a move to the table redrawn ({note})", "ms", times["redraw"],
                      budget=REDRAW_BUDGET_MS, budget_of="p95", extra=extra)

    bench.__name__ = f"bench_table_{game_id.replace('-', '_')}"
    return bench


def register_tables() -> None:
    """One benchmark per registered game with a table."""
    from reclaimdesk.core.game import all_games
    from reclaimdesk.ui.plugin import table_for

    for spec in all_games():
        if table_for(spec.id) is not None:
            register(_bench_for(spec.id))
