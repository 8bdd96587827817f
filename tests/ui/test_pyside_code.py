"""ui.pyside_code: PySide's own start code compiled once. The code it hands back is
what compiling that source gives; changed source, a damaged cache or any other call
of compile goes to Python's compile; compile is itself again afterwards; and a start
with the cache written loads PySide (its signatures work) compiling none of it."""

from __future__ import annotations

import builtins
import dis
import os
import subprocess
import sys
from pathlib import Path

import pytest

from reclaimdesk.ui import pyside_code

ROOT = Path(__file__).resolve().parents[2]
SOURCE = b"def twice(x):\n    return 2 * x\n\nVALUE = twice(21)\n"


@pytest.fixture
def cache(tmp_path, monkeypatch):
    path = tmp_path / "cache" / pyside_code.CACHE_NAME
    monkeypatch.setattr(pyside_code, "cache_path", lambda: path)
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    return path


@pytest.fixture
def compiles(monkeypatch):
    """The file names Python's compile was called with (inside the context too)."""
    calls = []
    real = builtins.compile

    def counting(source, filename, mode, *args, **kwargs):
        calls.append(filename)
        return real(source, filename, mode, *args, **kwargs)
    monkeypatch.setattr(builtins, "compile", counting)
    return calls


def run(code) -> dict:
    namespace: dict = {}
    exec(code, namespace)
    return namespace


def test_cached_code_is_the_compiled_code(cache, compiles):
    with pyside_code.compiled_support():
        first = compile(SOURCE, "shibokensupport/fake.py", "exec")
    assert compiles == ["shibokensupport/fake.py"] and cache.exists()
    with pyside_code.compiled_support():
        again = compile(SOURCE, "shibokensupport/fake.py", "exec")
    assert compiles == ["shibokensupport/fake.py"]  # from the cache
    assert again is not first and run(again)["VALUE"] == run(first)["VALUE"] == 42
    assert again.co_filename == "shibokensupport/fake.py"
    assert again == first  # (code objects compare their bytecode, constants, names, lines)
    assert [(i.opname, i.arg) for i in dis.get_instructions(again)] == \
        [(i.opname, i.arg) for i in dis.get_instructions(first)]


def test_changed_source_is_compiled(cache, compiles):
    with pyside_code.compiled_support():
        compile(SOURCE, "signature_bootstrap.py", "exec")
    changed = SOURCE.replace(b"21", b"4")
    with pyside_code.compiled_support():
        code = compile(changed, "signature_bootstrap.py", "exec")
    assert compiles == ["signature_bootstrap.py"] * 2 and run(code)["VALUE"] == 8
    with pyside_code.compiled_support():  # the new one kept
        assert run(compile(changed, "signature_bootstrap.py", "exec"))["VALUE"] == 8
    assert len(compiles) == 2


def test_other_calls_go_through(cache, compiles):
    with pyside_code.compiled_support():
        compile(SOURCE, "mine.py", "exec")
        compile("1 + 1", "shibokensupport/x.py", "eval")
        compile(SOURCE, "shibokensupport/y.py", "exec", dont_inherit=True)
        with pytest.raises(SyntaxError):
            compile(b"def (", "shibokensupport/broken.py", "exec")
    assert compiles == ["mine.py", "shibokensupport/x.py", "shibokensupport/y.py", "shibokensupport/broken.py"]
    assert not cache.exists()  # nothing of PySide's compiled: nothing to keep


@pytest.mark.parametrize("content", [b"", b"not marshal", b"\xe3" * 40, None])
def test_damaged_cache_means_compiling(cache, compiles, content):
    import marshal

    cache.parent.mkdir(parents=True)
    cache.write_bytes(marshal.dumps((b"xxxx", {})) if content is None else content)
    with pyside_code.compiled_support():
        code = compile(SOURCE, "shibokensupport/fake.py", "exec")
    assert compiles == ["shibokensupport/fake.py"] and run(code)["VALUE"] == 42
    with pyside_code.compiled_support():  # written anew
        compile(SOURCE, "shibokensupport/fake.py", "exec")
    assert len(compiles) == 1


def test_compile_is_itself_again(cache):
    real = builtins.compile
    with pytest.raises(RuntimeError):
        with pyside_code.compiled_support():
            assert builtins.compile is not real
            raise RuntimeError("an import failed")
    assert builtins.compile is real


def test_unwritable_cache_folder(tmp_path, monkeypatch, compiles):
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setattr(pyside_code, "cache_path", lambda: blocker / "sub" / pyside_code.CACHE_NAME)
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    with pyside_code.compiled_support():
        assert run(compile(SOURCE, "shibokensupport/fake.py", "exec"))["VALUE"] == 42
    assert blocker.is_file() and blocker.read_text() == ""
    assert not list(tmp_path.glob("*.tmp"))


START = r'''
import builtins, sys
real = builtins.compile
seen = []
def counting(source, filename, mode, *args, **kwargs):
    seen.append(filename)
    return real(source, filename, mode, *args, **kwargs)
builtins.compile = counting
import reclaimdesk.ui.common
from PySide6.QtWidgets import QApplication, QWidget
app = QApplication([])
try:  # the message is made by shiboken's signature support (its parser and error handler)
    QWidget().resize("x")
except TypeError as exc:
    message = repr(str(exc))
print(len([n for n in seen if n == "signature_bootstrap.py" or n.startswith("shibokensupport/")]), message)
'''


def test_a_start_with_the_cache_compiles_none_of_pysides_code(tmp_path):
    env = dict(os.environ, PYTHONPYCACHEPREFIX=str(tmp_path / "pycache"), QT_QPA_PLATFORM="offscreen",
               PYTHONPATH=str(ROOT))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    outputs = [subprocess.run([sys.executable, "-c", START], env=env, capture_output=True, text=True, timeout=120,
                              check=True).stdout.split(maxsplit=1) for _ in range(2)]
    assert int(outputs[0][0]) >= 10  # PySide's own modules, compiled at the first start
    assert outputs[1][0] == "0"
    assert outputs[0][1] == outputs[1][1] and "Supported signatures" in outputs[1][1]
