"""Loading the data files under ``resources/``.

Each data file is JSON with an ``id`` equal to its file name (without ``.json``)
and a whole-number ``version``. Loaders validate every field they use and raise
:class:`DataError` naming the file and the field, so a damaged or hand-edited file
gives one clear message instead of a crash deep in the rules.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from reclaimdesk.core.errors import DataError

MAX_DATA_BYTES = 2_000_000
"""Largest data file the loaders read (the biggest shipped file has about 7 kB)."""


def resources_dir() -> Path:
    """The ``resources/`` folder: ``$RECLAIMDESK_RESOURCES`` if set, the bundle's
    folder in a frozen (PyInstaller) build, else the one beside the package."""
    env = os.environ.get("RECLAIMDESK_RESOURCES")
    if env:
        return Path(env)
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / "resources"
    return Path(__file__).resolve().parents[2] / "resources"


def resource_path(*parts: str) -> Path:
    return resources_dir().joinpath(*parts)


class DataFile:
    """A parsed JSON data file with helpers that validate fields by path.

    >>> d = DataFile("x.json", {"id": "x", "version": 1, "n": 3})
    >>> d.int("n", minimum=1)
    3
    >>> d.int("n", maximum=2)
    Traceback (most recent call last):
    ...
    reclaimdesk.core.errors.DataError: x.json: field 'n': must be at most 2, not 3
    """

    def __init__(self, name: str, data: Any) -> None:
        self.name = name
        if not isinstance(data, dict):
            raise DataError(name, "(top level)", "must be a JSON object")
        self.data = data

    @classmethod
    def load(cls, path: Path, expected_kind: str | None = None,
             versions: Iterable[int] | None = None) -> "DataFile":
        """Read and check a data file's header: an object whose ``id`` is the file
        name, a whole-number ``version`` (one of ``versions`` when given: the
        versions the loader understands) and, when asked, its ``kind``. Read
        through :func:`reclaimdesk.core.files.read_json_file` (regular files only,
        at most :data:`MAX_DATA_BYTES`, bounded nesting)."""
        from reclaimdesk.core.files import FileProblem, read_json_file
        from reclaimdesk.core.i18n import _

        name = path.name
        try:
            data = read_json_file(path, MAX_DATA_BYTES)
        except FileProblem as exc:
            raise DataError(name if exc.parsing else str(path), "(file)", str(exc)) from None
        f = cls(name, data)
        ident = f.str("id")
        if ident != path.stem:
            raise DataError(name, "id", f"must equal the file name '{path.stem}', not {_quote(ident)}")
        version = f.int("version", minimum=1)
        if versions is not None:
            known = sorted(versions)
            if version not in known:
                raise DataError(name, "version", _("this app reads version {known}, not {version}").format(
                    known=", ".join(str(v) for v in known), version=version))
        if expected_kind is not None:
            kind = f.str("kind")
            if kind != expected_kind:
                raise DataError(name, "kind", f"must be '{expected_kind}', not {_quote(kind)}")
        return f

    @property
    def id(self) -> str:
        return self.data["id"]

    @property
    def version(self) -> int:
        return self.data["version"]

    # --- typed access by dotted path ("cards[3].cost") ----------------------
    def get(self, path: str, value: Any = ...) -> Any:
        if value is not ...:
            return value
        cur: Any = self.data
        for part in _split(path):
            if isinstance(part, int):
                if not isinstance(cur, list) or part >= len(cur):
                    raise DataError(self.name, path, "is missing")
                cur = cur[part]
            else:
                if not isinstance(cur, dict) or part not in cur:
                    raise DataError(self.name, path, "is missing")
                cur = cur[part]
        return cur

    def fail(self, path: str, problem: str) -> DataError:
        return DataError(self.name, path, problem)

    def str(self, path: str, choices: Iterable[str] | None = None) -> str:
        v = self.get(path)
        if not isinstance(v, str):
            raise self.fail(path, f"must be text, not {_type_name(v)}")
        from reclaimdesk.core.files import has_bad_characters

        if has_bad_characters(v):  # text from data is shown on screen and in kits
            raise self.fail(path, f"{_quote(v)} holds a control character or a broken one")
        if choices is not None:
            options = list(choices)
            if v not in options:
                raise self.fail(path, f"must be one of {', '.join(options)}, not {_quote(v)}")
        return v

    def int(self, path: str, minimum: int | None = None, maximum: int | None = None) -> int:
        v = self.get(path)
        if not isinstance(v, int) or isinstance(v, bool):
            raise self.fail(path, f"must be a whole number, not {_type_name(v)}")
        if minimum is not None and v < minimum:
            raise self.fail(path, f"must be at least {minimum}, not {v}")
        if maximum is not None and v > maximum:
            raise self.fail(path, f"must be at most {maximum}, not {v}")
        return v

    def list(self, path: str, length: int | None = None, min_length: int = 0) -> list[Any]:
        v = self.get(path)
        if not isinstance(v, list):
            raise self.fail(path, f"must be a list, not {_type_name(v)}")
        if length is not None and len(v) != length:
            raise self.fail(path, f"must have {length} entries, not {len(v)}")
        if len(v) < min_length:
            raise self.fail(path, f"must have at least {min_length} entries, not {len(v)}")
        return v

    def dict(self, path: str) -> dict[str, Any]:
        v = self.get(path)
        if not isinstance(v, dict):
            raise self.fail(path, f"must be an object, not {_type_name(v)}")
        return v


def _split(path: str) -> list[str | int]:
    parts: list[str | int] = []
    for chunk in path.split("."):
        while "[" in chunk:
            head, _, rest = chunk.partition("[")
            if head:
                parts.append(head)
            idx, _, chunk = rest.partition("]")
            parts.append(int(idx))
        if chunk:
            parts.append(chunk)
    return parts


def _type_name(v: Any) -> str:
    from reclaimdesk.core.files import describe

    return describe(v)


def _quote(v: Any) -> str:
    from reclaimdesk.core.files import quote

    return quote(v)
