import pytest

from reclaimdesk.core.game import register, unregister

from tests.core.toys import RACE_ID, RACE_SPEC


@pytest.fixture
def race():
    """The toy game :class:`tests.core.toys.Race`, registered for one test."""
    register(RACE_SPEC)
    try:
        yield RACE_SPEC
    finally:
        unregister(RACE_ID)
