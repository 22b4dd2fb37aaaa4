"""Combination symbol: every symbol of a combination is in the symbol set.

A symbol missing from game.yaml's ``facts.symbols`` is a typo, reported at the symbol
inside the combination with the closest symbol. That the DiXes of the card's set (its
deck) can show the combination, one DiXe a symbol and without a joker, is the core rule
CF016's, fed by game.yaml's ``card_costs:``.

Passing::

    - id: crane-yorick
      character: crane-yorick
      combinations: [[skull, skull, bomb], [skull, pirate], [bomb, eight, skull]]

Failing (``skul`` is no symbol)::

    - id: crane-yorick
      character: crane-yorick
      combinations: [[skul, skull, bomb], [skull, pirate], [bomb, eight, skull]]
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from cardforge.games.dixe_on_card.dx_data import combinations, symbols
from cardforge.model.game_model import Card, Game
from cardforge.problem import Problem

CODE = "DX101"
NAME = "combination-symbol"
SCOPE = "card"
SEVERITY = "error"


def check(card: Card, game: Game) -> Iterator[Problem]:
    """Yield a Problem at each symbol that is not in the symbol set."""
    known = symbols(game)
    for i, combo in enumerate(combinations(card)):
        for j, symbol in enumerate(combo):
            if symbol not in known:
                close = difflib.get_close_matches(symbol, list(known), n=1)
                yield Problem(card.locate("combinations", i, j), CODE,
                              f"combination {i + 1}: {symbol!r} is not a symbol", card=card.id,
                              hint=f"did you mean {close[0]!r}?" if close else
                              f"symbols (game.yaml facts.symbols): {', '.join(known)}")
