"""A wall-clock timeline of one start of the app against the bench's bare window:
at each stage the time since the process was launched, the main thread's CPU time,
the process's (user and system), its page faults and the main thread's context
switches (voluntary: waits; involuntary: preempted), medians over a few paired
launches; wall time that is not the main thread's CPU time is waiting or preemption.

    python tools/startup_timeline.py [--lang en ja] [--runs 7] [--compare] [--other DIR]

``--compare`` also launches the app without its preload thread
(``RECLAIMDESK_NO_PRELOAD=1``), ``--other`` the app of another checkout (a commit
before a change), each paired with the same bare window.

The stages are those of ``tools/startup_profile.py`` (the same driver's hooks),
plus each repaint's start and end. Launched as the bench launches (its
environment, compiled modules cached, offscreen unless a display is set).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

DRIVER = r'''
import builtins, os, resource, sys, time
STAGES = []

def mark(stage):
    u = resource.getrusage(resource.RUSAGE_SELF)
    t = resource.getrusage(resource.RUSAGE_THREAD)  # the main thread's own switches (waits)
    STAGES.append((stage, time.monotonic(), time.thread_time(), u.ru_utime, u.ru_stime, u.ru_minflt, u.ru_majflt,
                   t.ru_nvcsw, t.ru_nivcsw))

def marking_print(*args, **kwargs):
    words = " ".join(str(a) for a in args).split()
    if words and (words[0] == "complete" or (words[0] == "shown" and len(words) > 1)):
        mark("reported")
        import json
        with open(os.environ["STAGES_OUT"], "w") as out:
            json.dump(STAGES, out)
    builtins.print(*args, **kwargs)

mark("python start")
if os.environ["PROGRAM"] == "bare":
    code = os.environ["BARE_WINDOW"]
    code = code.replace("from PySide6.QtWidgets import QApplication, QMainWindow\n",
                        "from PySide6.QtWidgets import QApplication, QMainWindow\nmark('imports')\n")
    code = code.replace("window = Window()\n", "mark('QApplication')\nwindow = Window()\n")
    code = code.replace("window.show()\n", "window.show()\nmark('shown')\n")
    code = code.replace("    def paintEvent(self, event):\n", "    def paintEvent(self, event):\n        mark('paint start')\n")
    code = code.replace("        self.painted_at = time.monotonic()\n", "        self.painted_at = time.monotonic()\n        mark('paint end')\n")
    exec(compile(code, "<bare window>", "exec"), {"mark": mark, "print": marking_print, "__name__": "__main__"})
else:
    import importlib.machinery

    loader_exec = importlib.machinery.SourceFileLoader.exec_module

    def exec_module(self, module):
        loader_exec(self, module)
        if module.__name__ == "reclaimdesk.ui.app":
            importlib.machinery.SourceFileLoader.exec_module = loader_exec
            mark("imports")
            hook(module)

    def hook(app):
        from reclaimdesk.ui import main_window
        app.print = marking_print
        window_init, after_shown, timed = main_window.MainWindow.__init__, app._after_shown, app._timed_window

        def init(self, *args, **kwargs):
            mark("QApplication, style, language")
            window_init(self, *args, **kwargs)
            mark("window built")

        def after(window):
            mark("shown (event loop)")
            after_shown(window)
            mark("bests laid out")

        def timed_window(settings):
            window = timed(settings)
            cls = type(window)
            paint, painted = cls.paintEvent, cls._painted

            def paint_event(self, event):
                mark("paint start")
                paint(self, event)

            def painted_(self):
                painted(self)
                mark("paint end")
            cls.paintEvent, cls._painted = paint_event, painted_
            return window
        main_window.MainWindow.__init__ = init
        app._after_shown = after
        app._timed_window = timed_window

    importlib.machinery.SourceFileLoader.exec_module = exec_module
    from reclaimdesk.cli import main
    sys.exit(main([]))
'''


def launch(program: str, env: dict[str, str], out: Path) -> list[tuple]:
    """The stages of one launch: (stage, ms since launch, user ms, sys ms, minor
    faults, major faults, voluntary and involuntary context switches)."""
    env = dict(env, PROGRAM=program, STAGES_OUT=str(out))
    start = time.monotonic()
    # run in the checkout whose app it is: ``python -c`` puts the working folder first on the path
    proc = subprocess.Popen([sys.executable, "-c", DRIVER], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, cwd=env["PYTHONPATH"].split(os.pathsep)[0])
    proc.communicate(timeout=60)
    stages = json.loads(out.read_text())
    return [(s, (t - start) * 1000, m * 1000, u * 1000, k * 1000, *rest) for s, t, m, u, k, *rest in stages]


def summary(runs: list[list[tuple]]) -> list[tuple]:
    """Per stage (by name and order), the median of each figure; repeated stages
    (repaints) numbered."""
    named = []
    for run in runs:
        seen: dict[str, int] = {}
        rows = []
        for row in run:
            seen[row[0]] = seen.get(row[0], 0) + 1
            rows.append((f"{row[0]} {seen[row[0]]}" if row[0].startswith("paint") else row[0], *row[1:]))
        named.append(rows)
    keys = [r[0] for r in named[0]]
    out = []
    for key in keys:
        rows = [next(r for r in run if r[0] == key) for run in named if any(r[0] == key for r in run)]
        out.append((key, *(statistics.median(r[i] for r in rows) for i in range(1, 9)), len(rows)))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", nargs="+", default=["en", "ja"])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--compare", action="store_true", help="also launch the app without the preload thread")
    parser.add_argument("--other", type=Path, help="also launch the app from this checkout (another commit)")
    args = parser.parse_args()
    from reclaimdesk.ui.bench_ui import BARE_WINDOW, _platform_env

    for lang in args.lang:
        with tempfile.TemporaryDirectory(prefix="reclaimdesk-timeline-") as data:
            env = _platform_env(data)
            env.update(RECLAIMDESK_EXIT_WHEN_SHOWN="complete", LANGUAGE=lang, BARE_WINDOW=BARE_WINDOW)
            env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
            out = Path(data) / "stages.json"
            launch("bare", env, out)
            launch("app", env, out)  # warm the caches
            bare, app, plain, other = [], [], [], []
            off = dict(env, RECLAIMDESK_NO_PRELOAD="1")
            elsewhere = dict(env, PYTHONPATH=os.pathsep.join([str(args.other), *env["PYTHONPATH"].split(os.pathsep)[1:]])) \
                if args.other else None
            if elsewhere:
                launch("app", elsewhere, out)  # warm its caches
            for _ in range(args.runs):
                bare.append(launch("bare", env, out))
                app.append(launch("app", env, out))
                if args.compare:
                    plain.append(launch("app", off, out))
                if elsewhere:
                    other.append(launch("app", elsewhere, out))
        print(f"{lang} ({env.get('QT_QPA_PLATFORM', 'display')}), medians of {args.runs} paired launches; "
              f"load {os.getloadavg()[0]:.2f}")
        def done(run):  # the end of the last repaint
            return [row for row in run if row[0] == "paint end"][-1][1]

        ratios = [done(a) / done(b) for a, b in zip(app, bare)]
        for name, runs in (("bare", bare), ("app", app), ("no preload", plain), ("other", other)):
            if runs:
                print(f"  {name:10s} last repaint ended (ms; repaints): " + " ".join(
                    f"{done(r):.0f} ({sum(row[0] == 'paint end' for row in r)})" for r in runs))
        print(f"  median ratio of the last repaint's end, app / bare: {statistics.median(ratios):.3f}"
              + (f"; without the preload {statistics.median(done(p) / done(b) for p, b in zip(plain, bare)):.3f}"
                 if plain else "")
              + (f"; the app in {args.other} {statistics.median(done(p) / done(b) for p, b in zip(other, bare)):.3f}"
                 if other else ""))
        for name, runs in (("bare window", bare), ("app", app), ("app without the preload", plain),
                           (f"app in {args.other}", other)):
            if not runs:
                continue
            print(f"  {name}:  {'stage':30s} {'wall ms':>8s} {'main':>7s} {'user':>7s} {'sys':>6s} {'wall-cpu':>8s} "
                  f"{'minflt':>7s} {'majflt':>6s} {'vcsw':>5s} {'ivcsw':>5s}")
            for key, wall, main_, user, sys_, minflt, majflt, vcsw, ivcsw, n in summary(runs):
                print(f"    {key:40s} {wall:8.1f} {main_:7.1f} {user:7.1f} {sys_:6.1f} {wall - user - sys_:8.1f} "
                      f"{minflt:7.0f} {majflt:6.0f} {vcsw:5.0f} {ivcsw:5.0f}" + ("" if n == args.runs else f" ({n} runs)"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
