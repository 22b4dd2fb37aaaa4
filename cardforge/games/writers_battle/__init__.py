"""Writers' battle (a Japanese two-player card game; title unknown): the built-in game pack.

Two writers fight with the characters of their stories on a map, paying pages (頁) to
move, to use abilities and to play gimmicks (events and equipment), and opening
foreshadow cards; the first to the ending-point goal, or whose opponent runs out of survival
points, wins. Facts live in ``cards/writers-battle/game.yaml`` (Japanese is the source
language); card files are checked by ``schemas/writers-battle.schema.json``. The pack's
rules check page costs, movement types, factions, foreshadow counts, survival balance and
the page facts; its stats compare the factions; faces draw each movement type as a 3 × 3
diagram.
"""

from __future__ import annotations

from cardforge.model.game_packs import GameSpec, lazy

GAME = GameSpec(
    id="writers-battle",
    names={"en": "Writers' Battle", "ja": "作家バトル"},
    schema="writers-battle.schema.json",
    rules="cardforge.games.writers_battle.rules",
    products=("cards", "board", "rules", "rulesheet"),
    face_context=lazy("cardforge.games.writers_battle.wb_faces:face_context"),
    back_context=lazy("cardforge.games.writers_battle.wb_faces:back_context"),
    face_context_per_card=True,  # the hooks read the card, game.yaml and dice files only
    stats=lazy("cardforge.games.writers_battle.wb_stats:table"),
    diagrams={"movement-types": lazy("cardforge.games.writers_battle.wb_diagrams:movement_types")},
)
