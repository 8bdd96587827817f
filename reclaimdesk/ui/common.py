"""Where the app keeps its things: the data folder, the settings, icons (with the
pre-rendered ones the start shows) and the documentation. (The games shown on the
start page come from the registries: see :mod:`reclaimdesk.ui.plugin`.)"""

from __future__ import annotations

import importlib.util
import os
import sys
import zlib
from functools import lru_cache
from pathlib import Path

from reclaimdesk.core.data import resource_path  # before Qt on purpose: see ui.app's imports
from reclaimdesk.ui.pyside_code import compiled_support

with compiled_support():  # PySide's own start compiled once (see ui.pyside_code)
    from PySide6.QtCore import QSettings, QSize
    from PySide6.QtGui import QIcon, QPixmap


def spare_source_scans() -> int:
    """PySide reads the source of every module an import statement names for the
    first time after it loaded (its ``__feature__`` hook looks for "PySide6" in it
    and notes the module in ``pyside_feature_dict``): typing, pathlib, enum,
    datetime and the app's own modules, about 10 ms of every start. A module
    loaded before PySide cannot have used ``__feature__`` (PySide brings it), so
    each is noted now as the scan would leave it: the app's own as PySide users
    (0: no feature), the others ignored (-1). Returns how many were noted; none
    with a PySide that keeps no such table."""
    feature = sys.modules.get("shibokensupport.feature")
    table = getattr(feature, "pyside_feature_dict", None)
    if not isinstance(table, dict):
        return 0
    noted = 0
    for name in list(sys.modules):
        if name not in table:
            table[name] = 0 if name == "reclaimdesk" or name.startswith("reclaimdesk.") else -1
            noted += 1
    return noted


spare_source_scans()

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
        from PySide6.QtCore import QStandardPaths

        location = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
        path = Path(location) if location else Path.home() / ".reclaimdesk"
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass  # said at start (ui.datafolder), where the player chooses what to do
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


# --- icons pre-rendered for the start --------------------------------------------

WINDOW_ICON_SIZES = (16, 32, 64, 128)
"""The app icon's sizes in the window icon (those Qt renders a scalable icon at for X11)."""
ICON_CACHE_MAGIC = b"reclaimdesk-icons 1\n"


def cache_dir() -> Path:
    """The user's cache folder (``QStandardPaths.CacheLocation``), or ``cache`` in
    ``$RECLAIMDESK_DATA_DIR`` when set. Not created here."""
    if os.environ.get(DATA_ENV):
        return data_dir() / "cache"
    from PySide6.QtCore import QStandardPaths

    location = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.CacheLocation)
    return Path(location) if location else data_dir() / "cache"


class StartIcons:
    """The icons the start shows (the window icon, the start page's logo and game
    pictures), rendered from their SVG files once and kept as raw pixels in one file
    of the cache folder. Reading that file takes well under a millisecond, where
    loading QtSvg, its icon plugin and rendering seven icons takes several at every
    start. An icon whose SVG changed (its CRC differs) or that is missing is
    rendered from the SVG as before, and :meth:`save` (after the window shows)
    brings the file up to date."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._entries: dict[tuple[str, int], tuple[int, memoryview]] = {}
        self._crcs: dict[str, int] = {}
        self._used: dict[tuple[str, int], QPixmap] = {}
        self._app_icon: QIcon | None = None
        self.stale = False
        try:
            self._read(path.read_bytes())
        except (OSError, ValueError):
            self._entries.clear()
            self.stale = True

    def _read(self, data: bytes) -> None:
        if not data.startswith(ICON_CACHE_MAGIC):
            raise ValueError("not an icon cache")
        count_line, rest = data[len(ICON_CACHE_MAGIC):].split(b"\n", 1)
        count = int(count_line)
        *lines, pixels = rest.split(b"\n", count) if count > 0 else (rest,)
        if len(lines) != count:
            raise ValueError("icon cache cut short")
        view, offset = memoryview(pixels), 0
        for line in lines:
            name, px, crc = line.decode("ascii").split(" ")
            size = int(px) * int(px) * 4
            if offset + size > len(view):
                raise ValueError("icon cache cut short")
            self._entries[(name, int(px))] = (int(crc), view[offset:offset + size])
            offset += size

    def _crc(self, name: str) -> int:
        if name not in self._crcs:
            try:
                self._crcs[name] = zlib.crc32(icon_file(name).read_bytes())
            except OSError:
                self._crcs[name] = -1
        return self._crcs[name]

    def _cached(self, name: str, px: int) -> QPixmap | None:
        found = self._entries.get((name, px))
        if found is None or found[0] != self._crc(name):
            self.stale = True
            return None
        from PySide6.QtGui import QImage

        image = QImage(found[1], px, px, px * 4, QImage.Format.Format_ARGB32_Premultiplied)
        return QPixmap.fromImage(image)  # a copy: the cache's bytes can go

    def pixmap(self, name: str, size: int, dpr: float = 1.0) -> QPixmap:
        """``name`` as a pixmap of ``size`` x ``size`` logical pixels at ``dpr``."""
        px = max(1, round(size * dpr))
        pixmap = self._cached(name, px)
        if pixmap is None:
            pixmap = icon(name).pixmap(QSize(size, size), dpr)
            if pixmap.width() != px:  # the engine rounded otherwise: keep it out of the cache
                return pixmap
        pixmap.setDevicePixelRatio(dpr)
        self._used[(name, px)] = pixmap
        return pixmap

    def app_icon(self) -> QIcon:
        """The app's icon for its windows: the cached sizes, else the SVG itself."""
        if self._app_icon is None:
            pixmaps = [self._cached("app.svg", px) for px in WINDOW_ICON_SIZES]
            if any(p is None for p in pixmaps):
                self._app_icon = icon("app.svg")
            else:
                self._app_icon = QIcon()
                for px, pixmap in zip(WINDOW_ICON_SIZES, pixmaps):
                    self._app_icon.addPixmap(pixmap)
                    self._used[("app.svg", px)] = pixmap
        return self._app_icon

    def save(self) -> None:
        """Write the cache file if an icon was rendered from its SVG in this run (an
        error to write it only means the next start renders them again), and let
        go of the file's bytes: the start is over."""
        self._entries.clear()
        if not self.stale:
            return
        from PySide6.QtGui import QImage

        for px in WINDOW_ICON_SIZES:
            if ("app.svg", px) not in self._used:
                self._used[("app.svg", px)] = icon("app.svg").pixmap(QSize(px, px), 1.0)
        lines, chunks = [], []
        for (name, px), pixmap in sorted(self._used.items()):
            image = pixmap.toImage().convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)
            if image.width() != px or image.height() != px or image.bytesPerLine() != px * 4:
                continue
            lines.append(f"{name} {px} {self._crc(name)}\n".encode("ascii"))
            chunks.append(bytes(image.constBits())[:px * px * 4])
        data = b"".join([ICON_CACHE_MAGIC, f"{len(lines)}\n".encode("ascii"), *lines, *chunks])
        try:
            from reclaimdesk.core.files import write_file

            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_file(self.path, data)
        except OSError:
            return
        self.stale = False


@lru_cache(maxsize=None)
def start_icons() -> StartIcons:
    """The pre-rendered icons, read once per run."""
    return StartIcons(cache_dir() / "start-icons.bin")


def docs_dir() -> Path:
    return Path(__file__).resolve().parents[2] / "docs"


RULES_FOLDER = "rules"
"""A game's player rules pages live in its own UI package: ``reclaimdesk/ui/<pkg>/
rules/<lang>.html`` (or ``<lang>.md``, Markdown), where ``<pkg>`` is the game id
with ``_`` for ``-`` and ``<lang>`` a code of :data:`reclaimdesk.core.i18n.LANGUAGES`."""
RULES_FORMATS = (".html", ".md")


def ui_package_dir(game_id: str) -> Path:
    """The folder of a game's UI package (``the-reclamation`` -> ``ui/the_reclamation``)."""
    return Path(__file__).resolve().parent / game_id.replace("-", "_")


def rules_file(game_id: str, lang: str | None = None) -> Path:
    """A game's player rules page in ``lang`` (default: the current language),
    else its English page; the returned path may not exist (no page yet)."""
    from reclaimdesk.core.i18n import DEFAULT_LANGUAGE, language

    folder = ui_package_dir(game_id) / RULES_FOLDER
    for code in (lang or language(), DEFAULT_LANGUAGE):
        for suffix in RULES_FORMATS:
            page = folder / f"{code}{suffix}"
            if page.exists():
                return page
    return folder / f"{DEFAULT_LANGUAGE}{RULES_FORMATS[0]}"




def export_available(module: str = "reclaimdesk.export.kit") -> bool:
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
