"""The companion shell: the screen a table reads while it plays a paper game with
the app as its deck, its counters and its scorer ("At the table" on a card).

It names no game. A game offers it by naming its screen on its table
(``companion_screen = "reclaimdesk.ui.<pkg>.companion:Screen"``), adding a card
action whose choice says ``{"companion": True, ...}``, and writing its session
(``reclaimdesk.games.<pkg>.companion:Session``, Qt-free, see
:mod:`reclaimdesk.core.companion`). The shell (:mod:`.window`) gives it the full
screen (F11), large type, the keys (Space or a click: next; Backspace: back one
step, asking first when a card would be turned face down again; Esc: leave), the
autosave after every step (``companion-<game id>.json`` in the data folder) and
the start page's line about a session in progress.

This module imports no Qt (the start page lists unfinished sessions through it).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

PREFIX = "companion:"
"""Start-page keys of unfinished sessions are ``companion:<game id>``."""


def session_file(folder: Path, game_id: str) -> Path:
    return Path(folder) / f"companion-{game_id}.json"


def is_session_key(key: str) -> bool:
    return key.startswith(PREFIX)


def game_of(key: str) -> str:
    return key[len(PREFIX):]


def screen_class(game_id: str) -> Any:
    """The game's companion screen class, or None when its table offers none."""
    from reclaimdesk.core.game import import_named
    from reclaimdesk.ui.plugin import table_for

    table = table_for(game_id)
    path = getattr(table, "companion_screen", "") if table is not None else ""
    return import_named(path) if path else None


def unfinished(folder: Path, game_id: str) -> Any:
    """The session in progress of ``game_id`` kept in ``folder`` (None: none, finished
    or unreadable; an unreadable one is moved aside, as autosaves are)."""
    path = session_file(folder, game_id)
    if not path.exists():
        return None
    from reclaimdesk.core.companion import load_session
    from reclaimdesk.core.errors import ReclaimDeskError

    try:
        session = load_session(path)
    except OSError:
        return None
    except (ReclaimDeskError, ValueError, RecursionError):
        from reclaimdesk.core.files import stamped_name

        try:
            path.replace(stamped_name(path.parent, f"companion-{game_id}.damaged"))
        except OSError:
            pass
        return None
    if session.game_id != game_id or session.finished:
        return None
    return session


def unfinished_texts(folder: Path, game_ids: list[str]) -> dict[str, str]:
    """The start page's lines about sessions in progress, by ``companion:<game id>``."""
    from reclaimdesk.core.game import get_game
    from reclaimdesk.core.i18n import _, ngettext

    texts: dict[str, str] = {}
    for game_id in game_ids:
        if not session_file(folder, game_id).exists() or screen_class(game_id) is None:
            continue
        session = unfinished(folder, game_id)
        if session is None:
            continue
        from datetime import datetime  # (only with a session: the usual start has none)

        when = datetime.fromtimestamp(session_file(folder, game_id).stat().st_mtime)
        texts[PREFIX + game_id] = _(
            "<b>{game} at the table</b> ({steps}) was saved on {when}. Go on where the table stopped?").format(
            game=_(get_game(game_id).name),
            steps=ngettext("{n} step taken", "{n} steps taken", len(session.steps)).format(n=len(session.steps)),
            when=when.strftime("%Y-%m-%d %H:%M"))
    return texts


def discard(folder: Path, key: str) -> None:
    try:
        session_file(folder, game_of(key)).unlink()
    except FileNotFoundError:
        pass


def record_table(folder: Path, session: Any) -> int:
    """Keep an ended session's file in ``tables/`` of the data folder and add it to the
    library of played games; returns the library's entry id."""
    from reclaimdesk.core.companion import save_session
    from reclaimdesk.core.files import stamped_name
    from reclaimdesk.core.library import now_text
    from reclaimdesk.ui.played import open_library

    tables = Path(folder) / "tables"
    tables.mkdir(parents=True, exist_ok=True)
    path = stamped_name(tables, session.game_id)
    save_session(session, path)
    players = [session.player_name(seat) for seat in range(session.players)]
    return open_library(folder).add_table(session.game_id, now_text(), players, session.scores(),
                                          session.winners(), dict(session.setup), path)
