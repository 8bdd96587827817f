"""Where the app keeps its things: the data folder, the settings, icons and the
documentation, plus the list of the five games shown on the start page."""

from __future__ import annotations

import importlib.util
import os
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths
from PySide6.QtGui import QIcon

from reclaimdesk.core.data import resource_path

ORG_NAME = "ReclaimDesk"
ORG_DOMAIN = "reclaimdesk.example.org"
APP_NAME = "ReclaimDesk"
DATA_ENV = "RECLAIMDESK_DATA_DIR"
"""Set this to keep the data (autosave, scores, settings) in a given folder (tests)."""


def data_dir() -> Path:
    """The user's data folder (``QStandardPaths.AppDataLocation``), or
    ``$RECLAIMDESK_DATA_DIR`` when set; created when missing."""
    env = os.environ.get(DATA_ENV)
    if env:
        path = Path(env)
    else:
        location = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
        path = Path(location) if location else Path.home() / ".reclaimdesk"
    path.mkdir(parents=True, exist_ok=True)
    return path


def make_settings() -> QSettings:
    """The app's settings. With ``$RECLAIMDESK_DATA_DIR`` set they live in an INI
    file in that folder, so tests never touch the user's real settings."""
    if os.environ.get(DATA_ENV):
        return QSettings(str(data_dir() / "settings.ini"), QSettings.Format.IniFormat)
    return QSettings(ORG_NAME, APP_NAME)


def setting_bool(settings: QSettings, key: str, default: bool) -> bool:
    value = settings.value(key, default)
    if isinstance(value, str):
        return value.lower() in ("true", "1", "yes")
    return bool(value)


def icon_file(name: str) -> Path:
    return resource_path("icons", name)


@lru_cache(maxsize=None)
def icon(name: str) -> QIcon:
    return QIcon(str(icon_file(name)))


def docs_dir() -> Path:
    return Path(__file__).resolve().parents[2] / "docs"


def rules_file(game_id: str) -> Path:
    return docs_dir() / "rules" / f"{game_id}.md"


def export_available(module: str = "reclaimdesk.export.reclaim_kit") -> bool:
    """Whether the print side for a game exists yet: ``find_spec`` of the module,
    but without importing its package (which loads reportlab) before it is used."""
    parent, _, leaf = module.rpartition(".")
    try:
        if parent in sys.modules:
            return importlib.util.find_spec(module) is not None
        spec = importlib.util.find_spec(parent)
    except (ImportError, ValueError):
        return False
    if spec is None or not spec.submodule_search_locations:
        return False
    return any((Path(folder) / f"{leaf}.py").exists() or (Path(folder) / leaf / "__init__.py").exists()
               for folder in spec.submodule_search_locations)


@dataclass(frozen=True)
class GameInfo:
    id: str
    name: str
    players: str
    blurb: str


GAMES: tuple[GameInfo, ...] = (
    GameInfo("reclaim", "Reclaim", "1-6 players",
             "Draw shapes on a map, pay for them with triangles, link castles and "
             "fill territory. Alone it is a score attack."),
    GameInfo("claim-control", "Claim Control", "2 players",
             "Squares and markers on a 5 x 5 grid; influence decides who claims what."),
    GameInfo("the-reclamation", "The Reclamation", "2 players",
             "Two gardeners spread stones over a 6 x 6 garden, or fight for a throne."),
    GameInfo("reclamation-wars", "Reclamation Wars", "3 players",
             "Claim hexes, send demolishers and seize special powers."),
    GameInfo("alluvium", "Alluvium", "3-5 players",
             "Pass the sheets round and draw pieces for yourself and your neighbours."),
)

PLAYABLE = ("reclaim",)
"""Games with a table in the desktop app."""
