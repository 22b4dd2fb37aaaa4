"""Each card's chance of being flipped in one turn, for DX106 and ``cardforge stats``.

A card's owner rolls the DiXes of its set (its deck), all in hand; the odds follow the
rulebook's throw rules (see :mod:`cardforge.games.dixe_on_card.dx_odds`) in a joker mode of
game.yaml's ``facts.joker_modes``, with ``facts.useful_dice_per_throw`` dice placed per
throw. Cards with an unknown symbol (DX101) or a combination longer than the DiXes a
player owns (CF016) are left out (None).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from cardforge.games.dixe_on_card.dx_data import combinations, joker_limits, set_dice, symbols
from cardforge.games.dixe_on_card.dx_odds import JokerLimits, Query, card_probabilities, solve_all
from cardforge.model.game_model import Card, Game

LOGIT_CAP = 20.0
"""Log-odds (bits) given to a certain (+) or impossible (−) card, so medians stay finite."""


@dataclass(frozen=True)
class _Scoring:
    """What a card's odds are computed from: its ``combinations``, its set's ``dice`` (face
    lists), the mode's joker ``limits`` and the dice placed per throw at least."""

    combinations: list[list[str]]
    dice: list[list[str]]
    limits: JokerLimits
    min_placed: int


def _scoring(card: Card, game: Game, mode: str) -> _Scoring | None:
    """What ``card``'s odds in ``mode`` are computed from, or None when it cannot be scored
    (see :func:`card_odds`). Raises KeyError for an unknown mode."""
    combos = combinations(card)
    dice = [die.faces for die in set_dice(game, card.deck)]
    known = symbols(game)
    if not combos or not dice or any(s not in known for c in combos for s in c):
        return None
    if any(len(c) > int(game.facts["dice_per_player"]) for c in combos):
        return None
    return _Scoring(combos, dice, joker_limits(game, mode), int(game.facts["useful_dice_per_throw"]))


def card_odds(card: Card, game: Game, mode: str) -> tuple[list[Fraction], Fraction] | None:
    """(chance of each combination, chance of the card) in one turn in joker ``mode``, or
    None when the card's combinations or its set's DiXes cannot be scored. Raises KeyError
    for an unknown mode."""
    scoring = _scoring(card, game, mode)
    if scoring is None:
        return None
    return card_probabilities(scoring.combinations, scoring.dice, scoring.limits, scoring.min_placed)


def solve_game(game: Game, *modes: str) -> None:
    """Compute at once every chance :func:`card_odds` gives for the cards of ``game`` in
    ``modes``, on two processes where it can (see
    :func:`~cardforge.games.dixe_on_card.dx_odds.solve_all` for where it cannot): a game's
    cards take seconds one after the other. Raises KeyError for an unknown mode."""
    queries = []
    for mode in modes:
        for card in game.cards():
            scoring = _scoring(card, game, mode)
            if scoring is not None:
                queries += [Query.of(c, scoring.dice, scoring.limits, scoring.min_placed)
                            for c in scoring.combinations]
    solve_all(queries)


def log_odds_against(chance: Fraction) -> float:
    """log2((1 − p) / p) in bits: 0 for an even chance, positive when the card is more
    likely missed than flipped; ±LOGIT_CAP for p = 0 or 1."""
    if chance <= 0:
        return LOGIT_CAP
    if chance >= 1:
        return -LOGIT_CAP
    return max(-LOGIT_CAP, min(LOGIT_CAP, math.log2((1 - chance) / chance)))
