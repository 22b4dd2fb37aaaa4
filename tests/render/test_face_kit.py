import pytest

from cardforge.render.templating.face_kit import mix, palette


def test_mix_moves_each_channel_by_the_amount():
    assert mix("#000000", "#ffffff", 0.5) == "#808080"
    assert mix("#c9452f", "#ffffff", 0) == "#c9452f"
    assert mix("#c9452f", "#000000", 1) == "#000000"


def test_mix_rejects_other_notations():
    with pytest.raises(ValueError, match="not a #rrggbb colour"):
        mix("red", "#ffffff", 0.5)


def test_palette_tint_and_shade():
    assert palette("#204080", tint=0.5, shade=0.5) == {
        "colour": "#204080", "tint": "#90a0c0", "shade": "#102040"}


def _card(names: dict, languages: list, source: str):
    from pathlib import Path

    from cardforge.loading.yaml_source import Document
    from cardforge.model.game_model import Card, Game

    class Spec:
        id = "g"

    doc = Document(Path("c.yaml"), {"cards": [{"id": "a", "name": names}]})
    manifest = Document(Path("game.yaml"), {"languages": languages, "source_language": source})
    return Card("a", "d", doc.data["cards"][0], doc, ("cards", 0)), Game(Spec(), Path("."), manifest)


def test_names_prints_the_other_language_under_the_name():
    from cardforge.render.templating.face_kit import names

    card, game = _card({"en": "Speed Lines", "ja": "集中線"}, ["en", "ja"], "ja")
    assert names(card, game, "en") == {"name": "Speed Lines", "name_lang": "en",
                                       "subname": "集中線", "subname_lang": "ja"}
    assert names(card, game, "ja")["subname"] == "Speed Lines"


def test_names_falls_back_to_the_source_language_and_skips_equal_subnames():
    from cardforge.render.templating.face_kit import names

    card, game = _card({"fr": "Oni", "en": "Oni"}, ["fr", "en"], "fr")
    assert names(card, game, "de") == {"name": "Oni", "name_lang": "fr", "subname": None,
                                       "subname_lang": None}


def test_width_em_counts_cjk_square_and_latin_narrow():
    from cardforge.render.templating.face_kit import width_em

    assert width_em("ab 集中", latin_em=0.5) == 0.5 * 3 + 2
    assert width_em("排気", latin_em=1.0, cjk_em=1.8) == pytest.approx(3.6)
