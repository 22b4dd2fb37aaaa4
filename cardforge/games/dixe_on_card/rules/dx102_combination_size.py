"""Combination size: a card has the rulebook's number of combinations.

The rulebook flips a card after ``facts.combinations_per_card`` combinations (game.yaml);
a wrong count is reported at ``combinations``. That each combination fits the DiXes a
player owns (every symbol takes one DiXe placed on the card) is the core rule CF016's,
fed by game.yaml's ``card_costs:``.

Passing (three combinations)::

    - id: oni
      character: oni
      combinations: [[bomb, sun, aum], [aum, aum, yin-yang, bomb], [bomb, bomb, sun, skull, aum]]

Failing (only two combinations)::

    - id: oni
      character: oni
      combinations: [[bomb, sun, aum], [aum, aum, yin-yang, bomb]]
"""

from __future__ import annotations

from collections.abc import Iterator

from cardforge.games.dixe_on_card.dx_data import combinations
from cardforge.model.game_model import Card, Game
from cardforge.problem import Problem

CODE = "DX102"
NAME = "combination-size"
SCOPE = "card"
SEVERITY = "error"


def check(card: Card, game: Game) -> Iterator[Problem]:
    """Yield a Problem for a wrong number of combinations."""
    per_card = int(game.facts["combinations_per_card"])
    combos = combinations(card)
    if len(combos) != per_card:
        yield Problem(card.locate_key("combinations"), CODE,
                      f"{len(combos)} combinations; a card has {per_card}", card=card.id,
                      hint=f"game.yaml facts.combinations_per_card is {per_card}")
