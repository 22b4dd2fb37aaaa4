"""Dice supply: the most dice one player could need must fit the dice each player has.

The Dice Girls rule manual asks for about ``facts.dice_per_player`` dice a player
([[Preparations of a game]]); rolled dice stay on their idols ([[Play on a card]]); each
player ends with ``facts.cards_played`` idols ([[Basic rule]] e); and the first player's
first idol rolls ``facts.first_player_extra_dice`` more ([[Basic rule]] d). So the first
player's worst case is the hand of that many idols, played in the order that makes the
most dice (a "?" or extra-dice idol rolls more the later it comes), plus the extra die.
Every hand of physical cards is tried (see ``cardforge.games.dice_girls.dg_supply``). When
the worst case exceeds the supply it is reported at the ``dice`` of the idol in that hand
that rolls the most, naming the whole hand.

Passing (at most 3 + 3 + 3 + 2 + 3 = 14 dice, 15 with the first player's extra die)::

    facts: {dice_per_player: 15, cards_played: 5, first_player_extra_dice: 1}

Failing (five idols showing 3 dice: 15, and 16 for the first player)::

    - {id: a, dice: 3}
    - {id: b, dice: 3}
    - {id: c, dice: 3}
    - {id: d, dice: 3}
    - {id: e, dice: 3}
"""

from collections.abc import Iterator

from cardforge.games.dice_girls.dg_idols import Before, instances
from cardforge.games.dice_girls.dg_supply import worst_hand
from cardforge.model.game_model import Game
from cardforge.problem import Problem

CODE = "DG103"
NAME = "dice-supply"
SCOPE = "game"
SEVERITY = "error"


def check(game: Game, _: Game) -> Iterator[Problem]:
    """Yield one Problem when the first player's worst case needs more dice than the supply."""
    facts = game.facts
    need = worst_hand(instances(game), int(facts["cards_played"]))
    extra = int(facts.get("first_player_extra_dice", 0))
    supply = int(facts["dice_per_player"])
    if not need.hand or need.dice + extra <= supply:
        return
    rolled = [idol.dice(Before.of([i.attribute for i in need.hand[:n]]))
              for n, idol in enumerate(need.hand)]
    biggest = max(range(len(rolled)), key=lambda n: rolled[n])
    card = need.hand[biggest].card
    played = ", ".join(f"{idol.card.id} ({dice})" for idol, dice in zip(need.hand, rolled, strict=True))
    yield Problem(card.locate("dice"), CODE,
                  f"the first player could need {need.dice + extra} dice, more than the {supply} "
                  f"a player has: {played}, played in that order, plus {extra} for the first idol",
                  card=card.id,
                  hint="roll fewer dice on these idols (icons, extra-dice max), or check "
                       "facts.dice_per_player in game.yaml")
