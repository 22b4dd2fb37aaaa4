"""Tabletop Simulator export: sheets of at most 10 × 7 cards and 4096 px, the last slot kept
for the hidden card, a back image, and a saved object TTS imports."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from PIL import Image

from cardforge.products.tts_plan import card_pixels, grid
from cardforge.products.tts_product import build_tts
from tests.exports.game import make_game, options


def test_grid_keeps_a_hidden_slot_and_stays_within_10_by_7():
    assert grid(69) == (10, 7)
    assert grid(26) == (9, 3)
    assert grid(6) == (4, 2)
    assert grid(1) == (2, 2)
    with pytest.raises(ValueError):
        grid(70)


def test_card_pixels_shrink_until_the_sheet_fits_4096():
    # 63.5 × 88.9 mm at 300 dpi is 750 × 1050 px; 10 columns would be 7500 px wide,
    # so the card shrinks by 4096 / 7500 to 409 × 573 (a 10 × 7 sheet: 4090 × 4011)
    assert card_pixels((63.5, 88.9), 300, 10, 7) == (409, 573)
    assert card_pixels((63.5, 88.9), 300, 2, 2) == (750, 1050)  # small sheets keep full size


def _big_game(tmp_path: Path):
    cards = "\n".join(f"  - {{id: c{i:02}, name: {{en: Card {i}}}{', quantity: 2' if i == 0 else ''}}}"
                      for i in range(75))
    game = make_game(tmp_path, cards=("ok_spare.yaml",))
    (game.root / "many.yaml").write_text(f"deck: main\ncards:\n{cards}\n", encoding="utf-8")
    from cardforge.workspace.game_loading import load_game
    from tests.conftest import GENERIC
    return load_game(game.root, GENERIC).game


def test_tts_sheets_json_and_hidden_slot(tmp_path):
    game = _big_game(tmp_path)
    written = build_tts(game, "en", options(tmp_path))
    folder = written[-1].parent
    assert written[-1].name == "generic.json"
    assert sorted(p.name for p in written[:-1]) == ["back-main.png", "back-spare.png", "main-1.png",
                                                    "main-2.png", "spare-1.png"]
    with Image.open(folder / "main-1.png") as sheet, Image.open(folder / "back-main.png") as back:
        assert sheet.size == (4090, 4011)  # 10 × 409 px, 7 × 573 px: within 4096
        assert back.size == (409, 573)
        hidden = sheet.crop((9 * 409, 6 * 573, 10 * 409, 7 * 573))  # slot 69
        assert hidden.getpixel((200, 280)) == back.getpixel((200, 280))
        assert sheet.getpixel((200, 280)) != back.getpixel((200, 280))  # slot 0 is a front
    with Image.open(folder / "main-2.png") as sheet:  # 6 cards left: 4 × 2 slots
        assert sheet.size == (4 * 409, 2 * 573)

    saved = json.loads(written[-1].read_text(encoding="utf-8"))
    main, spare = saved["ObjectStates"]
    assert main["Name"] == "DeckCustom" and main["Nickname"] == "Main"
    assert set(main["CustomDeck"]) == {"1", "2"}
    first, second = main["CustomDeck"]["1"], main["CustomDeck"]["2"]
    assert (first["NumWidth"], first["NumHeight"]) == (10, 7)
    assert (second["NumWidth"], second["NumHeight"]) == (4, 2)
    assert first["BackIsHidden"] is True and first["UniqueBack"] is False
    assert Path(urlsplit(first["FaceURL"]).path) == (folder / "main-1.png").resolve()
    assert Path(urlsplit(first["BackURL"]).path) == (folder / "back-main.png").resolve()
    assert main["DeckIDs"] == [100, 100] + list(range(101, 169)) + list(range(200, 206))
    assert 169 not in main["DeckIDs"]  # slot 69 is never a card
    cards = main["ContainedObjects"]
    assert [c["CardID"] for c in cards] == main["DeckIDs"]
    assert cards[0]["Nickname"] == "Card 0" and cards[-1]["Nickname"] == "Card 74"
    assert cards[-1]["CustomDeck"] == {"2": second}
    assert spare["DeckIDs"] == [300, 300] and set(spare["CustomDeck"]) == {"3"}


def test_a_deck_whose_cards_have_their_own_backs_gets_a_back_sheet(tmp_path):
    game = make_game(tmp_path, game="ok_own_backs.game.yaml")
    written = build_tts(game, "en", options(tmp_path))
    folder = written[-1].parent
    assert sorted(p.name for p in written[:-1]) == ["back-spare.png", "main-1-backs.png", "main-1.png",
                                                    "spare-1.png"]
    with Image.open(folder / "main-1.png") as faces, Image.open(folder / "main-1-backs.png") as backs:
        assert faces.size == backs.size == (2 * 750, 2 * 1050)  # 3 cards + hidden: 2 × 2 at full size
        assert faces.getpixel((1500 - 10, 2100 - 10)) == (128, 128, 128)  # hidden slot: neutral
        assert backs.getpixel((375, 525)) != faces.getpixel((375, 525))
    saved = json.loads(written[-1].read_text(encoding="utf-8"))
    entry = saved["ObjectStates"][0]["CustomDeck"]["1"]
    assert entry["UniqueBack"] is True and entry["BackURL"].endswith("/main-1-backs.png")
