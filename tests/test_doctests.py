"""The examples written in docstrings are tests: every module under reclaimdesk/
whose source holds an example (``>>>``) has its doctests run here, one test per
module, so a new module's examples are collected without being listed."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

import reclaimdesk

ROOT = Path(reclaimdesk.__file__).resolve().parent


def _modules_with_examples() -> list[str]:
    names = []
    for path in sorted(ROOT.rglob("*.py")):
        if path.name == "__main__.py" or ">>> " not in path.read_text(encoding="utf-8"):
            continue
        parts = path.relative_to(ROOT.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names.append(".".join(parts))
    return names


MODULES = _modules_with_examples()


def test_examples_are_found():
    assert "reclaimdesk.core.grid" in MODULES and len(MODULES) >= 20


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has '>>> ' in its source but no doctest ran"
    assert result.failed == 0
