"""Card images for print shops (``--cards-as-images DIR --shop ...``): every image is
exactly the pixels of the shop's poker-card template, the same bytes at every run;
``--bleed`` says what the paper let it give; crop marks never cross the footer."""

from __future__ import annotations

import hashlib
import re

import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest
from PIL import Image

from reclaimdesk.export.card_images import DPI, SHOPS, write_card_images
from reclaimdesk.export.cards import FOOTER_TOP_MM
from reclaimdesk.export.kit import bleed_given, build_print_pdf, kits
from reclaimdesk.export.options import PrintOptions

from .kit_checks import run
from .test_print_quality import objects

CARD_KITS = [k for k in kits() if k.card_faces is not None]
TEMPLATES = {"drivethrucards": (825, 1125), "makeplayingcards": (822, 1122)}
"""The shops' poker-card templates with bleed, in pixels at 300 dpi, as the shops publish them."""


def test_every_shop_preset_is_its_templates_size():
    for shop, size in TEMPLATES.items():
        assert SHOPS[shop].size_px == size


@pytest.mark.parametrize("shop", SHOPS)
@pytest.mark.parametrize("kit", CARD_KITS, ids=lambda k: k.game)
def test_every_image_has_the_templates_pixels(kit, shop, tmp_path):
    files = write_card_images(kit.game, PrintOptions(), tmp_path, shop=shop)
    cards, layout, _faces = kit.card_faces(PrintOptions(bleed_mm=3.0))
    assert len(files) == 2 * len(cards)
    want = TEMPLATES.get(shop) or (round((layout.card.width_mm + 6) / 25.4 * DPI),
                                   round((layout.card.height_mm + 6) / 25.4 * DPI))
    for path in files:
        with Image.open(path) as image:
            assert image.size == want, (path.name, image.size)
            assert image.info["dpi"][0] == pytest.approx(DPI, abs=0.01)
            # the bleed is drawn: no white column or row at the image's edges on a back
            if path.name.endswith("back.png"):
                rgb = image.convert("RGB")
                edges = [rgb.getpixel((0, rgb.height // 2)), rgb.getpixel((rgb.width - 1, rgb.height // 2))]
                centre_ground = rgb.getpixel((rgb.width // 2, 4))
                assert edges[0] == edges[1] == centre_ground, path.name


def digest(folder) -> str:
    return hashlib.sha256(b"".join(p.read_bytes() for p in sorted(folder.glob("*.png")))).hexdigest()


def test_images_are_byte_identical_between_runs(tmp_path, capsys):
    game = CARD_KITS[0].game
    for k in (1, 2):
        code, _out, err = run(capsys, "print", game, "--cards-as-images", str(tmp_path / str(k)),
                              "--shop", "drivethrucards")
        assert code == 0, err
    assert digest(tmp_path / "1") == digest(tmp_path / "2")


def test_shop_options_that_do_not_fit_exit_2(tmp_path, capsys):
    game = CARD_KITS[0].game
    code, _out, err = run(capsys, "print", game, "--shop", "drivethrucards", "-o", str(tmp_path / "x.pdf"))
    assert code == 2 and "--cards-as-images" in err
    code, _out, err = run(capsys, "print", game, "--cards-as-images", str(tmp_path / "png"),
                          "--shop", "makeplayingcards", "--bleed", "2")
    assert code == 2 and "--bleed" in err
    assert not (tmp_path / "png").exists() or not any((tmp_path / "png").iterdir())


@pytest.mark.parametrize("kit", [k for k in CARD_KITS if k.offer.bleed], ids=lambda k: k.game)
def test_bleed_says_what_the_paper_let_it_give(kit, tmp_path, capsys):
    out = tmp_path / "cards.pdf"
    code, _out, err = run(capsys, "print", kit.game, "--what", "cards", "--bleed", "3", "-o", str(out))
    assert code == 0, err
    given = bleed_given(kit.game, PrintOptions(what="cards", bleed_mm=3.0))
    assert given is not None and 2.0 <= given < 3.0                     # A4: 9 cards with 2.25 mm
    assert re.search(rf"--bleed 3 mm: .*{given:g} mm", err), err
    code, _out, err = run(capsys, "print", kit.game, "--what", "cards", "--bleed", "2", "-o", str(out))
    assert code == 0 and err == ""                                      # what was asked is what it got


@pytest.mark.parametrize("paper", ("a4", "letter"))
@pytest.mark.parametrize("kit", [k for k in CARD_KITS if k.offer.bleed], ids=lambda k: k.game)
def test_crop_marks_never_cross_the_footer(kit, paper):
    pdf = build_print_pdf(kit.game, PrintOptions(paper=paper, what="cards", bleed_mm=3.0))
    doc = pdfium.PdfDocument(pdf)
    for i in range(len(doc)):
        found = list(objects(doc[i]))
        footer = [box for kind, box, _size in found if kind == raw.FPDF_PAGEOBJ_TEXT and box[3] < FOOTER_TOP_MM]
        marks = [box for kind, box, _size in found if kind == raw.FPDF_PAGEOBJ_PATH
                 and (box[2] - box[0] < 1.0 or box[3] - box[1] < 1.0)]
        for f in footer:
            for m in marks:
                apart = m[2] < f[0] or m[0] > f[2] or m[3] < f[1] or m[1] > f[3]
                assert apart, (kit.game, paper, f"page {i + 1}", f, m)
