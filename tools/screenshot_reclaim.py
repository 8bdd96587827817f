"""Regenerate the README's screenshot (docs/screenshot-reclaim.png): the main window
with a solo game of Reclaim on the river map, part-way through, as the hard AI
played it. Run headless:

    QT_QPA_PLATFORM=offscreen python tools/screenshot_reclaim.py [--seed 1] [--plies 70]

It writes a record of the position to a temporary folder, opens it in the app the
way File > Open does, waits for the table to settle and grabs the window.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "docs" / "screenshot-reclaim.png"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plies", type=int, default=70, help="actions the hard AI plays first")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    from reclaimdesk.core.game import get_game
    from reclaimdesk.core.record import GameRecord, save_record

    spec = get_game("reclaim")
    state = spec.new_game(1, args.seed, {"map": "river"})
    agent = spec.agent("hard", args.seed)
    while len(state.history) < args.plies and not state.is_terminal():
        state.apply(agent.choose(state))
    # end on a fresh turn, the way a player sees the table most of the time
    while not state.is_terminal() and state.phase != "pay":
        state.apply(agent.choose(state))
    record = GameRecord.from_state(state, [{"name": "You", "kind": "human"}])

    with tempfile.TemporaryDirectory(prefix="reclaimdesk-shot-") as tmp:
        os.environ["RECLAIMDESK_DATA_DIR"] = tmp
        path = Path(tmp) / "game.json"
        save_record(record, path)

        from PySide6.QtCore import QEventLoop, QTimer
        from PySide6.QtWidgets import QApplication

        from reclaimdesk.ui.app import MainWindow
        from reclaimdesk.ui.style import STYLE_ARGS, apply_style

        app = QApplication([sys.argv[0], *STYLE_ARGS])
        apply_style(app, True)
        window = MainWindow()
        window.resize(1280, 860)
        window.show()
        if not window.open_record(path):
            print("the record did not open", file=sys.stderr)
            return 1
        loop = QEventLoop()
        QTimer.singleShot(1500, loop.quit)  # animations and deferred layout
        loop.exec()
        image = window.grab().toImage()
        args.out.parent.mkdir(parents=True, exist_ok=True)
        image.save(str(args.out))
        print(f"wrote {args.out} ({image.width()}x{image.height()}), round {state.round}")
        window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
