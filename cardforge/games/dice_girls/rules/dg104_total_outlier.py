"""Expected total outlier: an idol whose expected pips are far from the other idols'.

Method. Each idol's expected total (the pips on it at the end of the game) is computed
exactly by ``cardforge.games.dice_girls.dg_odds``: random hands, a random play position,
the idols already in front drawn from the other cards, every roll and every dice-changing
effect enumerated (the model is in that module's docstring). Then, for each idol in turn,
the *other* idols' expected totals give a median ``m`` and a median absolute deviation
``MAD``; the idol's robust z-score is ``(E - m) / (1.4826 × MAD)`` (1.4826 makes the MAD
estimate a standard deviation for normal data). Leaving the idol out of its own reference
keeps one wild card from shifting the yardstick; median and MAD keep a few strong or weak
cards from stretching it. An idol is flagged when ``|z|`` exceeds ``facts.total_outlier.z``
*and* ``|E - m|`` exceeds ``facts.total_outlier.min_pips`` (so a very uniform deck, whose
MAD is tiny, does not flag small differences). Reported at the idol's ``dice``.

Passing (the shipped idols: expected totals between 5.0 and 8.9 pips)::

    - {id: suzumori-hibiki, dice: 2, effects: [{kind: reroll, count: 1}]}

Failing (three dice, each reroll and a six: about 14 pips where the rest make about 7)::

    - id: superstar
      dice: 3
      effects:
        - {kind: reroll, count: 3}
        - {kind: set-die, value: 6}
"""

from __future__ import annotations

import statistics
from collections.abc import Iterator

from cardforge.games.dice_girls.dg_idols import idols
from cardforge.games.dice_girls.dg_odds import totals
from cardforge.model.game_model import Game
from cardforge.problem import Problem

CODE = "DG104"
NAME = "total-outlier"
SCOPE = "game"
SEVERITY = "warning"
ADVISORY = True  # warnings of its own code from the data alone: a build need not run it
MAD_TO_SD = 1.4826
"""Scale that turns a median absolute deviation into a standard-deviation estimate."""


def robust_z(value: float, others: list[float]) -> tuple[float, float]:
    """(z, value - median) of ``value`` against ``others`` (median / scaled MAD).

    z is ±inf when the MAD is 0 and ``value`` differs from the median, 0 when equal.
    Raises statistics.StatisticsError when ``others`` is empty.
    """
    median = statistics.median(others)
    spread = MAD_TO_SD * statistics.median(abs(x - median) for x in others)
    gap = value - median
    if spread == 0:
        return (0.0 if gap == 0 else float("inf") if gap > 0 else float("-inf"), gap)
    return gap / spread, gap


def check(game: Game, _: Game) -> Iterator[Problem]:
    """Yield a warning at ``dice`` for each idol outside the band (see the method)."""
    settings = game.facts.get("total_outlier")
    designs = [idol for idol in idols(game) if idol.card.quantity > 0]
    if not settings or len(designs) < 3:
        return
    exact = totals(game)
    means = {idol.card.id: float(exact[idol.card.id].mean) for idol in designs}
    for idol in designs:
        others = [m for card_id, m in means.items() if card_id != idol.card.id]
        z, gap = robust_z(means[idol.card.id], others)
        if abs(z) > settings["z"] and abs(gap) > settings["min_pips"]:
            word = "more" if gap > 0 else "less"
            yield Problem(idol.card.locate("dice"), CODE,
                          f"expected total {means[idol.card.id]:.2f} pips is {abs(gap):.2f} {word} "
                          f"than the other idols' median {statistics.median(others):.2f} "
                          f"(robust z {z:+.1f})",
                          card=idol.card.id,
                          hint="change the dice icon or effects; `cardforge stats dice-girls` "
                               "shows every idol's expected total")
