"""Symbol icon: every symbol of the symbol set has an icon to print.

Cards draw combinations with the symbols' icons, and DiXe faces print them, so each key of
game.yaml's ``facts.symbols`` needs ``templates/dixe-on-card/icons/<symbol>.svg`` (built
in, or in the workspace's own ``templates/dixe-on-card/icons/``). A symbol without one is
reported at its key in game.yaml; the same icons make ``:symbol:`` tokens in card text.

Passing (``templates/dixe-on-card/icons/skull.svg`` exists)::

    symbols:
      skull: {name: {fr: Crâne, en: Skull}}

Failing (no ``moon.svg`` anywhere on the template path)::

    symbols:
      moon: {name: {fr: Lune, en: Moon}}
"""

from __future__ import annotations

from collections.abc import Iterator

from cardforge.games.dixe_on_card.dx_data import symbols
from cardforge.lint.data_shape_rules.cf009_icon_token import icons_for
from cardforge.model.game_model import Game
from cardforge.problem import Problem

CODE = "DX107"
NAME = "symbol-icon"
SCOPE = "game"
SEVERITY = "error"


def check(game: Game, _: Game) -> Iterator[Problem]:
    """Yield a Problem at each symbol of ``facts.symbols`` that has no icon."""
    icons = icons_for(game)
    for symbol in symbols(game):
        if not icons.known(symbol):
            yield Problem(game.manifest.locate_key("facts", "symbols", symbol), CODE,
                          f"symbol {symbol!r} has no icon",
                          hint=f"draw templates/{game.id}/icons/{symbol}.svg (a square SVG)")
