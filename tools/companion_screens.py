"""Grab a game's companion screens ("At the table") as PNG files at 1024x768 and
1920x1080 in the languages asked for:

    QT_QPA_PLATFORM=offscreen python tools/companion_screens.py GAME_ID en,ja 'SCRIPT'

SCRIPT is JSON: a list of [name, steps] where each steps list is taken before the
shot ({"setup": {...}} begins a session, "back" goes back, anything else is a step)."""
import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["RECLAIMDESK_DATA_DIR"] = tempfile.mkdtemp()
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QApplication
from reclaimdesk.core import i18n
from reclaimdesk.ui.style import STYLE_ARGS, apply_style
app = QApplication([sys.argv[0], *STYLE_ARGS]); apply_style(app, True)
QFontDatabase.addApplicationFont(str(ROOT / "resources" / "fonts" / "ipag.ttf"))
from reclaimdesk.ui.companion import screen_class
from reclaimdesk.ui.companion.window import CompanionWindow
out = Path(tempfile.gettempdir()) / "reclaimdesk-companion-screens"
out.mkdir(exist_ok=True)
game = sys.argv[1]; langs = sys.argv[2].split(","); script = json.loads(sys.argv[3])
# script: list of [name, steps-before-shot (list of steps or "setup:{...}")]
for lang in langs:
    i18n.set_language(lang)
    for w, h in ((1024, 768), (1920, 1080)):
        win = CompanionWindow(game, screen_class(game), Path(os.environ["RECLAIMDESK_DATA_DIR"]))
        win.resize(w, h); win.show()
        for name, actions in script:
            for a in actions:
                if isinstance(a, dict) and "setup" in a:
                    win.begin(a["setup"])
                elif a == "back":
                    win._back()
                else:
                    win.act(a)
            app.processEvents(); app.processEvents()
            win.grab().save(str(out / f"{game}-{name}-{lang}-{w}.png"))
        print(lang, w, win.message.text())
        win.close()
