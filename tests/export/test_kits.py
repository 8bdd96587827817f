"""One test over every kit the registry finds: what it offers is coherent, it
prints its rules for each paper it offers, and every option it does not offer is
refused with one line (the same checks the Export dialog's tooltips say)."""

from __future__ import annotations

import pytest

from reclaimdesk.core.game import all_games
from reclaimdesk.export.kit import build_print_pdf, kit_module, kits
from reclaimdesk.export.options import PARTS, PAPERS, PrintOptions, offers, option_problem

KITS = kits()
REFUSED = {
    "map": PrintOptions(map_id="no-such-map"),
    "bleed": PrintOptions(bleed_mm=3.0),
    "back_offset": PrintOptions(back_offset=(1.0, 0.5)),
    "fold_over": PrintOptions(fold_over=True),
    "sheets_per_page": PrintOptions(sheets_per_page=2),
    "greyscale": PrintOptions(greyscale=True),
    "filled": PrintOptions(record="game.json"),
}


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
    for option, options in REFUSED.items():
        problem = option_problem(kit.offer, options, kit.name)
        if not offers(kit.offer, option):
            assert problem and "\n" not in problem, option
            with pytest.raises(ValueError, match=problem[:20].replace("(", r"\(").replace(")", r"\)")):
                build_print_pdf(kit.game, options)
        elif option != "map" and option != "filled":
            assert problem == "", (option, problem)
    if kit.offer.maps:
        assert "no-such-map" in option_problem(kit.offer, REFUSED["map"], kit.name)
    assert option_problem(kit.offer, PrintOptions(what="nothing"), kit.name)


def test_the_regeneration_command_sees_every_kit():
    """``python -m reclaimdesk.export.kit --check`` runs the module as ``__main__``;
    it must still find every registered kit (it once found none and said all was well)."""
    import subprocess
    import sys

    from reclaimdesk.export.kit import kit_files

    done = subprocess.run([sys.executable, "-m", "reclaimdesk.export.kit", "--check"], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{len(kit_files())} files in" in done.stdout and len(kit_files()) >= 15
