"""Print numbers: game.yaml's copies counts and board sizes must work out.

The print products read two kinds of number from game.yaml (docs/workspace-games.md):
``print.<cards|dice>.copies``, how many times every card or die is printed so the file
holds what the biggest table needs, and ``boards.<id>.width`` / ``height``, a board's
size in mm. Each is a number or a CEL expression over ``players``, ``facts`` and
``decks``. A build stops at the first that does not work out; this rule reports every
one of them, at its value: an expression that is not CEL or reads what game.yaml does
not have, a copies count that is not a whole number from 1 to 50, a board side outside
20–2000 mm.

Passing (Dice Tuners, Game Setup: players + 1 dice of each colour)::

    print:
      dice: {copies: "players.max + facts.dice_per_colour_extra"}

Failing (no such fact; a board 5 m wide)::

    print:
      dice: {copies: "players.max + facts.extra_dice"}
    boards:
      map: {name: {en: Map}, template: map.html.j2, width: "facts.map.columns * 1000", height: 400}
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from cardforge.model.board_specs import KEY as BOARDS
from cardforge.model.board_specs import MAX_SIDE_MM, MIN_SIDE_MM
from cardforge.model.game_model import Game
from cardforge.model.print_copies import KEY as PRINT
from cardforge.model.print_copies import MAX_COPIES, PRODUCTS, GameNumberError, game_number
from cardforge.problem import Problem

CODE = "CF021"
NAME = "print-numbers"
SCOPE = "game"
SEVERITY = "error"
JUDGES_WHAT_LOADED = True  # cross-file: reports only what it sees in the files that loaded


def check(game: Game, _: Game) -> Iterator[Problem]:
    """Yield a Problem at each copies count or board side of ``game`` that does not work
    out (see the module docstring)."""
    printed = game.info.get(PRINT)
    for product in PRODUCTS:
        entry = printed.get(product) if isinstance(printed, Mapping) else None
        if isinstance(entry, Mapping) and "copies" in entry:
            yield from _checked(game, (PRINT, product, "copies"), 1, MAX_COPIES, whole=True)
    declared = game.info.get(BOARDS)
    for board_id, entry in (declared.items() if isinstance(declared, Mapping) else ()):
        for side in ("width", "height"):
            if isinstance(entry, Mapping) and side in entry:
                yield from _checked(game, (BOARDS, str(board_id), side), MIN_SIDE_MM, MAX_SIDE_MM)


def _checked(game: Game, keys: tuple[str, ...], low: float, high: float, *,
             whole: bool = False) -> Iterator[Problem]:
    try:
        game_number(game, keys, low, high, whole=whole)
    except GameNumberError as exc:
        yield Problem(exc.location, CODE, exc.detail, hint=exc.hint)
