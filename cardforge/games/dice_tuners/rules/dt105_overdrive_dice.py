"""Overdrive dice: an overdrive must ask for dice a player can actually hold.

An overdrive works when dice of the listed colours are assigned to the hero (Dice Tuners
rulebook, Hero Cards). Each colour must be a dice colour (``facts.colours``); a hero holds
``facts.dice_per_player`` dice (Roll & Draft Phase), so an overdrive may list at most
that many; and no colour may be asked for more often than the smallest table puts dice of
it out (``players.min`` + ``facts.dice_per_colour_extra``, Game Setup). Reported at the
offending colour, or at ``dice`` for a list that is too long.

Passing::

    overdrive:
      dice: [red, red]
      effect: {en: "+3 Strength on every side where you show :sheathe:."}

Failing (``purple`` is no dice colour, and no hero holds four dice)::

    overdrive:
      dice: [red, red, blue, purple]
      effect: {en: "+3 Strength on every side where you show :sheathe:."}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from cardforge.games.dice_tuners.data import HERO, colour_ids, dice_per_colour
from cardforge.model import Card, Game
from cardforge.problem import Problem

CODE = "DT105"
NAME = "overdrive-dice"
SCOPE = "card"
SEVERITY = "error"


def check(card: Card, game: Game) -> Iterator[Problem]:
    """Yield Problems for unknown colours, too many dice, and too many of one colour."""
    overdrive = card.data.get("overdrive")
    if card.deck != HERO or not isinstance(overdrive, dict):
        return
    dice = overdrive.get("dice", [])
    declared = colour_ids(game)
    for index, colour in enumerate(dice):
        if colour not in declared:
            yield Problem(card.locate("overdrive", "dice", index), CODE,
                          f"overdrive colour {colour!r} is not a dice colour", card=card.id,
                          hint=f"declared colours: {', '.join(declared)} (facts.colours)")
    most = int(game.facts["dice_per_player"])
    if len(dice) > most:
        yield Problem(card.locate("overdrive", "dice"), CODE,
                      f"overdrive needs {len(dice)} dice; a hero holds only {most}",
                      card=card.id, hint="list at most facts.dice_per_player colours")
    available = dice_per_colour(game, int(game.info["players"]["min"]))
    for colour, count in Counter(dice).items():
        if colour in declared and count > available:
            index = len(dice) - 1 - dice[::-1].index(colour)
            yield Problem(card.locate("overdrive", "dice", index), CODE,
                          f"overdrive needs {count} {colour} dice; a "
                          f"{game.info['players']['min']}-player game has only {available}",
                          card=card.id, hint="ask for fewer dice of one colour")
