"""The one reading path for files handed in (reclaimdesk/core/files.py): regular
files only, a size cap enforced while reading, UTF-8, bounded JSON; safe quoting;
the cleanup of abandoned temporaries. And the data-file header (core/data.py)."""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reclaimdesk.core.data import DataFile
from reclaimdesk.core.errors import DataError
from reclaimdesk.core.files import (
    MAX_DEPTH,
    MAX_DIGITS,
    STALE_AFTER,
    FileProblem,
    OversizedNumber,
    clean_stale_temporaries,
    has_bad_characters,
    nesting,
    one_line,
    parse_json,
    quote,
    read_bytes,
    read_json_file,
    unsafe,
)


# --- reading limits ----------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [0, 1, 99, 100])
def test_a_file_up_to_the_cap_is_read_whole(tmp_path, size):
    path = tmp_path / "f"
    path.write_bytes(b"x" * size)
    assert read_bytes(path, 100) == b"x" * size


@pytest.mark.parametrize("size", [101, 102, 5000])
def test_a_file_over_the_cap_is_refused(tmp_path, size):
    path = tmp_path / "f"
    path.write_bytes(b"x" * size)
    with pytest.raises(FileProblem, match="more than 100 bytes"):
        read_bytes(path, 100)


def test_what_is_not_a_regular_file_is_refused_unread(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)  # opening it for reading would block: it is never opened
    for path in (fifo, tmp_path, "/dev/zero"):
        with pytest.raises(FileProblem, match="not a regular file") as info:
            read_bytes(path, 100)
        assert not info.value.parsing
    with pytest.raises(FileProblem, match="file not found"):
        read_bytes(tmp_path / "missing", 100)


def test_json_files_are_utf8_with_or_without_a_bom(tmp_path):
    path = tmp_path / "f.json"
    path.write_bytes("\ufeff{\"名前\": 1}".encode("utf-8"))
    assert read_json_file(path, 100) == {"名前": 1}
    path.write_bytes('{"a": "é"}'.encode("latin-1"))
    with pytest.raises(FileProblem, match="not UTF-8") as info:
        read_json_file(path, 100)
    assert info.value.parsing


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize("depth", [1, 2, MAX_DEPTH - 1, MAX_DEPTH])
def test_nesting_up_to_the_limit_is_read(depth):
    assert nesting(parse_json(nested(depth))) == depth


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, MAX_DEPTH + 2, 5000])
def test_deeper_nesting_is_refused(depth):
    with pytest.raises(FileProblem, match="nested too deeply") as info:
        parse_json(nested(depth))
    assert info.value.parsing


def test_nesting_counts_objects_and_lists():
    assert nesting(3) == 0 and nesting([]) == 1 and nesting({"a": [{"b": []}]}) == 4
    assert nesting([[1], [[2]], []]) == 3


def test_numbers_up_to_the_digit_limit_are_numbers():
    assert parse_json("9" * MAX_DIGITS) == int("9" * MAX_DIGITS)
    assert parse_json("-" + "9" * MAX_DIGITS) == -int("9" * MAX_DIGITS)
    long = parse_json("9" * (MAX_DIGITS + 1))
    assert isinstance(long, OversizedNumber) and long.digits == MAX_DIGITS + 1
    assert isinstance(parse_json("[1" + "0" * 5000 + "]")[0], OversizedNumber)
    assert parse_json("1.5") == 1.5


@pytest.mark.parametrize("text", ["NaN", "[Infinity]", "-Infinity", "{", "", "[1,]", "{'a': 1}"])
def test_what_json_does_not_allow_is_refused(text):
    with pytest.raises(FileProblem) as info:
        parse_json(text)
    assert info.value.parsing and "\n" not in str(info.value)


@settings(max_examples=60, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers(-10**30, 10**30) | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
                    max_leaves=12))
def test_any_small_json_reads_back_as_written(value):
    assert parse_json(json.dumps(value)) == value


# --- quoting untrusted text --------------------------------------------------------------------------
@pytest.mark.parametrize("ch", ["\x00", "\x1b", "\n", "\r", "\t", "\x7f", "\u2028", "\u2029", "\u202e", "\u2066",
                                "\u200e", "\ufeff", "\ud800"])
def test_control_bidi_and_broken_characters_are_escaped(ch):
    assert unsafe(ch) and has_bad_characters(f"a{ch}b")
    for shown in (quote(f"a{ch}b"), one_line(f"a{ch}b")):
        assert ch not in shown and not has_bad_characters(shown)


@pytest.mark.parametrize("ch", ["a", " ", "~", "é", "名", "😀", "\u200d", "\u200c"])
def test_ordinary_characters_are_kept(ch):
    assert not unsafe(ch)
    assert quote(ch) == f"'{ch}'" and one_line(ch) == ch


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=200), st.integers(1, 80))
def test_quote_and_one_line_give_one_safe_short_line(text, limit):
    q = quote(text, limit)
    line = one_line(text, limit)
    assert not has_bad_characters(q) and not has_bad_characters(line)
    assert len(line) <= limit + 1
    if len(text) > limit:
        assert q.endswith(f"({len(text)} characters)")


# --- temporaries --------------------------------------------------------------------------------------
def test_only_abandoned_temporaries_are_cleaned(tmp_path):
    old = tmp_path / ".game.json.abc.tmp"
    fresh = tmp_path / ".game.json.def.tmp"
    other = tmp_path / ".other.json.ghi.tmp"
    keep = tmp_path / "game.json"
    for p in (old, fresh, other, keep):
        p.write_text("x", encoding="utf-8")
    past = os.stat(fresh).st_mtime - STALE_AFTER - 5  # file times, not a clock: nothing is timed
    os.utime(old, (past, past))
    os.utime(other, (past, past))
    assert clean_stale_temporaries(tmp_path, prefix=".game.json.") == 1
    assert not old.exists() and fresh.exists() and other.exists() and keep.exists()
    assert clean_stale_temporaries(tmp_path) == 1 and not other.exists()
    assert clean_stale_temporaries(tmp_path / "missing") == 0


# --- data files -------------------------------------------------------------------------------------------
def write(tmp_path, name, data):
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_data_file_header_is_checked(tmp_path):
    good = write(tmp_path, "deck", {"id": "deck", "version": 2, "kind": "cards", "n": [1, 2]})
    f = DataFile.load(good, "cards", versions=(1, 2))
    assert f.id == "deck" and f.version == 2 and f.list("n", length=2) == [1, 2]
    cases = [
        ({"id": "other", "version": 1}, None, None, "'id'"),
        ({"id": "deck", "version": 0}, None, None, "'version'"),
        ({"id": "deck", "version": "1"}, None, None, "'version'"),
        ({"id": "deck", "version": 3}, None, (1, 2), "reads version 1, 2, not 3"),
        ({"id": "deck", "version": 1, "kind": "map"}, "cards", None, "'kind'"),
        ({"id": "deck", "version": 1}, "cards", None, "'kind'"),
        ([], None, None, "top level"),
    ]
    for data, kind, versions, field in cases:
        path = write(tmp_path, "deck", data)
        with pytest.raises(DataError) as info:
            DataFile.load(path, kind, versions)
        assert field in str(info.value) and "deck.json" in str(info.value), (data, str(info.value))


def test_data_fields_are_checked_by_path():
    f = DataFile("x.json", {"a": {"b": [1, "t", True, 2.5]}, "s": "x\x1b"})
    assert f.int("a.b[0]", minimum=1, maximum=1) == 1 and f.str("a.b[1]", choices=["t"]) == "t"
    for call, field in [
        (lambda: f.int("a.b[1]"), "a.b[1]"), (lambda: f.int("a.b[2]"), "a.b[2]"),
        (lambda: f.int("a.b[3]"), "a.b[3]"), (lambda: f.int("a.b[9]"), "a.b[9]"),
        (lambda: f.int("a.b[0]", minimum=2), "at least 2"), (lambda: f.int("a.b[0]", maximum=0), "at most 0"),
        (lambda: f.str("a.c"), "a.c"), (lambda: f.str("a.b[1]", choices=["u"]), "one of u"),
        (lambda: f.str("s"), "control character"), (lambda: f.list("a"), "must be a list"),
        (lambda: f.list("a.b", length=3), "4"), (lambda: f.list("a.b", min_length=5), "at least 5"),
        (lambda: f.dict("a.b"), "must be an object"),
    ]:
        with pytest.raises(DataError) as info:
            call()
        assert field in str(info.value) and str(info.value).startswith("x.json: field")
