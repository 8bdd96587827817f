"""The ready-made variants in ``sheets/`` for players who have only the PDFs: each kit's
cards with the full 3 mm bleed and a gutter (cut one by one), its cards to fold over,
and the whole kit in ink saver; the covers say which file is which."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from reclaimdesk.core.i18n import using_language
from reclaimdesk.export.kit import CUTTING_GUTTER_MM, FULL_BLEED_MM, kit_files, kits
from reclaimdesk.export.layout import PT_PER_MM, back_slots

from .kit_checks import page_texts, run

FILES = kit_files()


def test_every_kit_comes_with_the_variants_it_offers():
    names = {f.name for f in FILES}
    for kit in kits():
        offer = kit.offer
        for paper in ("a4", "letter", "a4-ja"):
            assert f"{kit.game}-{paper}.pdf" in names
            assert (f"{kit.game}-ink-saver-{paper}.pdf" in names) == offer.greyscale
            assert (f"{kit.game}-cards-fold-{paper}.pdf" in names) == offer.fold_over
            assert (f"{kit.game}-cards-bleed-{paper}.pdf" in names) == (offer.bleed and "cards" in offer.parts)


@pytest.mark.parametrize("item", [f for f in FILES if f.variant == "cards-bleed" and f.kit.card_faces is not None],
                         ids=lambda f: f.name)
def test_the_bleed_cards_keep_their_whole_bleed_and_a_gutter(item):
    with using_language(item.lang):
        layout = item.kit.card_faces(item.options)[1]
    assert layout.bleed_mm == FULL_BLEED_MM and layout.gap_mm == CUTTING_GUTTER_MM
    doc = pdfium.PdfDocument(item.build())
    # the backs' ground runs on into the bleed: 2.5 mm outside the cut, the same colour as 2.5 mm inside
    page = doc[1].render(scale=2).to_pil().convert("RGB")
    px = 2 * PT_PER_MM
    slot = back_slots(layout)[0]
    y = page.height - (slot.y + slot.height / 2) * px
    outside = page.getpixel((int((slot.x - 2.5) * px), int(y)))
    inside = page.getpixel((int((slot.x + 2.5) * px), int(y)))
    assert outside == inside != (255, 255, 255), (item.name, outside, inside)


@pytest.mark.parametrize("item", [f for f in FILES if f.variant == "" and f.lang == "en"], ids=lambda f: f.name)
def test_the_cover_names_each_file_of_the_kit_and_the_calibration_bar(item):
    cover = page_texts(item.build())[0].replace("\r", "").replace("\n", " ")
    assert "50 mm" in cover and "2 in" in cover
    for other in FILES:
        if other.kit is item.kit and other.paper_key == item.paper_key and other.lang == item.lang:
            assert other.name in cover.replace(" ", ""), other.name


def test_the_gutter_is_refused_where_it_does_not_apply(tmp_path, capsys):
    card_kit = next(k for k in kits() if k.offer.gutter)
    out = str(tmp_path / "x.pdf")
    code, _out, err = run(capsys, "print", card_kit.game, "--what", "cards", "--gutter", "4", "-o", out)
    assert code == 2 and "--bleed" in err
    code, _out, err = run(capsys, "print", card_kit.game, "--what", "cards", "--gutter", "40", "--bleed", "3",
                          "-o", out)
    assert code == 2 and "--gutter" in err
    other = next((k for k in kits() if not k.offer.gutter), None)
    if other is not None:
        code, _out, err = run(capsys, "print", other.game, "--gutter", "4", "--bleed", "3", "-o", out)
        assert code == 2 and "--gutter" in err
