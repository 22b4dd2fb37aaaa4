"""Advantage cycle: the Advantage Triangle must be one cycle through every dice colour.

``facts.advantage`` in game.yaml maps each colour to the colour it beats (Dice Tuners
rulebook, Components Overview, Advantage Triangle: green beats blue, blue beats red, red
beats green). For every colour to have exactly one colour it beats and one that beats it,
the mapping must name each colour of ``facts.colours`` once as a key and once as a
value, and following it from any colour must pass every colour before coming back. Reported
at the offending entry of ``advantage`` (or at ``advantage`` when a colour is missing).

Passing::

    facts:
      advantage: {green: blue, blue: red, red: green}

Failing (red beats nothing, and green and blue beat each other)::

    facts:
      advantage: {green: blue, blue: green}
"""

from __future__ import annotations

from collections.abc import Iterator

from cardforge.games.dice_tuners.dt_data import colour_ids
from cardforge.model.game_model import Game
from cardforge.problem import Problem

CODE = "DT102"
NAME = "advantage-cycle"
SCOPE = "game"
SEVERITY = "error"
HINT = "write facts.advantage as one loop, e.g. {green: blue, blue: red, red: green}"


def _unknown(game: Game, advantage: dict[str, str], colours: list[str]) -> Iterator[Problem]:
    for winner, loser in advantage.items():
        if winner not in colours:
            yield Problem(game.manifest.locate_key("facts", "advantage", winner), CODE,
                          f"advantage names {winner!r}, which is not a dice colour",
                          hint=f"declared colours: {', '.join(colours)}")
        elif loser not in colours:
            yield Problem(game.fact_location("advantage", winner), CODE,
                          f"{winner} beats {loser!r}, which is not a dice colour",
                          hint=f"declared colours: {', '.join(colours)}")


def _cycle(game: Game, advantage: dict[str, str], colours: list[str]) -> Iterator[Problem]:
    beaten: dict[str, str] = {}
    for winner, loser in advantage.items():
        if loser in beaten:
            yield Problem(game.fact_location("advantage", winner), CODE,
                          f"{loser} is beaten by both {beaten[loser]} and {winner}", hint=HINT)
            return
        beaten[loser] = winner
    missing = [c for c in colours if c not in advantage]
    if missing:
        yield Problem(game.fact_location("advantage"), CODE,
                      f"{', '.join(missing)} beat{'s' if len(missing) == 1 else ''} no colour",
                      hint=HINT)
        return
    start = colours[0]
    seen, current = [start], advantage[start]
    while current != start:
        seen.append(current)
        current = advantage[current]
    if len(seen) < len(colours):
        closing = seen[-1]
        yield Problem(game.fact_location("advantage", closing), CODE,
                      f"the cycle {' > '.join([*seen, start])} leaves out "
                      f"{', '.join(c for c in colours if c not in seen)}", hint=HINT)


def check(game: Game, _: Game) -> Iterator[Problem]:
    """Yield Problems for unknown colours, then for the first break of the cycle."""
    advantage = game.facts.get("advantage")
    colours = colour_ids(game)
    if not isinstance(advantage, dict) or not colours:
        return
    unknown = list(_unknown(game, advantage, colours))
    yield from unknown
    if not unknown:
        yield from _cycle(game, advantage, colours)
