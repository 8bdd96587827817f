import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The tests read the app's English words: a machine set to another language
# (LANG=ja_JP.UTF-8) must not change what the command line prints in them. Tests of
# the Japanese texts ask for it (--lang ja, i18n.set_language("ja"), monkeypatch).
os.environ["LANGUAGE"] = "en"
# The AI's searches share their play-outs with a helper process on two cores
# (reclaimdesk.core.parallel), with the same decisions as alone. The tests run them
# alone: a test that patches a search's functions patches this process only, and the
# tests of the helper itself ask for it (tests/core/test_parallel.py).
os.environ["RECLAIMDESK_AI_PROCESSES"] = "1"

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


# --- a worker that crashes says where ----------------------------------------------------
# A segmentation fault in a pytest-xdist worker ends that process: pytest prints
# Python's fault dump (every thread's stack) among the rest of the output, the
# crashing thread's not last, and a CI log shows only its end. Each worker writes
# its dump to a file of its own as well; the main process prints any worker's dump
# at the end of the summary, the crashing thread's stack last and innermost call last.
_FAULTS_ENV = "RECLAIMDESK_TEST_FAULTS_DIR"
_fault_file = None


@pytest.hookimpl(trylast=True)
def pytest_configure(config):
    import faulthandler
    import tempfile

    global _fault_file
    worker = getattr(config, "workerinput", None)
    if worker is None:
        if not os.environ.get(_FAULTS_ENV):
            os.environ[_FAULTS_ENV] = tempfile.mkdtemp(prefix="reclaimdesk-test-faults-")
        return
    folder = os.environ.get(_FAULTS_ENV)
    if folder and os.path.isdir(folder):
        _fault_file = open(os.path.join(folder, f"{worker['workerid']}-{os.getpid()}.txt"), "w")
        faulthandler.enable(file=_fault_file, all_threads=True)


def crashing_thread_last(dump: str) -> str:
    """A fault dump with the crashing thread's stack ("Current thread ...") put
    last and turned round (most recent call last), so that the end of a log shows
    where the fault happened; the list of extension modules left out."""
    head, *blocks = [b for b in dump.split("\n\n") if not b.startswith("Extension modules")]
    current = [b for b in blocks if b.startswith("Current thread")]
    others = [b for b in blocks if not b.startswith("Current thread")]
    turned = []
    for block in current:
        title, *frames = block.splitlines()
        turned.append("\n".join([title.replace("most recent call first", "most recent call last"),
                                  *reversed(frames)]))
    return "\n\n".join([head, *others, *turned])


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    import glob

    if getattr(config, "workerinput", None) is not None:
        return
    folder = os.environ.get(_FAULTS_ENV, "")
    for path in sorted(glob.glob(os.path.join(folder, "*.txt"))) if folder else ():
        with open(path, encoding="utf-8", errors="replace") as f:
            dump = f.read().strip()
        if dump:
            terminalreporter.section(f"fault in worker {os.path.basename(path)[:-4]}", red=True)
            terminalreporter.write_line(crashing_thread_last(dump)[-8000:])


def pytest_unconfigure(config):
    import faulthandler
    import shutil

    global _fault_file
    if _fault_file is not None:  # (a worker: its dump file is read by the main process's summary)
        faulthandler.disable()
        _fault_file.close()
        _fault_file = None
    if getattr(config, "workerinput", None) is None and os.environ.get(_FAULTS_ENV):
        shutil.rmtree(os.environ.pop(_FAULTS_ENV), ignore_errors=True)
