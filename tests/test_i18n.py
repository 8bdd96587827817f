"""The translation catalogues: complete for Japanese and compiled up to date."""

import gettext
import importlib.util
import sys
from pathlib import Path

import pytest

from reclaimdesk.core import i18n

ROOT = Path(__file__).resolve().parent.parent
pytest.importorskip("babel")
_spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "tools" / "i18n.py")
tool = importlib.util.module_from_spec(_spec)
sys.modules["i18n_tool"] = tool
_spec.loader.exec_module(tool)


def test_every_message_has_a_japanese_translation():
    gaps = tool.missing()
    assert gaps == [], "run tools/i18n.py update, translate, compile:\n" + "\n".join(gaps[:40])


def test_compiled_catalogues_are_current():
    for po in sorted((tool.LOCALE / "ja" / "LC_MESSAGES").glob("*.po")):
        mo = po.with_suffix(".mo")
        assert mo.exists() and mo.read_bytes() == tool.compiled(po, "ja"), (
            f"{mo.relative_to(ROOT)} is stale: run python tools/i18n.py compile")


def test_language_switch_and_fallback(tmp_path):
    try:
        assert i18n.set_language("en") == "en"
        assert i18n._("Some text no catalogue has") == "Some text no catalogue has"
        assert i18n.set_language("ja_JP.UTF-8") == "ja"
        assert i18n.language() == "ja"
        with pytest.raises(ValueError):
            i18n.set_language("xx")
    finally:
        i18n.set_language("en")


def test_catalogues_merge_across_domains(tmp_path):
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    folder = tmp_path / "ja" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    for name, (src, dst) in {"a": ("Hello", "こんにちは"), "b": ("Board", "盤")}.items():
        cat = Catalog(locale="ja")
        cat.add(src, dst)
        with (folder / f"{name}.mo").open("wb") as fh:
            write_mo(fh, cat)
    merged = i18n.load_catalogue("ja", tmp_path)
    assert merged.gettext("Hello") == "こんにちは"
    assert merged.gettext("Board") == "盤"
    assert isinstance(i18n.load_catalogue("en", tmp_path), gettext.NullTranslations)


def _fields(text: str) -> set[str]:
    import string

    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name is not None}


def test_translations_keep_the_placeholders():
    """A Japanese message names the same ``{fields}`` as its English one (a missing
    or misspelt field would raise KeyError, or drop a number, when shown)."""
    wrong = []
    for po in sorted((tool.LOCALE / "ja" / "LC_MESSAGES").glob("*.po")):
        for msg in tool.read(po, "ja"):
            if not msg.id or "python-brace-format" not in msg.flags:
                continue
            ids = [msg.id] if isinstance(msg.id, str) else list(msg.id)
            strings = [msg.string] if isinstance(msg.string, str) else list(msg.string)
            expected = set().union(*(_fields(i) for i in ids))
            for s in strings:
                if s and not _fields(s) <= expected | {""}:
                    wrong.append(f"{po.name}: {ids[0]!r} -> {s!r}")
                if s and isinstance(msg.id, str) and _fields(s) != _fields(msg.id):
                    wrong.append(f"{po.name}: {ids[0]!r} -> {s!r}")
    assert wrong == [], "\n".join(wrong)


def test_game_messages_in_japanese():
    from reclaimdesk.core.game import get_game

    try:
        i18n.set_language("ja")
        state = get_game("the-reclamation").new_game(2, 1)
        assert "庭師" in state.why_illegal(state.parse_action("card 1"))  # the Japanese rule book calls the Gardener 庭師
        claim = get_game("claim-control").new_game(2, 1)
        assert "スクエア" in claim.describe_action(claim.legal_actions()[0])
        reclaim = get_game("reclaim").new_game(1, 1)
        assert "形" in reclaim.why_illegal(reclaim.parse_action("end"))
    finally:
        i18n.set_language("en")
    assert state.why_illegal(state.parse_action("card 1")).startswith("move your Gardener first")


def test_catalogue_reads_what_gnu_gettext_reads():
    """i18n.Catalogue (the app's fast reader) answers like Python's own
    GNUTranslations for every message, plural form and context of every domain."""
    files = sorted((tool.LOCALE / "ja" / "LC_MESSAGES").glob("*.mo"))
    ours = i18n.Catalogue(files)
    def read(path):
        with path.open("rb") as f:
            return gettext.GNUTranslations(f)

    reference = read(files[0])
    for path in files[1:]:
        reference.add_fallback(read(path))
    checked = 0
    for key in ours.messages:
        if isinstance(key, tuple):
            msgid = key[0].decode()
            for n in (1, 2, 5):
                assert ours.ngettext(msgid, msgid + "s", n) == reference.ngettext(msgid, msgid + "s", n)
        elif b"\x04" in key:
            context, msgid = key.decode().split("\x04")
            assert ours.pgettext(context, msgid) == reference.pgettext(context, msgid)
        else:
            assert ours.gettext(key.decode()) == reference.gettext(key.decode())
        checked += 1
    assert checked > 1000
    assert ours.gettext("No catalogue has this") == "No catalogue has this"
    assert ours.ngettext("one apple", "{n} apples", 3) == "{n} apples"


def _write_catalogue(folder, messages):
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    folder.mkdir(parents=True, exist_ok=True)
    for name, pairs in messages.items():
        cat = Catalog(locale="ja")
        for src, dst in pairs:
            cat.add(src, dst)
        with (folder / f"{name}.mo").open("wb") as fh:
            write_mo(fh, cat)


def test_merged_catalogue_is_cached_and_read_back(tmp_path, monkeypatch):
    """Issue 25: the merged messages are kept in one marshalled file beside the
    catalogues; the next load takes them from it, not from the .mo files."""
    monkeypatch.setattr(sys, "pycache_prefix", None)
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    folder = tmp_path / "ja" / "LC_MESSAGES"
    _write_catalogue(folder, {"a": [("Hello", "こんにちは")], "b": [("Board", "盤")]})
    first = i18n.load_catalogue("ja", tmp_path)
    cache = folder / "__pycache__" / i18n.MERGED_CACHE
    assert cache.exists() and first.gettext("Hello") == "こんにちは"

    def no_reading(*_args, **_kwargs):
        raise AssertionError("the .mo files were read again")

    monkeypatch.setattr(i18n.Catalogue, "_read", no_reading)
    again = i18n.load_catalogue("ja", tmp_path)
    assert again.gettext("Hello") == "こんにちは" and again.gettext("Board") == "盤"
    assert again.messages == first.messages and again.ngettext("x", "xs", 1) == "x"


def test_merged_catalogue_cache_follows_the_files(tmp_path, monkeypatch):
    """A catalogue changed, added or removed, or a cache file damaged, makes the
    files be read again (and the cache rewritten)."""
    import os

    monkeypatch.setattr(sys, "pycache_prefix", str(tmp_path / "prefix"))
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    folder = tmp_path / "locale" / "ja" / "LC_MESSAGES"
    _write_catalogue(folder, {"a": [("Hello", "こんにちは")]})
    assert i18n.load_catalogue("ja", tmp_path / "locale").gettext("Hello") == "こんにちは"
    cache = i18n._merged_cache_path(folder)
    assert cache.exists() and str(cache).startswith(str(tmp_path / "prefix"))
    _write_catalogue(folder, {"a": [("Hello", "やあ")]})  # same name, new text
    stat = (folder / "a.mo").stat()
    os.utime(folder / "a.mo", ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
    assert i18n.load_catalogue("ja", tmp_path / "locale").gettext("Hello") == "やあ"
    _write_catalogue(folder, {"b": [("Board", "盤")]})  # one more file
    assert i18n.load_catalogue("ja", tmp_path / "locale").gettext("Board") == "盤"
    for garbage in (b"", b"\x00garbage", __import__("marshal").dumps(("not", "a", "catalogue"))):
        cache.write_bytes(garbage)
        merged = i18n.load_catalogue("ja", tmp_path / "locale")
        assert merged.gettext("Hello") == "やあ" and merged.gettext("Board") == "盤"


def test_merged_catalogue_in_a_folder_it_cannot_write(tmp_path, monkeypatch):
    """No cache can be written (a read-only install), or Python is told to write
    no compiled modules: the catalogues still load, and no cache is left."""
    monkeypatch.setattr(sys, "pycache_prefix", None)
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    folder = tmp_path / "ja" / "LC_MESSAGES"
    _write_catalogue(folder, {"a": [("Hello", "こんにちは")]})
    (folder / "__pycache__").write_text("a file where the folder would go")
    assert i18n.load_catalogue("ja", tmp_path).gettext("Hello") == "こんにちは"
    assert sorted(p.name for p in folder.iterdir()) == ["__pycache__", "a.mo"]
    (folder / "__pycache__").unlink()
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    assert i18n.load_catalogue("ja", tmp_path).gettext("Hello") == "こんにちは"
    assert sorted(p.name for p in folder.iterdir()) == ["a.mo"]
