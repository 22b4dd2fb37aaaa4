"""Attribute: every attribute an idol names must be one of the game's attributes.

An idol's ``attribute`` and the ``attribute`` an effect counts (``per: attribute``) must be
keys of game.yaml ``facts.attributes`` — there are three; see the comment there for why we
use Vocal / Dance / Visual. Reported at the value, with the key it names (ボーカル → vocal)
or the closest key as a hint.

Passing::

    - id: kazami-riko
      attribute: dance
      effects:
        - {kind: extra-dice, count: 1, per: attribute, attribute: dance}

Failing (Cute is the track10 name; this pack's attributes are vocal, dance, visual)::

    - id: kazami-riko
      attribute: cute
"""

import difflib
from collections.abc import Iterator

from cardforge.model.game_model import Card, Game
from cardforge.problem import Location, Problem

CODE = "DG105"
NAME = "attribute"
SCOPE = "card"
SEVERITY = "error"


def _problem(card: Card, where: Location, value: str, attributes: dict) -> Problem:
    by_name = {name: key for key, spec in attributes.items() for name in spec["name"].values()}
    close = [by_name[value]] if value in by_name else difflib.get_close_matches(value, list(attributes), n=1)
    hint = f"did you mean {close[0]}?" if close else f"attributes: {', '.join(attributes)}"
    return Problem(where, CODE, f"unknown attribute {value!r}", card=card.id,
                   hint=f"{hint} (facts.attributes in game.yaml)")


def check(card: Card, game: Game) -> Iterator[Problem]:
    """Yield a Problem at each attribute not in ``facts.attributes`` (an attribute's name,
    such as ボーカル, gets its key as the hint)."""
    attributes = game.facts.get("attributes", {})
    attribute = card.data.get("attribute")
    if isinstance(attribute, str) and attribute not in attributes:
        yield _problem(card, card.locate("attribute"), attribute, attributes)
    for index, effect in enumerate(card.data.get("effects", [])):
        value = effect.get("attribute")
        if isinstance(value, str) and value not in attributes:
            yield _problem(card, card.locate("effects", index, "attribute"), value, attributes)
