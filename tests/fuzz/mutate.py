"""Targeted mutations of game records and data files, driven by a seeded
``random.Random`` so that every failing case can be rebuilt from its number."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

FULL_WIDTH = str.maketrans("0123456789", "０１２３４５６７８９")
ODD_TEXT = [
    "", " ", "\n", "\x00", "\x1b[31m", "\ud800", "\udfff", "\u202e", "𝟙𝟚", "K", "ｃａｒｄ ４", "١٢",
    "x" * 300, "9" * 50, "-1", "1_0", "+3", "0x10", "1e3", "NaN", "null", "{}", "[]", "'", '"', "\\",
    "a1", "z99", "shape", "card", "move a1-b2", "end", "pass", "ａ１",
]


def odd_value(rng: random.Random, depth: int = 0) -> Any:
    """A JSON value of a random type, often a nasty one."""
    pick = rng.randrange(14 if depth < 3 else 10)
    if pick == 0:
        return None
    if pick == 1:
        return rng.choice([True, False])
    if pick == 2:
        return rng.choice([0, 1, -1, 2, 3, 7, 2**31, 2**63, 2**64, -(2**64) - 1, 10**30])
    if pick == 3:
        return rng.choice([0.5, -0.0, 1e308, 3.0, 1e-300])
    if pick in (4, 5, 6):
        return rng.choice(ODD_TEXT)
    if pick == 7:
        return "".join(chr(rng.randrange(0x20, 0x7F)) for _ in range(rng.randrange(0, 12)))
    if pick == 8:
        return "".join(chr(rng.randrange(0, 0x2FFFF)) for _ in range(rng.randrange(1, 6))).replace("\ud800", "")
    if pick == 9:
        return rng.choice(["human", "ai", "random", "easy", "normal", "hard", "expert", "garden", "throne",
                           "river", "lake"])
    if pick == 10:
        return [odd_value(rng, depth + 1) for _ in range(rng.randrange(0, 4))]
    if pick == 11:
        return {rng.choice(["name", "kind", "level", "x", ""]): odd_value(rng, depth + 1)
                for _ in range(rng.randrange(0, 3))}
    if pick == 12:
        return [[[]]]
    return {"a": {"b": [1, {"c": None}]}}


def _paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out.extend(_paths(v, prefix + (k,)))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out.extend(_paths(v, prefix + (i,)))
    return out


def _set(root: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    cur = root
    for part in path[:-1]:
        cur = cur[part]
    cur[path[-1]] = value
    return root


def _delete(root: Any, path: tuple) -> Any:
    if not path:
        return root
    cur = root
    for part in path[:-1]:
        cur = cur[part]
    del cur[path[-1]]
    return root


def mutate_text(rng: random.Random, text: str) -> str:
    """Small edits of one string (an action, a name, an id)."""
    choice = rng.randrange(9)
    if not text or choice == 0:
        return rng.choice(ODD_TEXT)
    i = rng.randrange(len(text))
    if choice == 1:
        return text[:i] + text[i + 1:]
    if choice == 2:
        return text[:i] + rng.choice(ODD_TEXT + list("0123456789 -,abcxyz")) + text[i:]
    if choice == 3:
        return text.translate(FULL_WIDTH)
    if choice == 4:
        return text.upper()
    if choice == 5:
        return text[:i]
    if choice == 6:
        j = rng.randrange(len(text))
        chars = list(text)
        chars[i], chars[j] = chars[j], chars[i]
        return "".join(chars)
    if choice == 7:
        digits = [k for k, c in enumerate(text) if c.isdigit()]
        if digits:
            k = rng.choice(digits)
            return text[:k] + str(rng.choice([0, 9, 10, 99, -1, 12345678901234567890])) + text[k + 1:]
        return text + " 1"
    return text + text


def mutate_structure(rng: random.Random, data: Any, others: list[dict]) -> Any:
    """One structural edit of parsed JSON (a record or a data file)."""
    data = copy.deepcopy(data)
    paths = _paths(data)
    kind = rng.randrange(12)
    path = rng.choice(paths)
    if kind <= 2:  # replace any value
        return _set(data, path, odd_value(rng))
    if kind == 3 and path:  # delete a key or an item
        return _delete(data, path)
    strings = [p for p in paths if p and isinstance(_get(data, p), str)]
    if kind in (4, 5, 6) and strings:  # edit a string in place
        p = rng.choice(strings)
        return _set(data, p, mutate_text(rng, _get(data, p)))
    lists = [p for p in paths if isinstance(_get(data, p), list) and _get(data, p)]
    if kind == 7 and lists:  # drop, repeat or swap list items
        p = rng.choice(lists)
        items = _get(data, p)
        op = rng.randrange(3)
        if op == 0:
            items.pop(rng.randrange(len(items)))
        elif op == 1:
            items.insert(rng.randrange(len(items) + 1), copy.deepcopy(rng.choice(items)))
        else:
            i, j = rng.randrange(len(items)), rng.randrange(len(items))
            items[i], items[j] = items[j], items[i]
        return data
    ints = [p for p in paths if p and isinstance(_get(data, p), int) and not isinstance(_get(data, p), bool)]
    if kind == 8 and ints:  # nudge a number
        p = rng.choice(ints)
        return _set(data, p, _get(data, p) + rng.choice([-2, -1, 1, 2, 100, -100]))
    if kind == 9 and others and isinstance(data, dict):  # graft a field of another file
        other = rng.choice(others)
        if isinstance(other, dict) and other:
            key = rng.choice(list(other))
            data[key] = copy.deepcopy(other[key])
        return data
    if kind == 10 and isinstance(data, dict):  # an extra field
        data[rng.choice(["extra", "format", "result", "version", "id"])] = odd_value(rng)
        return data
    return _set(data, path, odd_value(rng))


def _get(root: Any, path: tuple) -> Any:
    cur = root
    for part in path:
        cur = cur[part]
    return cur


def mutate_bytes(rng: random.Random, raw: bytes) -> bytes:
    """Damage at the byte level: cut, flip, insert, invalid UTF-8, deep nesting."""
    kind = rng.randrange(8)
    if not raw:
        return b"{"
    i = rng.randrange(len(raw))
    if kind == 0:
        return raw[:i]
    if kind == 1:
        return raw[:i] + bytes([raw[i] ^ (1 << rng.randrange(8))]) + raw[i + 1:]
    if kind == 2:
        return raw[:i] + bytes(rng.randrange(256) for _ in range(rng.randrange(1, 8))) + raw[i:]
    if kind == 3:
        return raw[:i] + b"\xff\xfe\xc0" + raw[i:]
    if kind == 4:
        n = rng.choice([40, 200, 1000, 5000])
        return raw[:i] + b"[" * n + b"]" * n + raw[i:]
    if kind == 5:
        return b"\xef\xbb\xbf" + raw
    if kind == 6:
        return raw.replace(b": ", b": " + rng.choice([b"9" * 5000, b"NaN", b"-Infinity", b"1e999"]) + b", \"x\": ", 1)
    return raw + raw


def mutated_json_bytes(rng: random.Random, data: Any, others: list[dict]) -> bytes:
    """A mutated file: mostly structural edits (valid JSON), some byte damage."""
    edits = 1 + (rng.random() < 0.3) + (rng.random() < 0.1)
    for _ in range(edits):
        data = mutate_structure(rng, data, others)
    text = json.dumps(data, ensure_ascii=rng.random() < 0.5, indent=rng.choice([None, 1]))
    raw = text.encode("utf-8", "surrogatepass")
    if rng.random() < 0.2:
        raw = mutate_bytes(rng, raw)
    return raw
