"""The Linux installer end to end: build the .deb with ``packaging/build-linux.sh``,
install it with ``apt-get install ./<file>.deb``, start the installed app (its main
window must appear, offscreen), export a PDF through the installed command line,
remove the package and check that nothing of it is left.

Runs only as root on Debian/Ubuntu with dpkg-deb and apt-get (CI), and not when
``RECLAIMDESK_SKIP_PACKAGING=1``; skipped when a ``reclaimdesk`` package is already
installed (it would be replaced; checked after the build). One install at a time
per machine (a lock in /var/lock): parallel test runs wait for each other. Takes
about 2 to 4 minutes, the build most of it. The .deb is compressed with ``xz -1`` here (``DEB_COMPRESSION`` overrides it):
the same contents as the release build's ``xz -6``, a little larger, much faster.

Needs PyInstaller, which the ``test`` extra installs.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUILD_SCRIPT = ROOT / "packaging" / "build-linux.sh"
MIME_TYPE = "application/x-reclaimdesk-record"
DEB_BUDGET = 60 * 1024 * 1024
INSTALLED_BUDGET = 200 * 1024 * 1024
APT_LOCK_WAIT = ["-o", "DPkg::Lock::Timeout=300"]

sys.path.insert(0, str(ROOT / "packaging" / "linux"))
from measure_launch import measure  # noqa: E402

pytestmark = pytest.mark.slow


def _skip_reason() -> str | None:
    if os.environ.get("RECLAIMDESK_SKIP_PACKAGING") == "1":
        return "RECLAIMDESK_SKIP_PACKAGING=1"
    if not sys.platform.startswith("linux") or not Path("/etc/debian_version").exists():
        return "not Debian or Ubuntu"
    if os.geteuid() != 0:
        return "installing a .deb needs root"
    for tool in ("dpkg-deb", "apt-get", "dpkg"):
        if shutil.which(tool) is None:
            return f"{tool} not found"
    return None


def run(cmd, *, check=True, timeout=600, **kw):
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, **kw)
    if check and proc.returncode != 0:
        pytest.fail(f"{' '.join(map(str, cmd))} exited {proc.returncode}\n"
                    f"--- stdout ---\n{proc.stdout[-4000:]}\n--- stderr ---\n{proc.stderr[-4000:]}")
    return proc


def _pyinstaller_env() -> dict[str, str]:
    """The build's environment: this Python, which has PyInstaller (the test extra)."""
    return {**os.environ, "PYTHON": sys.executable}


def _apt_env() -> dict[str, str]:
    return {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}


def _installed() -> bool:
    state = subprocess.run(["dpkg-query", "-W", "-f", "${Status}", "reclaimdesk"],
                           capture_output=True, text=True, check=False)
    return state.returncode == 0 and state.stdout.strip().endswith(" installed")


LOCK = Path("/var/lock/reclaimdesk-packaging-test.lock")


@contextlib.contextmanager
def _system_lock(timeout: float = 900):
    """One install-run-remove at a time on this machine (two test runs at once would
    remove each other's package)."""
    import fcntl  # POSIX only: imported here so that the module loads (and skips) anywhere

    LOCK.parent.mkdir(parents=True, exist_ok=True)
    with open(LOCK, "w") as f:
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    pytest.fail(f"another packaging test held {LOCK} for {timeout:.0f} s")
                time.sleep(2)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def _app_env(data: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "LD_LIBRARY_PATH")}
    env["QT_QPA_PLATFORM"] = "offscreen"
    env["RECLAIMDESK_DATA_DIR"] = str(data)
    return env


def _elf_files(folder: Path):
    for path in folder.rglob("*"):
        if path.is_file() and not path.is_symlink():
            with open(path, "rb") as f:
                if f.read(4) == b"\x7fELF":
                    yield path


def test_deb_builds_installs_runs_and_removes_cleanly(tmp_path, record_property):
    reason = _skip_reason()
    if reason:
        pytest.skip(reason)
    timings: dict[str, float] = {}
    t0 = time.perf_counter()

    # --- build ------------------------------------------------------------------------
    env = _pyinstaller_env()
    env["DIST_DIR"] = str(tmp_path / "dist")
    env["BUILD_DIR"] = str(tmp_path / "build")
    env.setdefault("DEB_COMPRESSION", "1")
    build = run(["bash", str(BUILD_SCRIPT)], env=env, timeout=900)
    timings["build_s"] = time.perf_counter() - t0
    debs = sorted((tmp_path / "dist").glob("reclaimdesk_*.deb"))
    assert len(debs) == 1, build.stdout
    deb = debs[0]
    assert f"package:          {deb}" in build.stdout, build.stdout
    assert "installed folder: /opt/reclaimdesk" in build.stdout
    deb_bytes = deb.stat().st_size
    assert deb_bytes < DEB_BUDGET, f"{deb.name} is {deb_bytes / 2**20:.1f} MiB (budget 60 MiB)"

    fields = run(["dpkg-deb", "--field", str(deb), "Package", "Depends", "Installed-Size"]).stdout
    assert "Package: reclaimdesk" in fields
    for lib in ("libxcb-cursor0", "libxkbcommon-x11-0", "libfontconfig1", "libegl1", "libdbus-1-3"):
        assert lib in fields, f"Depends lacks {lib}: {fields}"
    contents = run(["dpkg-deb", "--contents", str(deb)]).stdout
    assert "./usr/share/mime/packages/reclaimdesk.xml" in contents
    assert "./usr/bin/reclaimdesk -> /opt/reclaimdesk/reclaimdesk" in contents
    assert " root/root " in contents and "_internal/PySide6/Qt/qml" not in contents
    assert "translations/qtbase_ja.qm" in contents and "translations/qtbase_de" not in contents
    assert "translations/qt_" not in contents and "QtWebEngine" not in contents
    assert "_internal/reclaimdesk/locale/ja/LC_MESSAGES/app.mo" in contents

    with _system_lock():
        _install_run_remove(deb, tmp_path, timings)
    timings["total_s"] = time.perf_counter() - t0
    figures = {"deb_mib": round(deb_bytes / 2**20, 1),
               "installed_mib": round(timings.pop("installed_bytes") / 2**20, 1),
               **{k: [round(x, 3) for x in v] if isinstance(v, list) else round(v, 3) for k, v in timings.items()}}
    for key, value in figures.items():
        record_property(key, value)
    print(f"\npackaging figures: {figures}")  # launch times are reported, not asserted (a loaded machine)


def _install_run_remove(deb: Path, tmp_path: Path, timings: dict) -> None:
    if _installed():
        pytest.skip("a reclaimdesk package is installed on this machine; not replacing it")
    try:
        # --- install --------------------------------------------------------------------
        t = time.perf_counter()
        run(["apt-get", "update", "-q", "-o", "Acquire::Retries=3", *APT_LOCK_WAIT], env=_apt_env(), check=False, timeout=300)
        run(["apt-get", "install", "-y", "-q", "--no-install-recommends", *APT_LOCK_WAIT, f"./{deb.name}"],
            cwd=deb.parent, env=_apt_env(), timeout=600)
        timings["install_s"] = time.perf_counter() - t
        assert _installed()

        opt = Path("/opt/reclaimdesk")
        assert (opt / "reclaimdesk").is_file() and os.access(opt / "reclaimdesk", os.X_OK)
        assert Path("/usr/bin/reclaimdesk").resolve() == (opt / "reclaimdesk")
        desktop = Path("/usr/share/applications/reclaimdesk.desktop").read_text(encoding="utf-8")
        assert "Exec=reclaimdesk %f" in desktop and f"MimeType={MIME_TYPE};" in desktop
        assert "Icon=reclaimdesk" in desktop
        assert Path("/usr/share/icons/hicolor/scalable/apps/reclaimdesk.svg").is_file()
        for size in (16, 32, 48, 64, 128, 256):
            png = Path(f"/usr/share/icons/hicolor/{size}x{size}/apps/reclaimdesk.png")
            assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", png
        assert MIME_TYPE in Path("/usr/share/mime/packages/reclaimdesk.xml").read_text(encoding="utf-8")
        globs2 = Path("/usr/share/mime/globs2")
        if shutil.which("update-mime-database") and globs2.exists():  # the postinst refreshed it
            assert f"{MIME_TYPE}:reclaim-*.json" in globs2.read_text(encoding="utf-8")
        if shutil.which("desktop-file-validate"):
            run(["desktop-file-validate", "/usr/share/applications/reclaimdesk.desktop"])
        installed_bytes = sum(p.stat().st_size for p in opt.rglob("*") if p.is_file() and not p.is_symlink())
        assert installed_bytes < INSTALLED_BUDGET, f"/opt/reclaimdesk is {installed_bytes / 2**20:.1f} MiB"
        timings["installed_bytes"] = installed_bytes

        # Every library the bundle needs resolves (the Depends are enough here).
        missing = set()
        lib_path = f"{opt}/_internal:{opt}/_internal/PySide6/Qt/lib"
        for elf in _elf_files(opt):
            out = run(["ldd", str(elf)], check=False, env={"LD_LIBRARY_PATH": lib_path, "PATH": "/usr/bin:/bin"})
            missing |= {f"{elf.name}: {line.split('=>')[0].strip()}"
                        for line in out.stdout.splitlines() if "not found" in line}
        assert not missing, f"unresolved libraries: {sorted(missing)}"

        # --- run the installed app --------------------------------------------------------
        data = tmp_path / "data"
        data.mkdir()
        app_env = _app_env(data)
        version = run(["/usr/bin/reclaimdesk", "--version"], env=app_env, timeout=60).stdout
        assert version.startswith("reclaimdesk ")
        games = run(["/usr/bin/reclaimdesk", "games"], env=app_env, timeout=60).stdout
        assert "reclaim" in games

        # The main window appears (the app prints "shown" once it is up, then quits),
        # through Qt's offscreen platform plugin inside the bundle.
        shown = run(["/usr/bin/reclaimdesk"], env={**app_env, "RECLAIMDESK_EXIT_WHEN_SHOWN": "1"}, timeout=60)
        assert shown.stdout.splitlines()[-1:] == ["shown"], shown.stdout + shown.stderr
        assert "Could not load the Qt platform plugin" not in shown.stderr
        launches = measure(["/usr/bin/reclaimdesk"], runs=5)
        timings["launch_median_s"] = statistics.median(launches)
        timings["launch_runs_s"] = launches

        # Print-and-play PDF and a filled sheet of a game record, through the installed CLI.
        pdf = tmp_path / "x.pdf"
        run(["/usr/bin/reclaimdesk", "print", "reclaim", "-o", str(pdf)], env=app_env, timeout=120)
        assert pdf.read_bytes()[:5] == b"%PDF-"
        record = tmp_path / "reclaim-seed1.json"
        run(["/usr/bin/reclaimdesk", "play", "reclaim", "--agents", "easy", "--seed", "1",
             "--record", str(record)], env=app_env, timeout=120)
        run(["/usr/bin/reclaimdesk", "replay", str(record)], env=app_env, timeout=120)
        filled = tmp_path / "filled.pdf"
        run(["/usr/bin/reclaimdesk", "print", "reclaim", "--record", str(record), "-o", str(filled)],
            env=app_env, timeout=120)
        assert filled.read_bytes()[:5] == b"%PDF-"

        # A double-clicked record: the desktop entry runs "reclaimdesk <file>"; the app
        # opens the game in its window (it reports what it opened, then quits).
        opened = run(["/usr/bin/reclaimdesk", str(record)],
                     env={**app_env, "RECLAIMDESK_EXIT_WHEN_SHOWN": "1"}, timeout=60)
        actions = len(json.loads(record.read_text())["actions"])
        assert f"opened reclaim with {actions} actions" in opened.stdout, opened.stdout + opened.stderr

        files = [Path(p) for p in run(["dpkg-query", "-L", "reclaimdesk"]).stdout.splitlines()]
    finally:
        # --- remove -----------------------------------------------------------------------
        t = time.perf_counter()
        if _installed() or Path("/opt/reclaimdesk").exists():
            run(["apt-get", "remove", "-y", "-q", "--purge", *APT_LOCK_WAIT, "reclaimdesk"], env=_apt_env(), timeout=300)
        timings["remove_s"] = time.perf_counter() - t

    assert not _installed()
    left = [str(p) for p in files if not p.is_dir() and (p.exists() or p.is_symlink())]
    assert not left, f"left after removal: {left[:20]}"
    for path in ("/opt/reclaimdesk", "/usr/bin/reclaimdesk", "/usr/share/applications/reclaimdesk.desktop",
                 "/usr/share/mime/packages/reclaimdesk.xml", "/usr/share/doc/reclaimdesk"):
        assert not os.path.lexists(path), f"{path} is left after removal"
    icons = list(Path("/usr/share/icons").rglob("reclaimdesk*"))
    assert not icons, f"icons left after removal: {icons}"
    if globs2.exists():
        assert MIME_TYPE not in globs2.read_text(encoding="utf-8")
    cache = Path("/usr/share/applications/mimeinfo.cache")
    if cache.exists():
        assert "reclaimdesk.desktop" not in cache.read_text(encoding="utf-8")

