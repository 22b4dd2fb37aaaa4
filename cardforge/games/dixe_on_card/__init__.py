"""DiXe on Card: the built-in game pack (press your luck with custom dice, the DiXes).

Each player owns a starter set: six DiXes, each with one character face (a joker) and
five symbols, and the six cards of those characters. A card is flipped by making its
three symbol combinations in one turn of throws. DiXes are data (``cards/dixe-on-card/
dice.yaml``, a dice file), so the pack's rules check the cards against the dice, compute
each card's exact odds, and the ``dice`` product prints the DiXes. Facts live in
``cards/dixe-on-card/game.yaml``; files are checked by ``schemas/dixe-on-card.schema.json``.
"""

from __future__ import annotations

from cardforge.model.game_packs import GameSpec, lazy

GAME = GameSpec(
    id="dixe-on-card",
    names={"fr": "DiXe on Card", "en": "DiXe on Card"},
    schema="dixe-on-card.schema.json",
    rules="cardforge.games.dixe_on_card.rules",
    products=("cards", "dice", "rules", "rulesheet"),
    face_context=lazy("cardforge.games.dixe_on_card.dx_faces:face_context"),
    back_context=lazy("cardforge.games.dixe_on_card.dx_faces:back_context"),
    face_context_per_card=True,  # the hooks read the card, game.yaml and dice files only
    stats=lazy("cardforge.games.dixe_on_card.dx_stats:odds_table"),
    dice=lazy("cardforge.games.dixe_on_card.dx_faces:custom_dice"),
)
