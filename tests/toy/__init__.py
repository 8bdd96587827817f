"""A sixth game that lives only in the tests: Toy Nim, written the way
docs/architecture.md tells a new game to be written, with only its own files
(rules, table, kit) and registered from outside the package. Shared tests use
it (through the ``toy`` fixture of ``tests/conftest.py``) to prove that every
shared screen, command and check takes a game it has never heard of."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

TOY = "toy-nim"


@contextmanager
def registered() -> Iterator[object]:
    """The toy game registered in every layer (rules, table, kit) while inside."""
    from reclaimdesk.core.game import register, unregister
    from reclaimdesk.export.kit import register_kit, unregister_kit
    from reclaimdesk.ui.plugin import register_table, unregister_table
    from tests.toy.kit import KIT
    from tests.toy.rules import SPEC
    from tests.toy.table import TABLE

    register(SPEC)
    register_table(TABLE)
    register_kit(KIT)
    try:
        yield SPEC
    finally:
        unregister_kit(TOY)
        unregister_table(TOY)
        unregister(TOY)
