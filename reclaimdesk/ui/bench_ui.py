"""Benchmarks of the desktop app, registered in ``reclaimdesk bench``:

- process start to the main window shown, against a bare PySide6 QMainWindow
  launched the same way in the same run (the median ratio should stay within
  :data:`TARGET`), and to the start page complete (the personal bests filled in
  right after the first show, and the whole page painted), once in English and
  once in Japanese (its font and catalogues);
(a game's table adds its own in ``reclaimdesk/ui/<pkg>/bench.py``).

Both run headless on Qt's offscreen platform unless a display is set.
"""

from __future__ import annotations

import math
import os
import statistics
import subprocess
import sys
import tempfile
import time

BARE_WINDOW = (
    "import sys, time\n"
    "from PySide6.QtCore import QTimer\n"
    "from PySide6.QtWidgets import QApplication, QMainWindow\n"
    "class Window(QMainWindow):\n"
    "    painted_at = None\n"
    "    def paintEvent(self, event):\n"
    "        QTimer.singleShot(0, self.painted)\n"
    "        super().paintEvent(event)\n"
    "    def painted(self):\n"
    "        self.painted_at = time.monotonic()\n"
    "        self.painted_cpu = time.process_time()\n"
    "def report():\n"
    "    if window.painted_at is None or time.monotonic() - window.painted_at < QUIET:\n"
    "        QTimer.singleShot(10, report)\n"
    "    else:\n"
    "        print(f'shown {window.painted_at!r} {window.painted_cpu!r}', flush=True)\n"
    "        app.quit()\n"
    "QUIET = 0.150\n"
    "app = QApplication(sys.argv)\n"
    "window = Window()\n"
    "window.resize(1200, 840)\n"
    "window.show()\n"
    "QTimer.singleShot(0, report)\n"
    "sys.exit(app.exec())\n"
)
"""A bare window, timed as the app's start page is (``ui.app._announce_shown``):
to the end of its last repaint, once it has been left unpainted 150 ms."""

APP_WINDOW = (
    "import sys\n"
    "from reclaimdesk.cli import main\n"
    "sys.exit(main([]))\n"
)


def _platform_env(data_dir: str) -> dict[str, str]:
    env = dict(os.environ)
    if not (env.get("DISPLAY") or env.get("WAYLAND_DISPLAY")) and sys.platform.startswith("linux"):
        env["QT_QPA_PLATFORM"] = "offscreen"
    env["RECLAIMDESK_DATA_DIR"] = data_dir
    env["RECLAIMDESK_EXIT_WHEN_SHOWN"] = "1"
    # as installed apps run: compiled modules cached (in a private folder, so
    # the bench writes nothing into the source tree) and reused after the warm-up
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = os.path.join(data_dir, "pycache")
    return env


def _launch(code: str, env: dict[str, str]) -> tuple[float, float, float]:
    """Milliseconds from starting the process to its 'shown' line (wall clock), to
    its 'complete' line (the start page finished and painted, when the app was asked
    for it; else the same as 'shown'; a line's time stamp, when it has one, is the
    end of the last repaint it reports), and the CPU time the process had used by
    then (else the whole process's: it quits once done): the last is hardly
    disturbed by other programs competing for the processors."""
    start = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            env=env, text=True)
    assert proc.stdout is not None
    elapsed = complete = None
    cpu_then = math.nan
    for line in proc.stdout:
        word, *stamps = line.split()
        # stamps: the time.monotonic() at which the program's last repaint ended (the
        # system's monotonic clock: one for every process), and its CPU time then
        at = ((float(stamps[0]) if stamps else time.monotonic()) - start) * 1000
        if word == "shown":
            elapsed = complete = at
            if env.get("RECLAIMDESK_EXIT_WHEN_SHOWN") != "complete" or code == BARE_WINDOW:
                cpu_then = float(stamps[1]) * 1000 if len(stamps) > 1 else math.nan
                break
        elif word == "complete":
            complete = at
            cpu_then = float(stamps[1]) * 1000 if len(stamps) > 1 else math.nan
            break
    proc.stdout.close()
    cpu = math.nan
    if hasattr(os, "wait4"):
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        cpu = (usage.ru_utime + usage.ru_stime) * 1000
    else:  # pragma: no cover - Windows
        proc.wait(timeout=30)
    if elapsed is None or complete is None:
        raise RuntimeError("the window never reported being shown")
    # the CPU time until the page was painted, when the program said it: what it
    # did after (waiting to see no more repaints, the rules' check, quitting) is
    # not the start
    return elapsed, complete, cpu if math.isnan(cpu_then) else cpu_then


TARGET = 1.3
"""The start page complete within this multiple of a bare window's first paint (issue 25)."""
LAUNCHES = 21
"""Launches of each program per figure (alternating): start-up times on a shared
machine wander by tens of milliseconds from one launch to the next."""


def _startup(quick: bool, lang: str):
    from reclaimdesk.bench import Result

    runs = 3 if quick else LAUNCHES
    with tempfile.TemporaryDirectory(prefix="reclaimdesk-bench-") as data:
        env = _platform_env(data)
        env["RECLAIMDESK_EXIT_WHEN_SHOWN"] = "complete"
        env["LANGUAGE"] = lang  # (the data folder is new: no saved choice; the system's decides)
        _launch(BARE_WINDOW, env)  # warm the caches (compiled modules, fonts)
        _launch(APP_WINDOW, env)
        bare, app, done, bare_cpu, app_cpu = [], [], [], [], []
        for _ in range(runs):
            wall, _, cpu = _launch(BARE_WINDOW, env)
            bare.append(wall)
            bare_cpu.append(cpu)
            wall, whole, cpu = _launch(APP_WINDOW, env)
            app.append(wall)
            done.append(whole)
            app_cpu.append(cpu)
    bare_median = statistics.median(bare)
    # the ratios of launches made one right after the other (a bare window, then
    # the app): the machine's pace drifts over seconds, and each pair shares it
    ratio = statistics.median(a / b for a, b in zip(app, bare))
    done_ratio = statistics.median(d / b for d, b in zip(done, bare))
    medians_ratio = statistics.median(done) / bare_median
    cpu_ratio = statistics.median(app_cpu) / statistics.median(bare_cpu)
    return Result(f"ui ({lang}): process start to main window shown (x{ratio:.2f} a bare PySide6 window's "
                  f"{bare_median:.0f} ms; start page complete with the personal bests "
                  f"{statistics.median(done):.0f} ms, x{done_ratio:.2f}; target x{TARGET})", "ms", app,
                  note=f"bare PySide6 window median {bare_median:.0f} ms; median ratio of back-to-back "
                       f"launches: shown {ratio:.2f}, start page complete {done_ratio:.2f} (ratio of the "
                       f"medians {medians_ratio:.2f}); CPU-time ratio {cpu_ratio:.2f} "
                       f"(target within {TARGET}; {runs} launches each)",
                  extra={"language": lang, "launches": runs,
                         "bare_median": round(bare_median, 1), "ratio": round(ratio, 3),
                         "target": TARGET, "ratio_within_target": ratio <= TARGET,
                         "complete_median": round(statistics.median(done), 1),
                         "complete_ratio": round(done_ratio, 3),
                         "complete_within_target": done_ratio <= TARGET,
                         "complete_ratio_of_medians": round(medians_ratio, 3),
                         "cpu_median": round(statistics.median(app_cpu), 1),
                         "bare_cpu_median": round(statistics.median(bare_cpu), 1),
                         "cpu_ratio": round(cpu_ratio, 3)})


def bench_ui_startup(quick: bool):
    """The app's start in English."""
    return _startup(quick, "en")


def bench_ui_startup_japanese(quick: bool):
    """The app's start in Japanese: the bundled font registered, the catalogues read."""
    return _startup(quick, "ja")


def _register() -> None:
    """Add these benchmarks to ``reclaimdesk bench`` (when PySide6 is installed)."""
    import importlib.util

    if importlib.util.find_spec("PySide6") is None:
        return
    from reclaimdesk.bench import BENCHMARKS, register

    for bench in (bench_ui_startup, bench_ui_startup_japanese):
        if bench not in BENCHMARKS:
            register(bench)


_register()
