"""Comic Creator (Fukuda Hiroshi, XiSize; 2–4 players): the built-in game pack.

Players spend dice to take Experience cards (VP) and Skill cards (more dice, dice
changes), helped by one-shot Assist cards. Costs are dice patterns (pairs, runs, sums…),
so the pack's rules check each cost against exact dice odds. Facts live in
``cards/comic-creator/game.yaml``; card files are checked by
``schemas/comic-creator.schema.json``.
"""

from __future__ import annotations

from cardforge.model.game_packs import GameSpec, lazy

GAME = GameSpec(
    id="comic-creator",
    names={"en": "Comic Creator", "ja": "コミッククリエイター"},
    schema="comic-creator.schema.json",
    rules="cardforge.games.comic_creator.rules",
    products=("cards", "rules", "rulesheet"),
    face_context=lazy("cardforge.games.comic_creator.cc_faces:face_context"),
    back_context=lazy("cardforge.games.comic_creator.cc_faces:back_context"),
    face_context_per_card=True,  # the hooks read the card, game.yaml and dice files only
    stats=lazy("cardforge.games.comic_creator.cc_stats:cost_table"),
    diagrams={"cost-kinds": lazy("cardforge.games.comic_creator.cc_diagrams:cost_kinds")},
)
