import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The tests read the app's English words: a machine set to another language
# (LANG=ja_JP.UTF-8) must not change what the command line prints in them. Tests of
# the Japanese texts ask for it (--lang ja, i18n.set_language("ja"), monkeypatch).
os.environ["LANGUAGE"] = "en"

import pytest  # noqa: E402


@pytest.fixture
def toy():
    """A sixth game, Toy Nim (``tests/toy``), registered in every layer for the
    test: what the shared screens and commands must take without naming it."""
    from tests.toy import registered

    with registered() as spec:
        yield spec


@pytest.fixture(autouse=True)
def _words_unglued():
    """The app's screens hold Japanese numbers to their counters with word joiners
    (``i18n.set_glue``, turned on by ``ui.i18n.apply_language``); a test that
    opened a window must not leave them in the words a later command-line or
    print test reads."""
    yield
    from reclaimdesk.core import i18n

    i18n.set_glue(False)
