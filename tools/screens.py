"""Grab every screen of the desktop app as PNG files, in each language and at each
window size, to look at them (nothing cut off, nothing overlapping):

    QT_QPA_PLATFORM=offscreen python tools/screens.py [--out DIR] [--lang en ja]
        [--size 1024x768 1920x1080] [--only start,reclaim,...]

Screens: the start page; for every game with a table, its new-game dialog, the
table part-way through a game the AI played, and the end screen (Reclamation Wars on
both boards); the rules
window of every game; the personal bests, the About box and the Export PDF dialog. Each language is put in
force as the app does (``reclaimdesk.ui.i18n.apply_language``: Qt's own words, the
locale, and for Japanese the system's Japanese face or the bundled IPA P Gothic), so
Japanese shows offscreen on a machine with no CJK font.
Records are played by the AI from fixed seeds, so the pictures are repeatable.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# (name, game id, players, options, AI plies before the mid-game picture)
GAMES = (
    ("reclaim", "reclaim", [{"name": "You", "kind": "human"}], {"map": "river"}, 60),
    ("reclaim-table", "reclaim", [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"},
                                  {"name": "AI 1", "kind": "ai", "level": "easy"}],
     {"map": "lake", "variant": True}, 70),
    ("reclaim-six", "reclaim", [{"name": name, "kind": "human"} for name in ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")],
     {"map": "river"}, 90),
    ("claim-control", "claim-control",
     [{"name": "You", "kind": "human"}, {"name": "Computer", "kind": "ai", "level": "hard"}], {}, 24),
    ("the-reclamation", "the-reclamation",
     [{"name": "You", "kind": "human"}, {"name": "Computer", "kind": "ai", "level": "hard"}], {"rules": "garden"}, 10),
    ("throne", "the-reclamation",
     [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}], {"rules": "throne"}, 14),
    ("reclamation-wars", "reclamation-wars",
     [{"name": "You", "kind": "human"}, {"name": "Computer", "kind": "ai", "level": "easy"},
      {"name": "Computer", "kind": "ai", "level": "easy"}], {}, 25),
    ("reclamation-wars-large", "reclamation-wars",
     [{"name": "You", "kind": "human"}, {"name": "Computer", "kind": "ai", "level": "normal"},
      {"name": "Computer", "kind": "ai", "level": "normal"}], {"board": "large"}, 40),
    ("alluvium", "alluvium",
     [{"name": "You", "kind": "human"}] + [{"name": "Computer", "kind": "ai", "level": "easy"}] * 3, {}, 21),
    ("alluvium-3", "alluvium",
     [{"name": "You", "kind": "human"}] + [{"name": "Computer", "kind": "ai", "level": "easy"}] * 2, {}, 12),
)


def _offscreen_screen() -> None:
    """A desktop-sized offscreen screen (Qt's default is 800 x 800)."""
    if os.environ.get("QT_QPA_PLATFORM", "offscreen") != "offscreen":
        return
    config = Path(tempfile.mkdtemp(prefix="reclaimdesk-screens-")) / "screen.json"
    config.write_text(json.dumps({"screens": [{"name": "big", "x": 0, "y": 0, "width": 2560, "height": 1440,
                                               "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}))
    os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={config}"


def _wait(ms: int = 400) -> None:
    from PySide6.QtCore import QEventLoop, QTimer

    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def _record(game_id: str, players: list[dict], options: dict, plies: int | None, seed: int = 3):
    """A record of the AI playing ``plies`` actions (None: to the end)."""
    from reclaimdesk.core.game import get_game
    from reclaimdesk.core.record import GameRecord

    spec = get_game(game_id)
    state = spec.new_game(len(players), seed, options)
    agent = spec.agent("easy", seed)
    while not state.is_terminal() and (plies is None or len(state.history) < plies):
        state.apply(agent.choose(state))
    if game_id == "reclaim" and plies is not None:
        while not state.is_terminal() and state.phase != "pay":
            state.apply(agent.choose(state))
    return GameRecord.from_state(state, players)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "reclaimdesk-screens")
    parser.add_argument("--lang", nargs="+", default=["en", "ja"])
    parser.add_argument("--size", nargs="+", default=["1024x768", "1920x1080"])
    parser.add_argument("--only", default="", help="comma-separated: start, rules, bests, review, or game ids")
    args = parser.parse_args()
    only = {w for w in args.only.split(",") if w}
    _offscreen_screen()
    data = Path(tempfile.mkdtemp(prefix="reclaimdesk-screens-data-"))
    os.environ["RECLAIMDESK_DATA_DIR"] = str(data)

    from PySide6.QtWidgets import QApplication

    from reclaimdesk.core import i18n
    from reclaimdesk.core.record import save_record
    from reclaimdesk.ui.style import STYLE_ARGS, apply_style

    app = QApplication([sys.argv[0], *STYLE_ARGS])
    apply_style(app, True)
    args.out.mkdir(parents=True, exist_ok=True)
    records = {}
    for name, game_id, players, options, plies in GAMES:
        for when, n in (("mid", plies), ("end", None)):
            path = data / f"{name}-{when}.json"
            save_record(_record(game_id, players, options, n), path)
            records[(name, when)] = path
    written = []
    reviews = {}
    if not only or "review" in only:  # each game's finished record in the library with its AI view kept
        from reclaimdesk.core.analysis import analyse
        from reclaimdesk.core.record import load_record
        from reclaimdesk.ui.played import open_library

        library = open_library(data)
        for name, game_id, *_rest in GAMES:
            if name != game_id:
                continue
            record = load_record(records[(name, "end")])
            found = analyse(record, level="normal", budget=1, hindsight=False)  # the easy AI played these games
            library.store_analysis(library.add_record(record, records[(name, "end")]), found.to_dict())
            costly = found.costliest()
            reviews[name] = costly[0].index if costly else None

    def shot(widget, name: str) -> None:
        _wait()
        path = args.out / f"{name}.png"
        widget.grab().save(str(path))
        written.append(path)

    def wanted(what: str) -> bool:
        return not only or what in only

    from reclaimdesk.ui.i18n import apply_language

    for lang in args.lang:
        apply_language(lang, app)  # as the app does: Qt's words, the locale and the Japanese font
        for size in args.size:
            w, h = (int(v) for v in size.split("x"))
            from reclaimdesk.ui.app import MainWindow

            window = MainWindow()
            window.resize(w, h)
            window.show()
            window.refresh_start_page()
            if wanted("start"):
                shot(window, f"{lang}-{size}-start")
            for name, game_id, _players, _options, _plies in GAMES:
                if not wanted(game_id) and not wanted(name):
                    continue
                for when in ("mid", "end"):
                    window.open_record(records[(name, when)])
                    _wait(800)
                    if when == "end" and hasattr(window.page, "show_end"):
                        window.page.show_end()
                    shot(window, f"{lang}-{size}-{name}-{when}")
                    if when == "mid" and name == "reclaim":  # the first-half scoring in the panel
                        window.page.table.show_scoring(1)
                        shot(window, f"{lang}-{size}-{name}-scoring")
                    if when == "mid" and name == "claim-control":  # the influence shown
                        window.page.table.panel.overlay_box.setChecked(True)
                        shot(window, f"{lang}-{size}-{name}-influence")
                    window.back_to_start()
                if size == args.size[0] and name == game_id:
                    window._open_new_game_dialog(game_id)
                    shot(window.dialog, f"{lang}-{game_id}-newgame")
                    window.dialog.reject()
            for name, upto in reviews.items():  # the review at its costliest decision, the AI's choice drawn
                window.review_record(records[(name, "end")], upto)
                _wait(800)
                shot(window, f"{lang}-{size}-{name}-review")
                window.back_to_start()
            if size == args.size[0]:
                if wanted("rules"):
                    for name, game_id, *_rest in GAMES:
                        if name != game_id:
                            continue
                        window.show_rules(game_id)
                        shot(window.dialog, f"{lang}-{game_id}-rules")
                        window.dialog.reject()
                if wanted("bests"):
                    window.show_bests()
                    shot(window.dialog, f"{lang}-bests")
                    window.dialog.reject()
                if wanted("about"):
                    window.show_about()
                    shot(window.last_message, f"{lang}-about")
                    window.last_message.reject()
            if wanted("export"):
                window.export_pdf()
                if window.dialog is not None and window.dialog.isVisible():
                    window.dialog.resize(min(w, 1040), min(h - 40, 740))
                    _wait(2500)  # the preview's pages are made on a worker thread
                    shot(window.dialog, f"{lang}-{size}-export")
                    window.dialog.reject()
            window.close()
            window.deleteLater()
            _wait(50)
    i18n.set_language("en")
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
