""""?" dice count: a "?" idol needs one ability that sets its dice count, and only it.

The Dice Girls rule manual ([[Play on a card]]): a "?" icon means the idol's ability
decides how many dice it rolls, and that ability is applied before the roll. So a "?"
idol must have exactly one ``dice-count`` effect (without one it would roll nothing;
with two the count is ambiguous), and an idol with a number icon must have none (its
icon already says how many dice it rolls). Reported at ``dice`` when the effect is
missing, else at the offending effect's ``kind``.

Passing::

    - id: otonashi-suzu
      dice: "?"
      effects:
        - {kind: dice-count, per: idols, max: 3}

Failing (nothing says how many dice to roll)::

    - id: otonashi-suzu
      dice: "?"
      effects:
        - {kind: reroll, count: 1}
"""

from collections.abc import Iterator

from cardforge.games.dice_girls.dg_idols import QUESTION, Idol
from cardforge.model.game_model import Card, Game
from cardforge.problem import Problem

CODE = "DG102"
NAME = "question-dice-count"
SCOPE = "card"
SEVERITY = "error"


def check(card: Card, game: Game) -> Iterator[Problem]:
    """Yield a Problem for a "?" idol without exactly one dice-count effect, or a number
    icon with one."""
    idol = Idol.of(card)
    counts = idol.count_effects()
    if idol.icon == QUESTION:
        if not counts:
            yield Problem(card.locate("dice"), CODE,
                          'a "?" idol needs an effect that sets how many dice it rolls',
                          card=card.id,
                          hint="add an effect such as {kind: dice-count, per: idols, max: 3}")
        for index, _ in counts[1:]:
            yield Problem(card.locate("effects", index, "kind"), CODE,
                          'a "?" idol may have only one dice-count effect', card=card.id,
                          hint="merge the counts into one effect (plus / max)")
    else:
        for index, _ in counts:
            yield Problem(card.locate("effects", index, "kind"), CODE,
                          f"a dice-count effect needs the \"?\" icon; this idol shows {idol.icon!r}",
                          card=card.id, hint='set `dice: "?"` or use an extra-dice effect')
