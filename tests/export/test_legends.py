"""Every key is true to what it names, in every ink mode. Each kit of the registry
is built in colour, greyscale and ink saver (with the filled sheet of a game where
it prints one); wherever a key's swatch or a piece it names was drawn
(``Surface.mark``, through the kit's style table), that spot is rendered and
looked at: the swatch must look like the pieces it names, and both must look the
way the key's words say ("solid", "outlined", "black", "red"...)."""

from __future__ import annotations

from collections import defaultdict

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageStat

from reclaimdesk.core.agents import play_game
from reclaimdesk.core.game import all_games, get_game
from reclaimdesk.export.kit import build_print_pdf, find_kit
from reclaimdesk.export.options import PrintOptions
from reclaimdesk.export.pdf import Mark, recording_marks

MODES = {"colour": {}, "greyscale": {"greyscale": True}, "ink-saver": {"ink_saver": True}}
SCALE = 8.0
"""Pixels a point when a spot is rendered (about 23 a millimetre)."""
SAME = 0.15
"""How far a swatch's mean grey (and colour) may be from its pieces'."""
KITS = [spec.id for spec in all_games() if find_kit(spec.id) is not None]


def _modes(game: str) -> list[str]:
    return list(MODES) if find_kit(game).offer.greyscale else ["colour"]


def _filled_state(game: str):
    spec = get_game(game)
    n = min(spec.max_players, max(spec.min_players, 2))
    return play_game(spec.new_game(n, 5), [spec.agent("random", 40 + i) for i in range(n)])


def _documents(game: str, mode: str) -> list[tuple[bytes, list[Mark]]]:
    kit = find_kit(game)
    options = PrintOptions(**MODES[mode])
    with recording_marks() as docs:
        build_print_pdf(game, options)
        if kit.filled is not None:
            build_print_pdf(game, options, _filled_state(game))
    return docs


PAD = 60.0
"""Points rendered around a spot and cut away: pdfium leaves out a clip path that
reaches past the edge of what it renders, so a hex's stripes clipped to a
neighbouring hex would spill over the spot if that were rendered alone."""


def _render(pdf: pdfium.PdfDocument, mark: Mark, share: float) -> Image.Image:
    """The centred ``share`` of a mark's box, rendered."""
    page = pdf[mark.page]
    width, height = page.get_size()
    left, bottom, right, top = mark.box
    cx, cy = (left + right) / 2, (bottom + top) / 2
    hw, hh = (right - left) * share / 2, (top - bottom) * share / 2
    pl, pb = max(0.0, cx - hw - PAD), max(0.0, cy - hh - PAD)
    pr, pt = min(width, cx + hw + PAD), min(height, cy + hh + PAD)
    image = page.render(scale=SCALE, crop=(pl, pb, width - pr, height - pt)).to_pil()
    box = (round((cx - hw - pl) * SCALE), round((pt - cy - hh) * SCALE),
           round((cx + hw - pl) * SCALE), round((pt - cy + hh) * SCALE))
    return image.crop(box).convert("RGB")


def _stats(image: Image.Image) -> tuple[float, float, tuple[float, ...]]:
    """(mean grey, darkest grey, mean r g b), each 0 (black) to 1 (white)."""
    grey = image.convert("L")
    stat = ImageStat.Stat(grey)
    return stat.mean[0] / 255, stat.extrema[0][0] / 255, tuple(v / 255 for v in ImageStat.Stat(image).mean)


def _looks(pdf: pdfium.PdfDocument, mark: Mark) -> str | None:
    """Why ``mark`` does not look as its key says, or None."""
    mean, darkest, (r, g, b) = _stats(_render(pdf, mark, mark.core))
    _whole_mean, whole_darkest, _rgb = _stats(_render(pdf, mark, 1.0))
    ok = {
        "solid": mean < 0.5,
        "outlined": mean >= 0.6 and whole_darkest < 0.5,
        "black": mean < 0.2,
        "red": r - max(g, b) > 0.25,
        "dark grey": 0.2 <= mean < 0.6 and max(r, g, b) - min(r, g, b) < 0.05,
        "white": mean > 0.92 and darkest > 0.8,
        "hatched": mean >= 0.6 and darkest < 0.6,
        "light": 0.5 <= mean <= 0.92,
        "line art": mean >= 0.3 and darkest < 0.35,
    }[mark.look]
    if ok:
        return None
    return (f"{mark.role} {mark.key!r} on page {mark.page + 1} is not {mark.look}: mean grey {mean:.2f}, "
            f"darkest {darkest:.2f}, rgb ({r:.2f}, {g:.2f}, {b:.2f}), darkest around it {whole_darkest:.2f}")


@pytest.mark.parametrize("game", KITS)
def test_every_key_looks_like_the_pieces_it_names_and_says_what_they_look_like(game: str) -> None:
    problems: list[str] = []
    keys_seen = 0
    for mode in _modes(game):
        docs = _documents(game, mode)
        legends: dict[str, list[tuple[pdfium.PdfDocument, Mark]]] = defaultdict(list)
        pieces: dict[str, list[tuple[pdfium.PdfDocument, Mark]]] = defaultdict(list)
        for data, marks in docs:
            pdf = pdfium.PdfDocument(data)
            for mark in marks:
                (legends if mark.role == "legend" else pieces)[mark.key].append((pdf, mark))
        for key, swatches in legends.items():
            keys_seen += 1
            drawn = pieces.get(key, [])
            if not drawn:
                problems.append(f"{mode}: the key names {key!r}, drawn nowhere in the kit")
                continue
            sample = drawn[:: max(1, len(drawn) // 6)][:6]
            for pdf, mark in swatches + sample:
                if (why := _looks(pdf, mark)) is not None:
                    problems.append(f"{mode}: {why}")
            # an outline is compared by its ink (its middle shows whatever it was drawn on),
            # anything else by its middle's grey and colour
            outline = swatches[0][1].look == "outlined"

            def measure(pdf: pdfium.PdfDocument, mark: Mark) -> tuple[float, tuple[float, ...]]:
                mean, _darkest, rgb = _stats(_render(pdf, mark, mark.core))
                return (_stats(_render(pdf, mark, 1.0))[1], (0.0, 0.0, 0.0)) if outline else (mean, rgb)

            piece_stats = [measure(pdf, mark) for pdf, mark in sample]
            piece_grey = sum(s[0] for s in piece_stats) / len(piece_stats)
            piece_rgb = [sum(s[1][i] for s in piece_stats) / len(piece_stats) for i in range(3)]
            for pdf, mark in swatches:
                grey, rgb = measure(pdf, mark)
                if abs(grey - piece_grey) > SAME or any(abs(a - b) > SAME for a, b in zip(rgb, piece_rgb)):
                    problems.append(f"{mode}: the swatch of {key!r} on page {mark.page + 1} (grey {grey:.2f}, "
                                    f"rgb {tuple(round(v, 2) for v in rgb)}) differs from its pieces (grey "
                                    f"{piece_grey:.2f}, rgb {tuple(round(v, 2) for v in piece_rgb)})")
    if keys_seen == 0:
        pytest.skip(f"the kit of {game} has no key drawn from a style table")
    assert not problems, "\n".join(problems)


def test_some_kits_draw_their_keys_from_style_tables() -> None:
    """The test above looks at something: keys of at least three kits are marked."""
    with_keys = 0
    for game in KITS:
        with recording_marks() as docs:
            build_print_pdf(game, PrintOptions())
        with_keys += any(mark.role == "legend" for _data, marks in docs for mark in marks)
    assert with_keys >= 3
