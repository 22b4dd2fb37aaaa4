"""Layout box: every box of a game.yaml ``layout:`` lies on the card and shows a field
the deck has.

A box showing text (a field, fixed text, an icon) must lie inside the safe area; an image
or a shape may run to the edge of the bleed. A box of no width or height is reported too,
and so is a ``field:`` the deck does not declare (a workspace game's ``fields:``, or
``id``, ``name``, ``quantity``, ``marks``). Reported at the box's name in game.yaml, on
the deck's card size (a game's ``layout:`` once per deck that uses it).
(Layout boxes: docs/card-layout.md.)

Passing (a poker card, 63 × 88 mm, safe area 4 mm in)::

    layout:
      front:
        title: {field: name, top: 4, left: 4, right: 4, height: 9}

Failing (the title starts 2 mm from the top, inside the 4 mm safe margin)::

    layout:
      front:
        title: {field: name, top: 2, left: 4, right: 4, height: 9}
"""

from collections.abc import Iterator

from cardforge.model.card_layout import SIDES, content, layout_of, outside
from cardforge.model.game_model import Game
from cardforge.problem import Problem

CODE = "CF024"
NAME = "layout-box"
SCOPE = "game"
SEVERITY = "error"

BUILT_IN_FIELDS = ("id", "name", "quantity", "marks")
"""Fields every card may have, whatever its deck's ``fields:``."""


def check(game: Game, _: Game) -> Iterator[Problem]:
    """Yield a Problem per layout box off its card or safe area, and per box showing a
    field its deck lacks; each place in game.yaml once."""
    seen: set[tuple[int, int, str]] = set()
    for deck, spec in game.info["decks"].items():
        found = layout_of(game.info, deck)
        if found is None:
            continue
        pointer, layout = found
        geometry = game.card_geometry(deck)
        fields = spec.get("fields")
        for side in SIDES:
            for name, box in (layout.get(side) or {}).items():
                where = game.manifest.locate_key(*pointer, side, name)
                whose = f"deck {deck!r}, " if pointer[0] == "layout" else ""
                why = outside(box, geometry)
                kind, value = content(box)
                if why is None and kind == "field" and isinstance(fields, dict) \
                        and value not in fields and value not in BUILT_IN_FIELDS:
                    why = f"shows field {value!r}, which deck {deck!r} does not have"
                    hint = f"its fields: {', '.join([*BUILT_IN_FIELDS, *fields])}"
                else:
                    hint = (f"the card is {geometry.width_mm:g} × {geometry.height_mm:g} mm, its safe "
                            f"area {geometry.safe_mm:g} mm in from the trim; move or shrink the box")
                key = (where.line, where.col, why or "")
                if why is not None and key not in seen:
                    seen.add(key)
                    yield Problem(where, CODE, f"{whose}layout box {side}.{name} {why}", hint=hint)
