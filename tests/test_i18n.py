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
