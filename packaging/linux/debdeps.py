"""The Debian ``Depends`` of a PyInstaller bundle, from the libraries it needs.

    python3 packaging/linux/debdeps.py dist/reclaimdesk [--report FILE]

prints one line: the packages, comma separated, for ``DEBIAN/control``.

How: every ELF file in the bundle is read for its ``DT_NEEDED`` entries (see
``packaging/bundle_trim.py``); the libraries not inside the bundle are found with
``ldconfig -p`` and mapped to their packages with ``dpkg -S``; libraries not
installed on the build machine are mapped through :data:`KNOWN` (Debian/Ubuntu
package names), and any other one stops the build, so the list is never silently
short. Packages that every Debian system has (the ``Essential: yes`` packages,
``apt`` and everything they depend on, as installed here) are left out, except
``libc6`` with the newest glibc symbol version the bundle asks for.

Standard library only; run with any Python 3.8+.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bundle_trim import elf_info  # noqa: E402

KNOWN: dict[str, str] = {
    # X11 / xcb, needed by Qt's xcb platform plugin
    "libxcb.so.1": "libxcb1",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxcb-xinerama.so.0": "libxcb-xinerama0",
    "libxcb-xinput.so.0": "libxcb-xinput0",
    "libxcb-glx.so.0": "libxcb-glx0",
    "libX11.so.6": "libx11-6",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    # Wayland
    "libwayland-client.so.0": "libwayland-client0",
    "libwayland-cursor.so.0": "libwayland-cursor0",
    "libwayland-egl.so.1": "libwayland-egl1",
    # OpenGL / EGL (glvnd)
    "libGL.so.1": "libgl1",
    "libEGL.so.1": "libegl1",
    "libOpenGL.so.0": "libopengl0",
    "libGLX.so.0": "libglx0",
    # fonts, D-Bus, GLib
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libdbus-1.so.3": "libdbus-1-3",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libgthread-2.0.so.0": "libglib2.0-0",
    "libgobject-2.0.so.0": "libglib2.0-0",
    "libgio-2.0.so.0": "libglib2.0-0",
    # Python's own extension modules
    "libssl.so.3": "libssl3",
    "libcrypto.so.3": "libssl3",
    "libffi.so.8": "libffi8",
    "libsqlite3.so.0": "libsqlite3-0",
    "libbz2.so.1.0": "libbz2-1.0",
    "liblzma.so.5": "liblzma5",
    "libuuid.so.1": "libuuid1",
    "libncursesw.so.6": "libncursesw6",
    "libtinfo.so.6": "libtinfo6",
    "libz.so.1": "zlib1g",
    "libzstd.so.1": "libzstd1",
    "libstdc++.so.6": "libstdc++6",
    "libgcc_s.so.1": "libgcc-s1",
}
"""Library -> Debian package, for libraries the build machine lacks."""

LIBC = {"libc.so.6", "libm.so.6", "libpthread.so.0", "libdl.so.2", "librt.so.1", "libutil.so.1",
        "ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1", "ld-linux.so.2", "libresolv.so.2", "libanl.so.1"}


def bundle_elves(bundle: Path) -> dict[Path, object]:
    found = {}
    for path in sorted(bundle.rglob("*")):
        if path.is_file() and not path.is_symlink():
            info = elf_info(str(path))
            if info is not None:
                found[path] = info
    return found


def ldconfig_paths() -> dict[str, str]:
    out = subprocess.run(["/sbin/ldconfig", "-p"], capture_output=True, text=True, check=False).stdout
    paths: dict[str, str] = {}
    want = "x86-64" if os.uname().machine == "x86_64" else None
    for line in out.splitlines()[1:]:
        m = re.match(r"\s*(\S+) \(([^)]*)\) => (\S+)", line)
        if m and (want is None or want in m.group(2)):
            paths.setdefault(m.group(1), m.group(3))
    return paths


def dpkg_owner(path: str) -> str | None:
    candidates = [path, os.path.realpath(path)]
    for p in list(candidates):
        if p.startswith("/usr/lib/"):
            candidates.append(p[4:])
        elif p.startswith("/lib/"):
            candidates.append("/usr" + p)
    for p in dict.fromkeys(candidates):
        out = subprocess.run(["dpkg", "-S", p], capture_output=True, text=True, check=False)
        if out.returncode == 0:
            # "libc6:amd64: /lib/x86_64-linux-gnu/libc.so.6" (diversions start with "diversion by")
            for line in out.stdout.splitlines():
                if line.startswith("diversion "):
                    continue
                pkgs = line.split(": ", 1)[0]
                return pkgs.split(",")[0].strip().split(":")[0]
    return None


def installed_status() -> dict[str, dict[str, str]]:
    fmt = "${Package}\t${Essential}\t${Status}\t${Pre-Depends}\t${Depends}\t${Provides}\n"
    out = subprocess.run(["dpkg-query", "-W", "-f", fmt], capture_output=True, text=True, check=True).stdout
    status = {}
    for line in out.splitlines():
        name, essential, state, pre, deps, provides = (line.split("\t") + [""] * 6)[:6]
        if not state.endswith(" installed"):
            continue
        status[name] = {"essential": essential, "depends": f"{pre}, {deps}", "provides": provides}
    return status


def minimal_system(status: dict[str, dict[str, str]]) -> set[str]:
    """Essential packages and apt, with everything they depend on (installed here)."""
    provided: dict[str, set[str]] = {}
    for name, s in status.items():
        for p in s["provides"].split(","):
            p = p.strip().split(" ")[0]
            if p:
                provided.setdefault(p, set()).add(name)
    todo = [n for n, s in status.items() if s["essential"] == "yes"] + (["apt"] if "apt" in status else [])
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name in seen or name not in status:
            continue
        seen.add(name)
        for alt in status[name]["depends"].split(","):
            for choice in alt.split("|"):
                dep = choice.strip().split(" ")[0].split(":")[0]
                if not dep:
                    continue
                for target in {dep} | provided.get(dep, set()):
                    if target in status and target not in seen:
                        todo.append(target)
    return seen


def compute(bundle: Path, report: list[str]) -> list[str]:
    elves = bundle_elves(bundle)
    inside = {p.name for p in bundle.rglob("*")}
    needed: dict[str, list[str]] = {}
    glibc = (2, 17)
    for path, info in elves.items():
        glibc = max(glibc, info.glibc)
        for soname in info.needed:
            if soname not in inside:
                needed.setdefault(soname, []).append(str(path.relative_to(bundle)))
    paths = ldconfig_paths()
    packages: dict[str, list[str]] = {}
    unknown = []
    for soname in sorted(needed):
        if soname in LIBC:
            pkg = "libc6"
        else:
            pkg = dpkg_owner(paths[soname]) if soname in paths else None
            if pkg is None:
                pkg = KNOWN.get(soname)
        if pkg is None:
            unknown.append(f"{soname} (needed by {needed[soname][0]})")
            continue
        packages.setdefault(pkg, []).append(soname)
        where = paths.get(soname, "not installed here")
        report.append(f"{soname:28} {pkg:22} {where}")
    if unknown:
        raise SystemExit("debdeps: no Debian package known for: " + "; ".join(unknown)
                         + "\n(add them to KNOWN in packaging/linux/debdeps.py)")
    try:
        minimal = minimal_system(installed_status())
    except (OSError, subprocess.CalledProcessError):
        minimal = set()
    depends = [f"libc6 (>= {glibc[0]}.{glibc[1]})"]
    for pkg in sorted(packages):
        if pkg == "libc6":
            continue
        if pkg in minimal:
            report.append(f"(left out, on every system: {pkg})")
            continue
        depends.append(pkg)
    return depends


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("bundle", type=Path)
    parser.add_argument("--report", type=Path, help="write soname -> package lines here")
    parser.add_argument("--extra", default="", help="packages to add, comma separated")
    args = parser.parse_args()
    report: list[str] = []
    depends = compute(args.bundle, report)
    depends += [d.strip() for d in args.extra.split(",") if d.strip()]
    if args.report:
        args.report.write_text("\n".join(report) + "\n", encoding="utf-8")
    print(", ".join(depends))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
