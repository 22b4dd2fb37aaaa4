"""Die face: a flip-low effect must not turn good dice into bad ones.

``flip-low`` turns over the dice showing ``up-to`` or less ([[Play on a card]]: a die
turned over shows ``facts.die.opposite_sum`` minus its value). Reaching the upper half
would turn good dice into bad ones, so ``up-to`` must be below half of
``facts.die.opposite_sum``. Reported at the value. That ``set-die``'s ``value`` and
``flip-low``'s ``up-to`` are faces of the die (``facts.die.faces``) is the core rule
CF016's, fed by game.yaml's ``card_costs:``.

Passing::

    - {kind: flip-low, up-to: 2}

Failing (turning over 4s makes them 3s)::

    - {kind: flip-low, up-to: 4}
"""

from collections.abc import Iterator

from cardforge.model.game_model import Card, Game
from cardforge.problem import Problem

CODE = "DG106"
NAME = "die-face"
SCOPE = "card"
SEVERITY = "error"


def check(card: Card, game: Game) -> Iterator[Problem]:
    """Yield a Problem at each flip-low bound, a face of the die, in its upper half."""
    die = game.facts.get("die", {})
    faces = sorted(die.get("faces", []))
    half = die.get("opposite_sum", 0) / 2
    for index, effect in enumerate(card.data.get("effects", [])):
        if effect.get("kind") != "flip-low":
            continue
        value = effect["up-to"]
        if value in faces and value >= half:  # a value no face shows: CF016
            yield Problem(card.locate("effects", index, "up-to"), CODE,
                          f"flip-low up-to {value} turns a {value} into a "
                          f"{die['opposite_sum'] - value}, a lower face", card=card.id,
                          hint=f"use a value below {half:g}: the opposite faces sum to "
                               f"{die['opposite_sum']}")
