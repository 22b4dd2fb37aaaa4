"""Die face: a value an effect turns a die to, or turns dice up to, must be a face.

``set-die`` turns a die to ``value`` and ``flip-low`` turns over the dice showing
``up-to`` or less; both must name a face of the game's die (game.yaml
``facts.die.faces``). A ``flip-low`` reaching the upper half would turn good dice into bad
ones, so ``up-to`` must also be below half of ``facts.die.opposite_sum``. Reported at the
value.

Passing::

    - {kind: set-die, value: 6}
    - {kind: flip-low, up-to: 2}

Failing (a die has no face 7; turning over 4s makes them 3s)::

    - {kind: set-die, value: 7}
    - {kind: flip-low, up-to: 4}
"""

from collections.abc import Iterator

from cardforge.model import Card, Game
from cardforge.problem import Problem

CODE = "DG106"
NAME = "die-face"
SCOPE = "card"
SEVERITY = "error"


def check(card: Card, game: Game) -> Iterator[Problem]:
    """Yield a Problem at each set-die value or flip-low bound that is not a sensible face."""
    die = game.facts.get("die", {})
    faces = sorted(die.get("faces", []))
    half = die.get("opposite_sum", 0) / 2
    for index, effect in enumerate(card.data.get("effects", [])):
        kind = effect.get("kind")
        key = {"set-die": "value", "flip-low": "up-to"}.get(kind)
        if key is None:
            continue
        value = effect[key]
        where = card.locate("effects", index, key)
        if value not in faces:
            yield Problem(where, CODE, f"{kind} {key} {value} is not a face of the die", card=card.id,
                          hint=f"faces: {', '.join(map(str, faces))} (facts.die in game.yaml)")
        elif kind == "flip-low" and value >= half:
            yield Problem(where, CODE, f"flip-low up-to {value} turns a {value} into a "
                          f"{die['opposite_sum'] - value}, a lower face", card=card.id,
                          hint=f"use a value below {half:g}: the opposite faces sum to "
                               f"{die['opposite_sum']}")
