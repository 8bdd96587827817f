"""Grab the start page as a real start draws it (the command line's start, with its
preload thread, as ``reclaimdesk bench --only startup`` launches it), to compare the
pictures before and after a change to the start:

    python tools/start_grabs.py OUT [--lang en ja] [--size 1024x768 1920x1080]

For each language, with a new data folder and with one holding ten personal bests,
one process each: the app reports its start page complete, then the window is
grabbed at its own size and at each ``--size`` (``OUT/<lang>-<bests|none>-<size>.png``).
Offscreen, on a desktop-sized screen.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from datetime import datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

DRIVER = r'''
import importlib.machinery, os, sys
loader_exec = importlib.machinery.SourceFileLoader.exec_module

def exec_module(self, module):
    loader_exec(self, module)
    if module.__name__ == "reclaimdesk.ui.app":
        importlib.machinery.SourceFileLoader.exec_module = loader_exec
        report = module._report_complete

        def grab_then_report(window, since):
            if getattr(window, "painted_at", None) is None:
                return report(window, since)
            from PySide6.QtWidgets import QApplication
            out, name = os.environ["GRAB_OUT"], os.environ["GRAB_NAME"]
            window.grab().save(os.path.join(out, f"{name}-own.png"))
            for size in os.environ["GRAB_SIZES"].split():
                w, h = (int(v) for v in size.split("x"))
                window.resize(w, h)
                for _ in range(5):
                    QApplication.sendPostedEvents()
                    QApplication.processEvents()
                window.grab().save(os.path.join(out, f"{name}-{size}.png"))
            print("complete", flush=True)
            QApplication.instance().quit()
        module._report_complete = grab_then_report

importlib.machinery.SourceFileLoader.exec_module = exec_module
from reclaimdesk.cli import main
sys.exit(main([]))
'''


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--lang", nargs="+", default=["en", "ja"])
    parser.add_argument("--size", nargs="+", default=["1024x768", "1920x1080"])
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="reclaimdesk-start-grabs-"))
    screen = work / "screen.json"
    screen.write_text(json.dumps({"screens": [{"name": "big", "x": 0, "y": 0, "width": 2560, "height": 1440,
                                               "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}))
    sys.path.insert(0, str(ROOT))
    from reclaimdesk.ui.scores import DB_NAME, PersonalBests

    for bests in ("none", "bests"):
        for lang in args.lang:
            data = work / f"data-{lang}-{bests}"
            data.mkdir()
            if bests == "bests":
                table = PersonalBests(data / DB_NAME)
                for i in range(10):
                    table.add(map_id=("river", "lake")[i % 2], seed=1000 + 37 * i, score=140 - 7 * i,
                              tier=i % 4, daily=i == 3, played_at=datetime(2026, 11, 1, 20) + timedelta(days=i))
            env = dict(os.environ, LANGUAGE=lang, RECLAIMDESK_DATA_DIR=str(data),
                       RECLAIMDESK_EXIT_WHEN_SHOWN="complete", QT_QPA_PLATFORM=f"offscreen:configfile={screen}",
                       GRAB_OUT=str(args.out), GRAB_NAME=f"{lang}-{bests}", GRAB_SIZES=" ".join(args.size),
                       PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
            done = subprocess.run([sys.executable, "-c", DRIVER], env=env, capture_output=True, text=True,
                                  timeout=120)
            if done.returncode != 0 or "complete" not in done.stdout:
                print(f"{lang} {bests}: failed\n{done.stderr[-2000:]}", file=sys.stderr)
                return 1
    for path in sorted(args.out.glob("*.png")):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
