"""One test over every kit the registry finds: what it offers is coherent, it
prints its rules for each paper it offers, and every option it does not offer is
refused with one line by the one dispatcher (the same checks the Export dialog's
tooltips say), in words that name no other game."""

from __future__ import annotations

import pytest

from pathlib import Path

from reclaimdesk.core.game import all_games, get_game
from reclaimdesk.core.i18n import _
from reclaimdesk.export.kit import GameKit, build_print_pdf, kit_module, kits
from reclaimdesk.export.options import BOARD, PARTS, PAPERS, SEAT, KitOffer, PrintOptions, offers, option_problem

KITS = kits()
REFUSED = {
    "map": PrintOptions(map_id="no-such-map"),
    "bleed": PrintOptions(bleed_mm=3.0),
    "back_offset": PrintOptions(back_offset=(1.0, 0.5)),
    "fold_over": PrintOptions(fold_over=True),
    "sheets_per_page": PrintOptions(sheets_per_page=2),
    "greyscale": PrintOptions(greyscale=True),
    "filled": PrintOptions(),
}
"""Options each kit may lack, by option name; ``filled`` is asked with a game."""


def a_game(kit: GameKit):
    """A new game of ``kit``'s game, as the dispatcher receives one."""
    spec = get_game(kit.game)
    return spec.new_game(spec.min_players, 1)


def asked(kit: GameKit, option: str):
    """(options, state) that ask ``kit`` for ``option``."""
    return REFUSED[option], a_game(kit) if option == "filled" else None


def test_every_kit_belongs_to_a_registered_game():
    ids = [spec.id for spec in all_games()]
    assert KITS and all(kit.game in ids for kit in KITS)
    assert [kit.game for kit in KITS] == [g for g in ids if g in {k.game for k in KITS}]


@pytest.mark.parametrize("kit", KITS, ids=[k.game for k in KITS])
def test_a_kits_offer_is_coherent(kit):
    offer = kit.offer
    assert offer.parts and set(offer.parts) <= set(PARTS)
    assert offer.papers and set(offer.papers) <= set(PAPERS)
    assert offer.filled in (None, "seat", "board")
    assert all(isinstance(m, str) and label for m, label in offer.maps)
    assert 1 in offer.sheets_per_page
    assert (kit.card_faces is not None) == offer.cards_as_images
    assert kit.name and kit_module(kit.game).rsplit(".", 1)[-1].endswith("_kit")


@pytest.mark.parametrize("kit", KITS, ids=[k.game for k in KITS])
def test_a_kit_prints_its_rules_on_every_paper(kit):
    if "rules" not in kit.offer.parts:
        pytest.skip("no rules part")
    for paper in kit.offer.papers:
        data = build_print_pdf(kit.game, PrintOptions(paper=paper, what="rules"))
        assert data.startswith(b"%PDF-") and len(data) > 1000


@pytest.mark.parametrize("kit", KITS, ids=[k.game for k in KITS])
def test_what_a_kit_lacks_is_refused_with_its_reason(kit):
    for option in REFUSED:
        options, state = asked(kit, option)
        problem = kit.problem(options, state)
        if not offers(kit.offer, option):
            assert problem and "\n" not in problem, option
            with pytest.raises(ValueError) as refused:
                build_print_pdf(kit.game, options, state)
            assert str(refused.value) == problem
        elif option != "map":
            assert problem == "", (option, problem)
    if kit.offer.maps:
        assert "no-such-map" in option_problem(kit.offer, REFUSED["map"], kit.name)
    assert option_problem(kit.offer, PrintOptions(what="nothing"), kit.name)


def test_the_regeneration_command_sees_every_kit():
    """``python -m reclaimdesk.export.kit`` runs the module as ``__main__``; it must
    still find every registered kit (it once found none and said all was well).
    Its ``--list`` names what ``--check`` and a regeneration go through (each
    game's kit test compares those files' bytes, so they are not built twice)."""
    import subprocess
    import sys

    from reclaimdesk.export.kit import kit_files

    done = subprocess.run([sys.executable, "-m", "reclaimdesk.export.kit", "--list"], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.split() == [item.name for item in kit_files()] and len(kit_files()) >= 15
    assert {item.kit.game for item in kit_files()} == {kit.game for kit in KITS}


@pytest.mark.parametrize("kit", KITS, ids=[k.game for k in KITS])
def test_a_kits_refusals_name_no_other_game(kit):
    """Every refusal is worded from the kit's own declaration: its name, its parts,
    its maps; never another game's name or id."""
    others = [(spec.id, _(spec.name)) for spec in all_games() if spec.id != kit.game]
    cases = [asked(kit, option) for option in REFUSED]
    cases += [(PrintOptions(what=part), None) for part in PARTS if part not in kit.offer.parts]
    cases += [(PrintOptions(seat=2), None), (PrintOptions(map_id="no-such-map"), None)]
    if kit.offer.filled is not None:
        state = a_game(kit)
        cases += [(PrintOptions(what="cards"), state), (PrintOptions(map_id="x"), state),
                  (PrintOptions(seat=99), state)]
    problems = [kit.problem(options, state) for options, state in cases]
    assert any(problems)
    for problem in problems:
        assert not [word for pair in others for word in pair if word in problem], problem


@pytest.mark.parametrize("kit", [k for k in KITS if k.offer.filled is not None], ids=lambda k: k.game)
def test_a_game_is_printed_only_by_its_own_kit_and_only_as_its_filled_sheet(kit):
    state = a_game(kit)
    assert kit.problem(PrintOptions(), state) == ""
    assert build_print_pdf(kit.game, PrintOptions(what="sheets"), state) == build_print_pdf(kit.game, PrintOptions(),
                                                                                            state)
    for options in (PrintOptions(what="rules"), PrintOptions(what="all"), PrintOptions(map_id="x")):
        with pytest.raises(ValueError):
            build_print_pdf(kit.game, options, state)
    if kit.offer.filled == SEAT:
        assert "from 1 to" in kit.problem(PrintOptions(seat=state.num_players + 1), state)
        assert kit.problem(PrintOptions(seat=state.num_players), state) == ""
    else:
        assert kit.problem(PrintOptions(seat=1), state) == _(
            "--seat chooses one player's sheet; the kit of {game} prints the whole board").format(game=kit.name)
    for other in KITS:
        if other.game != kit.game and other.offer.filled is not None:
            with pytest.raises(ValueError, match="cannot print a game of"):
                build_print_pdf(other.game, PrintOptions(), state)


def test_the_dispatcher_calls_the_part_asked_for_with_the_options_it_checked():
    """A stand-in kit, registered for a moment in place of the first game's: the
    dispatcher checks the options against what it declares, then calls the part."""
    from reclaimdesk.export.kit import find_kit, register_kit, unregister_kit

    called: list[tuple[str, PrintOptions]] = []

    def part(name):
        return lambda options: called.append((name, options)) or name.encode()

    game = KITS[0].game
    kit = GameKit(game, parts={"rules": part("rules"), "all": part("all")}, offer=KitOffer(greyscale=False))
    register_kit(kit)
    try:
        assert kit.offer.parts == ("rules", "all")          # from the parts it declares, in --what's order
        assert build_print_pdf(game, PrintOptions(what="rules", paper="letter")) == b"rules"
        assert build_print_pdf(game, PrintOptions()) == b"all"
        assert kit.build("a4") == b"all" and [n for n, _o in called] == ["rules", "all", "all"]
        assert called[0][1].paper == "letter"
        with pytest.raises(ValueError, match="no 'cards' to print \\(it has rules, all\\)"):
            build_print_pdf(game, PrintOptions(what="cards"))
        with pytest.raises(ValueError, match="colour only"):
            build_print_pdf(game, PrintOptions(greyscale=True))
        with pytest.raises(ValueError, match="no filled sheet"):
            build_print_pdf(game, PrintOptions(), a_game(kit))
        assert len(called) == 3                               # a refused option reaches no part
    finally:
        unregister_kit(game)
    assert find_kit(game) is KITS[0]


@pytest.mark.parametrize("declared, reason", [
    ({"parts": {"rules": bytes}}, "with 'all'"),
    ({"parts": {"all": bytes, "posters": bytes}}, "with 'all'"),
    ({"parts": {"all": bytes}, "offer": KitOffer(parts=("all",))}, "not in its offer"),
    ({"parts": {"all": bytes}, "offer": KitOffer(filled=BOARD)}, "filled"),
    ({"parts": {"all": bytes}, "filled": lambda state, options: b""}, "filled"),
    ({"parts": {"all": bytes}, "offer": KitOffer(cards_as_images=True)}, "card images"),
])
def test_a_kit_that_declares_itself_wrongly_fails_when_declared(declared, reason):
    with pytest.raises(TypeError, match=reason):
        GameKit("a-kit", **declared)


def test_no_kit_reads_or_replays_a_record():
    """The command line and the app replay a record into a game state; the export
    package only ever receives the state."""
    export = Path(__file__).resolve().parents[2] / "reclaimdesk" / "export"
    for path in export.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "load_record" not in text and ".replay(" not in text and "core.record" not in text, path.name


def test_regeneration_builds_on_every_core_the_same_bytes(tmp_path, monkeypatch):
    """``python -m reclaimdesk.export.kit`` (and the export bench) build the files
    on one process a core: the bytes are those a single process makes, a second
    regeneration finds everything up to date, and a changed file is written again."""
    from reclaimdesk.export import kit as kit_module_

    few = kit_module_.kit_files()[:3]
    monkeypatch.setattr(kit_module_, "kit_files", lambda *a, **k: few)
    alone = kit_module_.build_all(workers=1)
    shared = kit_module_.build_all(workers=2)
    assert [(i.name, d) for i, d, _s in alone] == [(i.name, d) for i, d, _s in shared]
    lines: list[str] = []
    assert kit_module_.regenerate(tmp_path, out=lines.append, workers=2) == 3
    assert kit_module_.regenerate(tmp_path, check=True, out=lines.append, workers=2) == 0
    (tmp_path / few[1].name).write_bytes(b"%PDF-1.4 stale")
    assert kit_module_.regenerate(tmp_path, check=True, out=lines.append, workers=2) == 1
    assert any("OUT OF DATE" in line and few[1].name in line for line in lines)
