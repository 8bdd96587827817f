"""Count the instructions of the app's start, stage by stage, against a bare
PySide6 window: a measure a loaded machine does not disturb, where the wall-clock
figures of ``reclaimdesk bench --only startup`` wander by tens of percent.

    python tools/startup_profile.py [--lang en ja] [--keep DIR]

Each program (the bench's own bare window, ``bench_ui.BARE_WINDOW``, and the app
started as the bench starts it, ``RECLAIMDESK_EXIT_WHEN_SHOWN=complete``) runs once
under ``valgrind --tool=callgrind --dump-before=getppid``: the driver calls
``os.getppid()`` at the end of each stage, so callgrind writes the instructions
counted since the last one. Stages of the app: Python's start and every import
(``reclaimdesk.ui.app``: the registries, PySide, the window's modules), the
QApplication with its style sheet and language, the main window built (start page,
menus), shown (the first layout), the personal bests laid out (``_after_shown``),
and the page painted (once reported complete). The bare window: its imports and
window, then painted. The totals' ratio is what the bench's ratio would be if
time were instructions; the stages say where the difference is. (The rules'
check, queued ``ENGINE_CHECK_DELAY_MS`` after the bests, is held off: under
valgrind the page takes longer than that to paint.) Needs valgrind; takes a
minute or two per program. Open a stage's file with ``callgrind_annotate
--inclusive=yes`` (``--keep DIR``) to see which Qt functions it spent them in.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

DRIVER = r'''
import builtins, os, sys
STAGES = []

def mark(stage):
    STAGES.append(stage)
    os.getppid()  # callgrind dumps the counts here (--dump-before=getppid)

def marking_print(*args, **kwargs):
    words = " ".join(str(a) for a in args).split()
    if words and (words[0] == "complete" or (words[0] == "shown" and len(words) > 1)):
        mark("painted")  # the program reports its last repaint
        with open(os.environ["STAGES_OUT"], "w") as out:
            out.write("\n".join(STAGES))
    builtins.print(*args, **kwargs)

if os.environ["PROGRAM"] == "bare":
    mark("python start")
    code = os.environ["BARE_WINDOW"].replace(
        "from PySide6.QtWidgets import QApplication, QMainWindow\n",
        "from PySide6.QtWidgets import QApplication, QMainWindow\nmark('imports')\n")
    exec(compile(code, "<bare window>", "exec"), {"mark": mark, "print": marking_print, "__name__": "__main__"})
else:
    # the stages' marks go in as reclaimdesk.ui.app finishes loading, where the
    # command line imports it (after choosing the language, the collector off)
    import importlib.machinery

    loader_exec = importlib.machinery.SourceFileLoader.exec_module

    def exec_module(self, module):
        loader_exec(self, module)
        if module.__name__ == "reclaimdesk.ui.app":
            importlib.machinery.SourceFileLoader.exec_module = loader_exec
            mark("python start, imports")
            hook(module)

    def hook(app):
        from reclaimdesk.ui import main_window
        main_window.ENGINE_CHECK_DELAY_MS = 10 ** 7
        app.print = marking_print
        window_init, after_shown = main_window.MainWindow.__init__, app._after_shown

        def init(self, *args, **kwargs):
            mark("QApplication, style, language")
            window_init(self, *args, **kwargs)
            mark("main window built")

        def after(window):
            mark("shown (first layout)")
            after_shown(window)
            mark("bests laid out")
        main_window.MainWindow.__init__ = init
        app._after_shown = after

    importlib.machinery.SourceFileLoader.exec_module = exec_module
    from reclaimdesk.cli import main
    sys.exit(main([]))
'''


def _total(path: Path) -> int:
    for line in path.read_text(errors="replace").splitlines():
        if line.startswith(("summary:", "totals:")):
            return int(line.split()[1])
    return 0


def profile(program: str, lang: str, folder: Path, main_thread: bool = False) -> list[tuple[str, int]]:
    """(stage, instructions) of one run of ``program`` (``bare`` or ``app``); with
    ``main_thread``, the main thread's alone (the preload thread's work left out)."""
    folder.mkdir(parents=True, exist_ok=True)
    data = folder / "data"
    from reclaimdesk.ui.bench_ui import BARE_WINDOW

    env = dict(os.environ, PROGRAM=program, LANGUAGE=lang, STAGES_OUT=str(folder / "stages.txt"),
               BARE_WINDOW=BARE_WINDOW,
               RECLAIMDESK_DATA_DIR=str(data), RECLAIMDESK_EXIT_WHEN_SHOWN="complete",
               PYTHONPYCACHEPREFIX=str(folder.parent / "pycache"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as the bench: compiled modules cached and reused
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    if not (env.get("DISPLAY") or env.get("WAYLAND_DISPLAY")):
        env["QT_QPA_PLATFORM"] = "offscreen"
    driver = [sys.executable, "-c", DRIVER]
    subprocess.run(driver, env=env, capture_output=True, timeout=120, check=True)  # warm the caches
    for old in folder.glob("callgrind.out*"):
        old.unlink()
    threads = ["--separate-threads=yes"] if main_thread else []
    run = subprocess.run(["valgrind", "--tool=callgrind", "--dump-before=getppid", *threads,
                          f"--callgrind-out-file={folder / 'callgrind.out'}", *driver],
                         env=env, capture_output=True, text=True, timeout=1800)
    if run.returncode != 0:
        raise RuntimeError(f"{program} ({lang}) failed under valgrind:\n{run.stderr[-2000:]}")
    stages = (folder / "stages.txt").read_text().split("\n")
    if main_thread:  # callgrind.out.<dump>-<thread>: the main thread is 01
        dumps = sorted(folder.glob("callgrind.out.*-01"), key=lambda p: int(p.name.split(".")[-1][:-3]))
    else:
        dumps = sorted(folder.glob("callgrind.out.*"), key=lambda p: int(p.suffix[1:]))
    return [(stage, _total(path)) for stage, path in zip(stages, dumps)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", nargs="+", default=["en", "ja"])
    parser.add_argument("--main-thread", action="store_true",
                        help="count the main thread's instructions only (the preload thread's work left out; "
                             "without it, RECLAIMDESK_NO_PRELOAD=1 counts that work as the main thread's)")
    parser.add_argument("--keep", type=Path, help="keep callgrind's files (one per stage) in this folder")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        print("startup_profile: valgrind is not installed", file=sys.stderr)
        return 1
    base = args.keep or Path(tempfile.mkdtemp(prefix="reclaimdesk-startup-profile-"))
    try:
        for lang in args.lang:
            bare = profile("bare", lang, base / lang / "bare", args.main_thread)
            app = profile("app", lang, base / lang / "app", args.main_thread)
            bare_total, app_total = sum(n for _, n in bare), sum(n for _, n in app)
            print(f"{lang}: app {app_total / 1e6:.1f}M instructions to its start page painted, bare window "
                  f"{bare_total / 1e6:.1f}M: x{app_total / bare_total:.3f}")
            for name, stages in (("bare window", bare), ("app", app)):
                print(f"  {name}:")
                for stage, count in stages:
                    print(f"    {stage:32s} {count / 1e6:8.1f}M")
    finally:
        if args.keep is None:
            shutil.rmtree(base, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
