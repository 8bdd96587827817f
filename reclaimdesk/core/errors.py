"""Named errors. Every message is written to be shown to a user as one line."""

from __future__ import annotations

from reclaimdesk.core.i18n import _


class ReclaimDeskError(Exception):
    """Base class of every error the application reports to a user."""


class IllegalActionError(ReclaimDeskError, ValueError):
    """An action that the rules do not allow in the current state."""

    def __init__(self, action: object, reason: str) -> None:
        self.action = action
        self.reason = reason
        super().__init__(_("illegal action {action}: {reason}").format(action=action, reason=reason))


class NotationError(ReclaimDeskError, ValueError):
    """Text that is not an action in the game's notation."""


def notation_words(text: object, *, ascii_only: bool = True, lower: bool = False) -> list[str]:
    """The words of an action written in a game's notation (any spacing;
    ``lower``: in small letters). Raises :class:`NotationError` for what is not
    text and, with ``ascii_only``, for text beyond ASCII (``int()`` would read
    full-width digits, ``lower()`` maps a Kelvin sign to k).

    >>> notation_words(" Move  f1-e2", lower=True)
    ['move', 'f1-e2']
    """
    if not isinstance(text, str):
        raise NotationError(_("an action must be text"))
    if ascii_only and not text.isascii():
        raise NotationError(_("an action is written in ASCII letters and digits only"))
    return (text.lower() if lower else text).split()


class DataError(ReclaimDeskError):
    """A damaged or invalid data file; names the file and the field."""

    def __init__(self, file: str, field: str, problem: str) -> None:
        from reclaimdesk.core.files import one_line  # parts may come from the file itself

        self.file = one_line(file, 200)
        self.field = one_line(field, 100)
        self.problem = one_line(problem, 400)
        super().__init__(_("{file}: field '{field}': {problem}").format(
            file=self.file, field=self.field, problem=self.problem))


class RecordError(ReclaimDeskError):
    """A game record that cannot be read (malformed, foreign or corrupt)."""


class ReplayError(ReclaimDeskError):
    """A well-formed record whose action number ``index`` (1-based) is illegal."""

    def __init__(self, index: int, reason: str) -> None:
        self.index = index
        self.reason = reason
        super().__init__(_("action {index}: {reason}").format(index=index, reason=reason))
