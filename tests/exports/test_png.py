"""Per-card PNGs: one file per physical card plus backs, at exact pixel sizes."""

from __future__ import annotations

import pytest
from PIL import Image

from cardforge.products.png_product import build_png
from tests.exports.game import make_game, options


def test_tgc_poker_pngs_are_825_by_1125_rgb_one_per_physical_card(tmp_path):
    game = make_game(tmp_path)
    written = build_png(game, "en", options(tmp_path, "tgc-poker"))
    names = sorted(p.name for p in written)
    assert names == ["alpha.png", "back-main.png", "back-spare.png", "beta-1.png", "beta-2.png",
                     "beta-3.png", "delta-1.png", "delta-2.png", "gamma.png"]
    assert {p.parent.name for p in written} == {"generic-tgc-poker-en"}
    for path in written:
        with Image.open(path) as image:
            assert image.size == (825, 1125) and image.mode == "RGB"
            assert round(image.info["dpi"][0]) == 300


def test_mpc_poker_pngs_are_822_by_1122(tmp_path):
    written = build_png(make_game(tmp_path), "en", options(tmp_path, "mpc-poker"))
    with Image.open(written[0]) as image:
        assert image.size == (822, 1122)


def test_plain_png_product_uses_the_game_size_at_the_chosen_dpi(tmp_path):
    written = build_png(make_game(tmp_path), "en", options(tmp_path, dpi=150))
    with Image.open(written[0]) as image:  # (63.5 + 2 × 3.175) mm = 2.75 in, 3.75 in at 150 dpi
        assert image.size == (413, 563)
        # the front is painted magenta-ish all over, bleed included
        assert image.getpixel((0, 0)) == image.getpixel((200, 280))
    assert written[0].parent.name == "generic-png-en"


def test_a_card_id_that_collides_with_a_back_image_name_is_an_error(tmp_path):
    game = make_game(tmp_path)
    game.decks["main"].cards[0].id = "back-spare"
    with pytest.raises(ValueError, match="back-spare.png"):
        build_png(game, "en", options(tmp_path))
