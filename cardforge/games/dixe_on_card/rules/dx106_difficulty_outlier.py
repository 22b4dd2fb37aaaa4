"""Card difficulty outlier: a card much easier or harder to flip than the rest of its set.

Method. For every card, the exact chance ``p`` of making all its combinations in one turn
is computed by dynamic programming over (symbols still needed, jokers placed, DiXes left)
under the rulebook's throw rules: the player rolls every DiXe not yet placed, must place at
least ``facts.useful_dice_per_throw`` of them (a needed symbol or a joker) or loses the
combination, and takes every DiXe back between combinations; the owner holds all the
DiXes of the card's set, in the joker mode ``facts.difficulty.mode``. Its difficulty is the
log-odds against flipping it, ``d = log2((1 − p) / p)`` bits (0 for an even chance; each
bit doubles the odds), which spreads easy cards as well as hard ones. Each card is then
compared with the median ``d`` of the *other* cards of its set (leave-one-out, so an
outlier cannot pull its own yardstick); more than ``facts.difficulty.tolerance_bits``
away is flagged, at the card's ``combinations``. Cards with unknown symbols or oversized
combinations (DX101, CF025) are left out; sets of fewer than three scored cards too.

Note that a one-symbol combination is not easy: it must be made on the first throw.

Passing (combinations that grow from three to five symbols, like the rest of the set)::

    combinations: [[bomb, sun, aum], [aum, aum, yin-yang, bomb], [bomb, bomb, sun, skull, yin-yang]]

Failing (four of one symbol, then four more and five more, where the set's other cards
ask for three to five different symbols: about 5% a turn against about 74%)::

    combinations: [[eight, eight, eight, eight], [pi, pi, pi, pi], [skull, skull, skull, skull, skull]]
"""

from __future__ import annotations

import statistics
from collections.abc import Iterator

from cardforge.games.dixe_on_card.dx_difficulty import card_odds, log_odds_against, solve_game
from cardforge.model.game_model import Game
from cardforge.problem import Problem

CODE = "DX106"
NAME = "difficulty-outlier"
SCOPE = "game"
SEVERITY = "warning"
ADVISORY = True  # warnings of its own code from the data alone: a build need not run it
NEEDS = {"processes"}  # the cards' odds are computed on two processes (difficulty.solve_game)


def check(game: Game, _: Game) -> Iterator[Problem]:
    """Yield a Problem at ``combinations`` for each card outside its set's band."""
    settings = game.facts["difficulty"]
    mode, tolerance = settings["mode"], float(settings["tolerance_bits"])
    if mode not in game.facts["joker_modes"]:
        yield Problem(game.fact_location("difficulty", "mode"), CODE,
                      f"difficulty mode {mode!r} is not a joker mode",
                      hint=f"joker modes: {', '.join(game.facts['joker_modes'])}")
        return
    solve_game(game, mode)
    for deck in game.decks.values():
        scored = []
        for card in deck.cards:
            odds = card_odds(card, game, mode)
            if odds is not None:
                scored.append((card, odds[1], log_odds_against(odds[1])))
        if len(scored) < 3:
            continue
        for card, chance, d in scored:
            others = [o for c, _, o in scored if c is not card]
            median = statistics.median(others)
            gap = d - median
            if abs(gap) <= tolerance:
                continue
            typical = 1 / (1 + 2 ** median)
            side = "harder" if gap > 0 else "easier"
            yield Problem(card.locate_key("combinations"), CODE,
                          f"flipped in one turn {float(chance):.1%} of the time; the other cards of "
                          f"set {deck.id!r} about {typical:.0%}: {2 ** abs(gap):.1f}× {side} "
                          f"by the odds ({mode} mode)", card=card.id,
                          hint=f"make the combinations {'easier' if gap > 0 else 'harder'} "
                               f"(tolerance {tolerance:g} bits, game.yaml facts.difficulty)")
