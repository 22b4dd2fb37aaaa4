"""Combination size: a card has the rulebook's number of combinations, each one makeable.

The rulebook flips a card after ``facts.combinations_per_card`` combinations (game.yaml),
and every symbol of a combination takes one DiXe placed on the card, so a combination can
hold no more symbols than the DiXes a player owns (``facts.dice_per_player``). A wrong
count is reported at ``combinations``, an oversized combination at that combination.

Passing (three combinations of three to five symbols)::

    - id: oni
      character: oni
      combinations: [[bomb, sun, aum], [aum, aum, yin-yang, bomb], [bomb, bomb, sun, skull, aum]]

Failing (a seven-symbol combination with six DiXes; only two combinations)::

    - id: oni
      character: oni
      combinations: [[bomb, sun, aum], [aum, aum, aum, aum, bomb, bomb, sun]]
"""

from __future__ import annotations

from collections.abc import Iterator

from cardforge.games.dixe_on_card.data import combinations
from cardforge.model import Card, Game
from cardforge.problem import Problem

CODE = "DX102"
NAME = "combination-size"
SCOPE = "card"
SEVERITY = "error"


def check(card: Card, game: Game) -> Iterator[Problem]:
    """Yield a Problem for a wrong number of combinations and for each combination with
    more symbols than a player has DiXes."""
    per_card = int(game.facts["combinations_per_card"])
    dice = int(game.facts["dice_per_player"])
    combos = combinations(card)
    if len(combos) != per_card:
        yield Problem(card.locate_key("combinations"), CODE,
                      f"{len(combos)} combinations; a card has {per_card}", card=card.id,
                      hint=f"game.yaml facts.combinations_per_card is {per_card}")
    for i, combo in enumerate(combos):
        if len(combo) > dice:
            yield Problem(card.locate("combinations", i), CODE,
                          f"combination {i + 1} has {len(combo)} symbols; a player has only "
                          f"{dice} DiXes to place", card=card.id,
                          hint=f"keep combinations to {dice} symbols or fewer")
