"""VP goal reachable: the Experience deck must hold enough VP to reach the goal.

Checked in the smallest set-up the rulebook allows (Comic Creator rulebook, Game Setup):
a 2-player game (fewer than ``facts.group_only_min_players``, so Group Only cards are out)
of first-time players (Experts Only cards out). The VP on the remaining Experience cards,
copies included and game-ending cards left aside, must add up to at least
``facts.vp_goal``; otherwise nobody can ever win on points. Reported at ``vp_goal``.

Passing (goal 15; the beginners' Experience cards hold 60 VP)::

    facts: {vp_goal: 15}

Failing (goal 15; the beginners' Experience cards hold 12 VP)::

    facts: {vp_goal: 15}
"""

from collections.abc import Iterator

from cardforge.games.comic_creator.costs import ends_game, parsed_cost
from cardforge.model import Game
from cardforge.problem import Problem

CODE = "CC106"
NAME = "vp-goal-reachable"
SCOPE = "game"
SEVERITY = "error"
LEFT_OUT = ("experts-only", "group-only")


def beginner_vp(game: Game) -> int:
    """VP on Experience cards in a 2-player beginners' game (see the module documentation)."""
    total = 0
    for card in game.cards():
        if "vp" not in card.data or any(mark in LEFT_OUT for mark in card.marks):
            continue
        cost = parsed_cost(card)
        if cost is not None and ends_game(cost, game):
            continue
        total += card.data["vp"] * card.quantity
    return total


def check(game: Game, _: Game) -> Iterator[Problem]:
    """Yield a Problem at ``facts.vp_goal`` when the beginners' VP total is below it."""
    goal = game.facts.get("vp_goal")
    total = beginner_vp(game)
    if goal is not None and total < goal:
        yield Problem(game.fact_location("vp_goal"), CODE,
                      f"a 2-player beginners' game has only {total} VP on Experience cards; "
                      f"the goal is {goal}",
                      hint="add VP to Experience cards without Experts Only / Group Only marks")
