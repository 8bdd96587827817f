"""Issue 28 ("Hardening, second pass") on the command line and in the core: saving
onto special files (1), records the CLI writes that replay refused (2), damaged
catalogues (3) and game aliases (7). Each test failed on the code before the
issue. Every registered game is covered; no game is named here."""

from __future__ import annotations

import os
import socket
import stat
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reclaimdesk.cli import main
from reclaimdesk.core.game import all_games
from reclaimdesk.core.record import MAX_SEED, load_record, save_record

from tests.hardening_helpers import game_ids

GAMES = game_ids()


def run(capsys, *args):
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def rules_kit_game() -> str:
    """A registered game whose kit prints its rules alone (the quickest PDF)."""
    from reclaimdesk.export.kit import kits

    return next(k.game for k in kits() if "rules" in k.offer.parts)


def make_special(path: Path, kind: str) -> object:
    """A FIFO, a socket, a device or a folder at ``path``; returns what to close."""
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "socket":
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.bind(str(path))
        return sock
    elif kind == "device":
        if os.geteuid() != 0:
            pytest.skip("making a device file needs root")
        os.mknod(path, stat.S_IFCHR | 0o600, os.makedev(1, 7))  # /dev/full's numbers, in tmp
    elif kind == "folder":
        path.mkdir()
    return None


def same_thing(path: Path, before: os.stat_result) -> bool:
    after = os.lstat(path)
    return (after.st_ino, stat.S_IFMT(after.st_mode)) == (before.st_ino, stat.S_IFMT(before.st_mode))


SPECIAL = ["fifo", "socket", "device", "folder"]


# --- 1: one writer ------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", SPECIAL)
def test_1_print_and_play_refuse_to_save_onto_a_special_file(tmp_path, capsys, kind):
    target = tmp_path / "out.pdf"
    keep = make_special(target, kind)
    before = os.lstat(target)
    try:
        code, out, err = run(capsys, "print", rules_kit_game(), "--what", "rules", "-o", target)
        assert code == 2 and "out.pdf" in err and len(err.strip().splitlines()) == 1, (code, err)
        assert same_thing(target, before), "the special file was replaced"
        code, out, err = run(capsys, "play", GAMES[0], "--agents", "random", "--seed", 1, "--record", target)
        assert code == 2 and "out.pdf" in err, (code, err)
        assert out == ""  # refused before playing
        assert same_thing(target, before)
    finally:
        if keep is not None:
            keep.close()


@pytest.mark.parametrize("kind", SPECIAL)
def test_1_the_writer_refuses_special_files_and_touches_nothing(tmp_path, kind):
    from reclaimdesk.core.files import WriteProblem, write_file

    target = tmp_path / "thing"
    keep = make_special(target, kind)
    before = os.lstat(target)
    try:
        with pytest.raises(WriteProblem) as caught:
            write_file(target, b"data")
        assert "thing" in str(caught.value)
        assert same_thing(target, before)
        assert sorted(p.name for p in tmp_path.iterdir()) == ["thing"]  # no temporary left either
    finally:
        if keep is not None:
            keep.close()


def test_1_a_symlink_is_followed_and_its_target_replaced(tmp_path, capsys):
    real = tmp_path / "real.pdf"
    real.write_bytes(b"old")
    link = tmp_path / "link.pdf"
    link.symlink_to(real.name)
    code, _out, err = run(capsys, "print", rules_kit_game(), "--what", "rules", "-o", link)
    assert code == 0, err
    assert link.is_symlink() and os.readlink(link) == "real.pdf"
    assert real.read_bytes().startswith(b"%PDF")
    # a record the same way, and a link to a FIFO is refused like the FIFO
    rec_real = tmp_path / "rec-real.json"
    rec_link = tmp_path / "rec.json"
    rec_link.symlink_to(rec_real)  # dangling: a new file at its target
    code, _out, err = run(capsys, "play", GAMES[0], "--agents", "random", "--seed", 2, "--record", rec_link)
    assert code == 0, err
    assert rec_link.is_symlink() and load_record(rec_real).seed == 2
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    to_fifo = tmp_path / "to-fifo.pdf"
    to_fifo.symlink_to(fifo)
    code, _out, err = run(capsys, "print", rules_kit_game(), "--what", "rules", "-o", to_fifo)
    assert code == 2 and stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_1_the_writer_keeps_a_files_permissions_and_writes_atomically(tmp_path, monkeypatch):
    from reclaimdesk.core.files import WriteProblem, write_file

    target = tmp_path / "kept.json"
    target.write_text("old", encoding="utf-8")
    os.chmod(target, 0o640)
    write_file(target, "new")
    assert target.read_text(encoding="utf-8") == "new" and stat.S_IMODE(os.stat(target).st_mode) == 0o640

    def full(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(WriteProblem) as caught:
        write_file(target, "newer")
    assert caught.value.disk_full and "disk is full" in str(caught.value)
    assert target.read_text(encoding="utf-8") == "new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.json"]


def test_1_card_images_refuse_a_fifo_in_the_way(tmp_path, capsys):
    from reclaimdesk.export.kit import kits

    kit = next((k for k in kits() if k.offer.cards_as_images and k.card_faces is not None), None)
    if kit is None:
        pytest.skip("no registered kit writes card images")
    folder = tmp_path / "cards"
    folder.mkdir()
    fifo = folder / f"{kit.game}-01-front.png"
    os.mkfifo(fifo)
    code, _out, err = run(capsys, "print", kit.game, "--cards-as-images", folder)
    assert code == 2 and fifo.name in err
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


# --- 2: what play writes, replay reads ---------------------------------------------------------
def test_2_play_refuses_a_seed_a_record_cannot_hold(tmp_path, capsys):
    record = tmp_path / "big.json"
    for seed in (MAX_SEED + 1, -MAX_SEED - 1, 10**100):
        code, _out, err = run(capsys, "play", GAMES[0], "--agents", "random", "--seed", seed, "--record", record)
        assert code == 2 and "seed" in err, err
        assert not record.exists()
    # the last of several games counts too
    code, _out, err = run(capsys, "play", GAMES[0], "--agents", "random", "--seed", MAX_SEED, "--games", 2)
    assert code == 2 and "seed" in err


@pytest.mark.parametrize("game", GAMES)
def test_2_the_largest_seeds_play_writes_replay_reads(tmp_path, capsys, game):
    for seed in (MAX_SEED, -MAX_SEED):
        record = tmp_path / f"{game}.json"
        code, _out, err = run(capsys, "play", game, "--agents", "random", "--seed", seed, "--record", record)
        assert code == 0, err
        code, _out, err = run(capsys, "replay", record)
        assert code == 0, err


NAMES = st.text(min_size=0, max_size=140)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game=st.sampled_from(GAMES), seed=st.integers(-MAX_SEED, MAX_SEED), names=st.lists(NAMES, min_size=6,
       max_size=6), levels=st.lists(st.sampled_from(["random", "easy", "normal", "hard", None]), min_size=6,
       max_size=6), steps=st.integers(0, 6))
def test_2_whatever_a_record_is_written_from_replay_reads(tmp_path, game, seed, names, levels, steps):
    """The path the app and the command line write through (a game's state to its
    record, saved by the one writer) gives only records that load and replay:
    any seed ``play`` accepts, any name typed or pasted (control characters,
    right-to-left marks, lone surrogates, 140 characters), any AI level."""
    from reclaimdesk.core.agents import RandomAgent

    spec = next(s for s in all_games() if s.id == game)
    count = spec.min_players
    state = spec.new_game(count, seed)
    agent = RandomAgent(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(agent.choose(state))
    players = [{"name": names[i], "kind": "human"} if levels[i] is None else
               {"name": names[i], "kind": "ai", "level": levels[i]} for i in range(count)]
    path = tmp_path / "written.json"
    save_record(state.to_record(players), path)
    again = load_record(path)
    assert again.seed == seed and again.replay().history == state.history


# --- 7: one resolver for game ids and their aliases ----------------------------------------------
def aliases(game: str) -> list[str]:
    return [game, game.replace("-", "_"), game.upper()]


@pytest.mark.parametrize("game", GAMES)
def test_7_every_command_takes_the_same_names_for_a_game(tmp_path, capsys, game):
    from reclaimdesk.export.kit import find_kit

    kit = find_kit(game)
    for name in aliases(game):
        code, _out, err = run(capsys, "play", name, "--agents", "random", "--seed", 1)
        assert code == 0, f"play {name}: {err}"
        if kit is not None and "rules" in kit.offer.parts:
            code, _out, err = run(capsys, "print", name, "--what", "rules", "-o", tmp_path / "r.pdf")
            assert code == 0, f"print {name}: {err}"
    for wrong in (game + "x", "x" + game.replace("-", "_")):
        assert run(capsys, "play", wrong, "--agents", "random")[0] == 2
        assert run(capsys, "print", wrong, "--what", "rules", "-o", tmp_path / "w.pdf")[0] == 2


# --- 3: a damaged catalogue is said once, and the words stay English ---------------------------
def damage_truncated(data: bytes) -> bytes:
    return data[:len(data) // 3]


def damage_garbage(data: bytes) -> bytes:
    return bytes((i * 37 + 11) % 256 for i in range(len(data)))


def damage_offsets(data: bytes) -> bytes:
    """Tables intact, but the first message's offset points past the end."""
    import struct

    order = "<" if data[:4] == b"\xde\x12\x04\x95" else ">"
    _count, originals, _translations = struct.unpack_from(order + "3I", data, 8)
    out = bytearray(data)
    struct.pack_into(order + "I", out, originals + 4, len(data) + 1000)
    return bytes(out)


def damage_utf8(data: bytes) -> bytes:
    """A translation's bytes are not UTF-8 (a Japanese character cut in half)."""
    at = data.find("の".encode("utf-8"))
    assert at > 0
    return data[:at] + b"\xe3\x81" + b"!" + data[at + 3:]


def damage_empty(data: bytes) -> bytes:
    return b""


@pytest.mark.parametrize("damage", [damage_truncated, damage_garbage, damage_offsets, damage_utf8, damage_empty])
def test_3_a_damaged_japanese_catalogue_is_reported_once_then_english(tmp_path, capsys, monkeypatch, damage):
    import shutil

    from reclaimdesk.core import i18n

    locale = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, locale)
    mo = locale / "ja" / "LC_MESSAGES" / "app.mo"
    mo.write_bytes(damage(mo.read_bytes()))
    monkeypatch.setattr(i18n, "LOCALE_DIR", locale)
    monkeypatch.setattr(i18n, "_problems", [])
    monkeypatch.setattr(i18n, "_reported", set())
    try:
        code, out, err = run(capsys, "--lang", "ja", "games")  # crashed with struct.error before
        assert code == 0, err
        english = [spec.id for spec in all_games()]
        assert all(g in out for g in english) and "players" in out  # the English words
        lines = err.strip().splitlines()
        assert len(lines) == 1 and "app.mo" in lines[0] and "English" in lines[0], err
        code, _out, err = run(capsys, "--lang", "ja", "games")  # the same run: not said again
        assert code == 0 and err == ""
    finally:
        i18n.set_language("en")
