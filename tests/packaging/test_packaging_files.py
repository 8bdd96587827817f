"""Quick checks of the installer recipes that need no build: the desktop entry,
the MIME type against what the app really writes, the Qt trimming rules, the ELF
reader behind the Debian Depends, and that every recipe file is where the README
and the workflow say."""

from __future__ import annotations

import ast
import configparser
import fnmatch
import plistlib
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"
sys.path.insert(0, str(PACKAGING))
import bundle_trim  # noqa: E402

MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"
MIME_TYPE = "application/x-reclaimdesk-record"


def _mime():
    root = ET.parse(PACKAGING / "linux" / "reclaimdesk-mime.xml").getroot()
    (mime,) = root.findall(f"{MIME_NS}mime-type")
    return mime


def test_desktop_entry_opens_records_with_the_app():
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read(PACKAGING / "linux" / "reclaimdesk.desktop", encoding="utf-8")
    d = entry["Desktop Entry"]
    assert d["Type"] == "Application" and d["Name"] == "ReclaimDesk"
    assert d["Exec"] == "reclaimdesk %f" and d["Icon"] == "reclaimdesk" and d["Terminal"] == "false"
    assert d["MimeType"] == f"{MIME_TYPE};"
    assert "Game" in d["Categories"].split(";")


def test_mime_globs_match_the_names_the_app_saves_and_opens():
    mime = _mime()
    assert mime.get("type") == MIME_TYPE
    globs = {g.get("pattern"): int(g.get("weight", "50")) for g in mime.findall(f"{MIME_NS}glob")}
    assert globs and all(w > 50 for w in globs.values()), "records must beat application/json's *.json"
    # File > Save record suggests <game>-seed<N>.json; finished games are archived
    # as <game>-<date>-seed<N>.json (reclaimdesk/ui/app.py, reclaimdesk/ui/autosave.py).
    from reclaimdesk.core.game import all_games

    for spec in all_games():
        for name in (f"{spec.id}-seed12345.json", f"{spec.id}-20260101-120000-seed7.json"):
            assert any(fnmatch.fnmatch(name, g) for g in globs), name
    assert any(fnmatch.fnmatch("game.reclaim.json", g) for g in globs)
    assert not any(fnmatch.fnmatch("package.json", g) for g in globs)
    # reclaimdesk.cli.main opens the app on a file argument only when it ends in .json.
    assert all(g.endswith(".json") for g in globs)


def test_mime_magic_matches_the_start_of_a_real_record():
    from reclaimdesk.core.game import get_game
    from reclaimdesk.core.record import GameRecord

    spec = get_game("reclaim")
    state = spec.new_game(1, 3)
    text = GameRecord.from_state(state).to_json()
    (match,) = _mime().iter(f"{MIME_NS}match")
    start, _, end = match.get("offset").partition(":")
    window = text.encode("utf-8")[int(start):int(end or start) + len(match.get("value"))]
    assert match.get("value").encode("utf-8") in window


def test_qt_trimming_keeps_what_the_app_needs_and_drops_the_rest():
    keep = [
        "PySide6/Qt/plugins/platforms/libqxcb.so",
        "PySide6/Qt/plugins/platforms/libqoffscreen.so",
        "PySide6/Qt/plugins/platforms/libqwayland.so",
        "PySide6/Qt/plugins/imageformats/libqsvg.so",
        "PySide6/Qt/plugins/iconengines/libqsvgicon.so",
        "PySide6/Qt/plugins/xcbglintegrations/libqxcb-glx-integration.so",
        "PySide6/Qt/lib/libQt6Widgets.so.6",
        "PySide6/Qt/lib/libQt6Svg.so.6",
        "PySide6/Qt/lib/libQt6XcbQpa.so.6",
        "PySide6/plugins/platforms/qwindows.dll",
        "PySide6/Qt/plugins/platforms/libqcocoa.dylib",
        "PySide6/QtWidgets.abi3.so",
        "resources/icons/app.svg",
        "PySide6/Qt/translations/qtbase_ja.qm",  # Qt's dialogs in Japanese
    ]
    drop = [
        "PySide6/Qt/plugins/platforms/libqlinuxfb.so",
        "PySide6/Qt/plugins/imageformats/libqjpeg.so",
        "PySide6/Qt/plugins/sqldrivers/libqsqlite.so",
        "PySide6/Qt/plugins/platformthemes/libqgtk3.so",
        "PySide6/Qt/plugins/tls/libqopensslbackend.so",
        "PySide6/Qt/translations/qtbase_de.qm",
        "PySide6/Qt/qml/QtQuick/qmldir",
        "PySide6/Qt/lib/libQt6Quick.so.6",
        "PySide6/Qt/lib/libQt6Qml.so.6",
        "PySide6/Qt/lib/libQt6Pdf.so.6",
        "PySide6/Qt6WebEngineCore.dll",
        "PySide6/translations/qt_fr.qm",
    ]
    assert [p for p in keep if bundle_trim.unused_qt_file(p)] == []
    assert [p for p in drop if not bundle_trim.unused_qt_file(p)] == []
    toc = [("libQt6Quick.so.6", "PySide6/Qt/lib/libQt6Quick.so.6", "SYMLINK"),
           ("PySide6/Qt/lib/libQt6Quick.so.6", "/x/libQt6Quick.so.6", "BINARY"),
           ("libQt6Core.so.6", "PySide6/Qt/lib/libQt6Core.so.6", "SYMLINK"),
           ("PySide6/Qt/lib/libQt6Core.so.6", "/x/libQt6Core.so.6", "BINARY")]
    assert [e[0] for e in bundle_trim.trim_toc(toc)] == ["libQt6Core.so.6", "PySide6/Qt/lib/libQt6Core.so.6"]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ELF files")
def test_elf_reader_finds_needed_libraries():
    import _ctypes

    info = bundle_trim.elf_info(_ctypes.__file__) if _ctypes.__file__.endswith(".so") else None
    if info is None:
        pytest.skip("_ctypes is built in")
    assert any(n.startswith("libc.so") for n in info.needed) or "libffi" in " ".join(info.needed)
    assert bundle_trim.elf_info(str(ROOT / "README.md")) is None


def test_recipes_exist_and_parse():
    for name in ("reclaimdesk.spec", "windows/reclaimdesk-win.spec", "macos/reclaimdesk-mac.spec"):
        ast.parse((PACKAGING / name).read_text(encoding="utf-8"), filename=name)
    for name in ("launcher.py", "bundle_trim.py", "linux/debdeps.py", "linux/render_icons.py",
                 "linux/measure_launch.py"):
        ast.parse((PACKAGING / name).read_text(encoding="utf-8"), filename=name)
    for script in ("build-linux.sh", "linux/postinst", "linux/postrm", "macos/make-dmg.sh"):
        path = PACKAGING / script
        assert path.read_text(encoding="utf-8").startswith("#!"), script
        assert path.stat().st_mode & 0o111, f"{script} is not executable"
    iss = (PACKAGING / "windows" / "reclaimdesk.iss").read_text(encoding="utf-8")
    assert "[Registry]" in iss and "[Icons]" in iss and "[UninstallDelete]" in iss
    workflow = (ROOT / ".github" / "workflows" / "installers.yml").read_text(encoding="utf-8")
    for needle in ("ubuntu", "windows", "macos", "upload-artifact", "build-linux.sh", "make-dmg.sh", "ISCC"):
        assert needle in workflow, needle


def test_mac_document_type_declares_the_record_extension():
    spec = (PACKAGING / "macos" / "reclaimdesk-mac.spec").read_text(encoding="utf-8")
    assert "CFBundleDocumentTypes" in spec and "argv_emulation=True" in spec
    assert "public.json" in spec


def test_readme_says_which_installers_are_tested():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Installing", 1)[1].split("\n## ", 1)[0]
    assert "packaging/build-linux.sh" in section and ".deb" in section
    assert "not tested" in section.lower() or "untested" in section.lower()


def test_plist_helper_is_valid():
    # The Info.plist keys the mac spec passes to BUNDLE must serialise as a plist.
    ns: dict = {"VERSION": "0.0.0"}
    source = (PACKAGING / "macos" / "reclaimdesk-mac.spec").read_text(encoding="utf-8")
    block = source.split("# --- Info.plist ---", 1)[1].split("# --- end Info.plist ---", 1)[0]
    exec(compile(block, "reclaimdesk-mac.spec", "exec"), ns)  # plain data, no PyInstaller names
    plistlib.dumps(ns["INFO_PLIST"])
    types = [t for d in ns["INFO_PLIST"]["CFBundleDocumentTypes"] for t in d["LSItemContentTypes"]]
    assert "public.json" in types


def test_system_libraries_are_left_to_the_package_but_python_stays():
    system = ("libxkbcommon.so.0", "/usr/lib/x86_64-linux-gnu/libxkbcommon.so.0", "BINARY")
    libpython = ("libpython3.11.so.1.0", "/usr/lib/x86_64-linux-gnu/libpython3.11.so.1.0", "BINARY")
    dynload = ("python3.11/lib-dynload/_ssl.cpython-311-x86_64-linux-gnu.so",
               "/usr/lib/python3.11/lib-dynload/_ssl.cpython-311-x86_64-linux-gnu.so", "EXTENSION")
    wheel = ("PySide6/Qt/lib/libQt6Core.so.6",
             "/usr/lib/python3/dist-packages/PySide6/Qt/lib/libQt6Core.so.6", "BINARY")
    assert bundle_trim.is_system_library(system)
    assert not any(bundle_trim.is_system_library(e) for e in (libpython, dynload, wheel))


def test_the_frozen_entry_point_hands_a_spawned_process_to_freeze_support_first():
    """A process the app spawns (a solver's second process) starts the frozen
    executable again: ``freeze_support()`` must run before anything of the app is
    imported, or the child would start the app instead of its work."""
    tree = ast.parse((PACKAGING / "launcher.py").read_text(encoding="utf-8"))
    for node in tree.body:  # nothing of the app at module level
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
            assert not any(n.startswith("reclaimdesk") for n in names), ast.dump(node)
    (main,) = [n for n in tree.body if isinstance(n, ast.If)]
    first = main.body[0]
    assert isinstance(first, ast.Expr) and ast.unparse(first.value) == "multiprocessing.freeze_support()"
    assert any(isinstance(n, ast.ImportFrom) and n.module == "reclaimdesk.cli" for n in main.body[1:])
