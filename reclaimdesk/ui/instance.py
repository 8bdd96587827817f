"""One app per data folder: a second start hands its request to the first.

The autosaves, the personal bests and the settings live in one data folder; two
apps writing there would overwrite each other's unfinished game. So the first app
started on a folder takes a lock file in it (``QLockFile``: a lock whose process
died is taken over, a live one never is) and listens on a local socket named
after the folder. A second start finds the lock taken, connects, sends its
arguments (the record to open, as an absolute path) and exits; the first app comes
to the front and opens the record. If the first app holds the lock but does not
answer, the second one says so and exits without touching the folder.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from reclaimdesk.core.digest import sha256

from PySide6.QtCore import QLockFile, QObject, Signal
from PySide6.QtNetwork import QLocalServer, QLocalSocket

LOCK_NAME = "instance.lock"
HANDOVER_TIMEOUT_MS = 5000
_MAX_REQUEST = 64 * 1024


def server_name(folder: str | Path) -> str:
    """The local socket name for a data folder (the same folder, the same name)."""
    key = os.path.normcase(os.path.abspath(str(folder)))
    user = os.environ.get("USER") or os.environ.get("USERNAME") or ""
    digest = sha256(f"{user}\0{key}".encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return f"reclaimdesk-{digest}"


class SingleInstance(QObject):
    """The lock and the listening socket of the first app on ``folder``."""

    requestReceived = Signal(list)
    """Arguments a later start handed over (absolute paths of records to open)."""

    def __init__(self, folder: str | Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.folder = Path(folder)
        self.name = server_name(self.folder)
        self.lock = QLockFile(str(self.folder / LOCK_NAME))
        self.lock.setStaleLockTime(0)  # stale only when its process is gone, never by age
        self.server: QLocalServer | None = None
        self._buffers: dict[QLocalSocket, bytes] = {}

    # --- the first app ------------------------------------------------------------
    def acquire(self) -> bool:
        """Take the lock and listen; False when another app holds the folder.
        Raises :class:`FolderNotWritable` when the lock cannot be written at all
        (then no other app is to blame)."""
        from reclaimdesk.core.files import WriteProblem, why_not_written

        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise FolderNotWritable(WriteProblem(self.folder, why_not_written(exc), exc.errno)) from None
        if not self.lock.tryLock(100):
            if self.lock.error() != QLockFile.LockError.LockFailedError:  # not held: not writable
                import errno

                raise FolderNotWritable(WriteProblem(self.folder / LOCK_NAME, _no_lock_reason(self.folder),
                                                     errno.EACCES))
            return False
        self._clean_temporaries()
        QLocalServer.removeServer(self.name)  # a socket file left by a killed app
        server = QLocalServer(self)
        server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        server.newConnection.connect(self._accept)
        if not server.listen(self.name):
            # still the only app on the folder (we hold the lock); we just cannot be reached
            server.deleteLater()
            return True
        self.server = server
        return True

    def _clean_temporaries(self) -> None:
        """The only app on the folder: temporaries that a killed write left in it
        (autosaves, archived games) can go."""
        from reclaimdesk.core.files import clean_stale_temporaries

        for folder in (self.folder, self.folder / "games"):
            clean_stale_temporaries(folder)

    def release(self) -> None:
        if self.server is not None:
            self.server.close()
            self.server = None
        self.lock.unlock()

    def _accept(self) -> None:
        assert self.server is not None
        while self.server.hasPendingConnections():
            sock = self.server.nextPendingConnection()
            self._buffers[sock] = b""
            sock.readyRead.connect(lambda s=sock: self._read(s))
            sock.disconnected.connect(lambda s=sock: self._drop(s))

    def _read(self, sock: QLocalSocket) -> None:
        data = self._buffers.get(sock, b"") + bytes(sock.readAll().data())
        if len(data) > _MAX_REQUEST:
            self._drop(sock)
            sock.abort()
            return
        self._buffers[sock] = data
        if b"\n" not in data:
            return
        line = data.split(b"\n", 1)[0]
        try:
            request = json.loads(line.decode("utf-8"))
            args = [str(a) for a in request.get("args", []) if isinstance(a, str)]
        except (ValueError, AttributeError):
            args = []
        sock.write(b"ok\n")
        sock.flush()
        sock.disconnectFromServer()
        self.requestReceived.emit(args)

    def _drop(self, sock: QLocalSocket) -> None:
        self._buffers.pop(sock, None)
        sock.deleteLater()

    # --- a later app ----------------------------------------------------------------
    def hand_over(self, args: Sequence[str], timeout_ms: int | None = None) -> bool:
        """Send ``args`` to the first app; True once it confirmed."""
        import time

        if timeout_ms is None:
            timeout_ms = HANDOVER_TIMEOUT_MS
        payload = json.dumps({"args": [os.path.abspath(a) for a in args]}).encode("utf-8") + b"\n"
        deadline = time.monotonic() + timeout_ms / 1000
        while time.monotonic() < deadline:  # the first app may be starting its server right now
            sock = QLocalSocket()
            sock.connectToServer(self.name)
            if sock.waitForConnected(500):
                sock.write(payload)
                sock.flush()
                answer = b""
                while b"\n" not in answer and time.monotonic() < deadline:
                    if not sock.waitForReadyRead(200) and sock.state() != QLocalSocket.LocalSocketState.ConnectedState:
                        break
                    answer += bytes(sock.readAll().data())
                sock.abort()
                if answer.startswith(b"ok"):
                    return True
            time.sleep(0.1)
        return False


def claim(folder: str | Path, args: Sequence[str]) -> SingleInstance | None:
    """At start: the :class:`SingleInstance` when this is the first app on
    ``folder``, or None when the request went to the first app (exit then).
    Raises :class:`InstanceBusy` when another app holds the folder but does not
    answer."""
    instance = SingleInstance(folder)
    if instance.acquire():
        return instance
    if instance.hand_over(list(args)):
        return None
    raise InstanceBusy(str(folder))


class InstanceBusy(RuntimeError):
    """Another app holds the data folder and does not answer."""


class FolderNotWritable(RuntimeError):
    """The lock file cannot be made in the data folder (read-only, full, gone):
    ``problem`` is the ``WriteProblem`` saying why. No other app is involved."""

    def __init__(self, problem: Any) -> None:
        super().__init__(str(problem))
        self.problem = problem


def _no_lock_reason(folder: Path) -> str:
    """Why the lock could not be written, in the writer's words (a probe write tells)."""
    from reclaimdesk.core.files import WriteProblem, check_writable_folder
    from reclaimdesk.core.i18n import _

    try:
        check_writable_folder(folder)
    except WriteProblem as exc:
        return exc.reason
    return _("the lock file cannot be made there")


def bring_to_front(window: Any) -> None:
    if window.isMinimized():
        window.showNormal()
    window.show()
    window.raise_()
    window.activateWindow()


def claim_or_exit(folder: str | Path, files: Sequence[str]) -> SingleInstance | int:
    """What ``run_app`` calls before it builds the window: the instance to keep
    (this is the first app on ``folder``), or the exit status when this start
    is over: 0 once the first app took the request, 1 when it does not answer."""
    try:
        instance = claim(folder, files)
    except FolderNotWritable as exc:
        import sys

        from PySide6.QtWidgets import QMessageBox

        from reclaimdesk.core.i18n import _

        text = _("ReclaimDesk cannot use its data folder: {problem}. Nothing was changed.").format(
            problem=exc.problem)
        sys.stderr.write(f"reclaimdesk: {text}\n")
        QMessageBox.critical(None, "ReclaimDesk", text)
        return 1
    except InstanceBusy:
        import sys

        from PySide6.QtWidgets import QMessageBox

        from reclaimdesk.core.i18n import _

        text = _("ReclaimDesk is already running on this data folder but does not answer."
                 " Close it (or wait until it answers) and try again; nothing was changed.")
        sys.stderr.write(f"reclaimdesk: {text}\n")
        QMessageBox.critical(None, "ReclaimDesk", text)
        return 1
    return 0 if instance is None else instance


def serve_window(instance: SingleInstance, window: Any) -> None:
    """Requests of later starts: the window comes to the front and opens the
    record they name (through the window's guarded open)."""
    from pathlib import Path as _Path

    from reclaimdesk.ui.guard import guard_slot

    open_record = guard_slot(window.open_record)

    def handle(args: list) -> None:
        bring_to_front(window)
        files = [a for a in args if not a.startswith("-")]
        if files:
            open_record(_Path(files[0]))

    instance.requestReceived.connect(handle)
    instance.setParent(window)
