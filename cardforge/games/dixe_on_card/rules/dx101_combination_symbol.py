"""Combination symbol: every symbol of a combination is in the symbol set and on the owner's DiXes.

A card belongs to a starter set (its deck); its owner rolls that set's DiXes (the dice
file's entries whose ``set`` is the deck). A symbol missing from game.yaml's
``facts.symbols`` is a typo; a known symbol that no DiXe of the set shows can only ever be
filled by a joker. Each is reported at the symbol inside the combination.

Passing (the Crypt's DiXes show skulls and bombs)::

    - id: crane-yorick
      character: crane-yorick
      combinations: [[skull, skull, bomb], [skull, pirate], [bomb, eight, skull]]

Failing (``skul`` is no symbol; no DiXe of the Crypt shows a ``moon``)::

    - id: crane-yorick
      character: crane-yorick
      combinations: [[skul, skull, bomb], [skull, moon], [bomb, eight, skull]]
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from cardforge.games.dixe_on_card.data import combinations, set_dice, symbols
from cardforge.model import Card, Game
from cardforge.problem import Problem

CODE = "DX101"
NAME = "combination-symbol"
SCOPE = "card"
SEVERITY = "error"


def check(card: Card, game: Game) -> Iterator[Problem]:
    """Yield a Problem at each unknown symbol, and at each symbol no DiXe of the set shows."""
    known = symbols(game)
    shown = {face for die in set_dice(game, card.deck) for face in die.faces}
    for i, combo in enumerate(combinations(card)):
        for j, symbol in enumerate(combo):
            where = card.locate("combinations", i, j)
            if symbol not in known:
                close = difflib.get_close_matches(symbol, list(known), n=1)
                yield Problem(where, CODE, f"combination {i + 1}: {symbol!r} is not a symbol",
                              card=card.id, hint=f"did you mean {close[0]!r}?" if close else
                              f"symbols (game.yaml facts.symbols): {', '.join(known)}")
            elif symbol not in shown:
                yield Problem(where, CODE, f"combination {i + 1}: no DiXe of set {card.deck!r} "
                              f"shows {symbol!r}; only a joker could fill it", card=card.id,
                              hint="use a symbol the set's DiXes show, or put it on a DiXe "
                                   "of the set in the dice file")
