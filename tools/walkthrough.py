"""Walk through the real app as a player would: under Xvfb, with real X pointer
and key events (xdotool), a short game of every registered game, in each
language and at each screen size, with a screenshot at every step:

    python tools/walkthrough.py [--out DIR] [--lang en ja] [--size 1024x768 1920x1080]
        [--games id,...] [--moves N]

For each language and size it starts a fresh X server (Xvfb) the size of the
screen and the app on it (its own data folder, ``--lang``), puts the window over
the whole screen (xdotool), then for each game of the registry: clicks the
game's card button with the pointer (and the new-game dialog's Start), moves the
pointer over the board and clicks it, plays ``--moves`` moves by asking for a
hint and taking it (H then Enter; every other move the panel's Hint button is
clicked with the pointer instead of H, then Enter), presses Ctrl+Z and
Ctrl+Shift+Z, and goes back to the start page (Ctrl+Shift+H). Screenshots are
taken of the whole X screen with ``xwd`` and turned into PNG here (a small XWD
reader: ImageMagick is not needed). Where the buttons and the board are is read
from the file the app writes when ``RECLAIMDESK_WALKTHROUGH_DUMP`` names one
(``reclaimdesk/ui/walkthrough_hook.py``); the app is driven only by the X events.

Writes ``DIR/<lang>-<size>/NN-<game>-<step>.png`` and ``DIR/report.txt`` (every
step, and what went wrong: a key that changed nothing, a hint that never came).
Needs Xvfb, xdotool and xwd (x11-apps).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

WAIT_S = 30.0
"""The longest wait for the app to answer a step (a hint, the computer's turn)."""


# --- screenshots --------------------------------------------------------------------
def xwd_to_png(xwd: bytes, png: Path) -> None:
    """A ZPixmap XWD of a 24- or 32-bit TrueColor screen, as written by ``xwd -root``, saved as PNG."""
    from PySide6.QtGui import QImage

    fields = struct.unpack(">25I", xwd[:100])
    header_size, _version, pixmap_format, depth, width, height = fields[:6]
    byte_order, bits_per_pixel, bytes_per_line = fields[7], fields[11], fields[12]
    ncolors = fields[19]
    if pixmap_format != 2 or bits_per_pixel != 32 or depth not in (24, 32):
        raise ValueError(f"an XWD the walk-through cannot read: format {pixmap_format}, "
                         f"depth {depth}, {bits_per_pixel} bits a pixel")
    start = header_size + 12 * ncolors
    data = xwd[start:start + bytes_per_line * height]
    if byte_order == 1:  # MSBFirst: X R G B, turned into the little-endian order QImage reads
        data = b"".join(data[i:i + 4][::-1] for i in range(0, len(data), 4))
    image = QImage(data, width, height, bytes_per_line, QImage.Format.Format_RGB32).copy()
    image.save(str(png))


class Walk:
    def __init__(self, out: Path, lang: str, size: tuple[int, int], moves: int, log: list[str]) -> None:
        self.out = out
        self.lang = lang
        self.size = size
        self.moves = moves
        self.log = log
        self.shots = 0
        self.folder = out / f"{lang}-{size[0]}x{size[1]}"
        self.folder.mkdir(parents=True, exist_ok=True)
        self.data = Path(tempfile.mkdtemp(prefix="reclaimdesk-walk-"))
        self.dump = self.data / "walkthrough.json"
        self.xvfb: subprocess.Popen | None = None
        self.app: subprocess.Popen | None = None
        self.display = ""

    # --- processes -------------------------------------------------------------------
    def start(self) -> None:
        read, write = os.pipe()
        w, h = self.size
        self.xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", f"{w}x{h}x24",
                                      "-nolisten", "tcp"], pass_fds=(write,),
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        number = b""
        while not number.endswith(b"\n"):
            chunk = os.read(read, 16)
            if not chunk:
                raise RuntimeError("Xvfb did not start")
            number += chunk
        os.close(read)
        self.display = ":" + number.decode().strip()
        env = dict(os.environ, DISPLAY=self.display, QT_QPA_PLATFORM="xcb", RECLAIMDESK_DATA_DIR=str(self.data),
                   RECLAIMDESK_WALKTHROUGH_DUMP=str(self.dump), PYTHONPATH=str(ROOT))
        env.pop("WAYLAND_DISPLAY", None)
        self.app = subprocess.Popen([sys.executable, "-c", "import sys; from reclaimdesk.cli import main; sys.exit(main())",
                                     "--lang", self.lang],
                                    cwd=str(ROOT), env=env, stdout=subprocess.DEVNULL,
                                    stderr=open(self.folder / "app-stderr.txt", "w"))
        self.until(lambda s: any(win["main"] for win in s.get("windows", [])), "the main window to show")
        wid = self.xdo("search", "--sync", "--onlyvisible", "--name", "ReclaimDesk").split()[0]
        self.wid = wid
        self.xdo("windowmove", "--sync", wid, "0", "0")
        self.xdo("windowsize", "--sync", wid, str(w), str(h))
        self.xdo("windowfocus", "--sync", wid)
        self.until(lambda s: self.main(s)["rect"][2:] == [w, h], f"the window to take {w}x{h}", quiet=True)
        geometry = self.xdo("getwindowgeometry", wid).strip().replace("\n", "; ")
        self.note(f"window {wid}: {geometry}")

    def stop(self) -> None:
        for proc in (self.app, self.xvfb):
            if proc is not None and proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(10)
                except subprocess.TimeoutExpired:
                    proc.kill()
        shutil.rmtree(self.data, ignore_errors=True)

    def xdo(self, *args: str) -> str:
        run = subprocess.run(["xdotool", *args], env=dict(os.environ, DISPLAY=self.display),
                             capture_output=True, text=True, timeout=30)
        return run.stdout

    # --- what the app shows -------------------------------------------------------
    def state(self) -> dict:
        try:
            return json.loads(self.dump.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}

    @staticmethod
    def main(state: dict) -> dict:
        return next((w for w in state.get("windows", []) if w["main"]), {"rect": [0, 0, 0, 0], "buttons": []})

    def until(self, test, what: str, timeout: float = WAIT_S, quiet: bool = False) -> bool:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.app is not None and self.app.poll() is not None:
                raise RuntimeError(f"the app ended (exit {self.app.returncode}) waiting for {what}")
            try:
                if test(self.state()):
                    return True
            except (KeyError, IndexError, TypeError):
                pass
            time.sleep(0.1)
        if not quiet:
            self.problem(f"waited {timeout:.0f} s for {what}")
        return False

    def settle(self) -> None:
        """The dump unchanged for a moment (the app has drawn what it does)."""
        last, same_since = None, time.monotonic()
        end = time.monotonic() + 10
        while time.monotonic() < end:
            now = self.state()
            if now != last:
                last, same_since = now, time.monotonic()
            elif time.monotonic() - same_since > 0.5:
                return
            time.sleep(0.1)

    # --- real events ---------------------------------------------------------------
    def click_at(self, x: int, y: int) -> None:
        self.xdo("mousemove", "--sync", str(x), str(y))
        time.sleep(0.15)
        self.xdo("click", "1")

    def click_button(self, button: dict) -> None:
        x, y, w, h = button["rect"]
        self.note(f"click {button['text']!r} at {x + w // 2},{y + h // 2}")
        self.click_at(x + w // 2, y + h // 2)

    def key(self, keys: str) -> None:
        self.note(f"key {keys}")
        self.xdo("key", "--clearmodifiers", keys)

    def shot(self, game: str, what: str) -> Path:
        self.settle()
        self.shots += 1
        path = self.folder / f"{self.shots:02d}-{game}-{what}.png"
        xwd = subprocess.run(["xwd", "-root", "-silent", "-display", self.display], capture_output=True,
                             timeout=30, check=True).stdout
        xwd_to_png(xwd, path)
        self.note(f"screenshot {path.relative_to(self.out)}")
        return path

    def note(self, text: str) -> None:
        self.log.append(f"[{self.lang} {self.size[0]}x{self.size[1]}] {text}")

    def problem(self, text: str) -> None:
        self.note("PROBLEM: " + text)

    # --- a game ------------------------------------------------------------------------
    def dialogs(self, state: dict) -> list[dict]:
        return [w for w in state.get("windows", []) if not w["main"]]

    def start_game(self, game_id: str) -> bool:
        state = self.state()
        on_card = [b for b in self.main(state)["buttons"] if b["card"] == game_id and b["enabled"]]
        if not on_card:
            self.problem(f"no button on the card of {game_id}")
            return False
        button = next((b for b in on_card if b["name"] == "primary"), on_card[0])
        self.click_button(button)
        self.until(lambda s: s.get("game", {}).get("id") == game_id or self.dialogs(s), "a dialog or the table")
        state = self.state()
        if state.get("game", {}).get("id") != game_id:
            self.shot(game_id, "new-game-dialog")
            dialog = self.dialogs(state)[0]
            start = [b for b in dialog["buttons"] if b["name"] == "primary" and b["enabled"]]
            if start:
                self.click_button(start[0])
            else:
                self.key("Return")
            if not self.until(lambda s: s.get("game", {}).get("id") == game_id, f"the table of {game_id}"):
                return False
        self.until(lambda s: s["game"].get("human_turn") and not s["game"].get("busy"), "the person's turn")
        return True

    def hint_button(self, state: dict) -> dict | None:
        from reclaimdesk.core.i18n import _, using_language

        with using_language(self.lang):
            word = _("Hint")
        return next((b for b in self.main(state)["buttons"]
                     if b["enabled"] and b["text"].replace("&", "") == word and not b["card"]), None)

    def play(self, game_id: str) -> None:
        state = self.state()
        board = state["game"].get("board")
        self.shot(game_id, "table")
        if board:
            x, y, w, h = board
            self.xdo("mousemove", "--sync", str(x + w // 2), str(y + h // 2))
            self.shot(game_id, "pointer-over-board")
            before = self.state()["game"].get("actions")
            self.xdo("click", "1")
            self.settle()
            self.note(f"clicked the board's middle: actions {before} -> {self.state()['game'].get('actions')}")
            self.shot(game_id, "board-clicked")
        for move in range(self.moves):
            state = self.state()
            if state["game"].get("over"):
                break
            before = state["game"].get("actions", 0)
            button = self.hint_button(state) if move % 2 else None
            if button is not None:
                self.click_button(button)
            else:
                self.key("h")
            if not self.until(lambda s: s["game"].get("hint_ready") or s["game"].get("over"),
                              f"a hint (move {move + 1}, {'the Hint button' if button else 'H'})"):
                continue
            if move == 0:
                self.shot(game_id, "hint")
            self.key("Return")
            moved = self.until(lambda s: s["game"].get("actions", 0) > before, f"Enter to take the hint (move {move + 1})")
            if moved:
                self.until(lambda s: s["game"].get("over") or (s["game"].get("human_turn") and not s["game"].get("busy")),
                           f"the person's turn after move {move + 1}")
            for dialog in self.dialogs(self.state()):
                self.shot(game_id, f"question-move-{move + 1}")
                self.problem(f"a window {dialog['title']!r} opened at move {move + 1}; Return pressed")
                self.key("Return")
        self.shot(game_id, f"after-{self.moves}-moves")
        state = self.state()["game"]
        before = state.get("actions", 0)
        self.key("ctrl+z")
        if state.get("can_undo"):
            self.until(lambda s: s["game"].get("actions", 0) < before, "Ctrl+Z to take back")
        else:  # the rules allow none here (a sheet passed on, a card seen): nothing may change
            self.note("nothing to take back here (Undo disabled); Ctrl+Z must change nothing")
            self.settle()
            if self.state()["game"].get("actions", 0) != before:
                self.problem("Ctrl+Z changed the game while Undo was disabled")
        self.shot(game_id, "ctrl-z")
        can_redo = self.state()["game"].get("can_redo")
        self.key("ctrl+shift+z")
        if can_redo:
            self.until(lambda s: s["game"].get("actions", 0) >= before, "Ctrl+Shift+Z to put back")
        self.shot(game_id, "ctrl-shift-z")
        self.key("ctrl+shift+h")
        if not self.until(lambda s: not s.get("game"), "the start page", timeout=5, quiet=True):
            if self.dialogs(self.state()):
                self.shot(game_id, "leaving-question")
                self.key("Return")
            self.until(lambda s: not s.get("game"), "the start page")

    def run(self, games: list[str]) -> None:
        self.start()
        try:
            self.shot("start", "page")
            for game_id in games:
                self.note(f"--- {game_id}")
                if self.start_game(game_id):
                    self.play(game_id)
                else:
                    self.key("Escape")
            self.shot("start", "after-the-games")
        finally:
            self.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "reclaimdesk-walkthrough")
    parser.add_argument("--lang", nargs="+", default=["en", "ja"])
    parser.add_argument("--size", nargs="+", default=["1024x768", "1920x1080"])
    parser.add_argument("--games", default="", help="comma-separated game ids (default: every registered game)")
    parser.add_argument("--moves", type=int, default=4, help="moves played in each game by hint and Enter")
    args = parser.parse_args()
    for tool in ("Xvfb", "xdotool", "xwd"):
        if shutil.which(tool) is None:
            print(f"walkthrough: {tool} is not installed", file=sys.stderr)
            return 2
    from reclaimdesk.core.game import all_games

    registered = [spec.id for spec in all_games()]
    games = [g for g in args.games.split(",") if g] or registered
    unknown = [g for g in games if g not in registered]
    if unknown:
        print(f"walkthrough: no such game: {', '.join(unknown)}", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    log: list[str] = []
    failed = False
    for lang in args.lang:
        for size in args.size:
            w, h = (int(v) for v in size.split("x"))
            walk = Walk(args.out, lang, (w, h), args.moves, log)
            try:
                walk.run(games)
            except (RuntimeError, subprocess.SubprocessError, OSError) as exc:
                walk.problem(f"stopped: {exc}")
                failed = True
    report = args.out / "report.txt"
    report.write_text("\n".join(log) + "\n", encoding="utf-8")
    problems = [line for line in log if "PROBLEM" in line]
    print("\n".join(problems) if problems else "no problems met")
    print(f"screenshots and report.txt in {args.out}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
