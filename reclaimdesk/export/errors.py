"""Errors raised while laying out or writing printable documents."""

from __future__ import annotations

from reclaimdesk.core.errors import ReclaimDeskError


class ExportError(ReclaimDeskError):
    """A printable document that cannot be made or saved; the message names the
    file or the setting at fault and is meant to be shown to a user as is."""


class LayoutError(ExportError, ValueError):
    """A page layout that cannot work, e.g. cards that do not fit on the paper."""
