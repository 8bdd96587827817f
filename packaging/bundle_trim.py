"""Trimming a PyInstaller analysis of ReclaimDesk down to the Qt it uses.

Shared by the spec files (``packaging/reclaimdesk.spec`` for Linux,
``packaging/windows/reclaimdesk-win.spec``, ``packaging/macos/reclaimdesk-mac.spec``)
and by the Linux package script (``packaging/linux/debdeps.py`` reads ELF files
with :func:`elf_info`). Standard library only (:func:`analysis_options` imports
PyInstaller when called).

What the app uses of Qt (checked against ``reclaimdesk/ui``): QtCore, QtGui,
QtWidgets and QtSvg, the Fusion style (set by ``reclaimdesk.ui.style``), SVG
icons, no QML, no printing through Qt (PDFs come from reportlab), no network, and
Qt's own strings only in the languages the app speaks (``reclaimdesk.ui.i18n``
installs ``qtbase_<lang>.qm``). So the bundle keeps:

- platform plugins: xcb, wayland and offscreen on Linux, windows, cocoa;
- the xcb GL integrations (EGL, GLX), the xdg-desktop-portal theme (native file
  dialogs under Flatpak/portals), the compose and IBus input contexts (dead keys
  and input methods), Wayland's xdg-shell and its client-side decorations;
- image formats: SVG (PNG is built into QtGui); icon engines: SVG;
- Qt's translations of its standard dialogs for the app's languages other than
  English (:data:`KEEP_TRANSLATIONS`);

and drops every other plugin (the print-support plugin too: nothing imports
QtPrintSupport, so Qt could never load it), every other translation and the QML files. On Linux the
Qt libraries that no kept binary needs any more are pruned by following the ELF
``DT_NEEDED`` entries, and libraries that PyInstaller picked up from the build
machine's system folders are left out: the Debian package depends on them.
"""

from __future__ import annotations

import os
import re
import struct
from collections.abc import Iterable
from dataclasses import dataclass, field

# --- which Qt plugins stay ------------------------------------------------------

KEEP_PLUGINS: dict[str, set[str]] = {
    "platforms": {"qxcb", "qwayland", "qoffscreen", "qwindows", "qcocoa"},
    "xcbglintegrations": {"qxcb-egl-integration", "qxcb-glx-integration"},
    "imageformats": {"qsvg"},
    "iconengines": {"qsvgicon"},
    "platforminputcontexts": {"composeplatforminputcontextplugin", "ibusplatforminputcontextplugin"},
    "platformthemes": {"qxdgdesktopportal"},
    "wayland-shell-integration": {"xdg-shell"},
    "wayland-decoration-client": {"bradient", "adwaita"},
}
"""Plugin folder -> plugin names (without ``lib`` prefix, ``d`` debug suffix or
extension) that are kept; folders not listed are dropped whole."""

KEEP_TRANSLATIONS = {"qtbase_ja.qm"}
"""Qt's catalogues the app installs (``reclaimdesk.ui.i18n.QT_CATALOGUES`` for each
language of ``reclaimdesk.core.i18n.LANGUAGES`` but English)."""

UNUSED_DATA_DIRS = ("translations", "qml", "metatypes", "resources", "libexec", "typesystems", "include",
                    "glue", "scripts", "doc")
"""Folders under PySide6's Qt folder (or PySide6 itself) whose files are never used."""

UNUSED_QT_LIBS = re.compile(
    r"Qt6?(Qml|Quick|WebEngine|WebChannel|WebSockets|Designer|UiTools|Help|Multimedia|SpatialAudio|"
    r"3D|Charts|DataVisualization|Graphs|Pdf|Positioning|Location|Sensors|SerialPort|SerialBus|Bluetooth|Nfc|"
    r"RemoteObjects|Scxml|StateMachine|TextToSpeech|VirtualKeyboard|Lottie|Labs|Test|Sql|Network|PrintSupport|"
    r"ShaderTools|Concurrent|Xml|OpenGLWidgets|EglFS|WaylandCompositor|WaylandEgl|WlShell|Bodymovin)",
)
"""Qt libraries the app never needs (matched against each part of a path, so that
macOS frameworks go whole), on every platform."""

UNUSED_WINDOWS_DLLS = {"opengl32sw.dll", "d3dcompiler_47.dll"}
"""Qt's software OpenGL (20 MB) and the Direct3D shader compiler: Qt Quick needs
them, a raster-painted Qt Widgets app does not."""


def _plugin_parts(dest: str) -> tuple[str, str] | None:
    """``(folder, name)`` when ``dest`` is a Qt plugin (``PySide6/.../plugins/<folder>/<file>``)."""
    parts = dest.replace("\\", "/").split("/")
    if len(parts) < 4 or parts[-3] != "plugins" or not parts[0].startswith("PySide6"):
        return None
    stem = parts[-1].split(".")[0]
    if stem.startswith("lib"):
        stem = stem[3:]
    return parts[-2], stem


def keep_plugin(dest: str) -> bool:
    parts = _plugin_parts(dest)
    if parts is None:
        return True
    folder, stem = parts
    return stem in KEEP_PLUGINS.get(folder, set())


def unused_qt_file(dest: str) -> bool:
    """Translations, QML, unused Qt libraries and plugins."""
    norm = dest.replace("\\", "/")
    parts = norm.split("/")
    if not parts or not parts[0].startswith("PySide6"):
        return False
    if "translations" in parts[1:-1] and parts[-1] in KEEP_TRANSLATIONS:
        return False
    if any(p in UNUSED_DATA_DIRS for p in parts[1:-1]):
        return True
    if not keep_plugin(norm):
        return True
    if parts[-1].lower() in UNUSED_WINDOWS_DLLS:
        return True
    # Qt libraries (and on macOS their framework folders) the app never needs.
    return any(UNUSED_QT_LIBS.search(p) for p in parts[1:])


def trim_toc(toc: Iterable[tuple], extra_drop=None) -> list[tuple]:
    """The TOC entries (dest, src, typecode) that are not unused Qt parts."""
    kept = []
    for entry in toc:
        dest = entry[0]
        if unused_qt_file(dest) or (extra_drop is not None and extra_drop(entry)):
            continue
        kept.append(entry)
    return drop_dangling_symlinks(kept)


def drop_dangling_symlinks(toc: list[tuple]) -> list[tuple]:
    """PyInstaller 6 lists links beside the real files (``('libQt6Core.so.6',
    'PySide6/Qt/lib/libQt6Core.so.6', 'SYMLINK')``); keep those whose target stays."""
    dests = {os.path.normpath(e[0]) for e in toc if e[2] != "SYMLINK"}
    kept = []
    for e in toc:
        if e[2] == "SYMLINK":
            target = os.path.normpath(os.path.join(os.path.dirname(e[0]), e[1]))
            if target not in dests:
                continue
        kept.append(e)
    return kept


# --- the Analysis options every platform's spec shares ---------------------------

EXCLUDES = [
    "tkinter", "_tkinter", "readline", "pydoc", "pdb",
    # reportlab needs PIL.Image only (for bitmaps, which the app does not draw):
    # Pillow's AVIF, WebP and colour-management codecs and their libraries stay out.
    "PIL.ImageTk", "PIL.ImageQt", "PIL._avif", "PIL.AvifImagePlugin", "PIL._webp", "PIL.WebPImagePlugin",
    "PIL._imagingcms", "PIL.ImageCms",
    # test tools and the packager itself
    "pytest", "pytestqt", "hypothesis", "PyInstaller",
    # Qt bindings the app never imports
    "PySide6.QtNetwork", "PySide6.QtQml", "PySide6.QtQuick", "PySide6.QtQuickWidgets",
    "PySide6.QtQuickControls2", "PySide6.QtOpenGL", "PySide6.QtOpenGLWidgets", "PySide6.QtPrintSupport",
    "PySide6.QtDesigner", "PySide6.QtUiTools", "PySide6.QtHelp", "PySide6.QtSql", "PySide6.QtTest",
    "PySide6.QtXml", "PySide6.QtConcurrent", "PySide6.QtDBus", "PySide6.QtSvgWidgets",
    "PySide6.QtWebEngineCore", "PySide6.QtWebEngineWidgets", "PySide6.QtMultimedia", "PySide6.Qt3DCore",
]


def analysis_options(root: str) -> dict:
    """Keyword arguments for PyInstaller's ``Analysis`` of the app in ``root``
    (scripts aside): the game modules imported by name, the resources, the players'
    rules pages, reportlab's fonts, and the unused modules left out."""
    from PyInstaller.utils.hooks import collect_data_files, collect_submodules

    datas = [
        (os.path.join(root, "resources"), "resources"),
    ]
    # the rules pages of each game's UI package (reclaimdesk.ui.common.rules_file) and the
    # compiled catalogues, where reclaimdesk.core.i18n looks for them (beside the package)
    datas += collect_data_files("reclaimdesk", includes=["ui/*/rules/*.html", "locale/*/LC_MESSAGES/*.mo"])

    datas += collect_data_files("reportlab")  # its fonts (reportlab/fonts) and data files
    return {
        "pathex": [root],
        "datas": datas,
        # The game registry imports its games by name; the UI imports lazily.
        "hiddenimports": collect_submodules("reclaimdesk") + collect_submodules("reportlab.pdfbase"),
        "excludes": list(EXCLUDES),
        # reclaimdesk.ui.common.export_available() looks for reclaimdesk/export/*.py
        # files; keep the sources beside the compiled modules so Export PDF is on.
        "module_collection_mode": {"reclaimdesk.export": "pyz+py"},
    }


def render_icon_png(root: str, out_dir: str, size: int = 256) -> str:
    """The app icon (``resources/icons/app.svg``) as a PNG, for PyInstaller's
    ``icon=`` (it converts PNG to .ico or .icns with Pillow)."""
    import subprocess
    import sys

    svg = os.path.join(root, "resources", "icons", "app.svg")
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "linux", "render_icons.py")
    subprocess.run([sys.executable, script, svg, out_dir, str(size)], check=True,
                   env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    return os.path.join(out_dir, f"{size}x{size}", "apps", "reclaimdesk.png")


# --- ELF files (Linux) ------------------------------------------------------------

@dataclass
class ElfInfo:
    needed: list[str] = field(default_factory=list)
    soname: str | None = None
    glibc: tuple[int, int] = (0, 0)
    """The newest ``GLIBC_2.x`` symbol version the file asks for."""


_GLIBC = re.compile(rb"GLIBC_2\.(\d+)(?:\.\d+)?\x00")


def elf_info(path: str) -> ElfInfo | None:
    """``DT_NEEDED``, ``DT_SONAME`` and the newest glibc symbol version of an ELF
    file, or None when ``path`` is not an ELF file with a dynamic section."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return None
    if data[:4] != b"\x7fELF" or len(data) < 64:
        return None
    is64 = data[4] == 2
    end = "<" if data[5] == 1 else ">"
    if is64:
        shoff, = struct.unpack_from(end + "Q", data, 0x28)
        shentsize, shnum = struct.unpack_from(end + "HH", data, 0x3A)
        sh_fmt = end + "IIQQQQIIQQ"
        dyn_fmt = end + "qQ"
    else:
        shoff, = struct.unpack_from(end + "I", data, 0x20)
        shentsize, shnum = struct.unpack_from(end + "HH", data, 0x2E)
        sh_fmt = end + "IIIIIIIIII"
        dyn_fmt = end + "iI"
    sections = []
    for i in range(shnum):
        off = shoff + i * shentsize
        if off + struct.calcsize(sh_fmt) > len(data):
            return None
        sections.append(struct.unpack_from(sh_fmt, data, off))
    info = ElfInfo()
    found = False
    for sh in sections:
        sh_type, sh_offset, sh_size, sh_link = sh[1], sh[4], sh[5], sh[6]
        if sh_type != 6:  # SHT_DYNAMIC
            continue
        found = True
        strtab = sections[sh_link]
        str_off = strtab[4]

        def string(at: int) -> str:
            start = str_off + at
            return data[start:data.index(b"\x00", start)].decode("utf-8", "replace")

        step = struct.calcsize(dyn_fmt)
        for off in range(sh_offset, sh_offset + sh_size, step):
            tag, val = struct.unpack_from(dyn_fmt, data, off)
            if tag == 0:
                break
            if tag == 1:
                info.needed.append(string(val))
            elif tag == 14:
                info.soname = string(val)
    if not found:
        return None
    versions = [int(m.group(1)) for m in _GLIBC.finditer(data)]
    if versions:
        info.glibc = (2, max(versions))
    return info


SYSTEM_PREFIXES = ("/lib/", "/lib64/", "/usr/lib/", "/usr/lib64/", "/lib32/", "/usr/lib32/")


def is_system_library(entry: tuple) -> bool:
    """A shared library PyInstaller picked up from the build machine's system folders
    (a distribution package provides it), not from Python or a wheel. libpython and
    Python's own extension modules (``/usr/lib/python3.X/lib-dynload`` with a
    distribution's Python) always stay in the bundle."""
    dest, src, typecode = entry[:3]
    name = os.path.basename(dest)
    if typecode != "BINARY" or name.startswith("libpython") or not re.search(r"\.so(\.\d+)*$", name):
        return False
    real = os.path.realpath(src)
    if not real.startswith(SYSTEM_PREFIXES):
        return False
    parts = real.split("/")
    return not any(p.startswith("python") or p in ("site-packages", "dist-packages") for p in parts)


def prune_linux(binaries: list[tuple], log=print) -> list[tuple]:
    """Leave out system libraries and the libraries no kept binary needs.

    Qt's shared libraries (``PySide6/**/*.so*`` other than plugins) stay only when
    another kept binary needs them, directly or through others: the bindings, the
    kept plugins and every non-Qt binary are the roots.
    """
    links = [b for b in binaries if b[2] == "SYMLINK"]
    files = [b for b in binaries if b[2] != "SYMLINK"]
    kept = [b for b in files if not is_system_library(b)]
    dropped_system = sorted({os.path.basename(b[0]) for b in files if is_system_library(b)})
    if dropped_system:
        log(f"bundle_trim: left to the system (package Depends): {', '.join(dropped_system)}")
    by_name: dict[str, tuple] = {}
    for b in kept:
        by_name.setdefault(os.path.basename(b[0]), b)
    infos = {b[0]: elf_info(b[1]) for b in kept}

    def is_root(b: tuple) -> bool:
        # Only Qt's own libraries are candidates for pruning; everything else
        # (extension modules, plugins, libpython, libraries loaded with ctypes such
        # as pypdfium2's libpdfium.so, and what those need) stays.
        name = os.path.basename(b[0])
        qt_lib = b[0].replace("\\", "/").startswith("PySide6/") and _plugin_parts(b[0]) is None
        return not (qt_lib and b[2] == "BINARY" and re.search(r"\.so(\.\d+)*$", name))

    reachable: set[str] = set()
    stack = [b for b in kept if is_root(b)]
    while stack:
        b = stack.pop()
        if b[0] in reachable:
            continue
        reachable.add(b[0])
        info = infos.get(b[0])
        for need in (info.needed if info else []):
            dep = by_name.get(need)
            if dep is not None and dep[0] not in reachable:
                stack.append(dep)
    pruned = [b for b in kept if b[0] in reachable]
    unreached = sorted(os.path.basename(b[0]) for b in kept if b[0] not in reachable)
    if unreached:
        log(f"bundle_trim: no kept binary needs, left out: {', '.join(unreached)}")
    return drop_dangling_symlinks(pruned + links)
