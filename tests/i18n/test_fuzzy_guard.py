"""`cardforge i18n update` offers a fuzzy match only between related texts: never between
short ones, never from one card's name to another card's."""

from __future__ import annotations

from babel.messages.catalog import Catalog

from cardforge.i18n.game_catalogs import merge


def _catalog(*entries: tuple[str, str, str, int]) -> Catalog:
    catalog = Catalog(locale="fr", domain="cards", fuzzy=False)
    for msgid, msgstr, comment, line in entries:
        catalog.add(msgid, msgstr, locations=[("monsters.yaml", line)], auto_comments=[comment])
    return catalog


def _merged(old: Catalog, *new: tuple[str, str, int]) -> Catalog:
    pot = _catalog(*((msgid, "", comment, line) for msgid, comment, line in new))
    return merge(old, pot, "fr", [])


def test_a_changed_sentence_is_offered_fuzzy():
    old = _catalog(("Pay two coins to hire this monster.", "Payez deux pièces pour l'engager.",
                    "monsters.yaml: cards[imp].text", 5))
    [message] = [m for m in _merged(old, ("Pay three coins to hire this monster.",
                                          "monsters.yaml: cards[imp].text", 5)) if m.id]
    assert message.fuzzy and message.string == "Payez deux pièces pour l'engager."


def test_short_texts_are_not_matched():
    old = _catalog(("Coin", "Pièce", "game.yaml: icons.coin.name", 3))
    [message] = [m for m in _merged(old, ("Cost", "game.yaml: icons.cost.name", 9)) if m.id]
    assert not message.fuzzy and message.string == "" and not message.previous_id


def test_one_cards_name_is_not_offered_for_another_card():
    old = _catalog(("Goblin Fire Breather", "Gobelin cracheur de feu",
                    "monsters.yaml: cards[fire-goblin].name", 4))
    [message] = [m for m in _merged(old, ("Goblin Fire Brewer", "monsters.yaml: cards[brewer].name", 4))
                 if m.id]
    assert not message.fuzzy and message.string == ""  # not by text, and not by place either


def test_a_card_renamed_keeps_its_fuzzy_translation():
    old = _catalog(("Goblin Fire Breather", "Gobelin cracheur de feu",
                    "monsters.yaml: cards[fire-goblin].name", 4))
    renamed = ("Goblin Fire Breathers", "monsters.yaml: cards[fire-goblin].name", 4)
    [message] = [m for m in _merged(old, renamed)
                 if m.id]
    assert message.fuzzy and message.string == "Gobelin cracheur de feu"
