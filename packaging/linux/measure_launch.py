"""Time from launching the installed app to its main window being shown.

    python3 packaging/linux/measure_launch.py [/usr/bin/reclaimdesk] [--runs 5] [--json]

Starts the app with ``RECLAIMDESK_EXIT_WHEN_SHOWN=1`` (the app prints ``shown``
once its main window is up, then quits; see ``reclaimdesk/ui/app.py``), on Qt's
offscreen platform unless a display is set, with a throw-away data folder. One
warm-up launch, then ``--runs`` timed ones; prints each and the median. Budget:
median under 1.5 s. Standard library only.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time


def launch_seconds(command: list[str], env: dict[str, str], timeout: float = 60.0) -> float:
    start = time.perf_counter()
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True)
    assert proc.stdout is not None
    elapsed = None
    for line in proc.stdout:
        if line.strip() == "shown":
            elapsed = time.perf_counter() - start
            break
    try:
        _, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        _, err = proc.communicate()
    if elapsed is None:
        raise RuntimeError(f"{' '.join(command)} never reported its window (exit {proc.returncode}): {err[-2000:]}")
    return elapsed


def measure(command: list[str], runs: int = 5) -> list[float]:
    with tempfile.TemporaryDirectory(prefix="reclaimdesk-launch-") as data:
        env = dict(os.environ)
        if not (env.get("DISPLAY") or env.get("WAYLAND_DISPLAY")):
            env["QT_QPA_PLATFORM"] = "offscreen"
        env["RECLAIMDESK_DATA_DIR"] = data
        env["RECLAIMDESK_EXIT_WHEN_SHOWN"] = "1"
        launch_seconds(command, env)  # warm the page cache
        return [launch_seconds(command, env) for _ in range(runs)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", nargs="?", default="/usr/bin/reclaimdesk")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    times = measure([args.command], args.runs)
    median = statistics.median(times)
    if args.json:
        print(json.dumps({"runs_s": [round(t, 3) for t in times], "median_s": round(median, 3)}))
    else:
        print("launch to window shown: " + ", ".join(f"{t:.3f}" for t in times)
              + f" s; median {median:.3f} s (budget 1.5 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
